import XCTest
@testable import SlideModel
@testable import ImpressRemote

/// The Impress connection's life on virtual time: what it decides for each
/// thing that happens, including the pairing timeout and the reconnect
/// countdown, without sockets or waiting.
final class ImpressConnectionTests: XCTestCase {
    /// A backoff of 1, 2, 4 … s, so each countdown step shows.
    private func connection(pin: String? = nil, pairingTimeout: Duration = .seconds(10)) -> ImpressConnection {
        ImpressConnection(.init(clientName: "pad", serverLabel: "127.0.0.1", address: "127.0.0.1:1599",
                                pinOverride: pin, pairingTimeout: pairingTimeout,
                                backoff: ReconnectBackoff(initial: .seconds(1), maximum: .seconds(15))))
    }
    private func at(_ seconds: Double) -> Duration { .milliseconds(Int(seconds * 1000)) }
    private func bytes(_ lines: String...) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n\n").utf8) }
    private func emitted(_ actions: [ImpressConnection.Action]) -> [SourceEvent] {
        actions.compactMap { if case .emit(let e) = $0 { e } else { nil } }
    }
    private func written(_ actions: [ImpressConnection.Action]) -> [String] {
        actions.compactMap { if case .write(let b, _) = $0 { String(decoding: b, as: UTF8.self) } else { nil } }
    }

