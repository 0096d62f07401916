import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// Steps on screen: the status line says which step of the slide is shown
/// and where in a vertical stack ("3/12 · step 2/3 · ↓ 2/3"), and the next
/// pane's title says what → shows next: this slide's next step, or the next slide.
final class SlideStepScreenTests: XCTestCase {
    private func stepped(shown: Int) -> PadState {
        var state = samplePadState()
        _ = state.reduce(.source(.step(index: 2, SlideStep(shown: shown, count: 3, detail: "↓ 2/3"))), now: .zero)
        return state
    }

    func testTheStatusLineAndTheNextPaneSayTheSteps() {
        var state = stepped(shown: 2)
        let grid = renderPad(&state, width: 100, height: 30)
        assertSnapshot(grid, named: "steps-100x30")
        let lines = grid.text.split(separator: "\n")
        XCTAssertTrue(lines.last!.contains("3/12 · step 2/3 · ↓ 2/3"), String(lines.last!))
        XCTAssertTrue(lines.first!.contains("Next · 3/12 · step 3/3"), String(lines.first!))
    }

    func testAPressShowsTheStepOnItsWayAndTheLastStepShowsTheNextSlide() {
        var state = stepped(shown: 2)
        _ = state.reduce(.key(.right), now: .milliseconds(201_000))
        var lines = renderPad(&state, width: 100, height: 30).text.split(separator: "\n")
        XCTAssertTrue(lines.last!.contains("3/12 · → step 3/3"), String(lines.last!))
        XCTAssertFalse(lines.last!.contains("→ 4/12"), "a step is not a slide change")
        _ = state.reduce(.source(.step(index: 2, SlideStep(shown: 3, count: 3, detail: "↓ 2/3"))), now: .milliseconds(201_010))
        lines = renderPad(&state, width: 100, height: 30).text.split(separator: "\n")
        XCTAssertTrue(lines.first!.contains("Next · 4/12"), String(lines.first!))
        XCTAssertTrue(lines.last!.contains("3/12 · step 3/3"), String(lines.last!))
    }
}
