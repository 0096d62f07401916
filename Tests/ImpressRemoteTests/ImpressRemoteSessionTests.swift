import XCTest
@testable import SlideModel
@testable import ImpressRemote

final class ImpressRemoteSessionTests: XCTestCase {
    private func paired() -> ImpressSession {
        var s = ImpressSession(clientName: "controlpad-test", pin: "1234", serverLabel: "127.0.0.1")
        _ = s.start()
        _ = s.handle(.paired)
        return s
    }

    private func events(_ outputs: [ImpressSessionOutput]) -> [SourceEvent] {
        outputs.compactMap { if case .event(let e) = $0 { return e } else { return nil } }
    }

    /// Feeds a whole captured session through a fresh session.
    private func run(_ fixture: String) throws -> (ImpressSession, [ImpressSessionOutput]) {
        var s = ImpressSession(clientName: "controlpad-test", pin: "1234", serverLabel: "127.0.0.1")
        _ = s.start()
        let outputs = try ImpressFixture.messages(fixture).flatMap { s.receive($0) }
        return (s, outputs)
    }

    func testStartSendsThePairRequest() {
        var s = ImpressSession(clientName: "ControlPad on box", pin: "0042", serverLabel: "h")
        XCTAssertEqual(s.phase, .idle)
        XCTAssertEqual(String(decoding: s.start(), as: UTF8.self), "LO_SERVER_CLIENT_PAIR\nControlPad on box\n0042\n\n")
        XCTAssertEqual(s.phase, .requested)
    }

    func testValidatingPinShowsThePinThenPairedStoresIt() {
        var s = ImpressSession(clientName: "me", pin: "4821", serverLabel: "127.0.0.1")
        _ = s.start()
        let waiting = s.receive(["LO_SERVER_VALIDATING_PIN"])
        XCTAssertEqual(events(waiting), [.link(.pairing(pin: "4821", place: ImpressSession.pinPlace))])
        XCTAssertEqual(s.phase, .validatingPin)
        XCTAssertFalse(waiting.contains(.rememberPin("4821")))
        let done = s.receive(["LO_SERVER_SERVER_PAIRED"])
        XCTAssertTrue(done.contains(.rememberPin("4821")))
        XCTAssertEqual(s.phase, .paired)
        XCTAssertEqual(events(done), [.link(.connected(server: "Impress · 127.0.0.1"))])
        // A repeated PAIRED changes nothing.
        XCTAssertEqual(s.receive(["LO_SERVER_SERVER_PAIRED"]), [])
    }

    func testRealSharedDeckSessionBecomesTheseEvents() throws {
        let (s, outputs) = try run("lo-session-shared-deck.bin")
        XCTAssertTrue(outputs.contains(.rememberPin("1234")))
        let ev = events(outputs)
        XCTAssertEqual(Array(ev.prefix(6)), [
            .link(.connected(server: "Impress · 127.0.0.1")),
            .link(.connected(server: "Impress 7.4.7.2 · 127.0.0.1")),
            .showFinished,
            .showTitle(""),
            .blankEnded,
            .showStarted(slideCount: 5, current: 0),
        ])
        let notes = ev.compactMap { if case .notes(let i, let t) = $0 { return (i, t) } else { return nil } }
        XCTAssertEqual(notes.map(\.0), [0, 1, 2, 3, 4])
        XCTAssertEqual(notes[0].1, "Notes for slide 1.\nSecond paragraph of slide 1 notes.")
        XCTAssertEqual(notes[1].1, "Notes 2: special chars R&D <beta> \"quoted\" café naïve – dash.")
        XCTAssertEqual(notes[3].1, "")
        XCTAssertEqual(notes[4].1, "Notes 5: last slide.\nLine two.\nLine three.")
        let previews = ev.compactMap { if case .preview(let i, let p) = $0 { return (i, p) } else { return nil } }
        XCTAssertEqual(previews.map(\.0), [0, 1, 2, 3, 4])
        for (_, p) in previews { XCTAssertEqual(p.aspect ?? 0, 16.0 / 9.0, accuracy: 0.01) }
        XCTAssertEqual(Array(ev.suffix(5)), [.slideChanged(index: 1), .slideChanged(index: 3), .slideChanged(index: 2), .showFinished, .showTitle("")])
        XCTAssertNil(s.show)
    }

    func testResumeDuplicatesAreHarmless() throws {
        let (s, outputs) = try run("lo-session-resume-duplicates.bin")
        let ev = events(outputs)
        // Every showStarted is a reset and says the same; the triple
        // slide_updated arrives once.
        XCTAssertEqual(ev.filter { $0 == .showStarted(slideCount: 5, current: 0) }.count, 3)
        XCTAssertEqual(ev.filter { if case .slideChanged = $0 { return true } else { return false } }, [.slideChanged(index: 1)])
        XCTAssertEqual(s.show?.current, 1)
        XCTAssertEqual(s.show?.slideCount, 5)
        // After the last reset, each slide's preview and notes arrive (twice,
        // identical): whatever the pad keeps last is right.
        let lastReset = try XCTUnwrap(ev.lastIndex(of: .showStarted(slideCount: 5, current: 0)))
        let after = ev[lastReset...]
        for i in 0..<5 {
            let previews = after.filter { if case .preview(i, _) = $0 { return true } else { return false } }
            XCTAssertEqual(previews.count, 2)
            XCTAssertEqual(previews.first, previews.last)
        }
    }

