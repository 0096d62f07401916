/// How a half-block picture cell is drawn the cheapest way given the
/// colours already set: ▀ on top/bottom, ▄ with them swapped, and a cell of
/// one colour as a space in that background. Not as █ in that foreground,
/// though the foreground may be set already: a font's █ often falls short
/// of the cell (seen in xterm), and the gap would show whatever background
/// was left set, a grid of lines across the picture. In a two-colour cell,
/// a 24-bit colour close enough to the one set is drawn in it
/// (`SGRColor.passes`). A terminal would otherwise be sent both colours of
/// every cell (~16 B a cell in 256 colours, ~28 B in truecolor); measured
/// in `scripts/bench.sh --only bytes`.
struct HalfBlockForm: Equatable {
    var glyph: Character
    /// The colours it needs (nil: any).
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

    /// The form of a cell `top` over `bottom` that sends the fewest bytes
    /// after `fg` and `bg`.
    static func cheapest(top: SGRColor, bottom: SGRColor, fg: SGRColor?, bg: SGRColor?) -> HalfBlockForm {
        let forms: [HalfBlockForm] = top == bottom
            ? [HalfBlockForm(glyph: " ", fg: nil, bg: top)]
            : [HalfBlockForm(glyph: "\u{2580}", fg: top, bg: bottom), HalfBlockForm(glyph: "\u{2584}", fg: bottom, bg: top)]
        func cost(_ form: HalfBlockForm) -> Int {
            var n = form.glyph.utf8.count
            if let f = form.fg, !form.shows(f, with: fg) { n += f.parameters(background: false).utf8.count + 3 }
            if let b = form.bg, !form.shows(b, with: bg) { n += b.parameters(background: true).utf8.count + 3 }
            return n
        }
        return forms.min { cost($0) < cost($1) }!
    }
}
