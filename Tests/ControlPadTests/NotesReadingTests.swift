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
}
