import XCTest
@testable import SlideModel
@testable import ImpressRemote

/// A stuck or crashed remote server (LibreOffice 25.2 hangs in its crash
/// handler, still pairing clients): the connection says so instead of
/// "Asking about the show…" for ever, or a stale position.
final class ImpressAnswerWatchTests: XCTestCase {
    private func at(_ seconds: Double) -> Duration { .milliseconds(Int(seconds * 1000)) }
    private func bytes(_ lines: String...) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n\n").utf8) }
    private func emitted(_ actions: [ImpressConnection.Action]) -> [SourceEvent] {
        actions.compactMap { if case .emit(let e) = $0 { e } else { nil } }
    }

    /// Connected and paired at 0.02 s; nothing else said.
    private func pairedOnly() -> (ImpressConnection, [ImpressConnection.Action]) {
        var c = ImpressConnection(.init(clientName: "pad", serverLabel: "127.0.0.1", address: "127.0.0.1:1599",
                                        backoff: ReconnectBackoff(initial: .seconds(1), maximum: .seconds(15))))
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0.01))
        let paired = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED")), now: at(0.02))
        return (c, paired)
    }

    private func running() -> ImpressConnection {
        var (c, _) = pairedOnly()
        _ = c.handle(.received(bytes("slideshow_started", "40", "3")), now: at(0.1))
        return c
    }

    func testPairedThenSilentIsStuckAndWaitsForThePresenterWithTheRestartAdvice() {
        var (c, paired) = pairedOnly()
        XCTAssertTrue(paired.contains(.arm(.answer, after: .seconds(6))), "the wait for the show's state starts at pairing")
        XCTAssertEqual(c.handle(.timerFired(.answer), now: at(6.02)).last, .close)
        let lost = c.handle(.closed, now: at(6.03))
        XCTAssertEqual(emitted(lost), [.link(.failed(ImpressProblem.silentAfterPairing.problem))],
                       "not tried again by itself: a hung remote pairs at once and the problem would flash by")
        XCTAssertEqual(ImpressProblem.silentAfterPairing.reason,
                       "Impress's remote is stuck: it paired but never said whether a show runs")
        XCTAssertTrue(ImpressProblem.silentAfterPairing.fix.contains("Quit LibreOffice completely"))
    }

    func testTheShowsStateEndsTheWait() {
        var (c, _) = pairedOnly()
        let info = c.handle(.received(bytes("LO_SERVER_INFO", "25.2.3.2")), now: at(0.03))
        XCTAssertFalse(info.contains(.cancel(.answer)), "the version is not the show's state")
        XCTAssertTrue(c.handle(.received(bytes("slideshow_finished")), now: at(0.04)).contains(.cancel(.answer)))
        XCTAssertEqual(c.handle(.timerFired(.answer), now: at(6)), [], "a late timer changes nothing")
    }

    func testAGoToLeftUnansweredIsSaidAndTakenBackWhenImpressSpeaks() {
        var c = running()
        let sent = c.handle(.send(.goto(index: 10)), now: at(1))
        XCTAssertTrue(sent.contains(.arm(.answer, after: .seconds(6))), "a go-to to another slide is always answered")
        let overdue = c.handle(.timerFired(.answer), now: at(7))
        XCTAssertEqual(emitted(overdue), [.unanswered(ImpressProblem.unconfirmed.problem)])
        XCTAssertFalse(overdue.contains(.close), "the link stays: closing may be what breaks Impress")
        XCTAssertEqual(c.handle(.timerFired(.answer), now: at(8)), [], "said once")
        let back = c.handle(.received(bytes("slide_updated", "10")), now: at(9))
        XCTAssertEqual(emitted(back), [.unanswered(nil), .slideChanged(index: 10)])
    }

    func testStepsThatMayBeAnimationsAreDoubtedOnlyAfterSeveral() {
        var c = running()
        for i in 0..<(AnswerWatch.stepsBeforeDoubt - 1) {
            XCTAssertFalse(c.handle(.send(.next), now: at(1 + Double(i))).contains { if case .arm(.answer, _) = $0 { true } else { false } },
                           "step \(i + 1): an animation step is never answered")
        }
        XCTAssertTrue(c.handle(.send(.next), now: at(5)).contains(.arm(.answer, after: .seconds(6))))
        XCTAssertEqual(emitted(c.handle(.timerFired(.answer), now: at(11))), [.unanswered(ImpressProblem.unconfirmed.problem)])
    }

    func testAStepWhileBlankedIsAlwaysAnswered() {
        var c = running()
        _ = c.handle(.send(.blank), now: at(1))
        XCTAssertTrue(c.handle(.send(.next), now: at(2)).contains(.arm(.answer, after: .seconds(6))),
                      "a move while blanked restarts the show: Impress always says slideshow_started")
    }
}
