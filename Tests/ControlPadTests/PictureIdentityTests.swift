import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
import PadTestSupport
@testable import SlideModel
import SlideImages
import DemoSource

/// A picture is known by the identity its preview was given as it arrived
/// (`Preview.id`), not by its bytes hashed every frame: an unchanged
/// picture is placed again and never sent again; a changed preview of the
/// same slide is a new picture, sent to kitty once.
final class PictureIdentityTests: XCTestCase {
    func frame(_ state: inout PadState, _ pictures: PicturePipeline, width: Int = 140, height: Int = 42) -> CellGrid {
        PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: width, height: height), now: .zero).grid
    }

    /// What kitty is sent for a frame.
    func kittyBytes(_ kitty: KittyPictures, _ grid: CellGrid, full: Bool = false) -> String {
        _ = kitty.prepare(grid.pictures, fullRepaint: full)
        return String(decoding: kitty.bytes(grid.pictures, screenHeight: grid.height) { _ in full }, as: UTF8.self)
    }

    func sends(_ bytes: String) -> Int { bytes.components(separatedBy: "a=t,").count - 1 }

    func testAPictureIsKnownByItsPreviewsIdentityFrameAfterFrame() throws {
        var state = try LoadedShow.demo(slides: 12, current: 1, notes: false)
        let pictures = PicturePipeline(depth: .palette256, real: KittyPictures())
        let first = frame(&state, pictures), second = frame(&state, pictures)
        let ids = [1, 2].compactMap { state.buffer.preview(of: $0)?.id }
        XCTAssertEqual(first.pictures.map(\.content), ids, "the current and next slides, by their previews' ids")
        XCTAssertEqual(second.pictures.map(\.content), ids, "the same pictures in the next frame")
        XCTAssertEqual(pictures.images.decodes, 2, "each decoded once")
    }

    func testAnUnchangedPreviewIsNotSentAgainAChangedOneIsSentOnce() throws {
        var state = try LoadedShow.demo(slides: 12, current: 1, notes: false)
        let kitty = KittyPictures(), pictures = PicturePipeline(depth: .palette256, real: kitty)
        let opened = kittyBytes(kitty, frame(&state, pictures), full: true)
        XCTAssertEqual(sends(opened), 2, "the current and next slides")
        let png = try XCTUnwrap(state.buffer.preview(of: 1)).png
        // The same bytes again (Impress sends a slide's preview again after a reconnect of its stream).
        _ = state.reduce(.source(.preview(index: 1, Preview(png: png))), now: .zero)
        XCTAssertEqual(kittyBytes(kitty, frame(&state, pictures)), "", "an unchanged picture: nothing written, nothing sent again")
        // The slide edited: a new preview for the same slide.
        let edited = Preview(png: LoadedShow.distinct(png, 7))
        _ = state.reduce(.source(.preview(index: 1, edited)), now: .zero)
        let grid = frame(&state, pictures)
        XCTAssertEqual(grid.pictures.first?.content, edited.id)
        let bytes = kittyBytes(kitty, grid)
        let id = KittyPictures.imageID(slide: 1)
        XCTAssertTrue(bytes.contains("a=d,d=I,i=\(id),"), "the old picture goes")
        XCTAssertEqual(sends(bytes), 1, "the new one is sent, once")
        XCTAssertTrue(bytes.contains("a=t,f=100,t=d,i=\(id),"))
        XCTAssertEqual(kittyBytes(kitty, frame(&state, pictures)), "", "and then only kept")
    }

    func testAChangedPreviewIsDrawnAnewAsHalfBlocks() throws {
        var state = try LoadedShow.demo(slides: 12, current: 1, notes: false)
        let pictures = PicturePipeline(depth: .palette256)
        _ = frame(&state, pictures)
        XCTAssertEqual(pictures.renders, 2)
        let png = try XCTUnwrap(state.buffer.preview(of: 1)).png
        _ = state.reduce(.source(.preview(index: 1, Preview(png: png))), now: .zero)
        _ = frame(&state, pictures)
        XCTAssertEqual(pictures.renders, 2, "the same picture: cached")
        XCTAssertEqual(pictures.images.decodes, 2)
        _ = state.reduce(.source(.preview(index: 1, Preview(png: LoadedShow.distinct(png, 7)))), now: .zero)
        _ = frame(&state, pictures)
        XCTAssertEqual(pictures.renders, 3, "a new picture: rendered")
        XCTAssertEqual(pictures.images.decodes, 3, "and decoded, once")
    }

    func testAnOverviewOpenedColdDecodesEachPreviewOnce() throws {
        var state = try LoadedShow.demo(slides: 100, notes: false, distinctPreviews: true)
        let pictures = PicturePipeline(depth: .palette256)
        _ = state.reduce(.key(.char("o")), now: .zero)
        _ = frame(&state, pictures, width: 200, height: 60)
        let cells = state.viewport.overviewColumns * state.viewport.overviewRows
        XCTAssertGreaterThan(cells * 320 * 240 * 4, PictureLimits.decodedBytes, "more pixels than are kept")
        XCTAssertEqual(pictures.images.decodes, cells, "each cell's PNG decoded once (the panes behind show two of them)")
        XCTAssertEqual(pictures.renders, cells + 2, "and rendered once for each size")
    }

    func testTheOverviewOpensOnThumbnailsPreparedWhileThePadIdled() throws {
        var state = try LoadedShow.demo(slides: 120, current: 0, notes: false, distinctPreviews: true)
        let pictures = PicturePipeline(depth: .palette256, ahead: PictureAhead(run: { $0() }))
        let shown = PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: 200, height: 60), now: .zero)
        pictures.prepareAhead(pictures.aheadWants(state, layout: shown.layout))
        let (renders, decodes) = (pictures.renders, pictures.images.decodes)
        _ = state.reduce(.key(.char("o")), now: .zero)
        let overview = frame(&state, pictures, width: 200, height: 60)
        XCTAssertEqual(state.viewport.overviewColumns * state.viewport.overviewRows, 72, "a screen full of thumbnails")
        XCTAssertTrue(overview.text.contains("▀"), "its thumbnails are drawn")
        XCTAssertEqual(pictures.images.decodes, decodes, "no PNG decoded on the key → screen path")
        XCTAssertEqual(pictures.renders, renders, "no thumbnail rendered on it either")
    }
}
