import SlideImages
import SlideModel

/// One real picture on screen: a slide's PNG over `rect` (whole cells, the
/// true-aspect frame inside its pane), drawn by the terminal backend after
/// the cells. The cells under it are left blank (`PicturePlacement.blank`).
struct PicturePlacement: Equatable, Sendable {
    var slide: Int
    /// A hash of the PNG: a new preview of the same slide is a new picture.
    var content: UInt64
    var rect: Rect
    /// Width / height of the slide as it is meant to be seen.
    var aspect: Double
    var png: [UInt8]
    /// The PNG already decoded, when the views had it (sixel needs pixels).
    var image: RGBAImage? = nil

    /// What the views leave under a picture: a space that no overlay uses,
    /// so a frame can tell which cells of a picture something covers.
    static let blank = Cell(text: " ", width: 1, style: Style(.text, background: .terminalDefault))

    static func == (a: Self, b: Self) -> Bool {
        a.slide == b.slide && a.content == b.content && a.rect == b.rect
    }
}

extension CellGrid {
    /// Whether every cell under `placement` is still the blank a picture
    /// leaves: false once a popover, the list or a prompt covers part of it.
    func isUncovered(_ placement: PicturePlacement) -> Bool {
        let r = placement.rect
        for y in max(0, r.y)..<max(max(0, r.y), min(height, r.maxY)) {
            for x in max(0, r.x)..<max(max(0, r.x), min(width, r.maxX)) where self[x, y] != PicturePlacement.blank {
                return false
            }
        }
        return true
    }
}
