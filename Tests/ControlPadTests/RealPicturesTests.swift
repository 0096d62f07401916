import Foundation
import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import PadConfig
import PadTestSupport
@testable import SlideModel
import SlideImages

/// Real pictures in a frame and in the bytes the backend writes: placements
/// over blank cells, kitty images sent once and moved after, sixel written
/// only when it changed or was uncovered, overlays on top.
final class RealPicturesTests: XCTestCase {
    func frame(_ state: inout PadState, _ pictures: PicturePipeline, width: Int = 140, height: Int = 42) -> CellGrid {
        PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: width, height: height), now: .zero).grid
    }

    func placed(_ real: PictureProtocol = KittyPictures()) -> PicturePipeline { PicturePipeline(depth: .palette256, real: real) }
    /// Sixel encodes run at once, on the test's thread.
    func sixel(maxSize: (width: Int, height: Int)? = nil, maxBytes: Int? = nil, cell: (width: Int, height: Int) = (9, 20)) -> SixelPictures {
        SixelPictures(maxSize: maxSize, maxBytes: maxBytes, encodeLater: { $0() }) { cell }
    }

    func testPanesGetPlacementsOverBlankCellsAtTheTrueAspect() throws {
        var state = try LoadedShow.demo(current: 1, notes: false)
        let grid = frame(&state, placed())
        XCTAssertEqual(grid.pictures.map(\.slide), [1, 2], "current, then next")
        for p in grid.pictures {
            XCTAssertTrue(grid.isUncovered(p))
            XCTAssertEqual(Double(p.rect.width) / Double(p.rect.height * 2), p.aspect, accuracy: 0.15, "\(p.rect)")
            let under = (p.rect.y..<p.rect.maxY).flatMap { y in (p.rect.x..<p.rect.maxX).map { grid[$0, y].text } }
            XCTAssertFalse(under.contains("▀"), "no half-blocks under a real picture (the big timer's digits are elsewhere)")
        }
        let layout = PadLayout(width: 140, height: 42)
        XCTAssertTrue(layout.currentPictureArea.contains(x: grid.pictures[0].rect.x, y: grid.pictures[0].rect.y))
        XCTAssertTrue(layout.nextPictureArea.contains(x: grid.pictures[1].rect.maxX - 1, y: grid.pictures[1].rect.maxY - 1))
    }

    func testAnOverlayOverAPictureShowsWholeAndThePictureComesBack() throws {
        var state = try LoadedShow.demo(current: 1, notes: false)
        let pictures = placed()
        let before = frame(&state, pictures)
        _ = state.reduce(.key(.char("?")), now: .zero)
        let help = frame(&state, pictures)
        XCTAssertTrue(help.text.contains("Keys"), help.text)
        XCTAssertTrue(help.pictures.allSatisfy { help.isUncovered($0) }, "no picture is placed under the help")
        XCTAssertLessThan(help.pictures.count, 2, "the covered pane draws half-blocks")
        XCTAssertTrue(help.text.contains("▀"), "around the popover the slide is still seen")
        _ = state.reduce(.key(.escape), now: .zero)
        let after = frame(&state, pictures)
        XCTAssertEqual(after, before, "the same cells and the same placements as before the help")
        XCTAssertEqual(after.pictures, before.pictures)
    }

    func testABadOrRejectedPictureIsNeverPlaced() throws {
        var state = try LoadedShow.demo(current: 1, notes: false)
        _ = state.reduce(.source(.preview(index: 1, Preview(png: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]))), now: .zero)
        let pictures = placed()
        let grid = frame(&state, pictures)
        XCTAssertEqual(grid.pictures.map(\.slide), [2], "only the good one")
        XCTAssertTrue(grid.text.contains("Slide 2"), grid.text)
        let next = grid.pictures[0]
        pictures.reject(next.content)
        let after = frame(&state, pictures)
        XCTAssertEqual(after.pictures, [], "a rejected picture becomes half-blocks")
        XCTAssertTrue(after.text.contains("▀"))
    }

    func testKittySendsEachPictureOnceAndAStepMovesPlacements() throws {
        var state = try LoadedShow.demo(current: 1, notes: false)
        let kitty = KittyPictures(), pictures = placed(kitty)
        func write(_ grid: CellGrid) -> String {
            _ = kitty.prepare(grid.pictures, fullRepaint: false)
            return String(decoding: kitty.bytes(grid.pictures, screenHeight: grid.height) { _ in false }, as: UTF8.self)
        }
        let first = write(frame(&state, pictures))
        XCTAssertEqual(first.components(separatedBy: "a=t,f=100").count - 1, 2, "both pictures sent")
        XCTAssertEqual(write(frame(&state, pictures)), "", "a clock tick writes nothing")
        _ = state.reduce(.source(.slideChanged(index: 2)), now: .zero)
        let step = write(frame(&state, pictures))
        XCTAssertEqual(step.components(separatedBy: "a=t,").count - 1, 1, "only the new next slide is sent")
        _ = state.reduce(.source(.slideChanged(index: 1)), now: .zero)
        let back = write(frame(&state, pictures))
        XCTAssertFalse(back.contains("a=t,"), "a revisited slide sends no picture")
        XCTAssertLessThan(back.utf8.count, 400, "placements only: \(back.utf8.count) bytes")
        XCTAssertTrue(back.contains("a=p,"))
        XCTAssertTrue(kitty.freeAll().count > 0)
    }

    func testA1000SlideWalkKeepsFewImagesInTheTerminal() {
        let kitty = KittyPictures(keep: 16)
        var live = Set<String>()
        for slide in 0..<1000 {
            let p = PicturePlacement(slide: slide, content: UInt64(slide) * 7919, rect: Rect(x: 1, y: 1, width: 40, height: 15),
                                     aspect: 4.0 / 3, png: [1, 2, 3])
            let out = String(decoding: kitty.bytes([p], screenHeight: 42) { _ in false }, as: UTF8.self)
            for sent in out.matches(of: /a=t,f=100,t=d,i=(\d+)/) { live.insert(String(sent.1)) }
            for freed in out.matches(of: /a=d,d=I,i=(\d+)/) { live.remove(String(freed.1)) }
        }
        XCTAssertLessThanOrEqual(live.count, 16, "images freed as the deck goes by")
    }

    func testAKittyErrorNamesThePictureItRejects() {
        let kitty = KittyPictures()
        let p = PicturePlacement(slide: 4, content: 99, rect: Rect(x: 0, y: 0, width: 10, height: 5), aspect: 2, png: [1])
        _ = kitty.bytes([p], screenHeight: 42) { _ in false }
        let id = KittyPictures.imageID(slide: 4)
        XCTAssertNil(kitty.take(.kitty(id: id, message: "OK")))
        XCTAssertEqual(kitty.take(.kitty(id: id, message: "EBADPNG:Failed to decode"))?.content, 99)
        let again = String(decoding: kitty.bytes([p], screenHeight: 42) { _ in false }, as: UTF8.self)
        XCTAssertTrue(again.contains("a=t,"), "a picture the terminal dropped is not assumed to be there")
    }

    func testSixelIsWrittenOnlyWhenItChangedOrWasPaintedOver() throws {
        var state = try LoadedShow.demo(current: 1, notes: false)
        let sixel = sixel(), pictures = placed(sixel)
        var covered = false
        func write(_ grid: CellGrid) -> (gone: [Rect], bytes: Int) {
            let gone = sixel.prepare(grid.pictures, fullRepaint: false)
            return (gone, sixel.bytes(grid.pictures, screenHeight: grid.height) { _ in covered }.count)
        }
        let first = write(frame(&state, pictures))
        XCTAssertGreaterThan(first.bytes, 5000)
        XCTAssertEqual(sixel.encodes, 2)
        XCTAssertEqual(write(frame(&state, pictures)).bytes, 0, "a clock tick writes no sixel")
        covered = true
        XCTAssertGreaterThan(write(frame(&state, pictures)).bytes, 5000, "cells written over it: drawn again, from the cache")
        XCTAssertEqual(sixel.encodes, 2)
        covered = false
        _ = state.reduce(.key(.char("f")), now: .zero)
        let full = write(frame(&state, pictures))
        XCTAssertEqual(full.gone.count, 2, "both old places are repainted by curses")
        XCTAssertGreaterThan(full.bytes, 5000)
    }
}

