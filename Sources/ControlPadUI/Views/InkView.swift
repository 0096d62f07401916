import PadConfig
import PadGrid
import SlideModel

/// The current slide's ink on the pad's own pane, where the room sees it:
/// each stroke drawn as dots along its cells, over the picture (a picture
/// with ink over it is drawn in half-blocks around the strokes: the
/// picture pipeline keeps real pictures for panes nothing covers).
enum InkView {
    /// The ink's colour, as on the room's screen (`RevealScripts.marksLayer`).
    static let style = Style(.warning, foreground: .rgb(228, 0, 43))

    static func draw(_ strokes: [[SlidePoint]], over picture: Rect, grid: inout CellGrid) {
        guard !picture.isEmpty else { return }
        let mapping = SlidePointMapping(picture: picture, cellPixels: nil)
        for stroke in strokes {
            var previous: (x: Int, y: Int)?
            for point in stroke {
                let cell = mapping.cell(of: point)
                for (x, y) in line(from: previous ?? cell, to: cell) {
                    grid.put("•", x: x, y: y, style: style, clip: picture)
                }
                previous = cell
            }
        }
    }

    /// The cells from `a` to `b`, both included (Bresenham).
    static func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int)) -> [(Int, Int)] {
        var (x, y) = a
        let (dx, dy) = (abs(b.x - a.x), -abs(b.y - a.y))
        let (sx, sy) = (a.x < b.x ? 1 : -1, a.y < b.y ? 1 : -1)
        var error = dx + dy
        var cells: [(Int, Int)] = []
        while true {
            cells.append((x, y))
            if x == b.x && y == b.y || cells.count > 10_000 { return cells }
            let e2 = 2 * error
            if e2 >= dy { error += dy; x += sx }
            if e2 <= dx { error += dx; y += sy }
        }
    }
}
