import Foundation
import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import PadConfig
import PadTestSupport
@testable import SlideModel
import SlideImages
import DemoSource

/// The pad's pictures: real LibreOffice previews drawn as half-block cells at
/// their true aspect, bad pictures as a placeholder that says so, and a cache
/// that makes a slide step render only what is new.
final class SlidePicturesTests: XCTestCase {
    /// The cells of `grid` inside `rect` that hold a picture (a ▀ with colours).
    private func pictureBounds(_ grid: CellGrid, in rect: Rect) -> (minX: Int, maxX: Int, minY: Int, maxY: Int, count: Int)? {
        var b: (minX: Int, maxX: Int, minY: Int, maxY: Int, count: Int)?
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where grid[x, y].text == "▀" {
                b = (min(b?.minX ?? x, x), max(b?.maxX ?? x, x), min(b?.minY ?? y, y), max(b?.maxY ?? y, y), (b?.count ?? 0) + 1)
            }
        }
        return b
    }

    func testARealPreviewIsDrawnAt16By9CentredInColour() throws {
        for n in 0..<5 {
            let pictures = PicturePipeline(depth: .palette256)
            var grid = CellGrid(width: 82, height: 26)
            let pane = Rect(x: 1, y: 1, width: 80, height: 24)
            XCTAssertNil(pictures.draw(Preview(png: try Fixtures.preview(n)), slide: n, in: pane, grid: &grid))
            let b = try XCTUnwrap(pictureBounds(grid, in: pane), "preview-\(n): no picture cells")
            let cols = b.maxX - b.minX + 1, rows = b.maxY - b.minY + 1
            XCTAssertEqual(b.count, cols * rows, "preview-\(n): the picture is one solid block of ▀ cells")
            // Each cell is two square pixels tall: aspect = cols / (rows × 2).
            XCTAssertEqual(Double(cols) / Double(rows * 2), 16.0 / 9.0, accuracy: 0.1, "preview-\(n): \(cols)×\(rows) cells")
            XCTAssertEqual(cols, 80, "a 16:9 slide is as wide as an 80×24 pane")
            let top = b.minY - pane.y, bottom = pane.maxY - 1 - b.maxY
            XCTAssertLessThanOrEqual(abs(top - bottom), 1, "centred vertically: \(top) above, \(bottom) below")
            XCTAssertEqual(b.minX, pane.x)
            // Nothing outside the pane was touched.
            for x in 0..<grid.width { XCTAssertEqual(grid[x, 0], .blank); XCTAssertEqual(grid[x, 25], .blank) }
            // Colours: every picture cell carries both, and there are many.
            var colours = Set<CellColor>()
            for y in b.minY...b.maxY {
                for x in b.minX...b.maxX {
                    let style = grid[x, y].style
                    let fg = try XCTUnwrap(style.foreground), bg = try XCTUnwrap(style.background)
                    colours.insert(fg)
                    colours.insert(bg)
                    if case .indexed(let i) = fg { XCTAssert((0..<256).contains(i)) } else { XCTFail("256-colour cells are indexed: \(fg)") }
                }
            }
            XCTAssertGreaterThan(colours.count, 8, "preview-\(n): a real slide has many colours")
        }
    }

    func testATallPaneCentresTheSlideHorizontallyToo() throws {
        let pictures = PicturePipeline(depth: .truecolor)
        var grid = CellGrid(width: 80, height: 24)
        let pane = Rect(x: 0, y: 0, width: 80, height: 12)  // 80×24 px: wider than 16:9
        XCTAssertNil(pictures.draw(Preview(png: try Fixtures.preview(1)), slide: 1, in: pane, grid: &grid))
        let b = try XCTUnwrap(pictureBounds(grid, in: pane))
        let cols = b.maxX - b.minX + 1, rows = b.maxY - b.minY + 1
        XCTAssertEqual(rows, 12)
        XCTAssertEqual(Double(cols) / Double(rows * 2), 16.0 / 9.0, accuracy: 0.1)
        XCTAssertLessThanOrEqual(abs(b.minX - (pane.maxX - 1 - b.maxX)), 1, "centred horizontally")
        guard case .rgb = grid[b.minX, b.minY].style.foreground else { return XCTFail("truecolor cells carry RGB") }
    }

    func testMonochromeStillHasStructure() throws {
        let pictures = PicturePipeline(depth: .monochrome)
        var grid = CellGrid(width: 80, height: 24)
        XCTAssertNil(pictures.draw(Preview(png: try Fixtures.preview(2)), slide: 2, in: grid.bounds, grid: &grid))
        let glyphs = Set(grid.text.filter { !$0.isWhitespace && $0 != "\n" })
        XCTAssertGreaterThanOrEqual(glyphs.count, 2, "shades and half blocks, not one flat glyph: \(glyphs)")
    }

    /// TERM=xterm or TERM=linux: a white slide and its grey text are both
    /// colour 7 in eight colours, a flat box. The pad dithers instead, as
    /// for NO_COLOR, and the slide's text is there to see.
    func testAnEightColourTerminalShowsTheSlideNotAFlatBox() throws {
        for term in ["xterm", "linux"] {
            let depth = ColorSetup(environment: ["TERM": term], choice: .auto).depth(terminalName: term, colors: 8, direct: false)
            let pictures = PicturePipeline(depth: depth)
            var grid = CellGrid(width: 80, height: 24)
            XCTAssertNil(pictures.draw(Preview(png: try Fixtures.preview(2)), slide: 2, in: grid.bounds, grid: &grid))
            var looks = Set<String>()
            for y in 0..<grid.height {
                for x in 0..<grid.width { looks.insert("\(grid[x, y].text)\(String(describing: grid[x, y].style))") }
            }
            XCTAssertGreaterThanOrEqual(looks.count, 3, "\(term): the slide has structure, not one flat look: \(looks.count)")
        }
    }

    // MARK: - Bad pictures

    private static func badPictures(good: [UInt8]) -> [(String, [UInt8])] {
        var rng = SystemRandomNumberGenerator()
        var huge = good
        // IHDR's width and height sit right after the signature and chunk header.
        for (offset, value) in [(16, UInt32(100_000)), (20, UInt32(100_000))] {
            withUnsafeBytes(of: value.bigEndian) { huge.replaceSubrange(offset..<offset + 4, with: $0) }
        }
        var zero = good
        zero.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        return [
            ("truncated", Array(good.prefix(good.count / 2))),
            ("random bytes", (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }),
            ("100000×100000 header", huge),
            ("zero size", zero),
            ("empty", []),
        ]
    }

    func testABadPictureShowsAPlaceholderThatSaysSo() throws {
        let good = try Fixtures.preview(0)
        for (what, png) in Self.badPictures(good: good) {
            for (w, h) in [(120, 40), (80, 24)] {
                var state = PadState(animate: false)
                _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
                _ = state.reduce(.source(.showStarted(slideCount: 3, current: 0)), now: .zero)
                _ = state.reduce(.source(.preview(index: 0, Preview(png: png))), now: .zero)
                _ = state.reduce(.source(.preview(index: 1, Preview(png: good))), now: .zero)
                let pictures = PicturePipeline(depth: .palette256)
                let view = PadView(clock: "14:05", pictures: pictures)
                let grid = PadFrame(&state, view: view, size: TerminalSize(width: w, height: h), now: .zero).grid
                let text = grid.text
                XCTAssertTrue(text.contains("picture could not be read"), "\(what) at \(w)×\(h):\n\(text)")
                XCTAssertTrue(text.contains("Slide 1"), "\(what): the placeholder names the slide")
                XCTAssertTrue(text.contains("▀"), "\(what): the next slide's good picture is still drawn")
            }
        }
    }

    func testBadPicturesNameTheProblem() throws {
        let good = try Fixtures.preview(0)
        let expected = ["truncated": "truncated", "random bytes": "not a PNG", "100000×100000 header": "too large",
                        "zero size": "zero", "empty": "no data"]
        for (what, png) in Self.badPictures(good: good) {
            var grid = CellGrid(width: 80, height: 24)
            let problem = PicturePipeline(depth: .palette256).draw(Preview(png: png), slide: 0, in: grid.bounds, grid: &grid)
            let reason = try XCTUnwrap(problem, "\(what) was drawn")
            XCTAssertTrue(reason.contains(expected[what]!), "\(what): \(reason)")
            XCTAssertEqual(grid, CellGrid(width: 80, height: 24), "\(what): nothing drawn")
        }
    }

    // MARK: - Cache

    private func render(_ state: inout PadState, _ pictures: PicturePipeline, width: Int = 160, height: Int = 50) -> CellGrid {
        PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: width, height: height), now: .zero).grid
    }

    func testDrawingTheSameSlideTwiceHitsTheCache() throws {
        let pictures = PicturePipeline(depth: .palette256)
        // One preview, as the load buffer keeps it: known by its identity, not its bytes.
        let preview = Preview(png: try Fixtures.preview(3))
        var first = CellGrid(width: 80, height: 24), second = CellGrid(width: 80, height: 24)
        XCTAssertNil(pictures.draw(preview, slide: 3, in: first.bounds, grid: &first))
        XCTAssertEqual(pictures.renders, 1)
        XCTAssertNil(pictures.draw(preview, slide: 3, in: second.bounds, grid: &second))
        XCTAssertEqual(pictures.renders, 1, "the second draw comes from the cache")
        XCTAssertEqual(first, second)
        // A new preview of the same slide (LibreOffice resends after an edit) is rendered afresh.
        XCTAssertNil(pictures.draw(Preview(png: try Fixtures.preview(4)), slide: 3, in: second.bounds, grid: &second))
        XCTAssertEqual(pictures.renders, 2)
        // So is another pane size.
        var small = CellGrid(width: 40, height: 12)
        XCTAssertNil(pictures.draw(preview, slide: 3, in: small.bounds, grid: &small))
        XCTAssertEqual(pictures.renders, 3)
        XCTAssertEqual(pictures.images.decodes, 2, "decoded once, rendered at each size")
        // A bad picture is remembered too: it is not decoded on every frame.
        let bad = Preview(png: [1, 2, 3])
        for _ in 0..<3 { XCTAssertNotNil(pictures.draw(bad, slide: 5, in: small.bounds, grid: &small)) }
        XCTAssertEqual(pictures.images.decodes, 3)
        XCTAssertEqual(pictures.renders, 3)
    }

    func testASlideStepRendersOnlyTheNewPictures() throws {
        var state = try LoadedShow.demo(current: 2, notes: false)
        let pictures = PicturePipeline(depth: .palette256)
        let before = render(&state, pictures)
        XCTAssertEqual(pictures.renders, 2, "current and next")
        XCTAssertTrue(before.text.contains("Current · 3/"), before.text)

        _ = render(&state, pictures)
        XCTAssertEqual(pictures.renders, 2, "an unchanged frame (clock tick) renders no picture")

        _ = state.reduce(.source(.slideChanged(index: 3)), now: .zero)
        let after = render(&state, pictures)
        XCTAssertTrue(after.text.contains("Current · 4/"))
        XCTAssertEqual(pictures.renders, 4, "a step renders only the two panes' new pictures, not the deck")

        // What the backend writes for the step: the cells that differ, not the screen.
        let written = after.changes(since: before).count
        XCTAssertGreaterThan(written, 0)
        XCTAssertLessThan(written, 160 * 50 / 2, "a step rewrites only what changed")
        XCTAssertEqual(after.changes(since: nil).count, 160 * 50, "a first frame writes every cell")

        _ = state.reduce(.source(.slideChanged(index: 2)), now: .zero)
        let back = render(&state, pictures)
        XCTAssertEqual(pictures.renders, 4, "stepping back: both pictures come from the cache")
        XCTAssertEqual(back, before, "and the screen is exactly as before")
        XCTAssertEqual(back.changes(since: before).count, 0)

        // Full screen renders the current slide once at its new size, and again never.
        _ = state.reduce(.key(.char("f")), now: .zero)
        XCTAssertTrue(state.isFullScreen)
        _ = render(&state, pictures)
        _ = render(&state, pictures)
        XCTAssertEqual(pictures.renders, 5)
        XCTAssertLessThanOrEqual(pictures.cachedCount, 5)
    }
}
