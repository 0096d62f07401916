import XCTest
@testable import SlideImages

final class ColorTests: XCTestCase {
    let red = RGB(r: 255, g: 0, b: 0)

    // MARK: Detection

    func testTruecolorFromCOLORTERM() {
        for value in ["truecolor", "24bit", "TrueColor"] {
            XCTAssertEqual(ColorDepth.detect(environment: ["COLORTERM": value], terminalName: "xterm-256color", terminfoColors: 256), .truecolor)
        }
        XCTAssertEqual(ColorDepth.detect(environment: ["COLORTERM": "yes"], terminalName: "xterm-256color", terminfoColors: 256), .palette256)
    }

    func testTruecolorFromDirectTerminfo() {
        for name in ["xterm-direct", "tmux-direct", "xterm-direct256", "kitty-direct"] {
            XCTAssertEqual(ColorDepth.detect(environment: [:], terminalName: name, terminfoColors: 256), .truecolor, name)
        }
        XCTAssertEqual(ColorDepth.detect(environment: [:], terminalName: "xterm", terminfoColors: 0x100_0000), .truecolor)
        XCTAssertEqual(ColorDepth.detect(environment: [:], terminalName: "xterm-directory", terminfoColors: 8), .palette8)
    }

    func testPaletteSizesFromTerminfoColors() {
        func depth(_ colors: Int) -> ColorDepth {
            ColorDepth.detect(environment: ["TERM": "whatever"], terminalName: "whatever", terminfoColors: colors)
        }
        XCTAssertEqual(depth(256), .palette256)
        XCTAssertEqual(depth(88), .palette16)
        XCTAssertEqual(depth(16), .palette16)
        XCTAssertEqual(depth(8), .palette8)
        XCTAssertEqual(depth(2), .monochrome)
        XCTAssertEqual(depth(-1), .monochrome)  // tigetnum's "absent"
        XCTAssertEqual(depth(0), .monochrome)
    }

    func testRawValuesMatchTheCommandLine() {
        XCTAssertEqual(ColorDepth.allCases.map(\.rawValue), ["truecolor", "256", "16", "8", "none"])
        XCTAssertEqual(ColorDepth(rawValue: "256"), .palette256)
    }

    // MARK: Mapping

    func testTruecolorKeepsTheColour() {
        XCTAssertEqual(TerminalColor.nearest(RGB(r: 1, g: 2, b: 3), depth: .truecolor), .rgb(RGB(r: 1, g: 2, b: 3)))
        XCTAssertEqual(RGB(r: 0, g: 0, b: 5).directColorNumber, 8)
        XCTAssertEqual(RGB(r: 0x12, g: 0x34, b: 0x56).directColorNumber, 0x123456)
    }

    func testXterm256() {
        XCTAssertEqual(TerminalColor.nearest(red, depth: .palette256), .indexed(196))
        XCTAssertEqual(Palette.xterm256Index(RGB(r: 128, g: 128, b: 128)), 244)  // grey ramp 8 + 10·12
        XCTAssertEqual(Palette.xterm256Index(RGB(r: 120, g: 121, b: 119)), 243)  // 118
        XCTAssertEqual(Palette.xterm256Index(.black), 16)
        XCTAssertEqual(Palette.xterm256Index(.white), 231)
        XCTAssertEqual(Palette.xterm256Index(RGB(r: 95, g: 135, b: 175)), 67)
        XCTAssertEqual(Palette.xterm256Index(RGB(r: 0, g: 0, b: 250)), 21)
        XCTAssertEqual(Palette.xterm256Index(RGB(r: 250, g: 130, b: 10)), 208)  // orange → (5,2,0)
    }

