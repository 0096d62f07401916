/// Speaker notes made safe for a terminal: whatever a source sends, control
/// characters never survive (a tab becomes spaces).
public enum Notes {
    /// Removes every control character except line feed; tabs become four
    /// spaces and CR or CRLF a line feed, so nothing can move the cursor or
    /// change the terminal's state when the text is drawn.
    public static func sanitized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n":
                if !previousWasCR { out.append(scalar) }
            case "\r":
                out.append("\n")
            case "\t":
                out.append(contentsOf: "    ".unicodeScalars)
            default:
                if isControl(scalar) { continue }
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// C0, DEL, C1, and the bidi controls that can reorder what a terminal shows.
    public static func isControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while s.last == "\n" || s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
