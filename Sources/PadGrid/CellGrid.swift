import SlideModel
import PadConfig
/// One terminal cell: a grapheme and how it looks. A wide grapheme occupies
/// its cell (width 2) and the next one (a continuation, width 0).
package struct Cell: Equatable, Sendable {
    package var text: String
    package var width: UInt8
    package var style: Style

    package init(text: String, width: UInt8, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }

    package static let blank = Cell(text: " ", width: 1, style: .text)

    /// A cell of a half-block picture: ▀ in the picture's own two colours.
    package var isHalfBlockPicture: Bool {
        text == "\u{2580}" && style.foreground.map { $0 != .terminalDefault } == true
            && style.background.map { $0 != .terminalDefault } == true
    }
    package static func continuation(_ style: Style) -> Cell { Cell(text: "", width: 0, style: style) }
}

/// What the screen should show: views render into it, the backend writes the
/// cells that changed, tests read it back as text.
package struct CellGrid: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package private(set) var cells: [Cell]
    /// Real pictures (kitty graphics, sixel) the backend puts over blank
    /// cells after writing them; empty when pictures are half-blocks.
    package var pictures: [PicturePlacement] = []
    /// Text the terminal draws larger itself (kitty's text sizing), over
    /// blank cells, after the cells are written; empty elsewhere.
    package var scaledText: [ScaledText] = []
    /// Pictures the views asked for, not rendered yet (`PicturePipeline.render`
    /// renders them once the whole screen is drawn).
    package var pictureRequests: [PictureRequest] = []
    /// Where the terminal's cursor rests once the frame is written: the
    /// selected row of the list, the overview or a menu, for a screen
    /// reader or a braille display that follows the cursor (a 1×1 `Rect`);
    /// nil: wherever the frame's last write left it.
    package var cursor: Rect?

    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    package var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    package subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// Sets one cell, keeping wide characters whole: a half that is
    /// overwritten takes its partner down with it (it becomes a space).
    package mutating func set(_ x: Int, _ y: Int, _ cell: Cell, clip: Rect? = nil) {
        let area = clip ?? bounds
        guard y >= max(0, area.y), y < min(height, area.maxY), x >= max(0, area.x), x < min(width, area.maxX) else { return }
        if cell.width == 2, x + 1 >= min(width, area.maxX) {
            set(x, y, Cell(text: " ", width: 1, style: cell.style), clip: clip)
            return
        }
        breakWide(x, y)
        cells[y * width + x] = cell
        if cell.width == 2 {
            breakWide(x + 1, y)
            cells[y * width + x + 1] = .continuation(cell.style)
        }
    }

    private mutating func breakWide(_ x: Int, _ y: Int) {
        let i = y * width + x
        let old = cells[i]
        if old.width == 2, x + 1 < width { cells[i + 1] = Cell(text: " ", width: 1, style: old.style) }
        if old.width == 0, x > 0 { cells[i - 1] = Cell(text: " ", width: 1, style: cells[i - 1].style) }
    }

    /// Writes `text` from (x, y) within `clip` (default: the row to the grid's
    /// edge) and returns the columns used. Control characters are drawn as
    /// �, emoji sequences as their first emoji (`DisplayWidth.drawable`).
    @discardableResult
    package mutating func put(_ text: some StringProtocol, x: Int, y: Int, style: Style = .text, clip: Rect? = nil) -> Int {
        let area = clip ?? bounds
        var col = x
        for c in text {
            let w = DisplayWidth.of(c)
            if w == 0 { continue }
            if col + w > area.maxX { break }
            set(col, y, Cell(text: DisplayWidth.drawable(c), width: UInt8(w), style: style), clip: area)
            col += w
        }
        return col - x
    }

    /// Fills `rect` with `character` (a single-column one).
    package mutating func fill(_ rect: Rect, with character: String = " ", style: Style = .text) {
        for y in max(0, rect.y)..<max(max(0, rect.y), min(height, rect.maxY)) {
            for x in max(0, rect.x)..<max(max(0, rect.x), min(width, rect.maxX)) {
                set(x, y, Cell(text: character, width: 1, style: style))
            }
        }
    }

    /// The grid as plain text, one line per row, trailing spaces trimmed:
    /// what snapshot tests compare.
    package var text: String {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width { line += self[x, y].text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
