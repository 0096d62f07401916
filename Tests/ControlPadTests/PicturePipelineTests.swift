import Foundation
import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import PadConfig
import PadTestSupport
import PadRuntime
@testable import SlideModel
import SlideImages
import DemoSource

/// The one picture pipeline: each preview decoded once, a covered picture
/// rendered once (as half-blocks, around the overlay), kitty images per
/// slide so a scrolled list only moves placements, a large sixel encoded
/// off the key → screen path, the terminal's rejections as input.
final class PicturePipelineTests: XCTestCase {
    /// A show of `count` slides of the demo deck (its pictures repeat), on slide `current`.
    func deck(_ count: Int = 40, current: Int = 1, animate: Bool = false) throws -> PadState {
        try LoadedShow.demo(slides: count, current: current, animate: animate, notes: false)
    }
    func frame(_ state: inout PadState, _ pictures: PicturePipeline, width: Int = 200, height: Int = 60, now: Duration = .zero) -> CellGrid {
        PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: width, height: height), now: now).grid
    }

    /// What kitty is sent for a frame.
    func kittyBytes(_ kitty: KittyPictures, _ grid: CellGrid, full: Bool = false) -> String {
        _ = kitty.prepare(grid.pictures, fullRepaint: full)
        return String(decoding: kitty.bytes(grid.pictures, screenHeight: grid.height) { _ in full }, as: UTF8.self)
    }

    func testScrollingTheListWithKittyOnlyMovesPlacementsForSlidesSent() throws {
        var state = try deck(40, current: 0)
        let kitty = KittyPictures(), pictures = PicturePipeline(depth: .palette256, real: kitty)
        _ = state.reduce(.key(.tab), now: .zero)
        let opened = frame(&state, pictures)
        XCTAssertGreaterThan(opened.pictures.count, 10, "the list's thumbnails are real pictures")
        _ = kittyBytes(kitty, opened, full: true)
        let top = state.viewState(.slideList).scroll
        var down = ""
        while state.viewState(.slideList).scroll == top {
            _ = state.reduce(.key(.down), now: .zero)
            down = kittyBytes(kitty, frame(&state, pictures))
        }
        XCTAssertEqual(down.components(separatedBy: "a=t,").count - 1, 1, "only the row scrolled into view is sent")
        XCTAssertTrue(down.contains("a=p,"), "the others' placements move")
        while state.viewState(.slideList).scroll != top {
            _ = state.reduce(.key(.up), now: .zero)
            let up = kittyBytes(kitty, frame(&state, pictures))
            XCTAssertFalse(up.contains("a=t,"), "slides already sent: placements only")
            XCTAssertFalse(up.contains("d=I"), "no image is freed: the list fits in `PictureLimits.kittyImages`")
            XCTAssertLessThan(up.utf8.count, 80 * opened.pictures.count, "a few dozen bytes a thumbnail")
        }
        XCTAssertEqual(kittyBytes(kitty, frame(&state, pictures)), "", "an unchanged list writes nothing")
    }

    func testAKittyImageBelongsToItsSlideNotToItsPlace() {
        let kitty = KittyPictures()
        func placed(_ slide: Int, _ content: UInt64, _ x: Int) -> PicturePlacement {
            PicturePlacement(slide: slide, content: content, rect: Rect(x: x, y: 1, width: 10, height: 5), aspect: 2, png: [1, 2])
        }
        let first = String(decoding: kitty.bytes([placed(4, 7, 0), placed(4, 7, 20)], screenHeight: 30) { _ in false }, as: UTF8.self)
        XCTAssertEqual(first.components(separatedBy: "a=t,").count - 1, 1, "one image for the slide")
        XCTAssertTrue(first.contains("a=p,i=1004,p=1,"))
        XCTAssertTrue(first.contains("a=p,i=1004,p=2,"), "shown twice: two placements of it")
        let moved = String(decoding: kitty.bytes([placed(4, 7, 40)], screenHeight: 30) { _ in false }, as: UTF8.self)
        XCTAssertTrue(moved.contains("a=d,d=i,i=1004,p=2,"))
        XCTAssertTrue(moved.contains("a=p,i=1004,p=1,"))
        XCTAssertFalse(moved.contains("a=t,"))
        let edited = String(decoding: kitty.bytes([placed(4, 8, 40)], screenHeight: 30) { _ in false }, as: UTF8.self)
        XCTAssertTrue(edited.contains("a=d,d=I,i=1004,"), "a new preview of the slide replaces its image")
        XCTAssertTrue(edited.contains("a=t,f=100,t=d,i=1004,"), "under the same id")
    }

    func testACoveredPaneIsRenderedOnceAsHalfBlocksAroundTheOverlay() throws {
        var state = try deck(12)
        let pictures = PicturePipeline(depth: .palette256, real: KittyPictures())
        let plain = frame(&state, pictures, width: 140, height: 42)
        XCTAssertEqual(plain.pictures.count, 2)
        XCTAssertEqual(pictures.renders, 0, "nothing drawn as half-blocks")
        _ = state.reduce(.key(.char("?")), now: .zero)
        let help = frame(&state, pictures, width: 140, height: 42)
        XCTAssertTrue(help.text.contains("Keys"), help.text)
        let covered = 2 - help.pictures.count
        XCTAssertGreaterThan(covered, 0, "the help covers a pane")
        XCTAssertEqual(pictures.renders, covered, "each covered pane rendered once, as half-blocks")
        XCTAssertEqual(pictures.images.decodes, 2, "each preview decoded once, for both ways of showing it")
        XCTAssertTrue(help.pictureRequests.isEmpty, "every request rendered")
    }

    func testAListSlidingInShowsHalfBlocksCutAtItsEdgeThenRealPictures() throws {
        var state = try deck(40, animate: true)
        let pictures = PicturePipeline(depth: .palette256, real: KittyPictures())
        _ = state.reduce(.key(.tab), now: .zero)
        let shown = PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: 200, height: 60), now: .milliseconds(60))
        let (layout, moving) = (shown.layout, shown.grid)
        XCTAssertTrue(state.isAnimating(at: .milliseconds(60)), "the list is still sliding in")
        XCTAssertTrue(moving.pictures.allSatisfy { !$0.rect.intersects(layout.list) }, "no real picture in a moving list")
        let listCells = (0..<moving.height).flatMap { y in (layout.list.x..<moving.width).map { moving[$0, y] } }
        XCTAssertTrue(listCells.contains { $0.isHalfBlockPicture }, "its thumbnails are half-blocks, kept from the scratch panel")
        let still = frame(&state, pictures, now: .milliseconds(10_000))
        XCTAssertGreaterThan(still.pictures.filter { $0.rect.intersects(layout.list) }.count, 10, "in place: real pictures")
    }

    func testALargeSixelIsEncodedOffTheKeyToScreenPath() throws {
        final class Jobs: @unchecked Sendable {
            var queued: [@Sendable () -> Void] = []
            let lock = NSLock()
            var woken = 0
        }
        let jobs = Jobs()
        let sixel = SixelPictures(encodeLater: { jobs.queued.append($0) }, wake: { jobs.lock.withLock { jobs.woken += 1 } }) { (10, 20) }
        let pictures = PicturePipeline(depth: .palette256, real: sixel)
        var state = try deck(12)
        let first = frame(&state, pictures, width: 140, height: 42)
        XCTAssertEqual(first.pictures.count, 0, "not encoded yet")
        XCTAssertTrue(first.text.contains("▀"), "half-blocks stand in meanwhile")
        XCTAssertEqual(jobs.queued.count, 2, "both panes' encodes handed to another thread")
        XCTAssertEqual(frame(&state, pictures, width: 140, height: 42).pictures.count, 0)
        XCTAssertEqual(jobs.queued.count, 2, "asked once")
        jobs.queued.forEach { $0() }
        XCTAssertEqual(jobs.woken, 2, "the loop is woken for each")
        let ready = frame(&state, pictures, width: 140, height: 42)
        XCTAssertEqual(ready.pictures.count, 2)
        XCTAssertTrue(ready.pictures.allSatisfy { $0.encoded.starts(with: [0x1B, 0x50]) }, "sixel bytes ready to write")
        XCTAssertEqual(sixel.encodes, 2)
    }

    func testAThumbnailSizedSixelIsEncodedAtOnce() throws {
        let sixel = SixelPictures(encodeLater: { _ in XCTFail("a thumbnail needs no other thread") }) { (10, 20) }
        let pictures = PicturePipeline(depth: .palette256, real: sixel)
        var grid = CellGrid(width: 40, height: 20)
        XCTAssertNil(pictures.draw(try DemoDeck.builtIn().slides[0].preview, slide: 0, in: Rect(x: 0, y: 0, width: 12, height: 4),
                                   grid: &grid))
        XCTAssertEqual(grid.pictures.count, 1)
    }

    func testThumbnailsPreparedWhileThePadIdlesCostTheOpeningNothing() throws {
        var state = try deck(40, current: 5)
        let pictures = PicturePipeline(depth: .palette256, ahead: PictureAhead(run: { $0() }))
        let shown = PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: 200, height: 60), now: .zero)
        let wants = pictures.aheadWants(state, layout: shown.layout)
        XCTAssertGreaterThan(wants.count, 20, "a screen of rows before the current slide and two after, and the overview's")
        XCTAssertTrue(pictures.aheadWants(state, layout: shown.layout).isEmpty, "asked once")
        pictures.prepareAhead(wants)
        let (renders, decodes) = (pictures.renders, pictures.images.decodes)
        _ = state.reduce(.key(.tab), now: .zero)
        let list = frame(&state, pictures)
        XCTAssertTrue(list.text.contains("Slides"))
        XCTAssertEqual(pictures.renders, renders, "every thumbnail in view was prepared")
        XCTAssertEqual(pictures.images.decodes, decodes, "and no PNG is decoded on the key → screen path")
        _ = state.reduce(.key(.escape), now: .zero)
        _ = state.reduce(.key(.char("o")), now: .zero)
        _ = frame(&state, pictures)
        XCTAssertEqual(pictures.images.decodes, decodes, "nor for the overview")
    }

    func testATerminalsRejectionArrivesAsInputAndTheLoopDrawsHalfBlocks() throws {
        let terminal = try TestTerminal(width: 140, height: 42)
        let pictures = PicturePipeline(depth: .palette256, real: KittyPictures())
        let loop = try RunningPad(PadLoop(terminal: terminal, source: PadLoopTests.ScriptedSource(), state: try deck(12),
                                          clocks: Clocks(monotonic: { .milliseconds(5_000) }, wallClock: { "14:05" },
                                                         untilNextMinute: { .milliseconds(60_000) }),
                                          pictures: pictures), terminal: terminal)
        let before = try XCTUnwrap(terminal.frames.last)
        XCTAssertEqual(before.pictures.count, 2)
        XCTAssertTrue(loop.type([.pictureRejected(content: before.pictures[0].content, message: "EBADPNG:Failed to decode")]))
        XCTAssertFalse(loop.ended)
        let after = try XCTUnwrap(terminal.frames.last)
        XCTAssertEqual(after.pictures.map(\.slide), [before.pictures[1].slide], "the rejected picture is no longer placed")
        XCTAssertTrue(after.text.contains("▀"), "it is drawn as half-blocks")
        loop.finish()
    }
}
