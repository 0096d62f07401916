import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import PadConfig
import SlideModel

/// The layout and the notes' wrapping, at every size.
final class PadLayoutTests: XCTestCase {
    func testWrapCountsDisplayColumns() {
        XCTAssertEqual(TextWrap.lines("日本語のノート", width: 6), ["日本語", "のノー", "ト"])
        XCTAssertEqual(TextWrap.lines("one two three", width: 7), ["one two", "three"])
        XCTAssertEqual(TextWrap.lines("a\n\nb", width: 5), ["a", "", "b"])
        for line in TextWrap.lines("🎤 emoji 🚀 wrap café ☕ check", width: 5) {
            XCTAssertLessThanOrEqual(DisplayWidth.of(line), 5, line)
        }
    }

    func testNotesAreWrappedOncePerTextAndWidth() {
        let cache = NotesWrapCache()
        let notes = String(repeating: "lorem ipsum dolor ", count: 50_000)
        let first = cache.lines(notes, width: 40)
        for _ in 0..<100 { XCTAssertEqual(cache.lines(notes, width: 40).count, first.count) }
        XCTAssertEqual(cache.wraps, 1, "an idle pad redraws the clock, not the notes' wrapping")
        _ = cache.lines(notes, width: 30)
        _ = cache.lines(notes + "!", width: 30)
        XCTAssertEqual(cache.wraps, 3)
    }

    /// The current slide is never narrower than the next one (seen at 40×12:
    /// 16 columns against 24), whatever the size.
    func testTheNextSlideIsNeverWiderThanTheCurrent() {
        for width in stride(from: 20, through: 220, by: 4) {
            for height in stride(from: 8, through: 70, by: 2) {
                let layout = PadLayout(width: width, height: height)
                guard !layout.current.isEmpty, !layout.next.isEmpty else { continue }
                XCTAssertLessThanOrEqual(layout.next.width, layout.current.width, "\(width)×\(height)")
            }
        }
    }

    /// A 14-slide deck's overview on 200×60 used a quarter of the screen:
    /// the pictures grow while every slide still fits.
    func testTheOverviewUsesTheScreenForAShortDeck() {
        let body = Rect(x: 0, y: 0, width: 200, height: 59)
        let grid = OverviewGeometry(body: body, cellAspect: 2, slides: 14)
        XCTAssertGreaterThanOrEqual(grid.columns * grid.rows, 14, "every slide on one screen")
        let used = Double(min(14, grid.columns * grid.rows) * (grid.thumbCols + 1) * (grid.thumbRows + 1))
        XCTAssertGreaterThan(used / Double(grid.inside.width * grid.inside.height), 0.5, "\(grid)")
        let long = OverviewGeometry(body: body, cellAspect: 2, slides: 500)
        XCTAssertEqual(long.thumbRows, 6, "a long deck keeps the legible size, and scrolls")
    }

    /// Seen: a 160×12 window stacked the panes and the current slide was 14 columns wide.
    func testTheLayoutGivesTheSlideTheMostRoom() {
        let fit = PadLayout.Fit(slideAspect: 16.0 / 9, cellAspect: 2)
        // (100×20 is not here: its notes would be too narrow beside the
        // slide, so they go under a smaller one; NarrowNotesLayoutTests.)
        for (width, height) in [(160, 12), (160, 10), (200, 14), (80, 24), (60, 50), (45, 30), (120, 40)] {
            let layout = PadLayout(width: width, height: height)
            let chosen = fit.room(layout.current)
            XCTAssertGreaterThan(chosen, 0, "\(width)×\(height): the slide has a picture")
            // Every other framed layout of the same size gives it no more room.
            let body = Rect(x: 0, y: 0, width: width, height: height - 1)
            let stackedTop = fit.pane(in: body.splitTop(body.height * 3 / 5).0)
            let besideLeft = fit.pane(in: body.splitLeft(width * 3 / 5).0)
            XCTAssertGreaterThanOrEqual(chosen, width >= 40 && height >= 12 ? fit.room(stackedTop) : 0, "\(width)×\(height)")
            XCTAssertGreaterThanOrEqual(chosen, width >= 60 ? fit.room(besideLeft) : 0, "\(width)×\(height)")
            XCTAssertFalse(layout.next.isEmpty || layout.notes.height < 3, "\(width)×\(height): next and notes stay")
        }
        let wide = PadLayout(width: 160, height: 12)
        XCTAssertEqual(wide.sizeClass, .sideBySide)
        XCTAssertGreaterThanOrEqual(wide.currentPictureArea.height, 9)
    }

