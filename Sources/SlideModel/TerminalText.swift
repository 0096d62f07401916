/// Text from a file or the network made safe to print on a terminal:
/// control characters (C0, DEL, C1, bidi overrides) are written as visible
/// escapes (`\u{1b}`), so nothing printed can move the cursor, set a title
/// or reorder a line. Used for stdout, stderr and log lines; the pad's own
/// screen draws such characters as � instead.
public enum TerminalText {
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingLineBreaks: out.unicodeScalars.append(scalar)
            case "\t" where keepingLineBreaks: out.unicodeScalars.append(scalar)
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if Notes.isControl(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
