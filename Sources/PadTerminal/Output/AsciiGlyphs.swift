/// What the pad draws on a terminal whose locale is not UTF-8 (LANG=C, a
/// bare SSH session, a rescue console): every cell in plain ASCII, as htop
/// and tig do. Frames become + - |, marks > * o, the big clock # and
/// quotes, a half-block picture cell a space in its lower colour, and any
/// other character a ? per column it takes.
enum AsciiGlyphs {
    private static let table: [Character: String] = [
        "─": "-", "━": "-", "═": "=", "│": "|", "┃": "|", "║": "|",
        "┌": "+", "┐": "+", "└": "+", "┘": "+", "╭": "+", "╮": "+", "╰": "+", "╯": "+",
        "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+", "╔": "+", "╗": "+", "╚": "+", "╝": "+",
        "▶": ">", "►": ">", "◀": "<", "◄": "<", "▲": "^", "▼": "v", "→": ">", "←": "<", "↑": "^", "↓": "v",
        "●": "*", "○": "o", "◌": "o", "•": "*", "·": ".", "…": ".", "—": "-", "–": "-", "▏": "|",
        "✔": "v", "✓": "v", "✘": "x", "✖": "x", "⚠": "!", "⚑": "!", "❚": "|", "◷": "T",
        // The section mark: "?" would read as "unknown"; "#" is a heading in plain text.
        "§": "#",
        "█": "#", "▀": "\"", "▄": "_", "▌": "|", "▐": "|", "░": ".", "▒": ":", "▓": "#",
        "‘": "'", "’": "'", "“": "\"", "”": "\"", "«": "<", "»": ">", "×": "x", "±": "+", "°": "o",
        "é": "e", "è": "e", "ê": "e", "ë": "e", "á": "a", "à": "a", "â": "a", "ä": "a", "å": "a",
        "í": "i", "ì": "i", "î": "i", "ï": "i", "ó": "o", "ò": "o", "ô": "o", "ö": "o", "ø": "o",
        "ú": "u", "ù": "u", "û": "u", "ü": "u", "ç": "c", "ñ": "n", "ß": "s",
        "É": "E", "À": "A", "Ö": "O", "Ü": "U", "Ä": "A",
    ]

    /// `text` of a cell `width` columns wide, in ASCII of the same width.
    static func fallback(_ text: String, width: Int, picture: Bool = false) -> String {
        if text.unicodeScalars.allSatisfy(\.isASCII) { return text }
        if picture { return String(repeating: " ", count: max(1, width)) }
        let mapped = text.first.flatMap { table[$0] } ?? "?"
        return mapped + String(repeating: mapped == "?" ? "?" : " ", count: max(0, width - 1))
    }
}
