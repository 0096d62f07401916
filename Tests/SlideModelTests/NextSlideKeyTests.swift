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
