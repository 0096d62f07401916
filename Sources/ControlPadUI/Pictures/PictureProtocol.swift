import SlideImages
import SlideModel

/// One way of showing slide pictures: half-blocks (`HalfBlockPictures`),
/// kitty graphics (`KittyPictures`) or sixel (`SixelPictures`), in the
/// spirit of ratatui-image's `Protocol`. `PicturePipeline` calls both steps
/// once per picture per frame, after every view has drawn.
protocol PictureProtocol: AnyObject {
    /// Prepare: the encode for this request's size, from the preview decoded
    /// once (`images`). False when the picture cannot be shown this way yet
    /// (a large sixel encode runs on another thread): the pipeline draws
    /// half-blocks meanwhile.
    func prepare(_ request: PictureRequest, images: DecodedSlides, screenHeight: Int) -> Bool
    /// Render: into the grid, only in the cells `open` allows (real pictures
    /// are rendered only when every cell of their frame is open).
    func render(_ request: PictureRequest, open: (Int, Int) -> Bool, grid: inout CellGrid)
}

/// A slide picture a view asked for (`PicturePipeline.request`): rendered
/// once every view has drawn, when what covers it is known.
struct PictureRequest: Equatable, Sendable {
    var slide: Int
    /// The preview's identity (`Preview.id`, given once as it arrived): a
    /// new preview of the same slide is a new picture.
    var content: UInt64
    var preview: Preview
    /// The area the picture is fitted into (a pane's inside, a thumbnail).
    var pane: Rect
    /// The true-aspect frame inside `pane`, in whole cells.
    var frame: Rect
    /// Width / height of the slide as it is meant to be seen (`Preview.aspect`).
    var aspect: Double
    /// Cells outside are never drawn (a list sliding in is cut at its edge).
    var clip: Rect
    /// Half-blocks whatever the terminal shows: it moves (a real picture
    /// can neither slide nor be cut).
    var cellsOnly = false

    static func == (a: Self, b: Self) -> Bool {
        a.slide == b.slide && a.content == b.content && a.pane == b.pane && a.frame == b.frame && a.clip == b.clip
            && a.cellsOnly == b.cellsOnly
    }

    /// The same request `dx` columns to the right, cut at `clip`.
    func shifted(by dx: Int, clip newClip: Rect) -> PictureRequest {
        var moved = self
        moved.pane.x += dx
        moved.frame.x += dx
        moved.clip = newClip
        return moved
    }
}
