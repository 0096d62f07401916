import XCTest
@testable import SlideModel

/// Every source's link lives the same life: each transition, the backoff
/// between attempts, the presenter's retry while counting down, and stop
/// from every state.
final class LinkLifeTests: XCTestCase {
    /// A backoff of 1, 2, 4 s, a countdown refreshed every second.
    private func life() -> LinkLife {
        LinkLife(backoff: ReconnectBackoff(initial: .seconds(1), maximum: .seconds(4)), countdownStep: .seconds(1))
    }

    /// A life in `phase`, reached the way a connection reaches it.
    private func life(in phase: LinkLife.Phase) -> LinkLife {
        var l = life()
        switch phase {
        case .idle: break
        case .connecting: l.connecting()
        case .open: l.connecting(); l.opened()
        case .countingDown: l.connecting(); _ = l.lost(LinkProblem.unexplained("refused", source: "test"))
        case .waiting: l.connecting(); _ = l.refused(LinkProblem.unexplained("wrong password", source: "test"))
        case .stopped: l.stop()
        }
        return l
    }

    private static let every: [LinkLife.Phase] = [.idle, .connecting, .open, .countingDown(left: .zero, problem: LinkProblem.unexplained("", source: "test")), .waiting, .stopped]

    func testIdleStartsOnceThenConnectsAndOpens() {
        var l = life()
        XCTAssertEqual(l.phase, .idle)
        XCTAssertEqual(l.start(), [.connect], "the first attempt")
        l.connecting()
        XCTAssertEqual(l.phase, .connecting)
        XCTAssertEqual(l.start(), [], "started once only")
        l.opened()
        XCTAssertEqual(l.phase, .open)
        XCTAssertTrue(l.isOpen)
    }

    func testALossCountsDownEverySecondThenConnects() {
        var l = life(in: .open)
        _ = l.lost(LinkProblem.unexplained("x", source: "test"))   // 1 s
        l.connecting()
        XCTAssertEqual(l.lost(LinkProblem.unexplained("connection refused", source: "test")),
                       [.tell(.reconnecting(inSeconds: 2, problem: LinkProblem.unexplained("connection refused", source: "test"))), .armCountdown(after: .seconds(1))],
                       "the second loss in a row waits 2 s")
        XCTAssertEqual(l.phase, .countingDown(left: .seconds(1), problem: LinkProblem.unexplained("connection refused", source: "test")))
        XCTAssertEqual(l.countdownFired(),
                       [.tell(.reconnecting(inSeconds: 1, problem: LinkProblem.unexplained("connection refused", source: "test"))), .armCountdown(after: .seconds(1))])
        XCTAssertEqual(l.countdownFired(), [.connect], "at 0: the next attempt")
        l.connecting()
        XCTAssertEqual(l.countdownFired(), [], "a late timer while connecting does nothing")
    }

    func testTheBackoffDoublesUpToItsMaximumAndALinkThatWorkedStartsItAfresh() {
        var l = life(in: .connecting)
        var waits: [Int] = []
        for _ in 0..<4 {
            if case .tell(.reconnecting(let seconds, _)) = l.lost(LinkProblem.unexplained("refused", source: "test")).first { waits.append(seconds) }
            l.connecting()
        }
        XCTAssertEqual(waits, [1, 2, 4, 4])
        l.opened()
        l.worked()
        l.connecting()
        XCTAssertEqual(l.lost(LinkProblem.unexplained("reset", source: "test")).first, .tell(.reconnecting(inSeconds: 1, problem: LinkProblem.unexplained("reset", source: "test"))))
    }

    func testACountdownStepLongerThanTheWaitArmsTheWaitAndZeroArmsItOnce() {
        var l = LinkLife(backoff: ReconnectBackoff(initial: .milliseconds(500), maximum: .seconds(1)), countdownStep: .seconds(1))
        XCTAssertEqual(l.lost(LinkProblem.unexplained("r", source: "test")), [.tell(.reconnecting(inSeconds: 1, problem: LinkProblem.unexplained("r", source: "test"))), .armCountdown(after: .milliseconds(500))])
        var once = LinkLife(backoff: ReconnectBackoff(initial: .seconds(3), maximum: .seconds(3)), countdownStep: .zero)
        XCTAssertEqual(once.lost(LinkProblem.unexplained("r", source: "test")), [.tell(.reconnecting(inSeconds: 3, problem: LinkProblem.unexplained("r", source: "test"))), .armCountdown(after: .seconds(3))])
        XCTAssertEqual(once.countdownFired(), [.connect])
    }

    func testRetryNowWhileCountingDownConnectsAtOnceWithTheBackoffAfresh() {
        var l = life(in: .connecting)
        for _ in 0..<3 { _ = l.lost(LinkProblem.unexplained("refused", source: "test")); l.connecting() }
        _ = l.lost(LinkProblem.unexplained("refused", source: "test"))
        XCTAssertEqual(l.retryNow(), [.cancelCountdown, .log(.info, "reconnecting now, as asked"), .connect])
        l.connecting()
        XCTAssertEqual(l.lost(LinkProblem.unexplained("refused", source: "test")).first, .tell(.reconnecting(inSeconds: 1, problem: LinkProblem.unexplained("refused", source: "test"))),
                       "the presenter's retry starts the backoff afresh")
    }

    func testARefusalWaitsForThePresenterOnly() {
        var l = life(in: .connecting)
        XCTAssertEqual(l.refused(LinkProblem.unexplained("wrong password", source: "test")), [.tell(.failed(LinkProblem.unexplained("wrong password", source: "test")))])
        XCTAssertEqual(l.phase, .waiting)
        XCTAssertEqual(l.countdownFired(), [], "no timer brings it back")
        XCTAssertEqual(l.retryNow(), [.cancelCountdown, .log(.info, "reconnecting now, as asked"), .connect])
    }

    func testRetryNowLeavesAnAttemptOrALinkThatIsUpAlone() {
        for phase in [LinkLife.Phase.idle, .connecting, .open, .stopped] {
            var l = life(in: phase)
            XCTAssertEqual(l.retryNow(), [], "\(phase)")
            XCTAssertEqual(l.phase, life(in: phase).phase)
        }
    }

    func testStopFromEveryStateIsForGood() {
        for phase in Self.every {
            var l = life(in: phase)
            l.stop()
            XCTAssertTrue(l.isStopped, "\(phase)")
            XCTAssertEqual(l.start(), [], "\(phase): no start after a stop")
            XCTAssertEqual(l.retryNow(), [], "\(phase): no retry after a stop")
            XCTAssertEqual(l.countdownFired(), [], "\(phase): a late countdown does nothing")
            XCTAssertEqual(l.lost(LinkProblem.unexplained("closed", source: "test")), [], "\(phase): a late loss counts nothing down")
            XCTAssertEqual(l.refused(LinkProblem.unexplained("no", source: "test")), [], "\(phase): nor waits")
            l.connecting()
            l.opened()
            XCTAssertEqual(l.phase, .stopped, "\(phase): nothing opens it again")
        }
    }
}
