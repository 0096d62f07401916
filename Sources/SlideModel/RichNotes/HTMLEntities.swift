/// HTML character references: `&amp;`, `&#8211;`, `&#x2013;`. The named
/// ones notes use; an unknown name stays text, as browsers show it.
public enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ldquo": "“", "rdquo": "”",
        "lsquo": "‘", "rsquo": "’", "ndash": "–", "mdash": "—", "hellip": "…", "laquo": "«", "raquo": "»",
        "copy": "©", "reg": "®", "trade": "™", "euro": "€", "times": "×", "middot": "·", "bull": "•", "deg": "°",
        "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶", "plusmn": "±", "divide": "÷",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "rArr": "⇒", "lArr": "⇐",
        "le": "≤", "ge": "≥", "ne": "≠", "asymp": "≈", "infin": "∞", "minus": "−", "frac12": "½", "frac14": "¼",
        "frac34": "¾", "sup2": "²", "sup3": "³", "micro": "µ", "check": "✓", "star": "☆", "hearts": "♥",
        "shy": "", "zwj": "", "zwnj": "", "ensp": " ", "emsp": " ", "thinsp": " ",
    ]

    /// The reference at the start of `s` (which starts with `&`): its text
    /// and where it ends, or nil when it is none (the `&` is then text).
    /// A code point that is no character (a surrogate, past U+10FFFF) is
    /// U+FFFD, as browsers do.
    public static func decode(_ s: Substring) -> (String, Substring.Index)? {
        guard let semicolon = s.prefix(12).firstIndex(of: ";") else { return nil }
        let body = s[s.index(after: s.startIndex)..<semicolon]
        let end = s.index(after: semicolon)
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let hex = digits.first == "x" || digits.first == "X"
            let number = hex ? digits.dropFirst() : digits
            guard !number.isEmpty, number.allSatisfy({ hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }) else { return nil }
            guard let value = UInt32(number, radix: hex ? 16 : 10), value != 0, let scalar = Unicode.Scalar(value) else {
                return ("\u{FFFD}", end)
            }
            return (String(Character(scalar)), end)
        }
        return named[String(body)].map { ($0, end) }
    }
}
