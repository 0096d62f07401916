/// A picture's size in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }

    /// The largest size of `aspect` (width / height) that fits in `self`,
    /// at least 1×1 and at most `limit` on either side.
    public func fitting(aspect: Double, limit: Int = 4096) -> PixelSize {
        let (w, h) = (Double(max(1, width)), Double(max(1, height)))
        let a = aspect.isFinite && aspect > 0 ? aspect : w / h
        var fit = w / h > a ? (w: h * a, h: h) : (w: w, h: w / a)
        let scale = min(1, Double(limit) / max(fit.w, fit.h))
        fit = (fit.w * scale, fit.h * scale)
        return PixelSize(width: max(1, Int(fit.w.rounded())), height: max(1, Int(fit.h.rounded())))
    }

    /// The size a PNG says it has, if it is a PNG.
    public init?(png: [UInt8]) {
        guard let header = PNGChunks.header(png), header.width <= 1 << 20, header.height <= 1 << 20 else { return nil }
        self.init(width: Int(header.width), height: Int(header.height))
    }
}

/// A slide a view shows, and the picture size it wants: sources that render
/// on request (pdfpc) fetch exactly that size; sources that push fixed
/// previews (Impress) ignore it. `have` is the size of the picture the pad
/// holds for the slide now (nil: none), so a source never fetches twice
/// what is already there, and fetches again what the pad let go.
///
/// `step`: the slide after that many clicks, asked by the next pane of a
/// source that shows any step (`PadState.picturesAtSteps`); it comes back
/// as a `Preview` with the same `step`. Nil: the slide as the source shows
/// it from where the show stands.
public struct PictureWant: Sendable, Equatable {
    public var slide: Int
    public var size: PixelSize
    public var have: PixelSize?
    public var step: Int?
    public init(slide: Int, size: PixelSize, have: PixelSize? = nil, step: Int? = nil) {
        self.slide = slide
        self.size = size
        self.have = have
        self.step = step
    }
}