    func testXterm256NeverUsesTheThemableSixteen() {
        var rng = SplitMix64(state: 99)
        for _ in 0..<2000 {
            let c = RGB(r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng), b: .random(in: 0...255, using: &rng))
            let i = Palette.xterm256Index(c)
            XCTAssertGreaterThanOrEqual(i, 16)
            // As good as a search of all 240 fixed entries, or within 10 %.
            let best = (16...255).map { Lab(Palette.xtermColor($0)).distanceSquared(to: Lab(c)) }.min()!
            let chosen = Lab(Palette.xtermColor(Int(i))).distanceSquared(to: Lab(c))
            XCTAssertLessThanOrEqual(chosen.squareRoot(), best.squareRoot() * 1.1 + 0.01, "\(c)")
        }
    }

    func testSixteenAndEightColours() {
        XCTAssertEqual(TerminalColor.nearest(red, depth: .palette16), .indexed(9))  // bright red, exact
        XCTAssertEqual(TerminalColor.nearest(RGB(r: 200, g: 10, b: 0), depth: .palette16), .indexed(1))
        XCTAssertEqual(TerminalColor.nearest(red, depth: .palette8), .indexed(1))
        XCTAssertEqual(TerminalColor.nearest(RGB(r: 0, g: 0, b: 255), depth: .palette16), .indexed(4))
        XCTAssertEqual(TerminalColor.nearest(RGB(r: 0, g: 255, b: 0), depth: .palette16), .indexed(10))
        XCTAssertEqual(TerminalColor.nearest(RGB(r: 128, g: 128, b: 128), depth: .palette16), .indexed(8))
        XCTAssertEqual(TerminalColor.nearest(.white, depth: .palette16), .indexed(15))
        XCTAssertEqual(TerminalColor.nearest(.white, depth: .palette8), .indexed(7))
        XCTAssertEqual(TerminalColor.nearest(.black, depth: .palette8), .indexed(0))
        XCTAssertEqual(TerminalColor.nearest(RGB(r: 255, g: 255, b: 0), depth: .palette8), .indexed(3))
        var rng = SplitMix64(state: 5)
        for _ in 0..<500 {
            let c = RGB(r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng), b: .random(in: 0...255, using: &rng))
            XCTAssertLessThan(Palette.ansiIndex(c, colors: 8), 8)
            XCTAssertLessThan(Palette.ansiIndex(c, colors: 16), 16)
        }
    }

    func testMonochromeGlyphsShowStructure() {
        let grey = RGB(r: 128, g: 128, b: 128)
        XCTAssertEqual(monochromeGlyph(top: .white, bottom: .white), "█")
        XCTAssertEqual(monochromeGlyph(top: .black, bottom: .black), " ")
        XCTAssertEqual(monochromeGlyph(top: .white, bottom: .black), "▀")
        XCTAssertEqual(monochromeGlyph(top: .black, bottom: .white), "▄")
        XCTAssertEqual(monochromeGlyph(top: grey, bottom: grey), "▒")
        XCTAssertEqual(monochromeGlyph(top: .white, bottom: .white, lightOnDark: false), " ")
        XCTAssertEqual(monochromeGlyph(top: .black, bottom: .black, lightOnDark: false), "█")
        XCTAssertEqual(monochromeGlyph(top: .white, bottom: .black, lightOnDark: false), "▄")
        // Shades get darker monotonically.
        let glyphs: [Character] = [" ", "░", "▒", "▓", "█"]
        var last = 0
        for v in stride(from: 0, through: 255, by: 5) {
            let c = RGB(r: UInt8(v), g: UInt8(v), b: UInt8(v))
            let level = try! XCTUnwrap(glyphs.firstIndex(of: monochromeGlyph(top: c, bottom: c)))
            XCTAssertGreaterThanOrEqual(level, last)
            last = level
        }
        XCTAssertEqual(last, 4)
    }

    // MARK: Quantized pictures

    func testQuantizedPictureForEachDepth() {
        let blue = RGB(r: 0, g: 0, b: 255)
        let picture = HalfBlockPicture(cols: 2, rows: 1, cells: [
            HalfBlockCell(top: red, bottom: blue), HalfBlockCell(top: .white, bottom: .black),
        ])
        let t = picture.quantized(.truecolor)
        XCTAssertEqual(t.cells[0], QuantizedCell(glyph: "▀", foreground: .rgb(red), background: .rgb(blue)))
        let p256 = picture.quantized(.palette256)
        XCTAssertEqual(p256[0, 0], QuantizedCell(glyph: "▀", foreground: .indexed(196), background: .indexed(21)))
        XCTAssertEqual(p256[1, 0], QuantizedCell(glyph: "▀", foreground: .indexed(231), background: .indexed(16)))
        XCTAssertEqual(picture.quantized(.palette16)[0, 0].foreground, .indexed(9))
        XCTAssertEqual(picture.quantized(.palette8)[0, 0].foreground, .indexed(1))
        let mono = picture.quantized(.monochrome)
        XCTAssertEqual(mono[1, 0], QuantizedCell(glyph: "▀", foreground: .default, background: .default))
        XCTAssertEqual(mono.depth, .monochrome)
        XCTAssertEqual(mono.cols, 2)
        XCTAssertEqual(mono.rows, 1)
    }

    func testRealPreviewInMonochromeStillShowsText() throws {
        let placed = HalfBlockRaster.place(try PNGDecoder.decode(Fixtures.preview(0)), paneCols: 80, paneRows: 24)
        let mono = placed.picture.quantized(.monochrome)
        // A white slide is full blocks, except where the title is.
        XCTAssertEqual(mono[0, placed.frame.rows - 1].glyph, "█")
        let titleBand = (0..<3).flatMap { row in (20..<60).map { mono[$0, row].glyph } }
        XCTAssertTrue(titleBand.contains { $0 != "█" })
    }
}
