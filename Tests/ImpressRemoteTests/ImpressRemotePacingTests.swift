import XCTest
@testable import SlideModel
@testable import ImpressRemote

/// The pacer against a virtual clock: time is just a number we move.
final class ImpressRemotePacingTests: XCTestCase {
    /// A show of 30 slides standing on `current`.
    private func show(_ current: Int) -> (slideCount: Int, current: Int) { (30, current) }
    private func at(_ ms: Int) -> Duration { .milliseconds(ms) }

    /// A `send next` that connects just after another client's step: its step
    /// waits until the show may take it (LibreOffice 25.2 dropped one sent
    /// 43 ms after the other client's `slide_updated`), and is still a step.
    func testAFirstStepRightAfterTheShowWasSeenWaitsAndStaysAStep() {
        var pacer = NavigationPacer()
        pacer.showSeen(now: at(1_000))
        XCTAssertNil(pacer.wire(.next, show: show(4), now: at(1_001)), "held: the show may have just moved")
        XCTAssertTrue(pacer.isHolding)
        XCTAssertEqual(pacer.holdTime(now: at(1_001)), NavigationPacer.defaultFirstStepWait - .milliseconds(1))
        XCTAssertEqual(pacer.expire(now: at(1_200)), .next, "then sent as a step, animations kept")
        XCTAssertFalse(pacer.isHolding)
    }

    /// After a resume LibreOffice says the show started twice, the second
    /// time late when busy: a first step held meanwhile still goes out.
    func testAFirstStepHeldWhenTheShowIsSaidToStartAgainIsNotLost() {
        var pacer = NavigationPacer()
        pacer.showSeen(now: at(1_000))
        XCTAssertNil(pacer.wire(.next, show: show(4), now: at(1_050)))
        pacer.showSeen(now: at(1_100))
        XCTAssertTrue(pacer.isHolding, "the press is still held")
        XCTAssertEqual(pacer.expire(now: at(1_300)), .next)
    }

    /// After the show started again while it ran (a resume, a blank ended),
    /// Impress sends every preview anew, and a step sent meanwhile is often
    /// never carried out (25.2: 2 to 4 in 30 `next`s after blank and
    /// resume, none in 30 held 3 s). A first step waits for the previews'
    /// end, then goes as a step; `restartWait` at most.
    func testAFirstStepAfterARestartWaitsForTheStreamsEnd() {
        var pacer = NavigationPacer()
        pacer.showSeen(now: at(1_000), restarted: true)
        XCTAssertNil(pacer.wire(.next, show: show(4), now: at(1_050)))
        XCTAssertEqual(pacer.holdTime(now: at(1_050)), NavigationPacer.defaultRestartWait - .milliseconds(50))
        XCTAssertEqual(pacer.streamEnded(now: at(2_400)), .next, "the previews are in: the step goes")
        XCTAssertFalse(pacer.isHolding)

        // The stream ends before the first step's usual wait: that wait still holds.
        pacer.showSeen(now: at(5_000), restarted: true)
        XCTAssertNil(pacer.wire(.next, show: show(5), now: at(5_010)))
        XCTAssertNil(pacer.streamEnded(now: at(5_100)))
        XCTAssertEqual(pacer.holdTime(now: at(5_100)), .milliseconds(100))
        XCTAssertEqual(pacer.expire(now: at(5_200)), .next)

        // A stream that never ends: the step goes after `restartWait`.
        pacer.showSeen(now: at(10_000), restarted: true)
        XCTAssertNil(pacer.wire(.next, show: show(6), now: at(10_500)), "500 ms on: still held while the previews come")
        XCTAssertEqual(pacer.holdTime(now: at(10_500)), NavigationPacer.defaultRestartWait - .milliseconds(500))
        XCTAssertEqual(pacer.expire(now: at(20_000)), .next)
    }

    func testPressesMadeWhileTheFirstStepWaitsBecomeOneGoto() {
        var pacer = NavigationPacer()
        pacer.showSeen(now: at(1_000))
        XCTAssertNil(pacer.wire(.next, show: show(4), now: at(1_010)))
        XCTAssertNil(pacer.wire(.next, show: show(4), now: at(1_040)))
        XCTAssertNil(pacer.wire(.next, show: show(4), now: at(1_070)))
        XCTAssertEqual(pacer.expire(now: at(1_200)), .goto(index: 7), "three presses, none lost")
        XCTAssertEqual(pacer.heading?.target, 7)
    }

    func testAPressLongAfterTheShowWasSeenGoesAtOnce() {
        var pacer = NavigationPacer()
        pacer.showSeen(now: at(1_000))
        XCTAssertEqual(pacer.wire(.next, show: show(4), now: at(2_000)), .next)
    }

    func testAPressAloneIsAStepThatKeepsAnimations() {
        var pacer = NavigationPacer()
        XCTAssertEqual(pacer.wire(.next, show: show(4), now: at(1_000)), .next)
        _ = pacer.confirmed(5, now: at(1_020))
        XCTAssertEqual(pacer.wire(.previous, show: show(5), now: at(2_000)), .previous)
    }

    func testQuickPressesBecomeGotosToWhereTheyHead() {
        // A burst: the bytes of five presses arrive together.
        var pacer = NavigationPacer()
        let sent = (0..<5).map { _ in pacer.wire(.next, show: show(0), now: at(1_000)) }
        XCTAssertEqual(sent, [.next, .goto(index: 2), .goto(index: 3), .goto(index: 4), .goto(index: 5)],
                       "every press goes out at once; the show ends exactly five slides on")
    }

