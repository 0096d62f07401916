/// Everything a slide pane draws for one preview: where the picture goes in
/// the pane and its cells, mapped to the terminal's colour depth.
///
/// Typical use, once per (slide, pane size, depth), through a cache:
///
///     let key = PictureKey(slide: index, content: preview.id, cols: pane.cols,
///                          rows: pane.rows, depth: depth)
///     let shown = try cache.value(for: key) { () throws(PictureError) in
///         try PanePicture.render(png: preview.png, paneCols: pane.cols,
///                                paneRows: pane.rows, depth: depth)
///     }
///     // draw shown.cells[c, r] at (pane.x + shown.frame.x + c, pane.y + shown.frame.y + r)
///
/// On a `PictureError`, show its `description` in the pane instead.
public struct PanePicture: Sendable, Equatable {
    /// Where the picture sits in the pane (centred, true aspect).
    public let frame: CellRect
    /// `frame.cols × frame.rows` cells.
    public let cells: QuantizedPicture

    public init(frame: CellRect, cells: QuantizedPicture) {
        self.frame = frame
        self.cells = cells
    }

    /// Decode → fit → rasterize → quantize. About 1–2 ms for a 320×240
    /// preview in a release build (see `scripts/bench.sh`).
    ///
    /// `.monochrome` is drawn in dithered quadrant blocks (`MonochromeRaster`).
    /// `lightOnDark` only matters for `.monochrome`; it is not part of
    /// `PictureKey`, so clear the cache if it ever changes.
    public static func render(
        png: [UInt8], paneCols: Int, paneRows: Int, depth: ColorDepth,
        cellAspect: Double = 2.0, background: RGB = .black, lightOnDark: Bool = true
    ) throws(PictureError) -> PanePicture {
        try render(decoded: PNGDecoder.decode(png), paneCols: paneCols, paneRows: paneRows, depth: depth,
                   cellAspect: cellAspect, background: background, lightOnDark: lightOnDark)
    }

    /// Fit → rasterize → quantize a picture already decoded (decode once,
    /// render per size).
    public static func render(
        decoded: DecodedPicture, paneCols: Int, paneRows: Int, depth: ColorDepth,
        cellAspect: Double = 2.0, background: RGB = .black, lightOnDark: Bool = true
    ) -> PanePicture {
        if depth == .monochrome {
            // No colour: dithered quadrant blocks over the picture's own range (MonochromeRaster).
            let frame = fitPicture(aspect: decoded.aspect, paneCols: paneCols, paneRows: paneRows, cellAspect: cellAspect)
            return PanePicture(frame: frame, cells: MonochromeRaster.render(decoded.image, cols: frame.cols, rows: frame.rows,
                                                                            lightOnDark: lightOnDark))
        }
        let placed = HalfBlockRaster.place(
            decoded, paneCols: paneCols, paneRows: paneRows, cellAspect: cellAspect, background: background)
        return PanePicture(frame: placed.frame, cells: placed.picture.quantized(depth, lightOnDark: lightOnDark))
    }
}
