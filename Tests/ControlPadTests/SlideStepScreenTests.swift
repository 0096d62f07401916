import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// Steps on screen: the status line says which step of the slide is shown
/// and where in a vertical stack ("3/12 · step 2/3 · ↓ 2/3"), and the next
/// pane shows the next slide, its title saying after how many steps (its
/// picture is the next slide's, not the current one titled as a step).
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
        XCTAssertTrue(lines.first!.contains("Next · 4/12 · after 1 step"), String(lines.first!))
        XCTAssertEqual(state.buffer.slide(for: .next), 3, "the next pane asks for slide 4's picture")
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

    func testWhereTheSourceShowsStepsTheNextPaneIsThisSlideAfterTheNextPress() {
        var state = stepped(shown: 1)
        state.picturesAtSteps = true
        var lines = renderPad(&state, width: 100, height: 30).text.split(separator: "\n")
        XCTAssertTrue(lines.first!.contains("Next · 3/12 · step 2/3"), String(lines.first!))
        XCTAssertTrue(renderPad(&state, width: 100, height: 30).text.contains("preview loading…"))
        _ = state.reduce(.key(.right), now: .milliseconds(201_000))
        _ = state.reduce(.key(.right), now: .milliseconds(201_010))
        lines = renderPad(&state, width: 100, height: 30).text.split(separator: "\n")
        XCTAssertTrue(lines.first!.contains("Next · 4/12"), "the last step on its way: the next slide; \(lines.first!)")
        XCTAssertFalse(lines.first!.contains("step"), String(lines.first!))
    }
}
