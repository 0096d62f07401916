/// One slide's preview as the source delivered it: the PNG bytes, untouched,
/// plus the slide's true aspect ratio (width / height) when the PNG carries it.
///
/// LibreOffice always sends 320×240 pictures, even for 16:9 slides; the true
/// shape survives only in the PNG's `pHYs` chunk, so it travels with the bytes.
public struct Preview: Sendable, Equatable {
    public var png: [UInt8]
    /// Width / height of the slide itself; nil when unknown (use the pixel size).
    public var aspect: Double?

    public init(png: [UInt8], aspect: Double? = nil) {
        self.png = png
        self.aspect = aspect
    }
}
