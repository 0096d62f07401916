import Synchronization

/// One slide's preview as the source delivered it: the PNG bytes, untouched,
/// what they were read for once, as they arrived, and an identity.
///
/// LibreOffice always sends 320×240 pictures, even for 16:9 slides; the true
/// shape survives only in the PNG's `pHYs` chunk, so it is read here, once,
/// and travels with the bytes: nothing downstream (the reducer, the decoder,
/// the picture pipeline) reads the PNG's chunks again.
///
/// **Identity.** Each preview made gets an `id` of its own, once, here (a
/// counter, never a hash of the bytes): every copy of it keeps it, so a
/// picture is known across frames without looking at its bytes again. A
/// new preview of a slide is a new picture (kitty is sent it again); the
/// load buffer keeps the preview it has when an equal one arrives
/// (`LoadBuffer.arrive(preview:for:)`), so an unchanged picture keeps its id.
/// Two previews are equal (`==`) when their bytes and aspect are, whatever
/// their ids.
public struct Preview: Sendable, Equatable {
    public let png: [UInt8]
    /// Width / height of the slide as it is meant to be seen: the source's
    /// own word when it gave a usable one, else the PNG's `pHYs`, else its
    /// pixels'. Nil only when the bytes have no PNG header.
    public let aspect: Double?
    /// The PNG's size in pixels, from its header (nil: not a PNG).
    public let pixelSize: PixelSize?
    /// This preview's identity: the same for every copy, another for every
    /// preview made (see above). Never 0.
    public let id: UInt64
    /// The clicks shown, for a picture asked at a step (`PictureWant.step`);
    /// nil: the slide as the source shows it.
    public let step: Int?

    /// `aspect`: the slide's width / height when the source knows it (nil,
    /// zero or not finite: read from the PNG).
    public init(png: [UInt8], aspect: Double? = nil, step: Int? = nil) {
        self.png = png
        self.step = step
        let size = PixelSize(png: png)
        pixelSize = size
        self.aspect = aspect.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            ?? PNGPhysicalAspect.aspect(ofPNG: png)
            ?? size.map { Double($0.width) / Double(max(1, $0.height)) }
        id = Self.made.add(1, ordering: .relaxed).newValue
    }

    public static func == (a: Preview, b: Preview) -> Bool {
        a.id == b.id || (a.aspect == b.aspect && a.step == b.step && a.png == b.png)
    }

    /// How many previews were made: the next one's id.
    private static let made = Atomic<UInt64>(0)
}
