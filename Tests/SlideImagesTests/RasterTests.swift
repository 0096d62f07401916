import XCTest
@testable import SlideImages

final class RasterTests: XCTestCase {
    let red = RGB(r: 255, g: 0, b: 0)
    let blue = RGB(r: 0, g: 0, b: 255)

    func testLeftRedRightBlueGivesExactlyThoseCells() {
        let image = RGBAImage(width: 64, height: 36) { x, _ in (x < 32 ? self.red : self.blue, 255) }
        let picture = HalfBlockRaster.render(image, cols: 16, rows: 9)
        XCTAssertEqual(picture.cols, 16)
        XCTAssertEqual(picture.rows, 9)
        for row in 0..<9 {
            for col in 0..<16 {
                let expected = col < 8 ? red : blue
                XCTAssertEqual(picture[col, row], HalfBlockCell(top: expected, bottom: expected), "cell \(col),\(row)")
            }
        }
    }

    func testTopAndBottomHalvesOfACellAreSeparatePixels() {
        // Alternating rows of red and blue, one image row per half cell.
        let image = RGBAImage(width: 4, height: 6) { _, y in (y % 2 == 0 ? self.red : self.blue, 255) }
        let picture = HalfBlockRaster.render(image, cols: 4, rows: 3)
        XCTAssertTrue(picture.cells.allSatisfy { $0 == HalfBlockCell(top: red, bottom: blue) })
    }

    func testOnePixelWhiteLineSurvivesDownscaleAsALighterRow() {
        // 320×240 black with one white row at y = 101; scaled to 80 × (2·12).
        let image = RGBAImage(width: 320, height: 240) { _, y in (y == 101 ? .white : .black, 255) }
        let pixels = AreaScaler.scale(image, toWidth: 80, height: 24)
        let lineRow = 101 * 24 / 240  // = 10
        for y in 0..<24 {
            for x in 0..<80 {
                let v = pixels[y * 80 + x]
                if y == lineRow {
                    // Covers 1/10 of the area in linear light → sRGB ≈ 89.
                    XCTAssertGreaterThan(v.g, 60, "row \(y)")
                    XCTAssertEqual(v.r, v.g); XCTAssertEqual(v.b, v.g)
                } else {
                    XCTAssertEqual(v, .black, "row \(y)")
                }
            }
        }
        // The same through the half-block raster: the line lands in one half.
        let picture = HalfBlockRaster.render(image, cols: 80, rows: 12)
        XCTAssertGreaterThan(picture[40, 5].top.g, 60)
        XCTAssertEqual(picture[40, 5].bottom, .black)
    }

    func testOnePixelVerticalLineSurvivesToo() {
        let image = RGBAImage(width: 320, height: 240) { x, _ in (x == 7 ? .white : .black, 255) }
        let pixels = AreaScaler.scale(image, toWidth: 80, height: 46)
        XCTAssertGreaterThan(pixels[1].g, 100)  // 1/4 coverage
        XCTAssertEqual(pixels[0], .black)
        XCTAssertEqual(pixels[2], .black)
    }

    func testAveragingIsInLinearLight() {
        // Half black, half white averages to linear 0.5, which is sRGB 188.
        let image = RGBAImage(width: 2, height: 1) { x, _ in (x == 0 ? .black : .white, 255) }
        let pixels = AreaScaler.scale(image, toWidth: 1, height: 1)
        XCTAssertEqual(Int(pixels[0].g), 188, accuracy: 1)
    }

    func testUpscaleOfTwoByTwoKeepsEachQuadrant() {
        let colors = [red, RGB(r: 0, g: 255, b: 0), blue, .white]
        let image = RGBAImage(width: 2, height: 2) { x, y in (colors[y * 2 + x], 255) }
        let picture = HalfBlockRaster.render(image, cols: 8, rows: 4)  // 8 × 8 pixels
        for row in 0..<4 {
            for col in 0..<8 {
                let expected = colors[(row < 2 ? 0 : 2) + (col < 4 ? 0 : 1)]
                XCTAssertEqual(picture[col, row], HalfBlockCell(top: expected, bottom: expected))
            }
        }
        // An odd size blends only across the middle.
        let odd = HalfBlockRaster.render(image, cols: 3, rows: 2)
        XCTAssertEqual(odd[0, 0].top, red)
        XCTAssertEqual(odd[2, 0].top, colors[1])
        XCTAssertEqual(odd[0, 1].bottom, blue)
        XCTAssertEqual(odd[2, 1].bottom, .white)
    }