extension RealPicturesTests {
    /// kitty keeps no image across a resize of its window (0.26, under
    /// Xvfb): a placement alone would leave the panes empty.
    func testAResizeSendsEveryKittyPictureAgain() throws {
        var state = try LoadedShow.demo(current: 1, notes: false)
        let kitty = KittyPictures(), pictures = placed(kitty)
        let before = frame(&state, pictures)
        _ = kitty.prepare(before.pictures, fullRepaint: true)
        XCTAssertFalse(String(decoding: kitty.bytes(before.pictures, screenHeight: 42) { _ in true }, as: UTF8.self).contains("a=d,d=A"))
        let after = frame(&state, pictures, width: 120, height: 40)
        _ = kitty.prepare(after.pictures, fullRepaint: true)
        let out = String(decoding: kitty.bytes(after.pictures, screenHeight: 40) { _ in true }, as: UTF8.self)
        XCTAssertTrue(out.hasPrefix("\u{1B}7\u{1B}_Ga=d,d=A,q=2"), "old images go first")
        XCTAssertEqual(out.components(separatedBy: "a=t,").count - 1, 2, "both sent again")
        XCTAssertEqual(out.components(separatedBy: "a=p,").count - 1, 2, "both placed again")
    }
}

extension RealPicturesTests {
    /// xterm drops a sixel picture larger than its maximum (1000×1000 by
    /// default, 1000×630 seen here): full screen must fit inside it.
    func testSixelStaysWithinTheTerminalsLargestPicture() throws {
        var state = try LoadedShow.demo(current: 1, notes: false)
        _ = state.reduce(.key(.char("f")), now: .zero)
        let sixel = sixel(maxSize: (1000, 630), cell: (8, 15))
        let grid = frame(&state, placed(sixel))
        let bytes = sixel.bytes(grid.pictures, screenHeight: grid.height) { _ in false }
        let raster = try XCTUnwrap(String(decoding: bytes, as: UTF8.self).firstMatch(of: /"1;1;(\d+);(\d+)/))
        XCTAssertLessThanOrEqual(Int(raster.1)!, 1000)
        XCTAssertLessThanOrEqual(Int(raster.2)!, 630)
        XCTAssertGreaterThan(Int(raster.1)!, 700, "as large as allowed")
    }

    /// tmux drops a sixel sequence longer than 1 MiB whole: a picture longer
    /// than the limit is drawn in half-blocks, never left an empty pane.
    func testASixelLongerThanTmuxTakesIsDrawnInHalfBlocks() throws {
        var state = try LoadedShow.demo(current: 1, notes: false)
        let grid = frame(&state, placed(sixel(maxBytes: 100)))
        XCTAssertEqual(grid.pictures.count, 0, "no sixel placed")
        let cells = (0..<grid.height).flatMap { y in (0..<grid.width).map { grid[$0, y].text } }
        XCTAssertTrue(cells.contains("▀") || cells.contains("▄"), "the slides are half-blocks")
        XCTAssertEqual(frame(&state, placed(sixel(maxBytes: PictureLimits.tmuxSixelBytes))).pictures.count, 2, "within the limit: sixel")
    }

    /// Inside tmux every sixel is encoded at once: a half-block stand-in
    /// written over the old picture made tmux drop it and redraw the whole
    /// pane (a step took 2.4 times as long as straight to xterm).
    func testEncodedAtOnceNoStandInIsDrawn() throws {
        var state = try LoadedShow.demo(current: 1, notes: false)
        var later = 0
        let atOnce = SixelPictures(inlinePixels: .max, encodeLater: { _ in later += 1 }) { (9, 20) }
        XCTAssertEqual(frame(&state, placed(atOnce)).pictures.count, 2, "both panes sixel in the first frame")
        XCTAssertEqual(later, 0, "nothing sent to another thread")
        let deferred = SixelPictures(encodeLater: { _ in later += 1 }) { (9, 20) }
        XCTAssertLessThan(frame(&state, placed(deferred)).pictures.count, 2, "a pane waits for its encode, half-blocks meanwhile")
        XCTAssertGreaterThan(later, 0)
    }
}
