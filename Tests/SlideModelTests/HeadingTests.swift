import XCTest
@testable import SlideModel

/// The screen answers a press at once: where the show is heading, then what
/// the show confirms, or the truth again when it stays silent.
final class HeadingTests: XCTestCase {
    private func running(_ count: Int = 12, at current: Int = 2) -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: count, current: current)), now: .zero)
        return state
    }

    func testQuickPressesShowTheTargetAndTheNextPaneMovesAtOnce() {
        var state = running()
        for t in 1...3 { XCTAssertEqual(state.reduce(.key(.right), now: .milliseconds(t)), [.send(.next)], "every press goes out") }
        XCTAssertEqual(state.position, "→ 6/12", "three presses from slide 3")
        XCTAssertEqual(state.current, 2, "the current pane keeps what the show confirmed")
        XCTAssertEqual(state.buffer.slide(for: .next), 6, "the next pane shows what follows the target")

        _ = state.reduce(.source(.slideChanged(index: 3)), now: .milliseconds(100))
        XCTAssertEqual(state.position, "→ 6/12", "on the way")
        _ = state.reduce(.source(.slideChanged(index: 5)), now: .milliseconds(300))
        XCTAssertEqual(state.position, "6/12", "arrived: settled on what the show confirms")
        XCTAssertNil(state.heading)
    }

    func testAStepTheShowNeverConfirmsFallsBackToTheTruth() {
        var state = running()
        _ = state.reduce(.key(.right), now: .milliseconds(1_000))  // an animation step: no slide_updated follows
        XCTAssertEqual(state.position, "→ 4/12")
        let timeout = Heading.timeout
        _ = state.reduce(.tick, now: .milliseconds(1_000) + timeout - .milliseconds(1))
        XCTAssertEqual(state.position, "→ 4/12")
        _ = state.reduce(.tick, now: .milliseconds(1_000) + timeout)
        XCTAssertEqual(state.position, "3/12", "the screen says the truth within the timeout")
        XCTAssertEqual(state.buffer.slide(for: .next), 3)
    }

    /// A show that is still sending previews after it restarted (LibreOffice
    /// renders them all again after a resume, and carries a press out only
    /// then: 4.4 s on an 80-slide deck) is busy, not refusing: the press is
    /// shown on its way until the show moves, not the old slide after 600 ms
    /// (a presenter would press again and land one too far). A show that
    /// keeps sending for ever is waited for `busyLimit` at most.
    func testAPressIsWaitedForWhileTheShowStillSends() {
        var state = running(80, at: 1)
        _ = state.reduce(.key(.right), now: .seconds(10))
        for ms in stride(from: 100, through: 4_400, by: 100) {
            _ = state.reduce(.source(.notes(index: ms / 100, .plain("Notes"))), now: .seconds(10) + .milliseconds(ms))
            _ = state.reduce(.tick, now: .seconds(10) + .milliseconds(ms + 50))
            XCTAssertEqual(state.position, "→ 3/80", "still sending at \(ms) ms: the press is on its way")
        }
        _ = state.reduce(.source(.slideChanged(index: 2)), now: .milliseconds(14_450))
        XCTAssertEqual(state.position, "3/80")

        _ = state.reduce(.key(.right), now: .seconds(20))
        for ms in stride(from: 100, through: 20_000, by: 100) {
            _ = state.reduce(.source(.preview(index: ms / 100 % 80, Preview(png: []))), now: .seconds(20) + .milliseconds(ms))
        }
        _ = state.reduce(.tick, now: .seconds(40))
        XCTAssertEqual(state.position, "3/80", "waited \(Heading.busyLimit) and the timeout at most")
    }

    func testNeverShownPastTheEndsAndGoToIsShownToo() {
        var state = running(5, at: 3)
        _ = state.reduce(.key(.right), now: .milliseconds(1))
        _ = state.reduce(.key(.right), now: .milliseconds(2))
        XCTAssertEqual(state.position, "→ 5/5", "no overshoot on screen")
        state = running(5, at: 0)
        for t in 1...3 { _ = state.reduce(.key(.left), now: .milliseconds(t)) }
        XCTAssertEqual(state.position, "1/5")
        XCTAssertNil(state.heading, "already there: nothing pending")
        XCTAssertEqual(state.reduce(.key(.end), now: .milliseconds(5)), [.send(.goto(index: 4))])
        XCTAssertEqual(state.position, "→ 5/5")
        XCTAssertEqual(state.reduce(.key(.end), now: .milliseconds(6)), [], "already heading there")
        _ = state.reduce(.source(.showFinished), now: .milliseconds(7))
        XCTAssertNil(state.heading)
    }
}
