import SlideImages
import SlideModel

/// Pictures for terminals that show real ones (kitty graphics, sixel): each
/// slide pane gets a placement at the true-aspect frame, over blank cells,
/// instead of half-blocks. A PNG that does not decode, or that the terminal
/// rejected, is drawn as half-blocks (or its problem) by `fallback`, and so is
/// every picture whose frame is in `halfBlockFrames` (an overlay covers a
/// sixel picture: see `PadFrame`).
final class PlacedPictures: PictureDrawing {
    let fallback: SlidePictures
    /// Contents the terminal rejected (kitty answered with an error).
    var rejected: Set<UInt64> = []
    /// Frames drawn as half-blocks in this render (see `PadFrame`).
    var halfBlockFrames: [Rect] = []
    /// Whether a PNG decodes, by content: checked once per preview.
    private var decodes: [UInt64: Bool] = [:]
    /// The last few pictures decoded, by content: checking a PNG decodes it,
    /// and sixel needs those pixels; decoding twice would cost 1–2 ms.
    private var images: [(content: UInt64, image: RGBAImage)] = []

    var cellAspect: Double { fallback.cellAspect }
    var halfBlocks: PictureDrawing { fallback }

    init(fallback: SlidePictures) {
        self.fallback = fallback
    }

    func draw(_ preview: Preview, slide: Int, in rect: Rect, grid: inout CellGrid) -> String? {
        guard !rect.isEmpty else { return nil }
        let content = PictureKey.contentID(of: preview.png)
        guard !rejected.contains(content), isDecodable(preview.png, content: content),
              let frame = pictureFrame(for: preview, slide: slide, in: rect), !halfBlockFrames.contains(frame) else {
            return fallback.draw(preview, slide: slide, in: rect, grid: &grid)
        }
        for y in frame.y..<frame.maxY {
            for x in frame.x..<frame.maxX { grid.set(x, y, PicturePlacement.blank, clip: rect) }
        }
        grid.pictures.append(PicturePlacement(slide: slide, content: content, rect: frame, aspect: aspect(of: preview),
                                              png: preview.png, image: images.first { $0.content == content }?.image))
        return nil
    }

    func pictureFrame(for preview: Preview, slide: Int, in rect: Rect) -> Rect? {
        let content = PictureKey.contentID(of: preview.png)
        guard !rejected.contains(content), decodes[content] == true else {
            return fallback.pictureFrame(for: preview, slide: slide, in: rect)
        }
        let fit = fitPicture(aspect: aspect(of: preview), paneCols: rect.width, paneRows: rect.height,
                             cellAspect: fallback.cellAspect)
        return Rect(x: rect.x + fit.x, y: rect.y + fit.y, width: fit.cols, height: fit.rows)
    }

    private func aspect(of preview: Preview) -> Double {
        if let a = PNGPhysicalAspect.aspect(ofPNG: preview.png) { return a }
        if let h = PNGChunks.header(preview.png), h.height > 0 { return Double(h.width) / Double(h.height) }
        return preview.aspect ?? 4.0 / 3.0
    }

    /// A PNG is sent only once libpng could read it: the terminal never sees
    /// bytes that are not a picture.
    private func isDecodable(_ png: [UInt8], content: UInt64) -> Bool {
        if let known = decodes[content] { return known }
        let decoded = try? PNGDecoder.decode(png)
        let ok = decoded != nil
        if let decoded {
            images.append((content, decoded.image))
            if images.count > 4 { images.removeFirst() }
        }
        if decodes.count > 4096 { decodes.removeAll() }
        decodes[content] = ok
        return ok
    }
}
