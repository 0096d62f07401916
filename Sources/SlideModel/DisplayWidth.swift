import CWideChar
import FoundationEssentials

/// How many terminal columns text takes, the way ncurses counts them (libc's
/// `wcwidth` in a UTF-8 locale): wide CJK and emoji take two, combining marks
/// none. A grapheme's width is its first scalar's, and only that scalar and
/// its combining marks are drawn (see `drawable`).
public enum DisplayWidth {
    private static let ready: Bool = {
        UTF8Locale.ensure()
        return true
    }()

    /// Columns for one grapheme: 0, 1 or 2; unprintable ones count as 1
    /// because they are drawn as a replacement character.
    public static func of(_ character: Character) -> Int {
        _ = ready
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 1 }
        let w = Int(cw_wcwidth(first.value))
        return w < 0 ? 1 : w
    }

    /// What of a grapheme is drawn: its first scalar and up to four
    /// combining marks. Emoji sequences (joined by ZWJ, with a skin tone, a
    /// variation selector or tags) are drawn as their first emoji alone:
    /// terminals disagree on their width (tmux 3.3 splits a family into
    /// four faces), and a cell whose width the pad guesses wrong leaves stale
    /// characters behind. Control characters become U+FFFD.
    public static func drawable(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return " " }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return "\u{FFFD}" }
        if scalars.count == 1 { return String(character) }
        var out = String.UnicodeScalarView([first])
        for scalar in scalars.dropFirst() {
            guard isCombiningMark(scalar), out.count < 5 else { break }
            out.append(scalar)
        }
        return String(out)
    }

    /// A mark drawn on the cell before it (an accent), not a variation
    /// selector, joiner or emoji modifier.
    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        if (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value) { return false }
        return scalar.properties.generalCategory == .nonspacingMark && cw_wcwidth(scalar.value) == 0
    }

    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `columns`, with an ellipsis
    /// when something was cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        var out = "", used = 0
        for c in text {
            let w = of(c)
            if used + w > columns - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }
}