    /// Started, connected, paired at once, a show of 5 running.
    private func paired() -> ImpressConnection {
        var c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0.01))
        _ = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED") + bytes("slideshow_started", "5", "0")), now: at(0.02))
        return c
    }

    func testConnectPairAndStoreThePin() {
        var c = connection()
        let start = c.handle(.start(storedPin: nil, freshPin: "0042"), now: at(0))
        XCTAssertEqual(emitted(start), [.link(.connecting(to: "127.0.0.1:1599"))])
        XCTAssertTrue(start.contains(.connect))
        let open = c.handle(.connected, now: at(0.01))
        XCTAssertEqual(written(open), ["LO_SERVER_CLIENT_PAIR\npad\n0042\n\n"], "a fresh PIN, in one write")
        XCTAssertTrue(open.contains(.arm(.pairing, after: .seconds(10))))
        let answer = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED")), now: at(0.02))
        XCTAssertTrue(answer.contains(.cancel(.pairing)))
        XCTAssertTrue(answer.contains(.storePin("0042")))
        XCTAssertEqual(emitted(answer), [.link(.connected(server: "Impress · 127.0.0.1"))])
    }

    func testThePinOptionWinsThenTheStoredOneThenAFreshOneKeptAcrossReconnects() {
        var c = connection(pin: "9999")
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        XCTAssertEqual(written(c.handle(.connected, now: at(0))), ["LO_SERVER_CLIENT_PAIR\npad\n9999\n\n"])
        c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        XCTAssertEqual(written(c.handle(.connected, now: at(0))), ["LO_SERVER_CLIENT_PAIR\npad\n1234\n\n"])
        c = connection()
        _ = c.handle(.start(storedPin: nil, freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        _ = c.handle(.received(bytes("LO_SERVER_VALIDATING_PIN")), now: at(0.1))
        _ = c.handle(.closed, now: at(1))
        _ = c.handle(.retryNow, now: at(2))
        XCTAssertEqual(written(c.handle(.connected, now: at(2))), ["LO_SERVER_CLIENT_PAIR\npad\n0042\n\n"],
                       "the PIN the user may be typing stays the same")
    }

    func testAnUnansweredPairRequestIsDroppedAfterTheTimeoutAndRetried() {
        var c = connection()
        _ = c.handle(.start(storedPin: nil, freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        XCTAssertEqual(c.handle(.timerFired(.pairing), now: at(10)).last, .close)
        let lost = c.handle(.closed, now: at(10))
        XCTAssertEqual(emitted(lost), [.link(.reconnecting(inSeconds: 1, problem: ImpressProblem.stuck.problem))])
        XCTAssertEqual(ImpressProblem.stuck.reason, "Impress accepted the connection but never answered")
        XCTAssertTrue(lost.contains(.arm(.countdown, after: .seconds(1))))
        XCTAssertTrue(c.handle(.timerFired(.countdown), now: at(11)).contains(.connect))
    }

    func testAnAnsweredRequestIsNotTimedOut() {
        var c = paired()
        XCTAssertEqual(c.handle(.timerFired(.pairing), now: at(10)), [], "a late timer changes nothing")
        c = connection()
        _ = c.handle(.start(storedPin: nil, freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        let waiting = c.handle(.received(bytes("LO_SERVER_VALIDATING_PIN")), now: at(0.1))
        XCTAssertTrue(waiting.contains(.cancel(.pairing)), "a person typing the PIN is never hurried")
        XCTAssertEqual(c.handle(.timerFired(.pairing), now: at(10)), [])
    }

    func testAThreeSecondWaitCountsThreeTwoOne() {
        var c = ImpressConnection(.init(clientName: "pad", serverLabel: "h", address: "h:1599",
                                        backoff: ReconnectBackoff(initial: .seconds(3), maximum: .seconds(3))))
        _ = c.handle(.start(storedPin: nil, freshPin: "1"), now: at(0))
        var shown = emitted(c.handle(.connectFailed(ImpressProblem.unexplained("connection refused")), now: at(0)))
        var connects = 0
        for second in 1...3 {
            let actions = c.handle(.timerFired(.countdown), now: at(Double(second)))
            shown += emitted(actions)
            if actions.contains(.connect) { connects += 1 }
        }
        XCTAssertEqual(shown.compactMap { if case .link(.reconnecting(let s, _)) = $0 { s } else { nil } }, [3, 2, 1])
        XCTAssertEqual(connects, 1, "then it connects again")
    }

    func testTheCountdownShowsWholeSecondsAndBacksOff() {
        var c = paired()
        var shown: [SourceEvent] = emitted(c.handle(.closed, now: at(1)))
        var now = 1.0
        for _ in 0..<10 {
            now += 1
            let actions = c.handle(.timerFired(.countdown), now: at(now))
            shown += emitted(actions)
            if actions.contains(.connect) { _ = c.handle(.connectFailed(ImpressProblem.unexplained("connection refused")), now: at(now)).map { shown += emitted([$0]) } }
        }
        let countdown = shown.compactMap { if case .link(.reconnecting(let s, let r)) = $0 { "\(s) \(r.reason)" } else { nil } }
        XCTAssertEqual(Array(countdown.prefix(4)), ["1 Impress closed the connection", "2 connection refused", "1 connection refused",
                                                    "4 connection refused"], "1 s, then 2 s, then 4 s: each second shown")
    }

    func testWhyTheLinkWentIsSaid() {
        var c = connection()
        _ = c.handle(.start(storedPin: nil, freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        _ = c.handle(.received(bytes("LO_SERVER_VALIDATING_PIN")), now: at(0.1))
        c = paired()
        _ = c.handle(.received(Array("slide_preview\n0\nAAAA".utf8)), now: at(1))
        XCTAssertEqual(emitted(c.handle(.closed, now: at(1))).first,
                       .link(.reconnecting(inSeconds: 1, problem: ImpressProblem.midMessage)))
        XCTAssertEqual(ImpressProblem.midMessage.reason, "connection closed in the middle of a message")
    }

    /// Found by probing: a web server on the port answered HTTP 400, and the
    /// pad said "the server refused the pairing request".
    func testSomethingElseOnThePortIsSaid() {
        var c = connection()
        _ = c.handle(.start(storedPin: nil, freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        let answer = c.handle(.received(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)), now: at(0.01))
        XCTAssertEqual(answer.last, .close)
        XCTAssertEqual(emitted(c.handle(.closed, now: at(0.02))).first,
                       .link(.reconnecting(inSeconds: 1, problem: ImpressProblem.notImpress.problem)))
        XCTAssertEqual(ImpressProblem.notImpress.reason, "the port answered with something that isn't Impress Remote (wrong port?)")
    }

    func testAMessageOverTheCapClosesTheConnectionSayingWhy() {
        var c = ImpressConnection(.init(clientName: "pad", serverLabel: "h", address: "h:1599", maxMessageBytes: 64))
        _ = c.handle(.start(storedPin: "1", freshPin: "2"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        XCTAssertEqual(c.handle(.received(Array(repeating: UInt8(ascii: "A"), count: 100)), now: at(0)).last, .close)
        guard case .link(.reconnecting(_, let problem))? = emitted(c.handle(.closed, now: at(0))).first else {
            return XCTFail("no countdown")
        }
        XCTAssertTrue(problem.reason.contains("larger than"), problem.reason)
        XCTAssertEqual(problem.code, ImpressProblem.protocolErrorCode)
    }

    func testCommandsGoOutOnlyWhenPairedAndQuickPressesBecomeGotos() {
        var c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        XCTAssertEqual(c.handle(.send(.next), now: at(0)).first, .dropped(.next), "not connected yet")
        c = paired()
        XCTAssertEqual(written(c.handle(.send(.next), now: at(1))), ["transition_next\n\n"])
        XCTAssertEqual(written(c.handle(.send(.next), now: at(1.01))), ["goto_slide\n2\n\n"])
    }

    func testRePairingThatNeedsAPinClearsTheOldShowFirst() {
        var c = paired()
        _ = c.handle(.closed, now: at(1))
        _ = c.handle(.timerFired(.countdown), now: at(2))
        _ = c.handle(.connected, now: at(2))
        XCTAssertEqual(emitted(c.handle(.received(bytes("LO_SERVER_VALIDATING_PIN")), now: at(2.1))),
                       [.showFinished, .showTitle(""), .link(.pairing(pin: "1234", place: ImpressSession.pinPlace))])
    }

    /// A show of 5 whose whole stream has arrived.
    private func pairedAndStreamed() -> ImpressConnection {
        var c = paired()
        for i in 0..<5 { _ = c.handle(.received(bytes("slide_preview", "\(i)", "AA") + bytes("slide_notes", "\(i)", "n")), now: at(0.1)) }
        return c
    }

    func testAfterStopNothingMoves() {
        var c = pairedAndStreamed()
        let stop = c.handle(.stop, now: at(1))
        XCTAssertEqual(stop, [.cancel(.pairing), .cancel(.countdown), .cancel(.heldNavigation), .cancel(.answer), .close],
                       "nothing is streaming: it closes at once")
        XCTAssertEqual(c.handle(.send(.next), now: at(1)), [.dropped(.next)])
        XCTAssertEqual(c.handle(.timerFired(.countdown), now: at(2)), [])
        XCTAssertEqual(c.handle(.closed, now: at(2)), [])
    }

    func testARefusedPairingStopsUntilThePresenterAsksAgain() {
        var c = connection()
        _ = c.handle(.start(storedPin: nil, freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        _ = c.handle(.received(bytes("LO_SERVER_VALIDATING_PIN")), now: at(0.1))
        let closed = c.handle(.closed, now: at(5))
        XCTAssertEqual(emitted(closed), [.link(.failed(ImpressProblem.pairingUnconfirmed.problem))])
        XCTAssertEqual(ImpressProblem.pairingUnconfirmed.reason, "pairing was not confirmed in Impress")
        XCTAssertFalse(closed.contains { if case .arm(.countdown, _) = $0 { true } else { false } },
                       "no countdown: asking again would pop Impress's dialog up forever")
        XCTAssertEqual(c.handle(.timerFired(.countdown), now: at(60)), [])
        let again = c.handle(.retryNow, now: at(61))
        XCTAssertTrue(again.contains(.connect))
        XCTAssertEqual(emitted(again), [.link(.connecting(to: "127.0.0.1:1599"))])
    }

    func testRetryNowCutsTheCountdownShortAndDoesNothingWhileConnected() {
        var c = paired()
        _ = c.handle(.closed, now: at(1))
        XCTAssertTrue(c.handle(.retryNow, now: at(1.1)).contains(.connect))
        XCTAssertEqual(c.handle(.retryNow, now: at(1.2)), [], "already connecting")
        var up = paired()
        XCTAssertEqual(up.handle(.retryNow, now: at(2)), [], "the link is up")
    }

    // MARK: never close while Impress streams previews

    func testStopWhileImpressStreamsClosesOnlyAfterTheLastSlidesNotes() {
        var c = paired()
        _ = c.handle(.received(bytes("slide_preview", "0", "AA") + bytes("slide_notes", "0", "n")), now: at(0.05))
        let stop = c.handle(.stop, now: at(0.06))
        XCTAssertFalse(stop.contains(.close), "4 slides are still coming")
        XCTAssertTrue(stop.contains(.arm(.drain, after: PreviewStream.quiet - .milliseconds(10))), "checks again when the stream has been quiet too long")
        XCTAssertEqual(c.drainingStream?.stream.slidesLeft, 4)
        XCTAssertEqual(c.handle(.send(.next), now: at(0.07)), [.dropped(.next)], "nothing goes out while closing")
        for i in 1..<4 {
            let more = c.handle(.received(bytes("slide_preview", "\(i)", "AA") + bytes("slide_notes", "\(i)", "n")), now: at(0.1 * Double(i + 1)))
            XCTAssertFalse(more.contains(.close), "slide \(i) is not the last")
            XCTAssertTrue(emitted(more).isEmpty, "the pad hears nothing after stop")
        }
        XCTAssertFalse(c.handle(.received(bytes("slide_preview", "4", "AA")), now: at(0.5)).contains(.close),
                       "the last slide's notes follow its preview")
        XCTAssertEqual(c.handle(.received(bytes("slide_notes", "4", "n")), now: at(0.55)), [
            .log(.info, "Impress has sent the last preview: closing"), .cancel(.drain), .close,
        ])
        XCTAssertTrue(c.isStopped)
        XCTAssertEqual(c.handle(.closed, now: at(0.6)), [])
    }

    func testLeavingRightAfterPairingWaitsToHearWhetherAShowStreams() {
        var c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        _ = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED") + bytes("LO_SERVER_INFO", "25.2.3.2")), now: at(0.01))
        XCTAssertFalse(c.handle(.stop, now: at(0.02)).contains(.close), "the show's state (and maybe its stream) is on its way")
        XCTAssertFalse(c.handle(.received(bytes("slideshow_started", "2", "0")), now: at(0.03)).contains(.close))
        XCTAssertTrue(c.handle(.received(bytes("slide_preview", "1", "A") + bytes("slide_notes", "1", "n")), now: at(0.2)).contains(.close))

        c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        _ = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED")), now: at(0.01))
        _ = c.handle(.stop, now: at(0.02))
        XCTAssertTrue(c.handle(.received(bytes("slideshow_finished")), now: at(0.03)).contains(.close), "no show: nothing streams")
    }

    func testAShowThatEndedWhoeverEndedItIsLeftHalfASecondLater() {
        var c = pairedAndStreamed()
        XCTAssertEqual(emitted(c.handle(.received(bytes("slideshow_finished")), now: at(2))), [.showFinished, .showTitle("")])
        XCTAssertFalse(c.handle(.stop, now: at(2.01)).contains(.close), "closing right after a show ended crashed 7.4")
        XCTAssertTrue(c.handle(.timerFired(.drain), now: at(2.5)).contains(.close))
        var quiet = pairedAndStreamed()
        XCTAssertTrue(quiet.handle(.stop, now: at(3)).contains(.close), "a show running quietly: at once")
    }

    func testAShowThatEndsMidStreamIsLeftOnlyAfterAQuietSpell() {
        var c = paired()
        _ = c.handle(.received(bytes("slide_preview", "0", "AA")), now: at(0.05))
        _ = c.handle(.stop, now: at(0.06))
        XCTAssertEqual(c.handle(.received(bytes("slideshow_finished")), now: at(0.1)), [.arm(.drain, after: PreviewStream.quiet)],
                       "Impress's sending thread may still have a slide on its way")
        XCTAssertTrue(c.handle(.timerFired(.drain), now: at(0.1) + PreviewStream.quiet).contains(.close))
    }

    func testAStreamThatGoesQuietIsLeftAfterTheQuietSpell() {
        var c = paired()
        _ = c.handle(.stop, now: at(0.1))
        XCTAssertFalse(c.handle(.timerFired(.drain), now: at(5)).contains(.close), "slow first previews are not silence")
        XCTAssertTrue(c.handle(.timerFired(.drain), now: at(0.02) + PreviewStream.quiet).contains(.close),
                      "quiet longer than any real gap: over")
    }

    func testAStartOfOursIsAStreamToWaitForAndAStopOfOursSettles() {
        var c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        _ = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED") + bytes("slideshow_finished")), now: at(0.01))
        _ = c.handle(.send(.start), now: at(0.1))
        XCTAssertFalse(c.handle(.stop, now: at(0.11)).contains(.close), "Impress is about to stream the show")
        XCTAssertFalse(c.handle(.received(bytes("slideshow_started", "2", "0")), now: at(0.4)).contains(.close))
        XCTAssertTrue(c.handle(.received(bytes("slide_preview", "1", "A") + bytes("slide_notes", "1", "n")), now: at(0.5)).contains(.close))

        c = pairedAndStreamed()
        _ = c.handle(.send(.stop), now: at(1))
        XCTAssertFalse(c.handle(.stop, now: at(1.01)).contains(.close), "the stop is not answered yet")
        XCTAssertEqual(c.handle(.received(bytes("slideshow_finished")), now: at(1.05)), [.arm(.drain, after: .milliseconds(500))],
                       "closing right after presentation_stop crashed 7.4: it stays half a second")
        XCTAssertTrue(c.handle(.timerFired(.drain), now: at(1.55)).contains(.close))
    }

    func testAProtocolErrorMidStreamReconnectsOnlyOnceTheStreamIsDone() {
        var c = ImpressConnection(.init(clientName: "pad", serverLabel: "127.0.0.1", address: "127.0.0.1:1599",
                                        pairingTimeout: .seconds(10), maxMessageBytes: 200))
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0))
        _ = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED") + bytes("slideshow_started", "2", "0")), now: at(0.01))
        let broken = c.handle(.received(bytes("slide_preview", "0", String(repeating: "A", count: 300))), now: at(0.05))
        XCTAssertFalse(broken.contains(.close), "slide 1 is still coming")
        guard case .link(.reconnecting(_, let problem))? = emitted(broken).last else { return XCTFail("\(broken)") }
        let reason = problem.reason
        XCTAssertTrue(reason.contains("Impress is still sending 2 slides, reconnecting when it is done"), reason)
        XCTAssertEqual(c.handle(.send(.next), now: at(0.06)), [.dropped(.next)])
        let done = c.handle(.received(bytes("slide_preview", "1", "AA") + bytes("slide_notes", "1", "n")), now: at(0.1))
        XCTAssertTrue(done.contains(.close))
        XCTAssertFalse(c.isStopped, "it reconnects")
        XCTAssertTrue(c.handle(.closed, now: at(0.11)).contains(where: {
            if case .emit(.link(.reconnecting(_, let problem))) = $0 { problem.reason.hasPrefix("protocol error") } else { false }
        }))
    }
}
