import XCTest
@testable import SlideModel

/// The notes taking PgUp/PgDn (focus), their zoom, and the help paging
/// while it is open, on virtual time: every `now` is a number the test picks.
final class NotesPagingTests: XCTestCase {
    private func runningPad(notesRows: Int = 5, notesMaxScroll: Int = 40) -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: 20, current: 3)), now: .zero)
        _ = state.reduce(.viewport(Viewport(notesRows: notesRows, notesMaxScroll: notesMaxScroll)), now: .zero)
        return state
    }

    private func press(_ keys: [Key], _ state: inout PadState, now: Duration = .milliseconds(100)) -> [Effect] {
        keys.flatMap { state.reduce(.key($0), now: now) }
    }

    func testPgDnMovesTheShowUntilTheNotesHaveTheKeys() {
        var state = runningPad()
        XCTAssertEqual(press([.pageDown], &state), [.send(.next)], "a clicker's PgDn moves the show")
        XCTAssertEqual(state.viewState(.notes).scroll, 0)

        XCTAssertEqual(press([.char("N")], &state, now: .milliseconds(200)), [])
        XCTAssertTrue(state.notesTakePaging)
        XCTAssertEqual(state.flash?.until, .milliseconds(200) + Flash.duration, "the status line says the keys changed")
        XCTAssertEqual(press([.pageDown], &state), [], "PgDn pages the notes, sends nothing")
        XCTAssertEqual(state.viewState(.notes).scroll, 4, "a screen less one line: 5 rows → 4")
        _ = press([.pageDown, .pageDown], &state)
        XCTAssertEqual(state.viewState(.notes).scroll, 12)
        _ = press([.pageUp], &state)
        XCTAssertEqual(state.viewState(.notes).scroll, 8)
        XCTAssertEqual(press([.right], &state), [.send(.next)], "→ still moves the show")

        _ = press([.escape], &state)
        XCTAssertFalse(state.notesFocused, "Esc gives PgUp/PgDn back")
        XCTAssertFalse(state.isFullScreen)
        XCTAssertEqual(press([.pageUp], &state), [.send(.previous)])
        XCTAssertEqual(state.viewState(.notes).scroll, 8, "the notes keep their place")
    }

    func testPagingStopsAtTheEndsAndUAndDStillPage() {
        var state = runningPad(notesRows: 10, notesMaxScroll: 15)
        _ = press([.char("N"), .pageDown, .pageDown, .pageDown], &state)
        XCTAssertEqual(state.viewState(.notes).scroll, 15, "clamped to the last screen")
        _ = press([.char("N")], &state)
        XCTAssertFalse(state.notesFocused, "the focus key again gives the keys back")
        _ = press([.char("u")], &state)
        XCTAssertEqual(state.viewState(.notes).scroll, 6, "u pages up without the focus, as before")
        _ = press([.char("d"), .char("d")], &state)
        XCTAssertEqual(state.viewState(.notes).scroll, 15)
    }

    func testFocusNeedsNotesOnScreenAndFullScreenGivesPgDnToTheShow() {
        var state = runningPad(notesRows: 0, notesMaxScroll: 0)
        _ = press([.char("N")], &state, now: .milliseconds(50))
        XCTAssertFalse(state.notesFocused, "no notes pane: nothing to focus")
        XCTAssertEqual(state.flash?.text, "no notes on screen to page")

        state = runningPad()
        _ = press([.char("N"), .char("f")], &state)
        XCTAssertTrue(state.isFullScreen)
        XCTAssertEqual(press([.pageDown], &state), [.send(.next)], "full screen shows no notes: PgDn moves the show")
        _ = press([.char("f")], &state)
        XCTAssertEqual(press([.pageDown], &state), [], "back from full screen the notes have the keys again")
    }

    func testAClickOnTheNotesFocusesThemAndOverlaysComeFirst() {
        var state = runningPad()
        _ = state.reduce(.notesClicked, now: .milliseconds(10))
        XCTAssertTrue(state.notesTakePaging)
        _ = press([.char("?")], &state)
        XCTAssertEqual(press([.pageDown], &state), [], "the help takes PgDn")
        XCTAssertEqual(state.viewState(.notes).scroll, 0, "not the notes under it")
        _ = press([.escape], &state)
        XCTAssertEqual(state.topOverlay, nil)
        XCTAssertTrue(state.notesFocused, "Esc closed the help only")
        _ = press([.char("x")], &state)
        XCTAssertFalse(state.notesFocused, "close-all gives the keys back too")
    }

    func testZoomStaysWithinWhatTheTerminalShows() {
        var state = runningPad()
        XCTAssertEqual(state.notesZoom, 1)
        _ = press([.char("+"), .char("+"), .char("+")], &state, now: .milliseconds(300))
        XCTAssertEqual(state.notesZoom, 2, "wider spacing is the most a plain terminal gets")
        XCTAssertEqual(state.flash?.text, "notes: 2× (the most this terminal shows)", "a press at the limit says so")
        var scaling = Viewport(notesRows: 5, notesMaxScroll: 40)
        scaling.notesZoomLimit = 3
        _ = state.reduce(.viewport(scaling), now: .milliseconds(300))
        _ = press([.char("=")], &state)
        XCTAssertEqual(state.notesZoom, 3, "a terminal that scales text: 3×")
        _ = state.reduce(.viewport(Viewport(notesRows: 5, notesMaxScroll: 40)), now: .milliseconds(400))
        XCTAssertEqual(state.notesZoom, 2, "clamped when the limit drops")
        _ = press([.char("-"), .char("-"), .char("-")], &state)
        XCTAssertEqual(state.notesZoom, 1)
        XCTAssertEqual(press([.char("+")], &state), [], "zoom sends the show nothing")
    }

    func testTheHelpPagesAndSwallowsTheKeys() {
        var state = runningPad()
        var viewport = Viewport(notesRows: 5, notesMaxScroll: 40)
        viewport.helpRows = 10
        viewport.helpMaxScroll = 25
        _ = state.reduce(.viewport(viewport), now: .zero)
        _ = press([.char("?")], &state)
        XCTAssertEqual(press([.pageDown, .char(" "), .right], &state), [], "paging keys reach no show")
        XCTAssertEqual(state.viewState(.help).scroll, 25, "three pages of 9, clamped at 25")
        _ = press([.pageUp], &state)
        XCTAssertEqual(state.viewState(.help).scroll, 16)
        _ = press([.up, .up], &state)
        XCTAssertEqual(state.viewState(.help).scroll, 14)
        _ = press([.home], &state)
        XCTAssertEqual(state.viewState(.help).scroll, 0)
        _ = press([.end, .down], &state)
        XCTAssertEqual(state.viewState(.help).scroll, 25)
        XCTAssertEqual(state.current, 3, "the show never moved")
        _ = press([.escape, .char("?")], &state)
        XCTAssertEqual(state.viewState(.help).scroll, 0, "the help opens at its top again")
        XCTAssertEqual(press([.char("z")], &state), [], "other keys are swallowed as before")
        XCTAssertEqual(press([.char("b")], &state), [.send(.blank)], "blank reaches the show from the help (docs/KEYS.md)")
        XCTAssertEqual(state.topOverlay, .help, "and the help stays open")
    }
}
