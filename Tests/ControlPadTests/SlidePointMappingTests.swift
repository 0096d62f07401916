import XCTest
@testable import ControlPadUI
@testable import PadGrid
@testable import PadTerminal
@testable import SlideImages
@testable import SlideModel

/// The mapping from the current pane's cells, or pixels, to the slide's
/// 0…1: the same place on the room's screen, in every layout, for a
/// picture of the pane's shape and for a letterboxed one.
final class SlidePointMappingTests: XCTestCase {
    /// The picture of `aspect` in the current pane, as the picture pipeline places it.
    private func picture(_ layout: PadLayout, aspect: Double) -> Rect {
        let pane = layout.currentPictureArea
        let fit = fitPicture(aspect: aspect, paneCols: pane.width, paneRows: pane.height, cellAspect: PadLayout.standardCellAspect)
        return Rect(x: pane.x + fit.x, y: pane.y + fit.y, width: fit.cols, height: fit.rows)
    }

    func testEveryLayoutMapsThePicturesCornersAndCentre() {
        let sizes = [(120, 40), (80, 24), (200, 60), (60, 50), (100, 30)]
        for mode in LayoutMode.allCases {
            for (w, h) in sizes {
                for aspect in [16.0 / 9, 4.0 / 3] {
                    let layout = PadLayout(width: w, height: h, mode: mode)
                    let frame = picture(layout, aspect: aspect)
                    guard !frame.isEmpty else { continue }
                    let map = SlidePointMapping(picture: frame, cellPixels: nil)
                    let what = "\(mode) \(w)×\(h) aspect \(aspect)"
                    let tl = map.point(cellX: frame.x, cellY: frame.y)!
                    XCTAssertTrue(tl.inside, what)
                    XCTAssertEqual(tl.point.x, 0.5 / Double(frame.width), accuracy: 1e-9, what)
                    XCTAssertEqual(tl.point.y, 0.5 / Double(frame.height), accuracy: 1e-9, what)
                    let br = map.point(cellX: frame.maxX - 1, cellY: frame.maxY - 1)!
                    XCTAssertEqual(br.point.x, 1 - 0.5 / Double(frame.width), accuracy: 1e-9, what)
                    XCTAssertEqual(br.point.y, 1 - 0.5 / Double(frame.height), accuracy: 1e-9, what)
                    let mid = map.point(cellX: frame.x + frame.width / 2, cellY: frame.y + frame.height / 2)!
                    XCTAssertEqual(mid.point.x, 0.5, accuracy: 1.0 / Double(frame.width), what)
                    XCTAssertEqual(mid.point.y, 0.5, accuracy: 1.0 / Double(frame.height), what)
                    // And back: the cell a point falls in is the cell it came from.
                    XCTAssertEqual(map.cell(of: mid.point).x, frame.x + frame.width / 2, what)
                    XCTAssertEqual(map.cell(of: mid.point).y, frame.y + frame.height / 2, what)
                }
            }
        }
    }

    func testALetterboxedPictureMapsFromItsOwnEdgesNotThePanes() {
        // A 4:3 picture in the full-screen 200×60 pane (wider than 4:3): bars left and right.
        let layout = PadLayout(width: 200, height: 60, mode: .fullScreen)
        let pane = layout.currentPictureArea
        let frame = picture(layout, aspect: 4.0 / 3)
        XCTAssertGreaterThan(frame.x, pane.x + 10, "the picture is letterboxed: \(frame) in \(pane)")
        let map = SlidePointMapping(picture: frame, cellPixels: nil)
        XCTAssertEqual(map.point(cellX: frame.x, cellY: frame.y + frame.height / 2)!.point.x, 0.5 / Double(frame.width), accuracy: 1e-9)
        let bar = map.point(cellX: pane.x + 2, cellY: frame.y + 3)!
        XCTAssertFalse(bar.inside, "a press in the bar is off the slide")
        XCTAssertEqual(bar.point.x, 0, "a drag into the bar stays on the slide's edge")
        // Through the mouse's route: a press in the bar is no pointer, a drag there is at the edge.
        var state = samplePadState()
        _ = renderPad(&state, width: 200, height: 60)
        XCTAssertNil(MouseRouting.event(for: MouseEvent(kind: .press, x: pane.x + 2, y: frame.y + 3), state: state, layout: layout,
                                        now: .zero, slideArea: frame))
        XCTAssertEqual(MouseRouting.event(for: MouseEvent(kind: .drag, x: pane.x + 2, y: frame.y + frame.height / 2), state: state,
                                          layout: layout, now: .zero, slideArea: frame),
                       .pointer(.move, x: 0, y: (Double(frame.height / 2) + 0.5) / Double(frame.height)))
    }

