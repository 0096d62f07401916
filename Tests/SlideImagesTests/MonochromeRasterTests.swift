import XCTest
@testable import SlideImages

/// Without colour, slides still tell apart: dithered quadrant blocks over
/// each picture's own range of lightness.
final class MonochromeRasterTests: XCTestCase {
    private func picture(_ n: Int, cols: Int = 70, rows: Int = 20) throws -> QuantizedPicture {
        try PanePicture.render(png: Fixtures.preview(n), paneCols: cols, paneRows: rows, depth: .monochrome).cells
    }

    private func text(_ p: QuantizedPicture) -> [String] {
        (0..<p.rows).map { row in String((0..<p.cols).map { p[$0, row].glyph }) }
    }

    /// Seen: with NO_COLOR a white slide was solid █ with a few ▓, and
    /// slides 1 and 2 looked the same.
    func testRealSlidesShowTheirTextAndTellApart() throws {
        let pictures = try (0..<5).map { try picture($0) }
        for (n, p) in pictures.enumerated() {
            let glyphs = Set(p.cells.map(\.glyph))
            XCTAssertGreaterThanOrEqual(glyphs.count, 6, "slide \(n + 1): quadrants, not one flat shade: \(glyphs.sorted())")
            let lines = text(p)
            XCTAssertGreaterThanOrEqual(Set(lines).count, 4, "slide \(n + 1): rows of text differ from rows of background")
            XCTAssertTrue(p.cells.allSatisfy { $0.foreground == .default && $0.background == .default }, "no colour at all")
        }
        for a in 0..<pictures.count {
            for b in (a + 1)..<pictures.count {
                let differing = zip(pictures[a].cells, pictures[b].cells).filter { $0.glyph != $1.glyph }.count
                XCTAssertGreaterThan(differing, pictures[a].cells.count / 20, "slides \(a + 1) and \(b + 1) tell apart")
            }
        }
    }

    /// Seen: with NO_COLOR the list's thumbnails were solid blocks (a
    /// thumbnail's few pixels average the text into a dip too small to
    /// stretch), while the panes dithered fine.
    func testThumbnailsShowTheirTextLikeThePanes() throws {
        for (cols, rows) in [(8, 2), (10, 3), (14, 4), (20, 6)] {
            for n in 0..<5 {
                let p = try picture(n, cols: cols, rows: rows)
                XCTAssertFalse(p.cells.allSatisfy { $0.glyph == "█" }, "slide \(n + 1) at \(cols)×\(rows): not a solid block: \(text(p))")
                XCTAssertGreaterThanOrEqual(Set(p.cells.map(\.glyph)).count, 3, "slide \(n + 1) at \(cols)×\(rows): \(text(p))")
            }
        }
    }

    func testTheFourPixelsOfACellPickItsQuadrants() {
        // 2×2 pixels, one cell: white top left and bottom right, black elsewhere.
        let w: [UInt8] = [255, 255, 255, 255], k: [UInt8] = [0, 0, 0, 255]
        let image = RGBAImage(width: 2, height: 2, pixels: w + k + k + w)
        XCTAssertEqual(MonochromeRaster.render(image, cols: 1, rows: 1).cells.map(\.glyph), ["▚"])
        XCTAssertEqual(MonochromeRaster.render(image, cols: 1, rows: 1, lightOnDark: false).cells.map(\.glyph), ["▞"])
        let white = RGBAImage(width: 4, height: 4, pixels: Array(repeating: 255, count: 64))
        XCTAssertEqual(Set(MonochromeRaster.render(white, cols: 2, rows: 2).cells.map(\.glyph)), ["█"], "a flat white picture is light")
        let black = RGBAImage(width: 4, height: 4, pixels: (0..<16).flatMap { _ in k })
        XCTAssertEqual(Set(MonochromeRaster.render(black, cols: 2, rows: 2).cells.map(\.glyph)), [" "], "a flat black one is dark")
    }

    func testAGreyRampIsDitheredMonotonically() {
        // 64 columns from black to white: ink grows from left to right.
        var pixels: [UInt8] = []
        for _ in 0..<8 { for x in 0..<64 { let v = UInt8(x * 255 / 63); pixels += [v, v, v, 255] } }
        let p = MonochromeRaster.render(RGBAImage(width: 64, height: 8, pixels: pixels), cols: 32, rows: 4)
        let ink = (0..<p.cols).map { col in
            (0..<p.rows).reduce(0) { sum, row in
                sum + MonochromeRaster.glyphs.firstIndex(of: p[col, row].glyph)!.nonzeroBitCount
            }
        }
        let halves = (ink[..<16].reduce(0, +), ink[16...].reduce(0, +))
        XCTAssertLessThan(halves.0, halves.1, "\(ink)")
        XCTAssertEqual(ink.first, 0)
        XCTAssertEqual(ink.last, 16)
    }
}
