/// Wraps text into lines of at most `width` display columns: at spaces where
/// it can, inside a word where it must; wide characters count as two.
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            out += wrap(paragraph, width: width)
        }
        return out
    }

    private static func wrap(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = "", used = 0
        var lastSpace: String.Index? = nil
        for c in paragraph {
            let w = DisplayWidth.of(c)
            if used + w > width {
                if c == " " {  // a space at the edge ends the line by itself
                    lines.append(line); line = ""; used = 0; lastSpace = nil
                    continue
                }
                if let space = lastSpace {
                    let rest = String(line[line.index(after: space)...])
                    lines.append(String(line[..<space]))
                    line = rest
                    used = DisplayWidth.of(rest)
                } else {
                    lines.append(line); line = ""; used = 0
                }
                lastSpace = nil
                if used + w > width { lines.append(line); line = ""; used = 0 }
            }
            if c == " " { lastSpace = line.endIndex }
            line.append(c)
            used += w
        }
        lines.append(line)
        return lines
    }
}
