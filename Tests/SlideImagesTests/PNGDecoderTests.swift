import SlideModel
import XCTest
@testable import SlideImages

final class PNGDecoderTests: XCTestCase {
    func testRealPreviewsDecodeAt320x240WithSixteenByNineFromPHYs() throws {
        for n in 0..<5 {
            let bytes = try Fixtures.preview(n)
            let picture = try PNGDecoder.decode(bytes)
            XCTAssertEqual(picture.image.width, 320, "preview-\(n)")
            XCTAssertEqual(picture.image.height, 240, "preview-\(n)")
            XCTAssertEqual(picture.image.pixels.count, 320 * 240 * 4)
            XCTAssertEqual(picture.aspect, 16.0 / 9.0, accuracy: 0.001, "preview-\(n)")
            XCTAssertEqual(try XCTUnwrap(PNGPhysicalAspect.aspect(ofPNG: bytes)), 16.0 / 9.0, accuracy: 0.001)
        }
    }

    func testRealPreviewContentIsWhiteSlideWithDarkTitle() throws {
        let image = try PNGDecoder.decode(Fixtures.preview(0)).image
        XCTAssertEqual(image[0, 0].color, .white)
        XCTAssertEqual(image[0, 0].alpha, 255)
        // The title "Slide 1: Welcome" sits in the top eighth, centred.
        var darkest = 255
        for y in 10..<45 { for x in 80..<240 { darkest = min(darkest, Int(image[x, y].color.g)) } }
        XCTAssertLessThan(darkest, 64)
    }

    func testAspectFallsBackToPixelsWithoutPHYs() throws {
        let png = try PNGEncoder.encode(RGBAImage(width: 30, height: 20, filledWith: .white))
        XCTAssertNil(PNGPhysicalAspect.aspect(ofPNG: png))
        XCTAssertEqual(try PNGDecoder.decode(png).aspect, 1.5, accuracy: 1e-9)
    }

    func testEncoderWritesPHYsLikeLibreOffice() throws {
        let png = try PNGEncoder.encode(RGBAImage(width: 320, height: 240, filledWith: .white), pixelsPerMetre: (1143, 1524))
        let picture = try PNGDecoder.decode(png)
        XCTAssertEqual(picture.aspect, 16.0 / 9.0, accuracy: 0.001)
        XCTAssertEqual(picture.image, RGBAImage(width: 320, height: 240, filledWith: .white))
    }

    func testEncodeDecodeRoundTripKeepsPixelsAndAlpha() throws {
        let image = RGBAImage(width: 7, height: 5) { x, y in
            (RGB(r: UInt8(x * 36), g: UInt8(y * 50), b: UInt8((x + y) * 20)), UInt8(255 - x * 30))
        }
        XCTAssertEqual(try PNGDecoder.decode(PNGEncoder.encode(image)).image, image)
    }

    func testPHYsIgnoredWhenUnusable() {
        func png(_ data: [UInt8]) -> [UInt8] {
            var bytes = HandPNG.header(width: 320, height: 240)
            bytes.insert(contentsOf: HandPNG.chunk("pHYs", data), at: 33)
            return bytes
        }
        let ppm = HandPNG.be32(1143) + HandPNG.be32(1524)
        XCTAssertEqual(try XCTUnwrap(PNGPhysicalAspect.aspect(ofPNG: png(ppm + [1]))), 16.0 / 9.0, accuracy: 0.001)
        // Unit 0 ("aspect ratio only") still gives the pixel shape.
        XCTAssertEqual(try XCTUnwrap(PNGPhysicalAspect.aspect(ofPNG: png(ppm + [0]))), 16.0 / 9.0, accuracy: 0.001)
        XCTAssertNil(PNGPhysicalAspect.aspect(ofPNG: png(HandPNG.be32(0) + HandPNG.be32(1524) + [1])))
        XCTAssertNil(PNGPhysicalAspect.aspect(ofPNG: png(HandPNG.be32(1) + HandPNG.be32(1_000_000) + [1])), "absurd pixel shape")
        XCTAssertNil(PNGPhysicalAspect.aspect(ofPNG: png(ppm + [2])), "unknown unit")
        XCTAssertNil(PNGPhysicalAspect.aspect(ofPNG: png(ppm)), "short chunk")
        var badCRC = png(ppm + [1])
        badCRC[33 + 8 + 9] ^= 0xFF
        XCTAssertNil(PNGPhysicalAspect.aspect(ofPNG: badCRC))
        XCTAssertNil(PNGPhysicalAspect.aspect(ofPNG: []))
        XCTAssertNil(PNGPhysicalAspect.aspect(ofPNG: Array(png(ppm + [1]).prefix(40))), "truncated before pHYs ends")
    }

