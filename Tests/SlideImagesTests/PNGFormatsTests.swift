import XCTest
@testable import SlideImages

/// Every PNG colour type comes out as 8-bit sRGB RGBA. The tiny PNGs here
/// were made with Python's zlib and struct, independently of libpng.
final class PNGFormatsTests: XCTestCase {
    func png(_ hex: String) -> [UInt8] {
        var bytes = [UInt8]()
        var it = hex.makeIterator()
        while let hi = it.next(), let lo = it.next() { bytes.append(UInt8(String([hi, lo]), radix: 16)!) }
        return bytes
    }

    func testGreyscale8() throws {
        let image = try PNGDecoder.decode(png(
            "89504e470d0a1a0a0000000d4948445200000002000000010800000000d14920560000000b49444154789c6360f80f000102010042bebc680000000049454e44ae426082"
        )).image
        XCTAssertEqual(image.pixels, [0, 0, 0, 255, 255, 255, 255, 255])
    }

    func testGreyscale1Bit() throws {
        let image = try PNGDecoder.decode(png(
            "89504e470d0a1a0a0000000d4948445200000008000000010100000000cb7bd2ee0000000a49444154789c6358050000ac00ab660be46b0000000049454e44ae426082"
        )).image
        XCTAssertEqual((0..<8).map { image[$0, 0].color.g }, [255, 0, 255, 0, 255, 0, 255, 0])
    }

    func testPaletteWithTransparency() throws {
        let image = try PNGDecoder.decode(png(
            "89504e470d0a1a0a0000000d4948445200000002000000010803000000c3fc8fb800000006504c5445ff00000000ff6ca1fd8e0000000274524e53ff00e5b7304a0000000b49444154789c636060040000040002bf7a3f4a0000000049454e44ae426082"
        )).image
        XCTAssertEqual(image[0, 0].color, RGB(r: 255, g: 0, b: 0))
        XCTAssertEqual(image[0, 0].alpha, 255)
        XCTAssertEqual(image[1, 0].alpha, 0)
    }

    func testSixteenBitRGBA() throws {
        let image = try PNGDecoder.decode(png(
            "89504e470d0a1a0a0000000d49484452000000010000000110060000004f8518ca0000001049444154789c63f8ff9f0108feff070011f703fda444a9c40000000049454e44ae426082"
        )).image
        XCTAssertEqual(image.pixels, [255, 0, 0, 255])
    }

    func testGreyWithAlpha() throws {
        let image = try PNGDecoder.decode(png(
            "89504e470d0a1a0a0000000d4948445200000001000000010804000000b51c0c020000000b49444154789c6368f80f00020201806e568b130000000049454e44ae426082"
        )).image
        XCTAssertEqual(image.pixels, [128, 128, 128, 255])
    }

    func testInterlaced() throws {
        let image = try PNGDecoder.decode(png(
            "89504e470d0a1a0a0000000d49484452000000080000000808000000019663d1c10000005a49444154789c014f00b0ff000000800010900040c00050d000084888c800185898d8002060a0e0002868a8e8003070b0f0003878b8f8000424446484a4c4e4000c2c4c6c8cacccec001434547494b4d4f4001c3c5c7c9cbcdcfc42ab1f81b63037b50000000049454e44ae426082"
        )).image
        XCTAssertEqual(image.width, 8)
        for y in 0..<8 {
            for x in 0..<8 { XCTAssertEqual(Int(image[x, y].color.r), (x * 32 + y * 4) & 255, "\(x),\(y)") }
        }
    }

    func testFirstChunkNotIHDRIsDamagedNotTruncated() {
        let bytes = HandPNG.signature + HandPNG.chunk("tEXt", Array("a\u{0}b".utf8)) + HandPNG.chunk("IEND", [])
        XCTAssertThrowsError(try PNGDecoder.decode(bytes)) { error in
            guard case .undecodable = error as? PictureError else { return XCTFail("\(error)") }
        }
    }
}
