import Foundation
import XCTest
@testable import SlideImages

/// The five real LibreOffice previews (320×240, pHYs 1143 × 1524 px/m).
enum Fixtures {
    static func preview(_ n: Int, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "preview-\(n)", withExtension: "png", subdirectory: "Fixtures"),
            "fixture preview-\(n).png missing", file: file, line: line)
        return [UInt8](try Data(contentsOf: url))
    }
}

/// A small seeded generator so "random" inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// PNG pieces built by hand, with a CRC computed here independently of the
/// module (bit by bit, no table), so the tests don't trust what they test.
enum HandPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c >> 1) ^ (0xEDB8_8320 & (0 &- (c & 1))) }
        }
        return ~c
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// Signature and a valid IHDR (8-bit RGB) claiming any size, then IEND.
    static func header(width: UInt32, height: UInt32, colorType: UInt8 = 2, bitDepth: UInt8 = 8) -> [UInt8] {
        signature
            + chunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, 0])
            + chunk("IEND", [])
    }
}

/// Asserts that `body` throws exactly the `PictureError` expected.
func XCTAssertPictureError<T>(
    _ expected: PictureError, _ body: () throws -> T,
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        _ = try body()
        XCTFail("expected \(expected), got a picture", file: file, line: line)
    } catch let error as PictureError {
        XCTAssertEqual(error, expected, file: file, line: line)
    } catch {
        XCTFail("expected \(expected), got an untyped \(error)", file: file, line: line)
    }
}
