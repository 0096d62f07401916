import PadGrid
import SlideModel

/// Where on the slide a mouse report over the current pane is: the one
/// mapping from the pane's cells, or pixels where the terminal reports them
/// (SGR-pixels), to 0…1 of the slide's picture, which is the picture the
/// room sees. `picture` is where that picture is drawn, inside its pane
/// (`PicturePipeline.pictureFrame`: a picture of another shape than its
/// pane is letterboxed, with bars left and right or above and below).
struct SlidePointMapping: Equatable {
    /// The slide's picture on screen, in cells.
    let picture: Rect
    /// A cell's size in pixels, when reports come in pixels (nil: cells).
    let cellPixels: PixelSize?

    /// The report's place on the slide, clamped to it, and whether it was
    /// on the picture at all (a press in a letterbox bar is not).
    func point(cellX: Int, cellY: Int, pixelX: Int? = nil, pixelY: Int? = nil) -> (point: SlidePoint, inside: Bool)? {
        guard !picture.isEmpty else { return nil }
        let x: Double, y: Double
        if let cell = cellPixels, cell.width > 0, cell.height > 0, let px = pixelX, let py = pixelY {
            // The pixel's centre, over the picture's pixels.
            x = (Double(px - picture.x * cell.width) + 0.5) / Double(picture.width * cell.width)
            y = (Double(py - picture.y * cell.height) + 0.5) / Double(picture.height * cell.height)
        } else {
            // The cell's centre: a cell is the finest place the terminal says.
            x = (Double(cellX - picture.x) + 0.5) / Double(picture.width)
            y = (Double(cellY - picture.y) + 0.5) / Double(picture.height)
        }
        let inside = (0...1).contains(x) && (0...1).contains(y)
        return (SlidePoint(x: x, y: y), inside)
    }

    /// The cell a point of the slide falls in (for drawing the ink on the pad).
    func cell(of point: SlidePoint) -> (x: Int, y: Int) {
        (picture.x + min(picture.width - 1, Int(point.x * Double(picture.width))),
         picture.y + min(picture.height - 1, Int(point.y * Double(picture.height))))
    }
}
