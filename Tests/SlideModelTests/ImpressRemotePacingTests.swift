import XCTest
@testable import SlideModel

/// The pacer against a virtual clock: time is just a number we move.
final class ImpressRemotePacingTests: XCTestCase {
    private struct Sent: Equatable {
        var at: Int  // ms
        var command: SourceCommand
    }

    /// Runs the pacer as the transport does: release whatever is due, then
    /// jump the clock to `nextRelease`, until the queue is empty.
    private func drain(_ pacer: inout NavigationPacer, from start: Int) -> [Sent] {
        var now = start
        var sent: [Sent] = []
        for _ in 0..<1000 {
            sent += pacer.release(now: .milliseconds(now)).map { Sent(at: now, command: $0) }
            guard let next = pacer.nextRelease else { break }
            now = max(now, Int(next.components.seconds * 1000 + next.components.attoseconds / 1_000_000_000_000_000))
        }
        return sent
    }

    func testFiveQuickStepsGoFortyMillisecondsApart() {
        var pacer = NavigationPacer()
        for _ in 0..<5 { pacer.enqueue(.next) }
        let sent = drain(&pacer, from: 1000)
        XCTAssertEqual(sent.map(\.command), Array(repeating: .next, count: 5))
        XCTAssertEqual(sent.map(\.at), [1000, 1040, 1080, 1120, 1160])
    }

    func testAStepLongAfterThePreviousGoesAtOnce() {
        var pacer = NavigationPacer()
        pacer.enqueue(.next)
        XCTAssertEqual(pacer.release(now: .milliseconds(0)), [.next])
        pacer.enqueue(.previous)
        XCTAssertEqual(pacer.release(now: .milliseconds(39)), [])
        XCTAssertEqual(pacer.nextRelease, .milliseconds(40))
        XCTAssertEqual(pacer.release(now: .milliseconds(40)), [.previous])
        pacer.enqueue(.next)
        XCTAssertEqual(pacer.release(now: .milliseconds(500)), [.next])
        XCTAssertNil(pacer.nextRelease)
    }

    func testGotoIsNotDelayedButKeepsItsPlaceAndCountsAsNavigation() {
        var pacer = NavigationPacer()
        pacer.enqueue(.next)
        pacer.enqueue(.next)
        pacer.enqueue(.goto(index: 7))
        pacer.enqueue(.next)
        let sent = drain(&pacer, from: 0)
        XCTAssertEqual(sent, [
            Sent(at: 0, command: .next),
            Sent(at: 40, command: .next),
            Sent(at: 40, command: .goto(index: 7)),  // right behind the step, no wait of its own
            Sent(at: 80, command: .next),  // but the step after it waits
        ])
    }

    func testOtherCommandsNeverOvertakeAWaitingStep() {
        var pacer = NavigationPacer()
        pacer.enqueue(.next)
        pacer.enqueue(.next)
        pacer.enqueue(.blank)
        pacer.enqueue(.pointerMoved(x: 0.5, y: 0.5))
        let sent = drain(&pacer, from: 0)
        XCTAssertEqual(sent.map(\.command), [.next, .next, .blank, .pointerMoved(x: 0.5, y: 0.5)])
        XCTAssertEqual(sent.map(\.at), [0, 40, 40, 40])
    }

    func testNonStepsGoImmediately() {
        var pacer = NavigationPacer()
        pacer.enqueue(.next)
        _ = pacer.release(now: .zero)
        pacer.enqueue(.blank)
        pacer.enqueue(.goto(index: 2))
        XCTAssertEqual(pacer.release(now: .milliseconds(1)), [.blank, .goto(index: 2)])
    }

    func testQueueIsBounded() {
        var pacer = NavigationPacer(capacity: 3)
        XCTAssertTrue(pacer.enqueue(.next))
        XCTAssertTrue(pacer.enqueue(.next))
        XCTAssertTrue(pacer.enqueue(.next))
        XCTAssertFalse(pacer.enqueue(.next))
        XCTAssertEqual(pacer.pending.count, 3)
    }

    func testClearDropsStalePresses() {
        var pacer = NavigationPacer()
        pacer.enqueue(.next)
        pacer.enqueue(.next)
        _ = pacer.release(now: .zero)
        pacer.clear()
        XCTAssertTrue(pacer.isEmpty)
        XCTAssertNil(pacer.nextRelease)
    }

    func testCustomSpacing() {
        var pacer = NavigationPacer(spacing: .milliseconds(100))
        for _ in 0..<3 { pacer.enqueue(.previous) }
        XCTAssertEqual(drain(&pacer, from: 0).map(\.at), [0, 100, 200])
    }

    // MARK: reconnect backoff

    func testBackoffDoublesUpToTheCap() {
        var b = ReconnectBackoff()
        let delays = (0..<7).map { _ in b.nextDelay() }
        XCTAssertEqual(delays, [1, 2, 4, 8, 15, 15, 15].map { Duration.seconds($0) })
        b.reset()
        XCTAssertEqual(b.nextDelay(), .seconds(1))
    }

    func testBackoffNeverOverflows() {
        var b = ReconnectBackoff(initial: .milliseconds(10), maximum: .seconds(15))
        for _ in 0..<200 { XCTAssertLessThanOrEqual(b.nextDelay(), .seconds(15)) }
    }

    func testCountdownSecondsRoundUp() {
        XCTAssertEqual(ReconnectBackoff.countdownSeconds(.seconds(4)), 4)
        XCTAssertEqual(ReconnectBackoff.countdownSeconds(.milliseconds(3001)), 4)
        XCTAssertEqual(ReconnectBackoff.countdownSeconds(.milliseconds(20)), 1)
        XCTAssertEqual(ReconnectBackoff.countdownSeconds(.zero), 0)
        XCTAssertEqual(ReconnectBackoff.countdownSeconds(.milliseconds(-5)), 0)
    }
}
