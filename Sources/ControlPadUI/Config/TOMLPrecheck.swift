/// TOML outside strings and comments is ASCII: bare keys, brackets, numbers,
/// booleans. toml++ (inside TOMLKit) asserts this instead of reporting it,
/// and an assertion aborts the process (found by fuzzing: `[é]` crashed
/// `controlpad config --check`). So any non-ASCII character there is
/// reported here, with its line, before the text reaches the parser.
enum TOMLPrecheck {
    /// The line (1-based) of the first non-ASCII character outside a string
    /// or comment, if there is one.
    static func lineOfStrayCharacter(in text: String) -> Int? {
        var line = 1
        var quote: [Character]?  // the delimiter of the string we are in
        var inComment = false
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "\n" || c == "\r\n" {
                line += 1
                inComment = false
                if let q = quote, q.count == 1 { quote = nil }  // single-line strings end here (an error TOML reports)
                i += 1
                continue
            }
            if inComment { i += 1; continue }
            if let q = quote {
                if c == "\\", q.first == "\"" { i += 2; continue }
                if Array(characters[i..<min(characters.count, i + q.count)]) == q { quote = nil; i += q.count; continue }
                i += 1
                continue
            }
            switch c {
            case "#": inComment = true
            case "\"", "'":
                let triple = Array(characters[i..<min(characters.count, i + 3)]) == [c, c, c]
                quote = triple ? [c, c, c] : [c]
                i += quote!.count
                continue
            default:
                if !c.isASCII { return line }
            }
            i += 1
        }
        return nil
    }
}
