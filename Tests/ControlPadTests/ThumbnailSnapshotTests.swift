import Foundation
import PadTestSupport
import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import PadConfig
@testable import SlideModel
import SlideImages

/// The slide list with thumbnails, the overview grid and the search, as
/// text at 80×24, 120×40 and 200×60 (half-block pictures show as ▀).
final class ThumbnailSnapshotTests: XCTestCase {
    private static let sizes = [(80, 24), (120, 40), (200, 60)]

    /// A 40-slide show on slide 3: previews for all but slides 7 and 8
    /// (their rows wait), notes on most, none on every fifth.
    private func deckState() throws -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 40, current: 2)), now: .zero)
        let pngs = try (0..<5).map { try Fixtures.preview($0) }
        for i in 0..<40 where i != 6 && i != 7 {
            _ = state.reduce(.source(.preview(index: i, Preview(png: pngs[i % 5]))), now: .zero)
        }
        for i in 0..<40 where i % 5 != 4 {
            let topic = ["Welcome", "The sales chart", "Café and croissants", "Roadmap"][i % 4]
            _ = state.reduce(.source(.notes(index: i, "\(topic) \(i + 1)\nSay something about slide \(i + 1).")), now: .zero)
        }
        return state
    }

    private func render(_ state: inout PadState, _ w: Int, _ h: Int, pictures: PicturePipeline?) -> CellGrid {
        PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: w, height: h),
                 now: .milliseconds(201_000)).grid
    }

    func testTheListShowsThumbnailsInTallRows() throws {
        for (w, h) in Self.sizes {
            var state = try deckState()
            let pictures = PicturePipeline(depth: .palette256, cellAspect: 2)
            _ = state.reduce(.key(.tab), now: .zero)
            _ = render(&state, w, h, pictures: pictures)
            _ = state.reduce(.key(.down), now: .zero)
            let grid = render(&state, w, h, pictures: pictures)
            XCTAssertGreaterThan(state.viewport.listRowLines, 1, "\(w)×\(h): rows a few lines tall")
            assertSnapshot(grid, named: "thumbs-list-\(w)x\(h)")
        }
    }

    /// Thumbnails that touch read as one long strip (a white deck as one
    /// white bar): a row of 3 lines or more keeps its last line blank.
    func testNeighbouringThumbnailsNeverTouch() {
        for height in [24, 38, 60] {
            let geometry = ListGeometry(list: Rect(x: 0, y: 0, width: 44, height: height), slideCount: 40, cellAspect: 2)
            XCTAssertGreaterThanOrEqual(geometry.rowLines, 3, "list \(height) lines tall")
            for row in 0..<(geometry.rows - 1) {
                XCTAssertLessThan(geometry.thumbnail(row).maxY, geometry.row(row + 1).y, "list \(height) lines tall, row \(row)")
            }
        }
    }

    func testWithoutPicturesTheListIsAsBefore() throws {
        var state = try deckState()
        _ = state.reduce(.key(.tab), now: .zero)
        _ = render(&state, 80, 24, pictures: nil)
        XCTAssertEqual(state.viewport.listRowLines, 1)
        XCTAssertEqual(state.viewport.listRows, 21)
    }

    func testTheOverviewShowsEverySlidesPictureWithItsNumber() throws {
        for (w, h) in Self.sizes {
            var state = try deckState()
            let pictures = PicturePipeline(depth: .palette256, cellAspect: 2)
            _ = state.reduce(.key(.char("o")), now: .zero)
            _ = render(&state, w, h, pictures: pictures)
            _ = state.reduce(.key(.right), now: .zero)
            let grid = render(&state, w, h, pictures: pictures)
            XCTAssertTrue(grid.text.contains("▶ 3"), "\(w)×\(h): the current slide is marked")
            assertSnapshot(grid, named: "overview-\(w)x\(h)")
        }
    }

    func testASearchNarrowsTheListAndSaysWhatItHides() throws {
        var state = try deckState()
        let pictures = PicturePipeline(depth: .palette256, cellAspect: 2)
        _ = state.reduce(.key(.tab), now: .zero)
        for key: Key in [.char("/"), .char("C"), .char("A"), .char("F"), .char("E")] { _ = state.reduce(.key(key), now: .zero) }
        let grid = render(&state, 120, 40, pictures: pictures)
        XCTAssertTrue(grid.text.contains("/CAFE▏ 8 of 40 · 8 without notes hidden"), grid.text)
        XCTAssertTrue(grid.text.contains("Café and croissants 3"), grid.text)
        XCTAssertFalse(grid.text.contains("Welcome 1"), grid.text)
        assertSnapshot(grid, named: "thumbs-search-120x40")
    }
}
