import PadConfig
import SlideModel

/// One real picture on screen: a slide's picture over `rect` (whole cells,
/// the true-aspect frame inside its pane), written by the terminal backend
/// after the cells. The cells under it are left blank (`PicturePlacement.blank`).
package struct PicturePlacement: Equatable, Sendable {
    package var slide: Int
    /// A hash of the PNG: a new preview of the same slide is a new picture.
    package var content: UInt64
    package var rect: Rect
    /// Width / height of the slide as it is meant to be seen.
    package var aspect: Double
    /// The PNG (what kitty is sent).
    package var png: [UInt8] = []
    /// The picture already encoded for the terminal (sixel), and the columns
    /// from `rect.x` where it starts (centred in its frame).
    package var encoded: [UInt8] = []
    package var indent = 0

    package init(slide: Int, content: UInt64, rect: Rect, aspect: Double, png: [UInt8] = [], encoded: [UInt8] = [],
                 indent: Int = 0) {
        self.slide = slide
        self.content = content
        self.rect = rect
        self.aspect = aspect
        self.png = png
        self.encoded = encoded
        self.indent = indent
    }

    /// What the views leave under a picture: a space that no overlay uses,
    /// so a frame can tell which cells of a picture something covers.
    package static let blank = Cell(text: " ", width: 1, style: Style(.text, background: .terminalDefault))

    package static func == (a: Self, b: Self) -> Bool {
        a.slide == b.slide && a.content == b.content && a.rect == b.rect && a.encoded.count == b.encoded.count
    }
}

extension CellGrid {
    /// Whether every cell under `placement` is still the blank a picture
    /// leaves: false once a popover, the list or a prompt covers part of it.
    package func isUncovered(_ placement: PicturePlacement) -> Bool {
        let r = placement.rect
        for y in max(0, r.y)..<max(max(0, r.y), min(height, r.maxY)) {
            for x in max(0, r.x)..<max(max(0, r.x), min(width, r.maxX)) where self[x, y] != PicturePlacement.blank {
                return false
            }
        }
        return true
    }

    /// Fills `rect` (within the grid) with one cell.
    package mutating func fill(_ rect: Rect, cell: Cell) {
        let area = rect.intersection(bounds)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { set(x, y, cell) }
        }
    }
}

extension Rect {
    package func intersects(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }

    /// The cells in both (empty, at this rectangle's corner, when none).
    package func intersection(_ o: Rect) -> Rect {
        let left = max(x, o.x), top = max(y, o.y)
        let right = min(maxX, o.maxX), bottom = min(maxY, o.maxY)
        guard right > left, bottom > top else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
