import RevealTestSupport
import NIOCore
import NIOPosix
import RevealJS
import RevealJSTransport
import SlideModel
import XCTest

/// `RevealJSSource` against the scripted fake browser: what a presenter
/// would see in the pad for each thing that happens to the deck.
final class RevealJSSourceTests: XCTestCase {
    var server: FakeCDPServer!
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    var sources: [RevealJSSource] = []

    override func setUpWithError() throws { server = try FakeCDPServer(deck: FakeCDPServer.standardDeck) }

    override func tearDown() {
        for s in sources { s.shutdown() }
        server.shutdown()
        try? group.syncShutdownGracefully()
    }

    func source(pictures: Bool = false, port: Int? = nil, page: String? = nil,
                patience: Duration = .seconds(10)) -> (RevealJSSource, Recorder) {
        var settings = RevealLink.Settings(address: RevealAddress(host: "127.0.0.1", port: port ?? server.port, page: page))
        settings.pictures = pictures
        settings.backoff = ReconnectBackoff(initial: .milliseconds(50), maximum: .milliseconds(100))
        settings.countdownStep = .milliseconds(50)
        settings.readyPatience = patience
        let recorder = Recorder()
        let source = RevealJSSource(settings: settings, eventLoop: group.next(), onPosition: recorder.positionSink)
        sources.append(source)
        source.start(events: recorder.sink)
        return (source, recorder)
    }

