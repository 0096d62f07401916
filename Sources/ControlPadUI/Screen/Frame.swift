import PadConfig
import PadGrid
import SlideModel
extension CellGrid {
    /// Draws a box around `rect` with an optional title in its top edge and
    /// returns the inside.
    @discardableResult
    mutating func frame(_ rect: Rect, title: String = "", glyphs: BoxGlyphs = .square,
                        style: Style = Style(.border), titleStyle: Style = Style(.title)) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return .zero }
        let line = { (g: String) in Cell(text: g, width: 1, style: style) }
        for x in (rect.x + 1)..<(rect.maxX - 1) {
            set(x, rect.y, line(glyphs.horizontal))
            set(x, rect.maxY - 1, line(glyphs.horizontal))
        }
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            set(rect.x, y, line(glyphs.vertical))
            set(rect.maxX - 1, y, line(glyphs.vertical))
        }
        set(rect.x, rect.y, line(glyphs.topLeft))
        set(rect.maxX - 1, rect.y, line(glyphs.topRight))
        set(rect.x, rect.maxY - 1, line(glyphs.bottomLeft))
        set(rect.maxX - 1, rect.maxY - 1, line(glyphs.bottomRight))
        if !title.isEmpty, rect.width > 4 {
            let label = " " + DisplayWidth.truncate(title, to: rect.width - 4) + " "
            put(label, x: rect.x + 1, y: rect.y, style: titleStyle,
                clip: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1))
        }
        let inside = rect.inset(dx: 1, dy: 1)
        fill(inside)
        return inside
    }

    /// Writes `text` centred in `rect` on row `y`.
    /// Returns the column the text starts at.
    @discardableResult
    mutating func putCentered(_ text: String, in rect: Rect, y: Int, style: Style = .text) -> Int {
        let shown = DisplayWidth.truncate(text, to: rect.width)
        let x = rect.x + max(0, (rect.width - DisplayWidth.of(shown)) / 2)
        put(shown, x: x, y: y, style: style, clip: rect)
        return x
    }
}
