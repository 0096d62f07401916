import XCTest
@testable import ControlPadUI
import PadGrid
@testable import SlideModel

/// A presenter with only a clicker, reading the screen: from every overlay
/// the show can be blanked, reached within two presses, and the status
/// line says what happened (docs/KEYS.md).
final class ClickerScreenTests: XCTestCase {
    private let now: Duration = .milliseconds(200_000)

    private func statusLine(_ grid: CellGrid) -> String {
        String(grid.text.split(separator: "\n", omittingEmptySubsequences: false).last(where: { !$0.isEmpty }) ?? "")
    }

    private func press(_ keys: [Key], _ state: inout PadState) {
        for key in keys { _ = state.reduce(.key(key), now: now) }
    }

    func testFromEveryOverlayTheClickerBlanksAndSaysWhatHappened() {
        let overlays: [(String, Key, String)] = [
            ("list", .tab, "╭ Slides"), ("overview", .char("o"), "Enter goes"), ("help", .char("?"), "Keys · Esc closes"),
        ]
        for (name, open, drawn) in overlays {
            var state = samplePadState()
            press([open], &state)
            XCTAssertTrue(renderPad(&state, width: 80, height: 24).text.contains(drawn), name)
            press([.pageDown], &state)
            var grid = renderPad(&state, width: 80, height: 24)
            XCTAssertEqual(statusLine(grid).trimmingCharacters(in: .whitespaces), "\(name) open: Esc closes it; the show did not move")
            XCTAssertTrue(grid.text.contains(drawn), "\(name) stays open")
            press([.char("b")], &state)
            grid = renderPad(&state, width: 80, height: 24)
            XCTAssertTrue(statusLine(grid).contains("BLANK"), "\(name): b blanks: \(statusLine(grid))")
            XCTAssertTrue(grid.text.contains(drawn), "\(name) still open over the blank")
            press([.escape, .pageDown], &state)
            grid = renderPad(&state, width: 80, height: 24)
            XCTAssertFalse(grid.text.contains(drawn), "\(name): Esc closed it")
            XCTAssertEqual(statusLine(grid).trimmingCharacters(in: .whitespaces), "the screen is back: a move ends the blank", name)
            XCTAssertEqual(state.position, "→ 4/12", "\(name): Esc then PgDn moved the show")
            _ = state.reduce(.source(.slideChanged(index: 3)), now: now + .milliseconds(100))
            _ = state.reduce(.tick, now: now + Flash.duration)
            grid = renderPad(&state, width: 80, height: 24, now: now + Flash.duration)
            XCTAssertTrue(statusLine(grid).contains(" 4/12 "), "\(name): the show confirmed: \(statusLine(grid))")
            XCTAssertFalse(statusLine(grid).contains("BLANK") || statusLine(grid).contains("❚❚"), "\(name): no BLANK, the timer runs")
        }
    }

    func testAStrayDigitsPromptGivesWayToPgDn() {
        var state = samplePadState()
        press([.char("3")], &state)
        XCTAssertTrue(renderPad(&state, width: 80, height: 24).text.contains("Go to slide: 3"))
        press([.pageDown], &state)
        let grid = renderPad(&state, width: 80, height: 24)
        XCTAssertFalse(grid.text.contains("Go to slide"), "the prompt closed")
        XCTAssertEqual(statusLine(grid).trimmingCharacters(in: .whitespaces), "go-to 3 cancelled: PgDn moved the show")
        XCTAssertEqual(state.position, "→ 4/12")
    }

    /// A search being typed takes the clicker's `.` as text: the status
    /// line says the screen did not blank; left alone 5 s, `.` blanks.
    func testInASearchBeingTypedTheBlankKeySaysItDidNotBlank() {
        var state = samplePadState()
        press([.tab, .char("/"), .char("t"), .char(".")], &state)
        var grid = renderPad(&state, width: 80, height: 24)
        XCTAssertTrue(grid.text.contains("/t.▏"), "the dot is in the query")
        XCTAssertEqual(statusLine(grid).trimmingCharacters(in: .whitespaces),
                       "“.” typed into the search: no blank (. does after Esc or 5 s idle)")
        XCTAssertFalse(statusLine(grid).contains("BLANK"))
        let later = now + PadState.searchTypingTimeout
        _ = state.reduce(.tick, now: later)
        _ = state.reduce(.key(.char(".")), now: later)
        grid = renderPad(&state, width: 80, height: 24, now: later)
        XCTAssertTrue(statusLine(grid).contains("BLANK"), "left alone, the query gave the blank key back: \(statusLine(grid))")
        XCTAssertTrue(grid.text.contains("/t. "), "the filter stays, no longer typed")
    }
}

/// The quit question says what quitting does to the audience's screen when
/// the pad knows (`present`: the browser stays), and nothing more otherwise.
final class QuitQuestionScreenTests: XCTestCase {
    func testTheQuitQuestionSaysWhatHappensToTheAudiencesWindow() {
        var state = samplePadState()
        _ = state.reduce(.key(.char("q")), now: .milliseconds(1_000))
        XCTAssertFalse(renderPad(&state, width: 80, height: 24).text.contains("The browser stays"))
        state.quitNote = "The browser stays: the audience keeps the deck."
        let text = renderPad(&state, width: 80, height: 24).text
        XCTAssertTrue(text.contains("The browser stays: the audience keeps the deck."), text)
        XCTAssertTrue(text.contains("Quit ControlPad? y / n"), text)
    }
}
