/// Just enough of the PNG container to read the header and `pHYs` without
/// decoding, and to tell a truncated file from a corrupt one. Every read is
/// bounds-checked; nothing here allocates in proportion to what a header claims.
public enum PNGChunks {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk type as its four ASCII bytes in big-endian order, e.g. `IHDR`.
    public static func type(_ name: StaticString) -> UInt32 {
        precondition(name.utf8CodeUnitCount == 4)
        let p = name.utf8Start
        return UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
    }

    public static let IHDR = type("IHDR")
    public static let pHYs = type("pHYs")
    public static let IDAT = type("IDAT")
    public static let IEND = type("IEND")

    public struct Chunk {
        public var type: UInt32
        /// Where the chunk's data lies in the bytes (already bounds-checked).
        public var data: Range<Int>
        /// The stored CRC (over type and data).
        public var crc: UInt32
    }

    public enum WalkEnd: Equatable {
        /// `IEND` was reached (or the visitor stopped early).
        case complete
        /// The bytes stop in the middle of a chunk, or before `IEND`.
        case truncated
        /// A length field is impossible (PNG lengths are below 2³¹).
        case malformed
        /// No PNG signature.
        case notPNG
    }

    public static func hasSignature(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes[0..<8].elementsEqual(signature)
    }

    public static func be32(_ bytes: [UInt8], _ i: Int) -> UInt32 {
        UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
    }

    /// Visits each whole chunk in order until `IEND`, the end of the bytes,
    /// or until `visit` returns false. Cost is one step per chunk: data is
    /// skipped, not read.
    @discardableResult
    public static func walk(_ bytes: [UInt8], _ visit: (Chunk) -> Bool) -> WalkEnd {
        guard hasSignature(bytes) else { return .notPNG }
        var offset = 8
        while true {
            guard offset + 8 <= bytes.count else { return .truncated }
            let length = be32(bytes, offset)
            guard length <= 0x7FFF_FFFF else { return .malformed }
            let type = be32(bytes, offset + 4)
            let dataStart = offset + 8
            let (dataEnd, overflow) = dataStart.addingReportingOverflow(Int(length))
            guard !overflow, dataEnd + 4 <= bytes.count else { return .truncated }
            let chunk = Chunk(type: type, data: dataStart..<dataEnd, crc: be32(bytes, dataEnd))
            if !visit(chunk) || type == IEND { return .complete }
            offset = dataEnd + 4
        }
    }

    /// Width and height from `IHDR`, which the PNG spec puts first. Nil when
    /// the bytes are not a PNG or stop before the header is complete.
    public static func header(_ bytes: [UInt8]) -> (width: UInt32, height: UInt32)? {
        var result: (UInt32, UInt32)?
        walk(bytes) { chunk in
            if chunk.type == IHDR, chunk.data.count >= 8 {
                result = (be32(bytes, chunk.data.lowerBound), be32(bytes, chunk.data.lowerBound + 4))
            }
            return false  // IHDR is the first chunk; nothing else to look at
        }
        return result
    }

    /// The chunk's stored CRC matches its type and data.
    public static func crcMatches(_ bytes: [UInt8], _ chunk: Chunk) -> Bool {
        CRC32.checksum(bytes[(chunk.data.lowerBound - 4)..<chunk.data.upperBound]) == chunk.crc
    }

    /// A complete chunk (length, type, data, CRC) ready to splice into a PNG.
    public static func makeChunk(type: UInt32, data: [UInt8]) -> [UInt8] {
        var body = bigEndian(type)
        body += data
        return bigEndian(UInt32(data.count)) + body + bigEndian(CRC32.checksum(body))
    }

    public static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}

/// The CRC-32 that PNG chunks (and zlib) use: reflected polynomial 0xEDB88320.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func checksum<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// The slide's true width / height from the PNG's `pHYs` chunk, or nil when
/// there is none (or it is unusable) and the pixel size is the best guess.
///
/// LibreOffice renders every preview at 320×240, even for a 16:9 slide, and
/// records the real shape only as unequal pixels-per-unit (1143 × 1524 px/m):
/// (320 / 1143) / (240 / 1524) = 16 / 9.
///
/// Both unit 1 (metre) and unit 0 (unknown) are honoured: the PNG spec says
/// unit 0 still defines the pixel aspect ratio, and both reduce to the same
/// formula. The chunk is ignored when its CRC is wrong (as libpng does with a
/// damaged ancillary chunk), when either density is zero, or when it would
/// make a pixel more than 8 times as wide as tall or the other way round —
/// no real preview has such pixels, a corrupt or hostile file might.
public enum PNGPhysicalAspect {
    public static func aspect(ofPNG bytes: [UInt8]) -> Double? {
        var width: UInt32 = 0, height: UInt32 = 0
        var aspect: Double?
        PNGChunks.walk(bytes) { chunk in
            let d = chunk.data.lowerBound
            switch chunk.type {
            case PNGChunks.IHDR where chunk.data.count >= 8:
                width = PNGChunks.be32(bytes, d)
                height = PNGChunks.be32(bytes, d + 4)
                return true
            case PNGChunks.pHYs:
                guard chunk.data.count == 9, bytes[d + 8] <= 1, PNGChunks.crcMatches(bytes, chunk) else { return false }
                let xppu = Double(PNGChunks.be32(bytes, d)), yppu = Double(PNGChunks.be32(bytes, d + 4))
                guard width > 0, height > 0, xppu > 0, yppu > 0 else { return false }
                let pixelShape = yppu / xppu  // a pixel's width / height
                guard pixelShape >= 1.0 / 8, pixelShape <= 8 else { return false }
                aspect = Double(width) / Double(height) * pixelShape
                return false
            case PNGChunks.IDAT, PNGChunks.IEND:
                return false  // pHYs must come before the image data
            default:
                return true
            }
        }
        return aspect
    }
}