    func testCRC32MatchesTheStandardCheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(HandPNG.crc32(Array("123456789".utf8)), 0xCBF4_3926)
    }

    // MARK: Bad pictures: typed errors, never a crash

    func testEmptyAndNotPNG() {
        XCTAssertPictureError(.empty) { try PNGDecoder.decode([]) }
        XCTAssertPictureError(.notPNG) { try PNGDecoder.decode(Array("GIF89a, or anything else".utf8)) }
        XCTAssertPictureError(.notPNG) { try PNGDecoder.decode([0x89]) }
    }

    func testRandomBytesAreNotAPNG() {
        var rng = SplitMix64(state: 42)
        for length in [1, 7, 8, 100, 5000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            XCTAssertPictureError(.notPNG) { try PNGDecoder.decode(bytes) }
        }
    }

    func testRandomBytesAfterTheSignatureAreAnError() {
        var rng = SplitMix64(state: 7)
        for length in [0, 4, 13, 100, 5000] {
            let bytes = HandPNG.signature + (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            XCTAssertThrowsError(try PNGDecoder.decode(bytes), "length \(length)")
        }
    }

    func testTruncatedPreviewIsReportedAsTruncated() throws {
        let bytes = try Fixtures.preview(0)
        for cut in [9, 20, 33, 50, 200, bytes.count / 2, bytes.count - 13] {
            XCTAssertPictureError(.truncated) { try PNGDecoder.decode(Array(bytes.prefix(cut))) }
        }
        XCTAssertEqual(PictureError.truncated.description, "picture could not be read: truncated PNG")
    }

    func testMissingOnlyIENDStillGivesThePicture() throws {
        // All image data is there; libpng does not need the end marker, and a
        // whole picture is more use to a presenter than an error.
        let bytes = try Fixtures.preview(0)
        let whole = try PNGDecoder.decode(bytes)
        for cut in [bytes.count - 12, bytes.count - 1] {
            XCTAssertEqual(try PNGDecoder.decode(Array(bytes.prefix(cut))), whole)
        }
    }

    func testEveryPrefixOfAPreviewFailsCleanly() throws {
        let bytes = try Fixtures.preview(4)
        for cut in stride(from: 0, to: bytes.count, by: 37) {
            XCTAssertThrowsError(try PNGDecoder.decode(Array(bytes.prefix(cut))), "cut at \(cut)")
        }
    }

    func testAbsurdHeaderIsRefusedBeforeAllocating() {
        let png = HandPNG.header(width: 100_000, height: 100_000)
        XCTAssertPictureError(.tooLarge(width: 100_000, height: 100_000, maxPixels: 4096 * 4096)) {
            try PNGDecoder.decode(png)
        }
        // Product overflowing Int32 and UInt32 alike.
        let huge = HandPNG.header(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)
        XCTAssertPictureError(.tooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, maxPixels: 4096 * 4096)) {
            try PNGDecoder.decode(huge)
        }
    }

    func testPixelCapIsTheCallers() throws {
        let bytes = try Fixtures.preview(1)
        XCTAssertPictureError(.tooLarge(width: 320, height: 240, maxPixels: 10_000)) {
            try PNGDecoder.decode(bytes, maxPixels: 10_000)
        }
        XCTAssertNoThrow(try PNGDecoder.decode(bytes, maxPixels: 320 * 240))
    }

    func testZeroSizeHeader() {
        XCTAssertPictureError(.zeroSize) { try PNGDecoder.decode(HandPNG.header(width: 0, height: 240)) }
        XCTAssertPictureError(.zeroSize) { try PNGDecoder.decode(HandPNG.header(width: 320, height: 0)) }
    }

    func testHeaderWithoutImageData() {
        // A plausible header and nothing else: libpng refuses, we report it.
        XCTAssertThrowsError(try PNGDecoder.decode(HandPNG.header(width: 4, height: 4)))
        // An impossible bit depth.
        XCTAssertThrowsError(try PNGDecoder.decode(HandPNG.header(width: 4, height: 4, bitDepth: 7)))
    }

    func testDamagedImageDataIsAnError() throws {
        var bytes = try Fixtures.preview(2)
        bytes[bytes.count / 2] ^= 0x5A  // inside IDAT: its CRC no longer matches
        XCTAssertThrowsError(try PNGDecoder.decode(bytes)) { error in
            XCTAssertTrue((error as? PictureError)?.description.hasPrefix("picture could not be read: ") ?? false)
        }
    }

    func testRandomDamageNeverCrashes() throws {
        let original = try Fixtures.preview(3)
        var rng = SplitMix64(state: 2024)
        for _ in 0..<200 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if let picture = try? PNGDecoder.decode(bytes) {
                XCTAssertEqual(picture.image.pixels.count, picture.image.width * picture.image.height * 4)
                XCTAssertTrue(picture.aspect.isFinite && picture.aspect > 0)
            }
        }
    }

    func testErrorMessagesAreForHumans() {
        XCTAssertEqual(PictureError.notPNG.description, "picture could not be read: not a PNG")
        XCTAssertEqual(
            PictureError.tooLarge(width: 100_000, height: 100_000, maxPixels: 1).description,
            "picture could not be read: 100000×100000 is too large")
    }
}
