/// A slide's true shape, read from its preview's PNG `pHYs` chunk.
///
/// LibreOffice renders every preview at 320×240, even a 16:9 slide; only the
/// pixels-per-metre in `pHYs` (e.g. 1143 × 1524 px/m) keep the real size.
/// This reads that chunk straight from the bytes, bounds-checked, without
/// decoding the picture.
public enum PNGPhysicalAspect {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// True width / height, or nil when the bytes are not a PNG or carry no
    /// usable `pHYs` (then the pixel size is the best guess).
    public static func aspect(ofPNG bytes: [UInt8]) -> Double? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var width = 0, height = 0
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(be32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            guard length >= 0, data + length <= bytes.count else { return nil }
            switch type {
            case "IHDR" where length >= 8:
                width = Int(be32(bytes, data))
                height = Int(be32(bytes, data + 4))
            case "pHYs" where length >= 9:
                let xppu = Double(be32(bytes, data)), yppu = Double(be32(bytes, data + 4))
                guard width > 0, height > 0, xppu > 0, yppu > 0 else { return nil }
                // Unit 1 is metres; unit 0 still gives the pixel aspect ratio,
                // and both reduce to the same formula.
                return (Double(width) / xppu) / (Double(height) / yppu)
            case "IDAT", "IEND":
                return nil  // pHYs must come before the image data
            default:
                break
            }
            offset = data + length + 4  // skip data and CRC
        }
        return nil
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
