/// Wraps text into lines of at most `width` display columns: at spaces where
/// it can, inside a word where it must; wide characters count as two.
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A list item (or an indented line) keeps its shape: the lines
            // it wraps onto start under its text, not under its bullet.
            let hang = hangingIndent(paragraph)
            guard hang > 0, hang <= width / 2 else {
                out += wrap(paragraph, width: width)
                continue
            }
            let pad = String(repeating: " ", count: hang)
            let first = wrap(paragraph, width: width)
            guard first.count > 1 else { out += first; continue }
            let head = first[0]
            let rest = paragraph.dropFirst(head.count).drop { $0 == " " }
            out.append(head)
            out += wrap(rest, width: width - hang).map { pad + $0 }
        }
        return out
    }

    /// Bullets notes use ("•", "–", "-", "*", "1.", "a)") and the spaces
    /// around them: the width continuation lines are indented by.
    static func hangingIndent(_ line: Substring) -> Int {
        let spaces = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(spaces)
        let bullets: Set<Character> = ["•", "◦", "▪", "‣", "–", "—", "-", "*", "·", "○", "■", "►", "✓"]
        var marker = 0
        if let c = rest.first, bullets.contains(c) {
            marker = 1
        } else {
            let token = rest.prefix { $0.isLetter || $0.isNumber }
            if (1...3).contains(token.count), let after = rest.dropFirst(token.count).first, after == "." || after == ")",
               token.allSatisfy(\.isNumber) || token.count == 1 {
                marker = token.count + 1
            }
        }
        guard marker > 0, rest.dropFirst(marker).first == " " else { return spaces }
        let gap = rest.dropFirst(marker).prefix { $0 == " " }.count
        return DisplayWidth.of(String(line.prefix(spaces + marker + gap)))
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