    func testLayoutFollowsTheTerminal() {
        XCTAssertEqual(PadLayout(width: 120, height: 40).sizeClass, .stacked,
                       "a 16:9 slide is larger across 3/5 of the height than in 3/5 of the width")
        XCTAssertEqual(PadLayout(width: 200, height: 40).sizeClass, .sideBySide)
        XCTAssertEqual(PadLayout(width: 80, height: 24).sizeClass, .sideBySide, "the slide gets more room beside the notes")
        XCTAssertEqual(PadLayout(width: 40, height: 12).sizeClass, .stacked)
        XCTAssertEqual(PadLayout(width: 60, height: 50).sizeClass, .stacked, "tall and narrow: above the notes")
        XCTAssertEqual(PadLayout(width: 30, height: 8).sizeClass, .minimal)
        XCTAssertEqual(PadLayout(width: 20, height: 6).sizeClass, .minimal)
        XCTAssertEqual(PadLayout(width: 19, height: 6).sizeClass, .tooSmall)
        let full = PadLayout(width: 80, height: 24, mode: .fullScreen)
        XCTAssertEqual(full.sizeClass, .sideBySide, "the size class does not depend on the mode")
        XCTAssertEqual(full.currentPictureArea, Rect(x: 0, y: 0, width: 80, height: 23), "full screen keeps a status line")
        XCTAssertEqual(full.status, Rect(x: 0, y: 23, width: 80, height: 1))
    }

    /// The panes are cut to the slide: at most a cell of bars on either side.
    func testPanesFitTheSlide() {
        for aspect in [16.0 / 9, 4.0 / 3] {
            for (width, height) in [(80, 24), (120, 40), (200, 60)] {
                for mode in [LayoutMode.slides, .notesFirst] {
                    let layout = PadLayout(size: TerminalSize(width: width, height: height), mode: mode, slideAspect: aspect, cellAspect: 2)
                    let area = layout.currentPictureArea
                    let pictureRows = Double(area.width) / aspect / 2
                    let pictureCols = Double(area.height) * aspect * 2
                    // Width-limited: bars above and below; height-limited: at the sides.
                    let widthLimited = pictureRows <= Double(area.height)
                    let spare: Double = widthLimited ? Double(area.height) - pictureRows : Double(area.width) - pictureCols
                    XCTAssertLessThanOrEqual(spare / 2, 1, "\(width)×\(height) \(mode) \(aspect): \(area)")
                }
            }
        }
    }

    func testNotesFirstGivesTheNotesTheMostRoom() {
        for (width, height) in [(80, 24), (120, 40), (200, 60), (40, 12), (60, 50)] {
            let slides = PadLayout(width: width, height: height, mode: .slides)
            let notesFirst = PadLayout(width: width, height: height, mode: .notesFirst)
            let area = { (r: Rect) in r.width * r.height }
            XCTAssertGreaterThan(area(notesFirst.notes), area(slides.notes), "\(width)×\(height)")
            XCTAssertGreaterThan(area(notesFirst.notes), area(notesFirst.current), "\(width)×\(height)")
            XCTAssertFalse(notesFirst.current.isEmpty || notesFirst.next.isEmpty, "\(width)×\(height): both slides stay")
        }
    }
}
