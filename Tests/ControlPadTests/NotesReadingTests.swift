import XCTest
@testable import ControlPadUI
@testable import PadConfig
@testable import SlideModel

/// Notes a presenter can read: lists keep their shape when wrapped, and the
/// pane says how much is left below.
final class NotesReadingTests: XCTestCase {
    func testListItemsWrapUnderTheirTextNotUnderTheBullet() {
        let notes = OfficeNotesMarkup.plainText(from: "<html><body>Three points:<br/>• the first point is long enough to wrap here<br/>2. a numbered one that wraps as well<br/>plain text wraps to the left edge again</body></html>")
        XCTAssertEqual(TextWrap.lines(notes, width: 24), [
            "Three points:",
            "• the first point is",
            "  long enough to wrap",
            "  here",
            "2. a numbered one that",
            "   wraps as well",
            "plain text wraps to the",
            "left edge again",
        ])
    }

    func testAHyphenInTheMiddleIsNoBullet() {
        XCTAssertEqual(TextWrap.hangingIndent("well-known"), 0)
        XCTAssertEqual(TextWrap.hangingIndent("- item"), 2)
        XCTAssertEqual(TextWrap.hangingIndent("  a) item"), 5)
        XCTAssertEqual(TextWrap.hangingIndent("Mr. Smith"), 0, "a word and a dot is not a list number")
    }

    func testTheNotesSayHowManyLinesAreBelow() {
        var state = samplePadState()
        let long = (1...40).map { "line \($0)" }.joined(separator: "\n")
        _ = state.reduce(.source(.notes(index: 2, .plain(long))), now: .zero)
        var text = renderPad(&state, width: 80, height: 24).text
        // 80×24: the notes show 6 of the 40 lines.
        XCTAssertTrue(text.contains("more below ↓ 34 lines"), text)
        _ = state.reduce(.key(.char("d")), now: .zero)
        text = renderPad(&state, width: 80, height: 24).text
        XCTAssertTrue(text.contains("more below ↓ 29 lines"), "d pages by the pane's height less a line: " + text)
        for _ in 0..<10 { _ = state.reduce(.key(.char("d")), now: .zero) }
        text = renderPad(&state, width: 80, height: 24).text
        XCTAssertFalse(text.contains("more below"), text)
        XCTAssertTrue(text.contains("line 40"), text)
    }

    /// A stray click on the notes gives them PgUp/PgDn: a clicker's PgDn
    /// then pages the notes, says so each time, and 10 s after the last
    /// notes key moves the show again.
    func testNotesFocusSaysWhatPgDnDidAndEndsByItself() {
        var state = samplePadState()
        let long = (1...40).map { "line \($0)" }.joined(separator: "\n")
        _ = state.reduce(.source(.notes(index: 2, .plain(long))), now: .zero)
        _ = renderPad(&state, width: 80, height: 24)
        let before = state.position
        _ = state.reduce(.notesClicked, now: .seconds(1))
        XCTAssertTrue(state.notesTakePaging)
        let paged = state.reduce(.key(.pageDown), now: .seconds(2))
        XCTAssertFalse(paged.contains { if case .send = $0 { true } else { false } }, "PgDn paged, the show did not move")
        XCTAssertEqual(state.position, before)
        XCTAssertEqual(state.flash?.text, "PgDn paged the notes; the show did not move · Esc gives PgUp PgDn back")
        _ = state.reduce(.tick, now: .seconds(11))
        XCTAssertTrue(state.notesTakePaging, "9 s after the last notes key: still the notes'")
        _ = state.reduce(.tick, now: .seconds(12))
        XCTAssertFalse(state.notesTakePaging, "10 s after: PgDn is the show's again")
        XCTAssertEqual(state.flash?.text, "PgUp PgDn move the show again")
        let moved = state.reduce(.key(.pageDown), now: .seconds(13))
        XCTAssertTrue(moved.contains { if case .send = $0 { true } else { false } }, "PgDn moves the show: \(moved)")
    }
}
