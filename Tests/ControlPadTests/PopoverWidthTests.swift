import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// A popover does not change width as you type (issue 30, cosmetic sweep).
final class PopoverWidthTests: XCTestCase {
    /// The go-to popover's top border line and where it starts.
    private func border(_ state: inout PadState) -> String {
        let lines = renderPad(&state, width: 80, height: 24).text.split(separator: "\n")
        guard let row = lines.firstIndex(where: { $0.contains("Go to slide:") }), row > 0 else { return "" }
        return String(lines[row - 1])
    }

    func testTheGoToPromptKeepsItsWidthAsDigitsAreTyped() {
        var state = samplePadState()
        _ = state.reduce(.key(.char("1")), now: .milliseconds(200_000))
        let first = border(&state)
        XCTAssertFalse(first.isEmpty)
        _ = state.reduce(.key(.char("2")), now: .milliseconds(200_100))
        XCTAssertEqual(border(&state), first, "two digits: the same popover")
        _ = state.reduce(.key(.backspace), now: .milliseconds(200_200))
        XCTAssertEqual(border(&state), first, "back to one digit: the same popover")
    }
}

/// A search with no match says so in the middle of the list and the
/// overview, not only on their bottom edge.
final class EmptySearchScreenTests: XCTestCase {
    func testNoMatchIsSaidInTheMiddleOfTheListAndTheOverview() {
        for open in [Key.tab, Key.char("o")] {
            var state = samplePadState()
            for key in [open, .char("/"), .char("z"), .char("z")] { _ = state.reduce(.key(key), now: .milliseconds(200_000)) }
            let text = renderPad(&state, width: 80, height: 24).text
            XCTAssertTrue(text.contains("No notes hold “zz”."), "\(open):\n\(text)")
        }
    }
}