    /// Impress's only sign that a blank ended (a move, or another client's):
    /// the show's stream starts again. The session says so, and the pad
    /// shows the slides and runs the talk's timer again.
    func testTheShowStartingAgainWhileBlankEndsThePadsBlank() {
        var s = paired()
        var state = PadState(animate: false)
        let feed = { (outputs: [ImpressSessionOutput], now: Duration) in
            for event in self.events(outputs) { _ = state.reduce(.source(event), now: now) }
        }
        feed(s.handle(.showStarted(slideCount: 12, current: 0)), .zero)
        _ = state.reduce(.key(.char("b")), now: .milliseconds(1_000))
        XCTAssertTrue(state.blank)
        feed(s.handle(.showStarted(slideCount: 12, current: 2)), .milliseconds(5_000))
        XCTAssertFalse(state.blank, "the audience sees slides again")
        XCTAssertNil(state.pausedSince)
        XCTAssertEqual(state.elapsed(at: .milliseconds(6_000)), .milliseconds(2_000), "the timer runs again")
    }

    /// Impress names the show (slideshow_info) on connect only, not when a
    /// stopped show starts again: the session names it again, so the status
    /// line keeps its title.
    func testAShowStartedAgainKeepsItsTitle() {
        var s = paired()
        var state = PadState(animate: false)
        let feed = { (outputs: [ImpressSessionOutput], now: Duration) in
            for event in self.events(outputs) { _ = state.reduce(.source(event), now: now) }
        }
        feed(s.handle(.serverInfo(version: "25.2")), .zero)
        feed(s.handle(.showStarted(slideCount: 5, current: 0)), .zero)
        feed(s.handle(.showInfo(title: "Quarterly.odp")), .zero)
        feed(s.handle(.showFinished), .milliseconds(1_000))
        XCTAssertEqual(state.title, "", "no show, no title")
        feed(s.handle(.showStarted(slideCount: 5, current: 0)), .milliseconds(2_000))
        XCTAssertEqual(state.title, "Quarterly.odp", "the same show started again keeps its title")
        feed(s.handle(.showInfo(title: "Other.odp")), .milliseconds(3_000))
        XCTAssertEqual(state.title, "Other.odp", "a title Impress sends wins")
        feed(s.handle(.showFinished), .milliseconds(4_000))
        // Another server is another connection, and another session.
        var other = paired()
        feed(other.handle(.serverInfo(version: "7.4")), .milliseconds(5_000))
        feed(other.handle(.showStarted(slideCount: 5, current: 0)), .milliseconds(6_000))
        XCTAssertEqual(state.title, "", "another server's show is not that show")
    }

    func testSlideUpdatedOutsideTheDeckIsIgnoredAndLogged() {
        var s = paired()
        _ = s.handle(.showStarted(slideCount: 3, current: 0))
        let out = s.receive(["slide_updated", "7"])
        XCTAssertEqual(events(out), [])
        XCTAssertTrue(out.contains { if case .log(.notice, _) = $0 { return true } else { return false } })
        XCTAssertEqual(events(s.receive(["slide_preview", "9", "AAAA"])), [])
    }

    func testBadAndUnknownMessagesAreLoggedAndSkipped() {
        var s = paired()
        let bad = s.receive(["slide_preview", "1", "@@@"])
        XCTAssertEqual(bad, [.log(.warning, "ignored a bad message: slide_preview 1: the picture is not valid base64")])
        let unknown = s.receive(["LO_SERVER_SOMETHING_NEW"])
        XCTAssertEqual(unknown, [.log(.notice, "ignored unknown message \"LO_SERVER_SOMETHING_NEW\"")])
        XCTAssertTrue(s.isPaired)
    }

    func testTitleAndVersionAreOneCleanLine() {
        var s = paired()
        XCTAssertEqual(events(s.receive(["slideshow_info", "deck\u{1B}[2J.odp"])), [.showTitle("deck[2J.odp")])
        XCTAssertEqual(events(s.receive(["LO_SERVER_INFO", "7.4\u{07}"])), [.link(.connected(server: "Impress 7.4 · 127.0.0.1"))])
    }

    func testPreviewWithoutPHYsHasNoAspect() {
        var s = paired()
        let notPNG: [UInt8] = [1, 2, 3]
        XCTAssertEqual(events(s.handle(.slidePreview(index: 0, png: notPNG))), [.preview(index: 0, Preview(png: notPNG, aspect: nil))])
    }

    // MARK: PIN choice

    func testPinChoice() {
        XCTAssertEqual(ImpressPin.choose(override: "9999", stored: "1111", fresh: "0042"), "9999")
        XCTAssertEqual(ImpressPin.choose(override: nil, stored: "1111", fresh: "0042"), "1111")
        XCTAssertEqual(ImpressPin.choose(override: "x1", stored: "bad!", fresh: "0042"), "0042")
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42)
        XCTAssertEqual(ImpressPin.random(using: &a), ImpressPin.random(using: &b))
    }

    func testRandomPinsAreFourDigitsWithLeadingZeros() {
        var rng = SeededRandom(seed: 3)
        var seen = Set<String>()
        for _ in 0..<2000 {
            let pin = ImpressPin.random(using: &rng)
            XCTAssertEqual(pin.count, 4)
            XCTAssertTrue(ImpressPin.isValid(pin))
            seen.insert(pin)
        }
        XCTAssertTrue(seen.contains { $0.hasPrefix("0") })
        XCTAssertGreaterThan(seen.count, 1500)
    }

    func testPinValidity() {
        XCTAssertTrue(ImpressPin.isValid("0000"))
        XCTAssertFalse(ImpressPin.isValid(""))
        XCTAssertFalse(ImpressPin.isValid("12 4"))
        XCTAssertFalse(ImpressPin.isValid("١٢٣٤"))  // Arabic-Indic digits cannot be typed into Impress's box
        XCTAssertFalse(ImpressPin.isValid(String(repeating: "1", count: 17)))
    }
}
