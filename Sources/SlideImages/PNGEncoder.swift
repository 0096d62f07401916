import CPNG
import SlideModel

/// Writes an `RGBAImage` as an 8-bit RGBA PNG with libpng's simplified API.
///
/// The pad itself only reads previews; this exists so that tests and the
/// demo deck can make real PNGs (optionally LibreOffice-shaped, with a
/// `pHYs` chunk) without shipping binary files.
public enum PNGEncoder {
    /// - Parameter pixelsPerMetre: when given, a `pHYs` chunk (unit: metre)
    ///   is added after `IHDR`; e.g. `(1143, 1524)` makes a 320×240 picture
    ///   that is 16:9 on the slide, like LibreOffice's previews.
    public static func encode(_ rgba: RGBAImage, pixelsPerMetre: (x: UInt32, y: UInt32)? = nil) throws(PictureError) -> [UInt8] {
        guard rgba.width > 0, rgba.height > 0 else { throw .zeroSize }
        guard rgba.width <= Int(Int32.max / 4), rgba.height <= Int(UInt32.max) else {
            throw .tooLarge(width: rgba.width, height: rgba.height, maxPixels: Int(Int32.max / 4))
        }
        let result: Result<[UInt8], PictureError> = rgba.pixels.withUnsafeBytes { pixels in
            var image = png_image()
            image.version = cpng_image_version()
            image.width = UInt32(rgba.width)
            image.height = UInt32(rgba.height)
            image.format = cpng_format_rgba()
            defer { png_image_free(&image) }

            // First pass measures, second writes.
            var size: png_alloc_size_t = 0
            guard png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, 0, nil) != 0, size > 0 else {
                return .failure(.encodeFailed(message(of: &image)))
            }
            var ok = false
            var out = [UInt8](repeating: 0, count: Int(size))
            out.withUnsafeMutableBytes { buffer in
                ok = png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, nil) != 0
            }
            guard ok, Int(size) <= out.count else { return .failure(.encodeFailed(message(of: &image))) }
            out.removeLast(out.count - Int(size))
            return .success(out)
        }
        var png = try result.get()
        if let ppm = pixelsPerMetre {
            let data = PNGChunks.bigEndian(ppm.x) + PNGChunks.bigEndian(ppm.y) + [1]
            // Signature (8) + IHDR (4 length + 4 type + 13 data + 4 CRC).
            png.insert(contentsOf: PNGChunks.makeChunk(type: PNGChunks.pHYs, data: data), at: 33)
        }
        return png
    }

    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng failed" : text
    }
}
