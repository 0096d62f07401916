/// How many colours pictures may use. Raw values are what `--color` takes.
public enum ColorDepth: String, Sendable, CaseIterable {
    /// 24-bit RGB per cell.
    case truecolor
    /// The xterm 256-colour palette (only its fixed part, 16–255, is used).
    case palette256 = "256"
    /// The 16 ANSI colours.
    case palette16 = "16"
    /// The 8 basic ANSI colours.
    case palette8 = "8"
    /// No colour: structure only, from shade and half-block glyphs.
    case monochrome = "none"

    /// The depth a terminal most likely supports, from what the caller
    /// already knows (this function reads no globals, so it is testable):
    ///
    /// 1. truecolor if `COLORTERM` is `truecolor` or `24bit` (the de-facto
    ///    convention; terminfo has no standard flag for it), or the terminfo
    ///    name is a `*-direct` one (`xterm-direct`, `tmux-direct`, also
    ///    `xterm-direct256` and the like), or terminfo reports 2²⁴ colours;
    /// 2. else by terminfo's `colors`: ≥ 256 → 256, ≥ 16 → 16, ≥ 8 → 8;
    /// 3. else monochrome.
    ///
    /// `--color auto|truecolor|256|16|none` and `NO_COLOR` are the caller's
    /// business: `NO_COLOR` asks for an uncoloured *interface*; whether it
    /// also greys out slide pictures is a product decision made there.
    public static func detect(environment: [String: String], terminalName: String, terminfoColors: Int) -> ColorDepth {
        if let colorterm = environment["COLORTERM"]?.lowercased(), colorterm == "truecolor" || colorterm == "24bit" {
            return .truecolor
        }
        if isDirectColorName(terminalName) || terminfoColors >= 1 << 24 {
            return .truecolor
        }
        switch terminfoColors {
        case 256...: return .palette256
        case 16...: return .palette16
        case 8...: return .palette8
        default: return .monochrome
        }
    }

    /// `…-direct`, optionally followed by digits (ncurses ships
    /// `xterm-direct2`, `xterm-direct16`, `xterm-direct256`).
    public static func isDirectColorName(_ name: String) -> Bool {
        let stem = name.reversed().drop { $0.isASCII && $0.isNumber }
        return String(stem.reversed()).hasSuffix("-direct")
    }
}
