import PadGrid
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
