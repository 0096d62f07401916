import PadTerminal
import SlideImages
import SlideModel

/// A slide's preview decoded once, at the aspect read as it arrived
/// (`Preview.aspect`).
struct SlideImage: Sendable {
    var content: UInt64
    var picture: DecodedPicture
}

/// The prepare step's first half, shared by every protocol: each preview is
/// decoded once, by content (its `Preview.id`). Whether it decodes (and its aspect) is kept for
/// every preview seen; the pixels only for the last `PictureLimits.decodedBytes`.
/// The only place in the pad that decodes a PNG.
final class DecodedSlides {
    private var verdicts: [UInt64: Result<Double, PictureError>] = [:]
    private var images: [UInt64: (image: SlideImage, used: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    let byteLimit: Int
    /// How many PNGs were decoded: tests and the bench check each is decoded once.
    private(set) var decodes = 0

    init(byteLimit: Int = PictureLimits.decodedBytes) {
        self.byteLimit = byteLimit
    }

    /// Whether a preview can be drawn, and at what aspect (decoded the first time).
    func aspect(of preview: Preview, content: UInt64) -> Result<Double, PictureError> {
        if let known = verdicts[content] { return known }
        return image(of: preview, content: content).map(\.picture.aspect)
    }

    /// Whether it is known if this content decodes.
    func knows(_ content: UInt64) -> Bool { verdicts[content] != nil }

    /// What a decode elsewhere found (`PictureAhead`).
    func learn(_ verdict: Result<Double, PictureError>, content: UInt64) {
        if verdicts.count >= PictureLimits.decodeVerdicts { verdicts.removeAll() }
        verdicts[content] = verdict
    }

    /// The preview's pixels: decoded now unless kept from before.
    func image(of preview: Preview, content: UInt64) -> Result<SlideImage, PictureError> {
        clock += 1
        if let hit = images[content] {
            images[content]?.used = clock
            return .success(hit.image)
        }
        if case .failure(let error)? = verdicts[content] { return .failure(error) }
        let result = Self.decode(preview).map { SlideImage(content: content, picture: $0) }
        decodes += 1
        if verdicts.count >= PictureLimits.decodeVerdicts { verdicts.removeAll() }
        verdicts[content] = result.map(\.picture.aspect)
        if case .success(let image) = result { keep(image) }
        return result
    }

    /// The one decode (on any thread): the pixels, at the aspect read as
    /// the preview arrived (`Preview.aspect`: the PNG's chunks are not read again).
    static func decode(_ preview: Preview) -> Result<DecodedPicture, PictureError> {
        Result { () throws(PictureError) -> DecodedPicture in try PNGDecoder.decode(preview.png, aspect: preview.aspect) }
    }

    private func keep(_ image: SlideImage) {
        let size = image.picture.image.pixels.count
        while bytes + size > byteLimit, let oldest = images.min(by: { $0.value.used < $1.value.used }) {
            bytes -= oldest.value.image.picture.image.pixels.count
            images[oldest.key] = nil
        }
        images[image.content] = (image, clock)
        bytes += size
    }
}