    func testSinglePixelIntoLargePane() {
        let image = RGBAImage(width: 1, height: 1, filledWith: RGB(r: 10, g: 200, b: 30))
        let picture = HalfBlockRaster.render(image, cols: 200, rows: 60)
        XCTAssertEqual(picture.cells.count, 200 * 60)
        XCTAssertTrue(picture.cells.allSatisfy { $0.top == RGB(r: 10, g: 200, b: 30) && $0.bottom == $0.top })
    }

    func testSolidColoursSurviveExactly() {
        // Every 8-bit level round-trips through linear light unchanged.
        for v in 0...255 {
            let c = RGB(r: UInt8(v), g: UInt8(255 - v), b: UInt8(v / 2))
            let pixels = AreaScaler.scale(RGBAImage(width: 5, height: 3, filledWith: c), toWidth: 2, height: 2)
            XCTAssertEqual(pixels, [RGB](repeating: c, count: 4))
        }
    }

    func testAlphaIsCompositedOverTheBackground() {
        let clear = RGBAImage(width: 4, height: 4, filledWith: red, alpha: 0)
        XCTAssertTrue(AreaScaler.scale(clear, toWidth: 2, height: 2).allSatisfy { $0 == .black })
        XCTAssertTrue(AreaScaler.scale(clear, toWidth: 2, height: 2, background: blue).allSatisfy { $0 == blue })
        // Half-transparent white on black: linear 0.5, sRGB ≈ 188.
        let half = RGBAImage(width: 1, height: 1, filledWith: .white, alpha: 128)
        XCTAssertEqual(Int(AreaScaler.scale(half, toWidth: 1, height: 1)[0].r), 188, accuracy: 2)
        // A transparent pixel's hidden colour does not bleed into its neighbour.
        let mixed = RGBAImage(width: 2, height: 1) { x, _ in x == 0 ? (self.blue, 255) : (self.red, 0) }
        let out = AreaScaler.scale(mixed, toWidth: 1, height: 1)[0]
        XCTAssertEqual(out.r, 0)
        XCTAssertGreaterThan(out.b, 150)
    }

    func testEmptyTargets() {
        let image = RGBAImage(width: 4, height: 4, filledWith: red)
        XCTAssertEqual(HalfBlockRaster.render(image, cols: 0, rows: 5).cells, [])
        XCTAssertEqual(HalfBlockRaster.render(image, cols: 5, rows: 0).cells, [])
        XCTAssertEqual(AreaScaler.scale(image, toWidth: -1, height: 3), [])
    }

    func testPlaceRealPreviewIn80x24() throws {
        let picture = try PNGDecoder.decode(Fixtures.preview(0))
        let placed = HalfBlockRaster.place(picture, paneCols: 80, paneRows: 24)
        XCTAssertEqual(placed.frame.cols, 80)
        XCTAssertEqual(placed.picture.cols, placed.frame.cols)
        XCTAssertEqual(placed.picture.rows, placed.frame.rows)
        // White slide: a corner cell is white; the title band has darker cells.
        XCTAssertEqual(placed.picture[0, placed.frame.rows - 1], HalfBlockCell(top: .white, bottom: .white))
        let titleBand = (0..<3).flatMap { row in (20..<60).map { placed.picture[$0, row] } }
        XCTAssertTrue(titleBand.contains { $0.top.g < 200 || $0.bottom.g < 200 })
    }

    func testAxisWeightsCoverEverySourcePixelExactlyOnce() {
        for (s, d) in [(320, 80), (240, 46), (7, 3), (2, 9), (5, 5), (1, 4), (4, 1)] {
            let w = AxisWeights(source: s, destination: d)
            var coverage = [Float](repeating: 0, count: s)
            for dst in 0..<d {
                var sum: Float = 0
                for k in 0..<w.count[dst] {
                    coverage[w.first[dst] + k] += w.weight[w.offset[dst] + k] * Float(s) / Float(d)
                    sum += w.weight[w.offset[dst] + k]
                }
                XCTAssertEqual(sum, 1, accuracy: 1e-5)
            }
            for c in coverage { XCTAssertEqual(c, 1, accuracy: 1e-5, "\(s)->\(d)") }
        }
    }
}