    func testConnectsAndShowsTheDeckTitleAndNotes() {
        let (_, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        r.wait(for: .showTitle("Real-peer deck"))
        r.wait(for: .notes(index: 0, .html("Notes of slide 0.")))
        XCTAssertTrue(r.events.contains { if case .link(.connected(let s)) = $0 { s.contains("reveal.js 5.2.1") } else { false } })
        r.wait("position 1/14") { _, p in p.last == "1/14" }
    }

    func testFiveQuickPressesWalkFragmentsThenTheStack() {
        let (s, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        s.send(.goto(index: 2))
        r.wait(for: .slideChanged(index: 2))
        r.wait("step 0/3") { _, p in p.last == "3/14 · step 0/3" }
        for _ in 0..<5 { s.send(.next) }
        r.wait(for: .slideChanged(index: 4))
        r.wait("in the stack") { _, p in p.last == "5/14 · ↓ 2/3" }
        let positions = r.positions
        XCTAssertEqual(Array(positions.suffix(5)), ["3/14 · step 1/3", "3/14 · step 2/3", "3/14 · step 3/3",
                                                    "4/14 · ↓ 1/3", "5/14 · ↓ 2/3"])
        r.wait(for: .notes(index: 4, .html("Notes of slide 4.")))
    }

    func testAMoveMadeInTheBrowserIsFollowed() {
        let (_, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        server.moveInBrowser(h: 3, v: 2)
        r.wait(for: .slideChanged(index: 5))
        r.wait(for: .notes(index: 5, .html("Notes of slide 5.")))
    }

    func testNotesArriveAsTyped() {
        let (s, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        s.send(.goto(index: 6))
        r.wait(for: .notes(index: 6, .html("R&amp;D &lt;beta&gt; \"quoted\" café 日本語")))
        s.send(.goto(index: 7))
        r.wait(for: .notes(index: 7, .html("")))
    }

    /// Blank and resume reach reveal.js; a move while blanked ends the
    /// pause first (the pad says the screen is back, as on LibreOffice), or
    /// the audience would stay on black while the slides move behind it.
    func testBlankAndResumeReachRevealAndAMoveEndsThePause() {
        let (s, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        s.send(.blank)
        r.wait("paused") { _, _ in self.server.run { $0.paused } }
        s.send(.resume)
        r.wait("resumed") { _, _ in !self.server.run { $0.paused } }
        for (move, index) in [(SourceCommand.next, 1), (.previous, 0), (.goto(index: 6), 6)] {
            s.send(.blank)
            r.wait("paused before \(move)") { _, _ in self.server.run { $0.paused } }
            s.send(move)
            r.wait(for: .slideChanged(index: index))
            XCTAssertFalse(server.run { $0.paused }, "\(move) while blanked: the audience sees the slide")
        }
    }

    /// A pause made in the browser shows on the pad as BLANK, its end as
    /// the screen back; a pad that connects to a paused deck shows BLANK.
    func testAPauseMadeInTheBrowserIsBlankOnThePad() {
        let (_, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        server.pauseInBrowser()
        r.wait(for: .blankStarted)
        server.resumeInBrowser()
        r.wait("the screen back") { events, _ in events.lastIndex(of: .blankEnded) ?? 0 > events.lastIndex(of: .blankStarted) ?? .max }
        server.pauseInBrowser()
        let (_, second) = source()
        second.wait("a second pad finds the deck paused") { events, _ in
            guard let started = events.firstIndex(of: .showStarted(slideCount: 14, current: 0)) else { return false }
            return events[started...].contains(.blankStarted)
        }
    }

    func testAReloadInstallsTheListenersAgainAndResyncs() {
        let (s, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        server.reload()
        r.wait("a second showStarted") { e, _ in e.count(.showStarted(slideCount: 14, current: 0)) == 2 }
        s.send(.next)
        r.wait(for: .slideChanged(index: 1))
        server.moveInBrowser(h: 8)
        r.wait(for: .slideChanged(index: 10))
        // Installed twice, yet each move is heard once.
        XCTAssertEqual(r.events.count(.slideChanged(index: 10)), 1)
    }

    func testAClosedTabIsSaidAndTheDeckIsFollowedWhenItIsBack() {
        let (_, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        server.closeTab()
        r.wait("tab closed") { e, _ in e.reasons.contains(RevealProblem.tabClosed.reason) }
        r.wait("no page") { e, _ in e.reasons.contains(RevealProblem.noPage.reason) }
        server.run { $0.pageID = "PAGE2" }
        r.wait("back") { e, _ in e.count(.showStarted(slideCount: 14, current: 0)) == 2 }
    }

    func testTheBrowserQuittingAndComingBack() throws {
        let (_, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        server.quit()
        r.wait("gone") { e, _ in e.reasons.contains(RevealProblem.browserGone.reason) }
        try server.comeBack()
        r.wait("back") { e, _ in e.count(.showStarted(slideCount: 14, current: 0)) == 2 }
    }

    func testGarbageOnThePageIsIgnored() {
        let (s, r) = source()
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        for text in ["", "not json", "[1,2]", "{\"id\":\"x\"}", "{\"id\":1e300,\"result\":{}}", "{\"method\":5}",
                     "{\"method\":\"Runtime.bindingCalled\",\"params\":{\"name\":\"controlpadReveal\",\"payload\":\"{\\\"indices\\\":{\\\"h\\\":-99}}\"}}",
                     "{\"id\":999999,\"result\":{\"result\":{\"value\":{\"slides\":\"no\"}}}}", "\u{1B}[31m"] {
            server.sendGarbage(text)
        }
        s.send(.next)
        r.wait(for: .slideChanged(index: 1))
        XCTAssertTrue(r.events.reasons.isEmpty, "\(r.events.reasons)")
    }

    func testAPageWithoutRevealIsSaid() {
        server.run { $0.hasReveal = false; $0.deck.title = "Just a page" }
        let (_, r) = source()
        r.wait("no reveal") { e, _ in e.reasons.contains(RevealProblem.noReveal(title: "Just a page").reason) }
    }

    func testAPortThatIsNotCDPIsSaid() {
        server.run { $0.notCDP = true }
        let (_, r) = source()
        r.wait("not CDP") { e, _ in e.reasons.contains { $0.contains("not as a browser's DevTools port") } }
    }

    func testNothingListeningIsSaidWithHowToStartTheBrowser() throws {
        let free = try ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).wait()
        let port = free.localAddress!.port!
        try free.close().wait()
        let (_, r) = source(port: port)
        r.wait("nothing listens") { e, _ in e.reasons.contains("nothing listens on 127.0.0.1:\(port)") }
        XCTAssertTrue(RevealProblem.nothingListens(address: "").fix.contains("--user-data-dir"))
    }

    func testSeveralPagesAskForANameAndANameChoosesOne() {
        server.run { $0.extraPages = [("OTHER", "Some article")] }
        let (_, r) = source()
        r.wait("several") { e, _ in e.reasons.contains { $0.contains("several pages are open") && $0.contains("name the deck") } }
        let (_, named) = source(page: "real-peer")
        named.wait(for: .showStarted(slideCount: 14, current: 0))
    }

    func testPicturesAtThePanesSizeCurrentAndNextFirstAndAgainAfterAStep() {
        let (s, r) = source(pictures: true)
        r.wait(for: .showStarted(slideCount: 14, current: 0))
        s.send(.goto(index: 2))
        r.wait(for: .slideChanged(index: 2))
        s.want([PictureWant(slide: 2, size: PixelSize(width: 1600, height: 900)),
                PictureWant(slide: 3, size: PixelSize(width: 800, height: 600)),
                PictureWant(slide: 9, size: PixelSize(width: 160, height: 90))])
        r.wait("three pictures") { e, _ in e.previews.count >= 3 }
        let first = r.events.previews.prefix(3).map { "\($0.0)@\($0.1)" }
        XCTAssertEqual(first, ["2@1600×900", "3@800×450", "9@160×90"])
        // A fragment step changes what slide 2 looks like: it is taken again.
        s.send(.next)
        r.wait("slide 2 again") { e, _ in e.previews.filter { $0.0 == 2 }.count == 2 }
        // In the background, every slide at the thumbnails' size.
        r.wait("all thumbnails") { e, _ in Set(e.previews.map(\.0)).count == 14 }
        XCTAssertEqual(server.run { $0.renderIDs.count }, 1)
        XCTAssertFalse(server.run { $0.evaluations.contains { $0.hasPrefix("Reveal.slide(") && $0 != "Reveal.slide(2, 0, -1)" } },
                       "the audience's page was moved for a picture")
    }

    func testTwoPadsOnOneDeckEachFollowEveryMoveOnce() {
        let (a, ra) = source()
        ra.wait(for: .showStarted(slideCount: 14, current: 0))
        let (b, rb) = source()
        rb.wait(for: .showStarted(slideCount: 14, current: 0))
        a.send(.next)
        ra.wait(for: .slideChanged(index: 1))
        rb.wait(for: .slideChanged(index: 1))
        b.send(.next)
        ra.wait(for: .slideChanged(index: 2))
        rb.wait(for: .slideChanged(index: 2))
        XCTAssertEqual([ra.events.count(.slideChanged(index: 1)), rb.events.count(.slideChanged(index: 1))], [1, 1])
    }

    func testRevealThatIsNotReadyIsSaidAndFollowedOnceItIs() {
        server.run { $0.ready = false }
        let (_, r) = source(patience: .milliseconds(200))
        r.wait("not ready") { e, _ in e.reasons.contains(RevealProblem.notReady.reason) }
        server.run { $0.ready = true }
        r.wait(for: .showStarted(slideCount: 14, current: 0))
    }

    func testATitleWithTerminalControlsArrivesDefused() {
        server.run { $0.deck.title = "Deck\u{1B}]0;owned\u{07}\u{1B}[2J" }
        let (_, r) = source()
        r.wait("a title") { e, _ in e.contains { if case .showTitle = $0 { true } else { false } } }
        let title = r.events.compactMap { if case .showTitle(let t) = $0 { t } else { nil } }.first ?? ""
        XCTAssertTrue(title.hasPrefix("Deck"))
        XCTAssertFalse(title.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, title)
    }

    func testTheFactoryRefusesARemoteBrowserUnlessAllowed() throws {
        XCTAssertThrowsError(try RevealJSSource.make(address: "reveal://10.1.2.3:9222", settings: [:], eventLoop: group.next())) {
            XCTAssertTrue("\($0)".contains("--allow-remote"))
        }
        let remote = try RevealJSSource.make(address: "reveal://10.1.2.3:9222", settings: ["allow-remote": ""], eventLoop: group.next())
        XCTAssertEqual(remote.settings.address.host, "10.1.2.3")
        let named = try RevealJSSource.make(address: "reveal://127.0.0.1", settings: ["reveal-page": "talk", "reveal-pictures": "off"],
                                            eventLoop: group.next())
        XCTAssertEqual(named.settings.address.page, "talk")
        XCTAssertFalse(named.settings.pictures)
        XCTAssertThrowsError(try RevealJSSource.make(address: "reveal://127.0.0.1", settings: ["reveal-pictures": "maybe"], eventLoop: group.next()))
        XCTAssertTrue(RevealJSSource.options.map(\.name).contains("allow-remote"))
    }

    func testCommandsRevealCannotDoAreDroppedAndNamed() {
        XCTAssertTrue(RevealCapabilities.supports(.pointerStarted(x: 0, y: 0)), "the pad adds its own pointer to the page")
        XCTAssertTrue(RevealCapabilities.supports(.ink(.clear)))
        XCTAssertFalse(RevealCapabilities.supports(.start))
        XCTAssertTrue(RevealCapabilities.missing.contains { $0.command == "start/stop the show" })
    }
}

extension Array where Element == SourceEvent {
    func count(_ event: SourceEvent) -> Int { filter { $0 == event }.count }
}
