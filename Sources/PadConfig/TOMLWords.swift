import SlideModel

/// TOML's mistakes in the config's own words: the parser's ("expected ']',
/// saw '\n'") are said plainly, and a table header whose `]` was forgotten
/// is read as meant.
enum TOMLWords {
    /// A line that opens a table: `[keys]`, `[[section]]`, or a broken one.
    static func isHeader(_ line: String) -> Bool {
        line.trimmingWhitespace().hasPrefix("[")
    }

    /// `[keys` read as `[keys]` (and `[[section` as `[[section]]`): a header
    /// that is a plain name with its closing brackets missing or short.
    /// Nil for any other line.
    static func repairedHeader(_ line: String) -> String? {
        let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? line
        let trimmed = code.trimmingWhitespace()
        guard trimmed.hasPrefix("[") else { return nil }
        let double = trimmed.hasPrefix("[[")
        var name = Substring(trimmed.dropFirst(double ? 2 : 1))
        while name.hasSuffix("]") { name = name.dropLast() }
        let bare = name.trimmingWhitespace()
        guard !bare.isEmpty, bare.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else { return nil }
        let repaired = double ? "[[\(bare)]]" : "[\(bare)]"
        return repaired == trimmed ? nil : repaired
    }

    /// The parser's message in plain words: its usual ones ("Error while
    /// parsing floating-point: expected 'nan', saw 'no'" for `layout =
    /// notes-first`) said anew; any other without its "Error while parsing"
    /// and with the characters it quotes named.
    static func plain(_ message: String) -> String {
        var what = "", detail = message
        if message.hasPrefix("Error while parsing "), let colon = message.firstRange(of: ": ") {
            what = String(message[message.index(message.startIndex, offsetBy: "Error while parsing ".count)..<colon.lowerBound])
            detail = String(message[colon.upperBound...])
        }
        let example = "like layout = \"notes-first\""
        if detail.hasPrefix("cannot redefine existing table") { return "this table comes twice: put its settings under one header" }
        if detail.hasPrefix("cannot redefine existing") { return "\(quoted(in: detail) ?? "this setting") is set twice: keep one" }
        if what.hasSuffix("string") { return detail.hasPrefix("unknown escape") ? "\(quoted(in: detail) ?? "a \\") has no meaning in quotes (write \\\\ for a \\)" : "a quote is not closed on this line" }
        if what.contains("header") { return "a table header is a name in brackets, like [keys]" }
        if what == "array" { return "a list [ … ] needs a comma between its values and ] at its end" }
        if what == "inline table" { return "a { … } needs a comma between its settings and } at its end, on one line" }
        if detail.hasPrefix("expected a comment or whitespace") { return "after a value, only a comment (# …) may follow on its line" }
        if what == "key-value pair" || what == "root table" || what.contains("key") || detail.hasPrefix("expected '='") { return "a setting is a name, = and a value, \(example)" }
        if ["floating-point", "boolean", "value", "integer"].contains(what) || what.hasSuffix("integer") || what.hasPrefix("date") || what.hasPrefix("time") {
            return "a value is a number, true or false, or words in quotes, \(example)"
        }
        return Self.named(detail)
    }

    /// `'\n'` as "the end of the line", and "expected X, saw Y" as "Y where X belongs".
    private static func named(_ text: String) -> String {
        let named = text.replacing("'\\n'", with: "the end of the line").replacing("'\n'", with: "the end of the line")
            .replacing("'\\t'", with: "a tab").replacing("'\t'", with: "a tab")
        guard named.hasPrefix("expected "), let saw = named.firstRange(of: ", saw ") else { return named }
        let expected = named[named.index(named.startIndex, offsetBy: "expected ".count)..<saw.lowerBound]
        return "\(named[saw.upperBound...]) where \(expected) belongs"
    }

    /// The first 'quoted' word of `text`.
    private static func quoted(in text: String) -> String? {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }
}
