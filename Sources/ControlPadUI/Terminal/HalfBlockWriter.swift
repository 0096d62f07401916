/// A colour as a terminal's SGR sequence takes it.
enum SGRColor: Equatable {
    /// One of the 256 xterm colours (0–15 by their short ANSI codes).
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// The parameters after CSI for this colour as foreground or background.
    func parameters(background: Bool) -> String {
        switch self {
        case .palette(let n) where n < 8: return "\((background ? 40 : 30) + Int(n))"
        case .palette(let n) where n < 16: return "\((background ? 100 : 90) + Int(n) - 8)"
        case .palette(let n): return "\(background ? 48 : 38);5;\(n)"
        case .rgb(let r, let g, let b): return "\(background ? 48 : 38);2;\(r);\(g);\(b)"
        }
    }

    /// Whether showing `other` in place of this colour is invisible: the
    /// same palette colour, or 24-bit colours at most `rgbTolerance` apart
    /// in each channel.
    func passes(for other: SGRColor?) -> Bool {
        switch (self, other) {
        case (.rgb(let r, let g, let b), .rgb(let r2, let g2, let b2)?):
            let t = SGRColor.rgbTolerance
            return abs(Int(r) - Int(r2)) <= t && abs(Int(g) - Int(g2)) <= t && abs(Int(b) - Int(b2)) <= t
        default: return self == other
        }
    }

    /// 4 of 255 per channel: on the edge of an anti-aliased slide's text no
    /// one tells these apart, and it takes a truecolor step from 0.35× to
    /// 0.3× of a full repaint (`scripts/bench.sh --only bytes`).
    static let rgbTolerance = 4
}

/// Writes half-block picture cells that changed from one picture cell to
/// another, in place of ncurses. ncurses sends both colours of a pair each
/// time the pair changes (two escapes per picture cell, ~16 B a cell in 256
/// colours, ~28 B in truecolor); this sends only the colour that changed,
/// and draws each cell in whichever of its equivalent forms keeps the
/// colours already set: ▀ on top/bottom, ▄ with them swapped, and a cell of
/// one colour as a space in that background. Not as █ in that foreground,
/// though the foreground may be set already: a font's █ often falls short
/// of the cell (seen in xterm), and the gap would show whatever background
/// was left set, a grid of lines across the picture. In a two-colour cell, a 24-bit colour close enough to the one set is
/// drawn in it (`SGRColor.passes`). Measured in `scripts/bench.sh --only bytes`.
enum HalfBlockWriter {
    struct Cell: Equatable {
        var x: Int
        var y: Int
        var top: SGRColor
        var bottom: SGRColor
    }

    /// The bytes that draw `cells` (in screen order). They leave the cursor
    /// and colours wherever the last cell did: wrap them in DECSC/DECRC.
    static func bytes(_ cells: [Cell]) -> [UInt8] {
        var out = ""
        var cursor: (x: Int, y: Int)? = nil
        var fg: SGRColor? = nil, bg: SGRColor? = nil
        for cell in cells {
            if let c = cursor, c.y == cell.y, c.x <= cell.x {
                if c.x < cell.x { out += "\u{1B}[\(cell.x - c.x == 1 ? "" : "\(cell.x - c.x)")C" }
            } else {
                out += "\u{1B}[\(cell.y + 1);\(cell.x + 1)H"
            }
            let form = cheapest(cell, fg: fg, bg: bg)
            var parameters: [String] = []
            if let f = form.fg, !form.shows(f, with: fg) { parameters.append(f.parameters(background: false)); fg = f }
            if let b = form.bg, !form.shows(b, with: bg) { parameters.append(b.parameters(background: true)); bg = b }
            if !parameters.isEmpty { out += "\u{1B}[\(parameters.joined(separator: ";"))m" }
            out.append(form.glyph)
            cursor = (cell.x + 1, cell.y)
        }
        return Array(out.utf8)
    }

    /// A way to draw a cell: its glyph and the colours it needs (nil: any).
    private struct Form {
        var glyph: Character
        var fg: SGRColor?
        var bg: SGRColor?

        /// Whether the colour set shows `wanted` well enough. A cell of one
        /// colour (a space) must be exact: it is part of a flat area, where a
        /// run drawn a few steps off shows as a faint band (seen in truecolor
        /// where old text had been); two-colour cells are edges, where it
        /// does not show.
        func shows(_ wanted: SGRColor, with set: SGRColor?) -> Bool {
            glyph == " " ? wanted == set : wanted.passes(for: set)
        }
    }

    private static func cheapest(_ cell: Cell, fg: SGRColor?, bg: SGRColor?) -> Form {
        let forms: [Form] = cell.top == cell.bottom
            ? [Form(glyph: " ", fg: nil, bg: cell.top)]
            : [Form(glyph: "\u{2580}", fg: cell.top, bg: cell.bottom), Form(glyph: "\u{2584}", fg: cell.bottom, bg: cell.top)]
        func cost(_ form: Form) -> Int {
            var n = form.glyph.utf8.count
            if let f = form.fg, !form.shows(f, with: fg) { n += f.parameters(background: false).utf8.count + 3 }
            if let b = form.bg, !form.shows(b, with: bg) { n += b.parameters(background: true).utf8.count + 3 }
            return n
        }
        return forms.min { cost($0) < cost($1) }!
    }
}