    func testPixelReportsPlaceThePointFinerThanACell() {
        let frame = Rect(x: 10, y: 5, width: 40, height: 12)
        let cell = PixelSize(width: 10, height: 20)
        let map = SlidePointMapping(picture: frame, cellPixels: cell)
        // Two pixels in the same cell are two places on the slide.
        let a = map.point(cellX: 30, cellY: 11, pixelX: 300, pixelY: 220)!.point
        let b = map.point(cellX: 30, cellY: 11, pixelX: 309, pixelY: 239)!.point
        XCTAssertEqual(a.x, 200.5 / 400, accuracy: 1e-9)
        XCTAssertEqual(a.y, 120.5 / 240, accuracy: 1e-9)
        XCTAssertEqual(b.x, 209.5 / 400, accuracy: 1e-9)
        XCTAssertEqual(b.y, 139.5 / 240, accuracy: 1e-9)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(map.point(cellX: 10, cellY: 5, pixelX: 100, pixelY: 100)!.point, SlidePoint(x: 0.5 / 400, y: 0.5 / 240))
        XCTAssertFalse(map.point(cellX: 9, cellY: 5, pixelX: 99, pixelY: 100)!.inside, "the pixel left of the picture is off it")
        // Without pixels the cell's centre.
        XCTAssertEqual(map.point(cellX: 30, cellY: 11)!.point.x, 20.5 / 40, accuracy: 1e-9)
    }

    func testAPixelReportBecomesCellsAndKeepsItsPixel() {
        var decoder = InputDecoder()
        decoder.mouseInPixels = true
        let items = decoder.feed(Array("\u{1B}[<0;306;221M".utf8))
        guard case .input(.mouse(let raw))? = items.first else { return XCTFail("\(items)") }
        XCTAssertTrue(raw.inPixels)
        let mouse = raw.inCells(cellWidth: 10, cellHeight: 20)
        XCTAssertEqual(mouse, MouseEvent(kind: .press, x: 30, y: 11, pixelX: 305, pixelY: 220))
        // Without pixel mode the same bytes are cells.
        var cells = InputDecoder()
        guard case .input(.mouse(let plain))? = cells.feed(Array("\u{1B}[<0;31;12M".utf8)).first else { return XCTFail() }
        XCTAssertEqual(plain.inCells(cellWidth: 10, cellHeight: 20), MouseEvent(kind: .press, x: 30, y: 11))
    }

    func testTheProbeTurnsPixelReportsOnOnlyWhereTheTerminalHasThem() {
        var decoder = InputDecoder()
        let answers = decoder.feed(Array("\u{1B}[?1016;2$y\u{1B}[?62;4c".utf8))
        XCTAssertEqual(answers.first.flatMap { if case .answer(let a) = $0 { a } else { nil } }, .modeReport(mode: 1016, setting: 2))
        var probe = TerminalProbe()
        probe.take(.modeReport(mode: 1016, setting: 2))
        XCTAssertTrue(probe.pixelMouse)
        var unknown = TerminalProbe()
        unknown.take(.modeReport(mode: 1016, setting: 0))
        XCTAssertFalse(unknown.pixelMouse, "0: the terminal does not know the mode")
        XCTAssertTrue(TerminalProbe.queries.contains(TerminalProbe.pixelMouseQuery))
        XCTAssertFalse(TerminalProbe.tmuxQueries.contains(TerminalProbe.pixelMouseQuery), "tmux reports cells")
        XCTAssertTrue(TerminalModes.reportsOff.starts(with: Array("\u{1B}[?2004l\u{1B}[?1016l".utf8)), "given back, pixel reports are off")
    }
}