    func testPressesCloserThanTheQuietGapAreGotosEvenWhenConfirmed() {
        var pacer = NavigationPacer()
        XCTAssertEqual(pacer.wire(.next, show: show(3), now: at(0)), .next)
        _ = pacer.confirmed(4, now: at(21))
        XCTAssertEqual(pacer.wire(.next, show: show(4), now: at(30)), .goto(index: 5),
                       "30 ms after a step: a step now could be dropped")
        _ = pacer.confirmed(5, now: at(50))
        XCTAssertEqual(pacer.wire(.next, show: show(5), now: at(100)), .goto(index: 6), "50 ms after a confirmation: a step could be lost")
        _ = pacer.confirmed(6, now: at(110))
        XCTAssertEqual(pacer.wire(.next, show: show(6), now: at(200)), .next, "quiet and settled: a step")
    }

    /// Seen on the real show: ← then → 11 ms later. A go-to back to the slide
    /// the show still stands on would be a no-op, and the step would then
    /// land one slide short: the go-to waits for the step's confirmation.
    func testAGotoToTheSlideTheShowIsLeavingWaitsForTheStep() {
        var pacer = NavigationPacer()
        XCTAssertEqual(pacer.wire(.previous, show: show(1), now: at(0)), .previous)
        XCTAssertNil(pacer.wire(.next, show: show(1), now: at(11)), "held: the show has not left slide 2 yet")
        XCTAssertTrue(pacer.isHolding)
        XCTAssertEqual(pacer.confirmed(0, now: at(30)), .goto(index: 1), "the step landed: now the go-to back")
        XCTAssertFalse(pacer.isHolding)

        XCTAssertEqual(pacer.wire(.previous, show: show(5), now: at(1_000)), .previous)
        XCTAssertNil(pacer.wire(.next, show: show(5), now: at(1_010)))
        XCTAssertNil(pacer.confirmed(5, now: at(1_030)), "the show stayed (an animation step back): nothing to send")

        XCTAssertEqual(pacer.wire(.previous, show: show(5), now: at(2_000)), .previous)
        XCTAssertNil(pacer.wire(.next, show: show(5), now: at(2_010)))
        XCTAssertEqual(pacer.expire(now: .zero), .goto(index: 5), "no confirmation within the timeout: the go-to goes anyway")
    }

    func testAnUnconfirmedStepKeepsPressesAsGotosUntilTheAckTimeout() {
        var pacer = NavigationPacer()
        XCTAssertEqual(pacer.wire(.next, show: show(3), now: at(0)), .next)  // an animation step: no slide_updated
        XCTAssertEqual(pacer.wire(.next, show: show(3), now: at(100)), .goto(index: 5), "still waiting: heading + 1")
        XCTAssertEqual(pacer.wire(.next, show: show(3), now: at(400)), .next, "quiet long enough: a step again")
    }

    func testAHeldKeyStopsWithItsLastRepeat() {
        // Key repeat at 30/s for 2 s: every repeat goes out at once, as a
        // goto one slide further, clamped to the show; nothing is queued,
        // so nothing moves the show after the key is let go.
        var pacer = NavigationPacer()
        var current = 0
        var sent: [SourceCommand] = []
        for repeatAt in stride(from: 0, to: 2_000, by: 33) {
            guard let command = pacer.wire(.next, show: show(current), now: at(repeatAt)) else { continue }
            sent.append(command)
            if case .goto(let index) = command { current = index; _ = pacer.confirmed(index, now: at(repeatAt + 13)) }
        }
        XCTAssertEqual(sent.first, .next)
        XCTAssertEqual(sent.last, .goto(index: 29), "held past the end: stays on the last slide, no overshoot")
        XCTAssertEqual(sent.dropFirst().compactMap { if case .goto(let i) = $0 { i } else { nil } }.max(), 29)
    }

    func testNeverPastTheEndsAndGotosAndOtherCommandsPassUnchanged() {
        var pacer = NavigationPacer()
        XCTAssertEqual(pacer.wire(.previous, show: show(0), now: at(0)), .previous)
        XCTAssertNil(pacer.wire(.previous, show: show(0), now: at(5)), "already on the first slide: held, nothing to add")
        XCTAssertEqual(pacer.wire(.goto(index: 7), show: show(0), now: at(500)), .goto(index: 7))
        XCTAssertFalse(pacer.isHolding, "a later navigation replaces a held one")
        XCTAssertEqual(pacer.wire(.next, show: show(0), now: at(510)), .goto(index: 8), "heading on from the go-to")
        XCTAssertEqual(pacer.wire(.blank, show: show(0), now: at(511)), .blank)
        XCTAssertEqual(pacer.wire(.next, show: nil, now: at(512)), .next, "no show known: as pressed")
        pacer.reset()
        XCTAssertEqual(pacer.wire(.next, show: show(8), now: at(513)), .next, "a new connection starts quiet")
    }

    func testBackoffDoublesUpToTheCap() {
        var b = ReconnectBackoff()
        let delays = (0..<7).map { _ in b.nextDelay() }
        XCTAssertEqual(delays, [500, 1000, 1000, 1000, 1000, 1000, 1000].map { Duration.milliseconds($0) },
                       "Impress back is reconnected to within a second")
        b.reset()
        XCTAssertEqual(b.nextDelay(), .milliseconds(500))
        b = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(15))
        XCTAssertEqual((0..<6).map { _ in b.nextDelay() }, [1, 2, 4, 8, 15, 15].map { Duration.seconds($0) })
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
