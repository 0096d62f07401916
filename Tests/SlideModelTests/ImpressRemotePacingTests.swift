import XCTest
@testable import SlideModel

/// The pacer against a virtual clock: time is just a number we move.
final class ImpressRemotePacingTests: XCTestCase {
    private struct Sent: Equatable {
        var at: Int  // ms
        var command: SourceCommand
    }

    /// Fixed times for these tests (40 ms spacing, 25 ms settle, 150 ms
    /// for a confirmation), whatever the defaults are tuned to.
    private func paced() -> NavigationPacer {
        NavigationPacer(spacing: .milliseconds(40), settle: .milliseconds(25), ackTimeout: .milliseconds(150))
    }

    func testDefaultsAreConservative() {
        let pacer = NavigationPacer()
        XCTAssertGreaterThanOrEqual(pacer.spacing, .milliseconds(40))
        XCTAssertGreaterThanOrEqual(pacer.settle, .milliseconds(25))
        XCTAssertGreaterThanOrEqual(pacer.ackTimeout, pacer.spacing)
    }

    private static func ms(_ d: Duration) -> Int {
        Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Runs the pacer as the transport does: release whatever is due, then
    /// move the clock to the next thing that happens: the next release, or
    /// the show's `slide_updated`, which arrives `ackAfter` ms after each
    /// navigation (nil: the show never answers).
    private func drain(_ pacer: inout NavigationPacer, from start: Int, ackAfter: Int? = nil) -> [Sent] {
        var now = start
        var sent: [Sent] = []
        var acks: [Int] = []
        for _ in 0..<1000 {
            let due = pacer.release(now: .milliseconds(now))
            sent += due.map { Sent(at: now, command: $0) }
            if let ackAfter {
                acks += due.filter { NavigationPacer.isNavigation($0) }.map { _ in now + ackAfter }
            }
            guard let next = pacer.nextRelease.map(Self.ms) else { break }
            if let ack = acks.first, ack <= max(next, now) {
                acks.removeFirst()
                now = max(now, ack)
                pacer.acknowledge(now: .milliseconds(now))
            } else {
                now = max(now, next)
            }
        }
        return sent
    }

    func testQuickStepsFollowTheShowsConfirmations() {
        // LibreOffice confirms after ~21 ms; the next step goes 25 ms after
        // that, but never sooner than 40 ms after the previous one.
        var pacer = paced()
        for _ in 0..<5 { pacer.enqueue(.next) }
        let sent = drain(&pacer, from: 1000, ackAfter: 21)
        XCTAssertEqual(sent.map(\.command), Array(repeating: .next, count: 5))
        XCTAssertEqual(sent.map(\.at), [1000, 1046, 1092, 1138, 1184])
    }

    func testAFastShowStillGetsFortyMilliseconds() {
        var pacer = paced()
        for _ in 0..<3 { pacer.enqueue(.previous) }
        XCTAssertEqual(drain(&pacer, from: 0, ackAfter: 3).map(\.at), [0, 40, 80])
    }

    func testASlowShowIsWaitedFor() {
        // Under load the slide change took 90 ms to confirm: the next step
        // waits that long again after the confirmation.
        var pacer = paced()
        for _ in 0..<3 { pacer.enqueue(.next) }
        XCTAssertEqual(drain(&pacer, from: 0, ackAfter: 90).map(\.at), [0, 180, 360])
    }

    func testSilenceIsWaitedForOnlyUntilTheTimeout() {
        // Animation steps and the end screen send no slide_updated.
        var pacer = paced()
        for _ in 0..<3 { pacer.enqueue(.next) }
        XCTAssertEqual(drain(&pacer, from: 0).map(\.at), [0, 150, 300])
    }

    func testAStepLongAfterThePreviousGoesAtOnce() {
        var pacer = paced()
        pacer.enqueue(.next)
        XCTAssertEqual(pacer.release(now: .milliseconds(0)), [.next])
        pacer.acknowledge(now: .milliseconds(20))
        pacer.enqueue(.previous)
        XCTAssertEqual(pacer.release(now: .milliseconds(39)), [])
        XCTAssertEqual(pacer.nextRelease, .milliseconds(45))
        XCTAssertEqual(pacer.release(now: .milliseconds(45)), [.previous])
        pacer.enqueue(.next)
        XCTAssertEqual(pacer.release(now: .milliseconds(500)), [.next])
        XCTAssertNil(pacer.nextRelease)
    }

    func testASlideChangeFromElsewhereAlsoHoldsTheNextStep() {
        // Someone else moved the show just now: our step waits the settle time.
        var pacer = paced()
        pacer.acknowledge(now: .milliseconds(100))
        pacer.enqueue(.next)
        XCTAssertEqual(pacer.release(now: .milliseconds(110)), [])
        XCTAssertEqual(pacer.release(now: .milliseconds(125)), [.next])
    }

    func testGotoIsPacedLikeEveryNavigation() {
        // A step right after a goto's confirmation was swallowed by the real
        // show, so a goto waits its turn too (it is never dropped itself).
        var pacer = paced()
        pacer.enqueue(.next)
        pacer.enqueue(.next)
        pacer.enqueue(.goto(index: 7))
        pacer.enqueue(.next)
        let sent = drain(&pacer, from: 0, ackAfter: 3)
        XCTAssertEqual(sent, [
            Sent(at: 0, command: .next),
            Sent(at: 40, command: .next),
            Sent(at: 80, command: .goto(index: 7)),
            Sent(at: 120, command: .next),
        ])
    }

    func testOtherCommandsNeverOvertakeAWaitingStep() {
        var pacer = paced()
        pacer.enqueue(.next)
        pacer.enqueue(.next)
        pacer.enqueue(.blank)
        pacer.enqueue(.pointerMoved(x: 0.5, y: 0.5))
        let sent = drain(&pacer, from: 0, ackAfter: 10)
        XCTAssertEqual(sent.map(\.command), [.next, .next, .blank, .pointerMoved(x: 0.5, y: 0.5)])
        XCTAssertEqual(sent.map(\.at), [0, 40, 40, 40])
    }

    func testOtherCommandsGoImmediately() {
        var pacer = paced()
        pacer.enqueue(.next)
        _ = pacer.release(now: .zero)
        pacer.enqueue(.blank)
        pacer.enqueue(.pointerStarted(x: 0.1, y: 0.2))
        pacer.enqueue(.goto(index: 2))
        pacer.enqueue(.resume)
        XCTAssertEqual(pacer.release(now: .milliseconds(1)), [.blank, .pointerStarted(x: 0.1, y: 0.2)])
        XCTAssertEqual(pacer.nextRelease, .milliseconds(150))
        pacer.acknowledge(now: .milliseconds(10))
        XCTAssertEqual(pacer.release(now: .milliseconds(40)), [.goto(index: 2), .resume])
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
        var pacer = paced()
        pacer.enqueue(.next)
        pacer.enqueue(.next)
        _ = pacer.release(now: .zero)
        pacer.clear()
        XCTAssertTrue(pacer.isEmpty)
        XCTAssertNil(pacer.nextRelease)
        // A new connection's first step is not held by the old one's wait.
        pacer.enqueue(.next)
        XCTAssertEqual(pacer.release(now: .milliseconds(41)), [.next])
    }

    func testCustomTimes() {
        var pacer = NavigationPacer(spacing: .milliseconds(100), settle: .zero, ackTimeout: .milliseconds(100))
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
