import XCTest
@testable import SlideModel

/// A confirmed quit ends the show first only where the app's source says
/// so (Impress over UNO's `present`); elsewhere the show goes on.
final class QuitEndsTheShowTests: XCTestCase {
    func testYEndsTheShowFirstOnlyWhereItShould() {
        for ends in [false, true] {
            var state = PadState(animate: false)
            state.quitEndsTheShow = ends
            _ = state.reduce(.source(.link(.connected(server: "LibreOffice"))), now: .zero)
            _ = state.reduce(.source(.showStarted(slideCount: 5, current: 1)), now: .zero)
            _ = state.reduce(.key(.char("q")), now: .milliseconds(10))
            let effects = state.reduce(.key(.char("y")), now: .milliseconds(20)).filter { if case .visitEnded = $0 { false } else { true } }
            XCTAssertEqual(effects, ends ? [.send(.stop), .quit] : [.quit])
        }
    }
}

/// `>` (next-slide): the next slide at once, however many steps are left on
/// this one; quick presses go on from where the show is heading; nothing
/// past the last slide.
final class NextSlideKeyTests: XCTestCase {
    func testItSkipsTheStepsLeftAndGoesOnFromWhereTheShowIsHeading() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 1)), now: .zero)
        _ = state.reduce(.source(.step(index: 1, SlideStep(shown: 1, count: 3))), now: .zero)
        XCTAssertEqual(state.reduce(.key(.char(">")), now: .milliseconds(10)), [.send(.goto(index: 2))])
        XCTAssertEqual(state.reduce(.key(.char(">")), now: .milliseconds(20)), [.send(.goto(index: 3))],
                       "a second press before the show confirms: one more slide")
        _ = state.reduce(.source(.slideChanged(index: 2)), now: .milliseconds(30))
        _ = state.reduce(.source(.slideChanged(index: 3)), now: .milliseconds(40))
        XCTAssertEqual(state.reduce(.key(.char(">")), now: .milliseconds(50)), [.send(.goto(index: 4))])
        _ = state.reduce(.source(.slideChanged(index: 4)), now: .milliseconds(60))
        XCTAssertEqual(state.reduce(.key(.char(">")), now: .milliseconds(70)), [], "the last slide: nothing to skip to")
    }
}

/// → on the last slide, its steps all shown, says the show ends there
/// (over UNO it was silent, and only the log said "the end of the show":
/// issue 52, item 10); anywhere else it says nothing.
final class LastSlideKeyTests: XCTestCase {
    private func show(at slide: Int, step: SlideStep? = nil) -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.connected(server: "LibreOffice"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 3, current: slide)), now: .zero)
        if let step { _ = state.reduce(.source(.step(index: slide, step)), now: .zero) }
        return state
    }

    func testRightOnTheLastSlideSaysTheShowEndsThere() {
        var state = show(at: 2)
        XCTAssertEqual(state.reduce(.key(.right), now: .milliseconds(10)), [.send(.next)], "still sent: the app decides")
        XCTAssertEqual(state.flash?.text, "the last slide: the show ends here")
        var stepped = show(at: 2, step: SlideStep(shown: 2, count: 2))
        _ = stepped.reduce(.key(.right), now: .milliseconds(10))
        XCTAssertEqual(stepped.flash?.text, "the last slide: the show ends here")
    }

    func testRightWithAStepOrASlideLeftSaysNothing() {
        var stepLeft = show(at: 2, step: SlideStep(shown: 1, count: 2))
        _ = stepLeft.reduce(.key(.right), now: .milliseconds(10))
        XCTAssertNil(stepLeft.flash)
        var slideLeft = show(at: 1)
        _ = slideLeft.reduce(.key(.right), now: .milliseconds(10))
        XCTAssertNil(slideLeft.flash)
        var unknown = show(at: 2, step: .unknown(count: 2))
        _ = unknown.reduce(.key(.right), now: .milliseconds(10))
        XCTAssertNil(unknown.flash, "where the show stands is not known")
    }
}
