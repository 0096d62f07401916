import XCTest
@testable import SlideImages

/// Sixel bytes decode back to the picture: the right size, the palette's
/// colours, every pixel where it was.
final class SixelEncoderTests: XCTestCase {
    /// A small sixel reader: registers, bands, repeats; pixels → register.
    private func decode(_ bytes: [UInt8]) -> (width: Int, height: Int, pixels: [Int: Int], registers: [Int: [Int]]) {
        let s = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = s.firstIndex(of: "q")! + 1
        func number() -> Int { var n = 0; while i < s.count, let d = Int(String(s[i])) { n = n * 10 + d; i += 1 }; return n }
        var width = 0, height = 0, color = 0, x = 0, band = 0
        var pixels: [Int: Int] = [:], registers: [Int: [Int]] = [:]
        while i < s.count {
            let c = s[i]
            i += 1
            switch c {
            case "\"": _ = number(); i += 1; _ = number(); i += 1; width = number(); i += 1; height = number()
            case "#":
                color = number()
                if i < s.count, s[i] == ";" {
                    var values: [Int] = []
                    while i < s.count, s[i] == ";" { i += 1; values.append(number()) }
                    registers[color] = Array(values.dropFirst())
                }
            case "$": x = 0
            case "-": x = 0; band += 1
            case "!":
                let n = number()
                let v = Int(s[i].value) - 63
                i += 1
                for _ in 0..<n { paint(v); x += 1 }
            case "\u{1B}": i = s.count
            default:
                if (63...126).contains(Int(c.value)) { paint(Int(c.value) - 63); x += 1 }
            }
        }
        func paint(_ v: Int) { for r in 0..<6 where v & (1 << r) != 0 { pixels[(band * 6 + r) * 100_000 + x] = color } }
        return (width, height, pixels, registers)
    }

    func testAPictureComesBackPixelForPixel() {
        // 7 × 13: bands of 6 do not divide it; red left half, blue right, a white row.
        var rgba: [UInt8] = []
        for y in 0..<13 {
            for x in 0..<7 {
                let c: [UInt8] = y == 6 ? [255, 255, 255] : x < 3 ? [255, 0, 0] : [0, 0, 255]
                rgba += c + [255]
            }
        }
        let image = RGBAImage(width: 7, height: 13, pixels: rgba)
        let sixel = SixelEncoder.encode(image, width: 7, height: 13)
        XCTAssertEqual(Array(sixel.prefix(2)), [0x1B, 0x50], "a DCS sequence")
        XCTAssertEqual(Array(sixel.suffix(2)), [0x1B, 0x5C])
        XCTAssertFalse(sixel.dropFirst(2).dropLast(2).contains(0x1B), "no other escape inside")
        let d = decode(sixel)
        XCTAssertEqual(d.width, 7)
        XCTAssertEqual(d.height, 13)
        XCTAssertEqual(d.registers.count, 3, "only the registers used are defined")
        for y in 0..<13 {
            for x in 0..<7 {
                let reg = d.pixels[y * 100_000 + x]
                let rgb = reg.flatMap { d.registers[$0] }
                let want = y == 6 ? [100, 100, 100] : x < 3 ? [100, 0, 0] : [0, 0, 100]
                XCTAssertEqual(rgb, want, "pixel \(x),\(y)")
            }
        }
    }

    func testFewRegistersUseTheSixteenColours() {
        let image = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))
        let d = decode(SixelEncoder.encode(image, width: 4, height: 4, registers: 16))
        XCTAssertTrue(d.registers.keys.allSatisfy { $0 < 16 }, "\(d.registers)")
        XCTAssertEqual(d.pixels.count, 16)
    }

    /// tmux 3.4 and 3.5 write a picture out again with every register below
    /// the highest one used, an undefined one as `#n;0;0;0;0`, and xterm
    /// then shows nothing of it: the registers are 0 up to k - 1, all defined.
    func testRegistersAreNumberedFromZeroWithoutGaps() {
        var rgba: [UInt8] = []
        for x in 0..<6 { rgba += (x < 2 ? [255, 0, 0] : x < 4 ? [0, 0, 255] : [250, 250, 250]) + [255] }
        let d = decode(SixelEncoder.encode(RGBAImage(width: 6, height: 1, pixels: rgba), width: 6, height: 1))
        XCTAssertEqual(d.registers.keys.sorted(), [0, 1, 2])
        XCTAssertEqual(Set(d.pixels.values), [0, 1, 2], "the pixels use the registers defined")
        XCTAssertTrue(d.registers.values.allSatisfy { $0.count == 3 })
    }
}
