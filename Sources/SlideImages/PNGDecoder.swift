import CPNG
import SlideModel

/// Decodes PNG bytes held in memory with libpng's simplified API.
///
/// Every PNG colour type and bit depth comes out as 8-bit sRGB RGBA. Bad
/// input ends in a `PictureError`, never a crash: the size the header claims
/// is checked against `maxPixels` *before* anything is allocated for it, and
/// libpng's state is freed on every path.
///
/// A PNG that stops after its image data (only `IEND` missing) still decodes:
/// the picture is complete, and showing it beats showing an error.
public enum PNGDecoder {
    /// 4096 × 4096: far above any slide preview, small enough (64 MiB RGBA)
    /// that a hostile header cannot exhaust memory.
    public static let defaultMaxPixels = 4096 * 4096

    /// `aspect`: the picture's true width / height when the caller knows it
    /// already (`Preview.aspect`, read as it arrived); nil reads the PNG's
    /// `pHYs`, else takes its pixels'.
    public static func decode(_ bytes: [UInt8], aspect known: Double? = nil,
                              maxPixels: Int = defaultMaxPixels) throws(PictureError) -> DecodedPicture {
        guard !bytes.isEmpty else { throw .empty }
        guard PNGChunks.hasSignature(bytes) else { throw .notPNG }
        // Our own look at IHDR first, for clear errors on the common bad
        // cases and a size check before libpng does any work.
        guard let header = PNGChunks.header(bytes) else {
            switch PNGChunks.walk(bytes, { _ in true }) {
            case .truncated: throw .truncated
            case .malformed: throw .undecodable("damaged chunk")
            default: throw .undecodable("no image header")
            }
        }
        try checkSize(width: Int(header.width), height: Int(header.height), maxPixels: maxPixels)

        let result: Result<RGBAImage, PictureError> = bytes.withUnsafeBytes { raw in
            decodeImage(raw, maxPixels: maxPixels)
        }
        switch result {
        case let .success(image):
            let aspect = known.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? PNGPhysicalAspect.aspect(ofPNG: bytes)
                ?? Double(image.width) / Double(image.height)
            return DecodedPicture(image: image, aspect: aspect)
        case let .failure(error):
            // Tell a file that simply stops early from one that is damaged.
            if case .undecodable = error, PNGChunks.walk(bytes, { _ in true }) == .truncated {
                throw .truncated
            }
            throw error
        }
    }

    private static func checkSize(width: Int, height: Int, maxPixels: Int) throws(PictureError) {
        guard width > 0, height > 0 else { throw .zeroSize }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw .tooLarge(width: width, height: height, maxPixels: maxPixels)
        }
    }

    /// libpng keeps a pointer to the bytes between `begin` and `finish`, so
    /// both happen inside the caller's `withUnsafeBytes`.
    private static func decodeImage(_ raw: UnsafeRawBufferPointer, maxPixels: Int) -> Result<RGBAImage, PictureError> {
        var image = png_image()
        image.version = cpng_image_version()
        // png_image_free is a no-op once libpng has freed its state itself,
        // so one unconditional call covers success and every failure.
        defer { png_image_free(&image) }

        guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
            return .failure(.undecodable(message(of: &image)))
        }
        let width = Int(image.width), height = Int(image.height)
        do {
            try checkSize(width: width, height: height, maxPixels: maxPixels)
        } catch {
            return .failure(error)
        }
        image.format = cpng_format_rgba()
        let size = cpng_image_size(&image)
        guard size == width * height * 4 else {
            return .failure(.undecodable("unexpected image layout"))
        }
        var failed = false
        var failure = ""
        let pixels = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            if png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil) != 0, cpng_image_failed(&image) == 0 {
                count = size
            } else {
                // Don't hand back half-written memory; zero it so the
                // initialized count can stay honest.
                buffer.initialize(repeating: 0)
                count = size
                failed = true
                failure = message(of: &image)
            }
        }
        if failed { return .failure(.undecodable(failure)) }
        return .success(RGBAImage(width: width, height: height, pixels: pixels))
    }

    /// libpng's own message (a fixed 64-byte C string inside the struct).
    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "damaged PNG" : text
    }
}
