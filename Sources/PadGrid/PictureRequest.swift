import SlideModel

/// A slide picture a view asked for (ControlPadUI's `PicturePipeline.request`):
/// rendered once every view has drawn, when what covers it is known. It
/// travels with the grid (`CellGrid.pictureRequests`), so what a view drew
/// into a grid of its own comes along when that grid is copied in.
package struct PictureRequest: Equatable, Sendable {
    package var slide: Int
    /// The preview's identity (`Preview.id`, given once as it arrived): a
    /// new preview of the same slide is a new picture.
    package var content: UInt64
    package var preview: Preview
    /// The area the picture is fitted into (a pane's inside, a thumbnail).
    package var pane: Rect
    /// The true-aspect frame inside `pane`, in whole cells.
    package var frame: Rect
    /// Width / height of the slide as it is meant to be seen (`Preview.aspect`).
    package var aspect: Double
    /// Cells outside are never drawn (a list sliding in is cut at its edge).
    package var clip: Rect
    /// Half-blocks whatever the terminal shows: it moves (a real picture
    /// can neither slide nor be cut).
    package var cellsOnly = false

    package init(slide: Int, content: UInt64, preview: Preview, pane: Rect, frame: Rect, aspect: Double, clip: Rect,
                 cellsOnly: Bool = false) {
        self.slide = slide
        self.content = content
        self.preview = preview
        self.pane = pane
        self.frame = frame
        self.aspect = aspect
        self.clip = clip
        self.cellsOnly = cellsOnly
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.slide == b.slide && a.content == b.content && a.pane == b.pane && a.frame == b.frame && a.clip == b.clip
            && a.cellsOnly == b.cellsOnly
    }

    /// The same request `dx` columns to the right, cut at `clip`.
    package func shifted(by dx: Int, clip newClip: Rect) -> PictureRequest {
        var moved = self
        moved.pane.x += dx
        moved.frame.x += dx
        moved.clip = newClip
        return moved
    }
}
