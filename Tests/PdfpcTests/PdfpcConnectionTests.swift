import XCTest
@testable import SlideModel
@testable import Pdfpc

/// The pdfpc connection's life on virtual time: handshake, polling and its
/// back-off, commands and their answers, presses made while one is in
/// flight, pictures at the size wanted, auth failure and the lock, a slide
/// count that changes, a pdfpc that quits. A small simulated pdfpc answers
/// the requests when the test says; nothing waits.
final class PdfpcConnectionTests: XCTestCase {
    /// A pdfpc as its REST API behaves (pdfpc 4.6, seen with peer.sh).
    struct FakePdfpc {
        var slides = 5
        var current = 0
        var black = false
        var shookHands = false
        var password = true
        var lockedByOther = false
        var aspect = "1.7778"

        mutating func answer(_ request: PdfpcAPI.Request) -> (Int, [UInt8]) {
            guard password else { return (401, []) }
            guard !lockedByOther else { return (403, []) }
            if case .helo = request {
                shookHands = true
                return (200, Array(#"{"application":"pdfpc","api":1}"#.utf8))
            }
            guard shookHands else { return (412, []) }
            switch request {
            case .helo: return (200, [])
            case .meta:
                return (200, Array(#"{"slides":\#(slides),"user_slides":\#(slides),"duration":0,"aspect_ratio":"\#(aspect)","note_is_image":false}"#.utf8))
            case .state: return (200, state)
            case .notes(let page): return (200, Array("<html><body><p>Notes \(page + 1) &amp; more</p></body></html>".utf8))
            case .image(_, let size): return (200, Self.pngHeader(size))
            case .control(let action, let argument):
                switch action {
                case "next": current = min(current + 1, slides - 1); black = false
                case "prev": current = max(current - 1, 0); black = false
                case "gotoPage": current = min(max(0, (Int(argument ?? "") ?? 1) - 1), slides - 1); black = false
                case "blank": black.toggle()
                case "exitState": black = false
                default: break
                }
                return (200, state)
            }
        }

        var state: [UInt8] {
            Array(#"{"state":"running","mode":"normal","black":\#(black),"slide":\#(current),"user_slide":\#(current),"end_user_slide":\#(slides - 1)}"#.utf8)
        }

        /// Enough of a PNG for its header to give the size.
        static func pngHeader(_ size: PixelSize) -> [UInt8] {
            func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8)
                + be32(size.width) + be32(size.height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
        }
    }

    /// The machine, the clock, the requests it made and not yet answered,
    /// the timers it armed, and everything it told the pad.
    struct Harness {
        var c: PdfpcConnection
        var pdfpc = FakePdfpc()
        var now: Duration = .zero
        var pending: [(id: Int, request: PdfpcAPI.Request)] = []
        var timers: [PdfpcConnection.Timer: Duration] = [:]
        var events: [SourceEvent] = []
        var dropped: [SourceCommand] = []
        var requested: [PdfpcAPI.Request] = []

        init(prefetch: Bool = false) {
            c = PdfpcConnection(.init(address: "pdfpc://127.0.0.1:8088", serverLabel: "127.0.0.1",
                                      backoff: ReconnectBackoff(initial: .seconds(1), maximum: .seconds(4)),
                                      prefetch: prefetch))
        }

        mutating func run(_ input: PdfpcConnection.Input) {
            for action in c.handle(input, now: now) {
                switch action {
                case .request(let id, let request, _):
                    pending.append((id, request))
                    requested.append(request)
                case .abandonRequests: pending = []
                case .arm(let timer, let after): timers[timer] = now + after
                case .cancel(let timer): timers[timer] = nil
                case .emit(let event): events.append(event)
                case .dropped(let command): dropped.append(command)
                case .log: break
                }
            }
        }

        /// pdfpc answers the oldest request matching `which` (any, by default).
        mutating func serve(_ which: (PdfpcAPI.Request) -> Bool = { _ in true }) {
            guard let i = pending.firstIndex(where: { which($0.request) }) else { return XCTFail("no such request in \(pending)") }
            let (id, request) = pending.remove(at: i)
            let (status, body) = pdfpc.answer(request)
            run(.answered(id: id, status: status, body: body))
        }

        /// Answers everything, including what the answers ask next.
        mutating func serveAll(limit: Int = 200) {
            var n = 0
            while !pending.isEmpty, n < limit { serve(); n += 1 }
        }

        /// Moves the clock to `t`, firing the timers due on the way, in order.
        mutating func advance(to t: Duration, serving: Bool = true) {
            while let (timer, due) = timers.min(by: { $0.value < $1.value }), due <= t {
                now = due
                timers[timer] = nil
                run(.timerFired(timer))
                if serving { serveAll() }
            }
            now = t
        }

        var slideChanges: [Int] { events.compactMap { if case .slideChanged(let i) = $0 { i } else { nil } } }
        var links: [LinkState] { events.compactMap { if case .link(let l) = $0 { l } else { nil } } }
        var controls: [String] {
            requested.compactMap {
                if case .control(let a, let arg) = $0 { arg.map { "\(a) \($0)" } ?? a } else { nil }
            }
        }
    }

    private func connected(prefetch: Bool = false, slides: Int = 5) -> Harness {
        var h = Harness(prefetch: prefetch)
        h.pdfpc.slides = slides
        h.run(.start)
        h.serveAll()
        return h
    }

    func testHandshakeThenMetaThenStateThenTheShow() {
        var h = Harness()
        h.run(.start)
        XCTAssertEqual(h.links, [.connecting(to: "pdfpc://127.0.0.1:8088")])
        XCTAssertEqual(h.pending.map(\.request), [.helo], "the handshake first: before it pdfpc answers 412")
        h.serve()
        XCTAssertEqual(h.pending.map(\.request), [.meta])
        h.serve()
        XCTAssertEqual(h.pending.map(\.request), [.state])
        h.pdfpc.current = 2
        h.serve()
        XCTAssertEqual(h.links.last, .connected(server: "pdfpc · 127.0.0.1"))
        XCTAssertTrue(h.events.contains(.showStarted(slideCount: 5, current: 2)))
        XCTAssertEqual(h.pending.map(\.request), [.notes(page: 2)], "the current slide's notes first")
        h.serve()
        XCTAssertTrue(h.events.contains(.notes(index: 2, .markdown("Notes 3 & more"))))
        XCTAssertEqual(h.pending.map(\.request), [.notes(page: 3)], "then the next slide's")
        XCTAssertNotNil(h.timers[.poll], "polling starts")
    }

    func testPollingIsQuickAfterActivityAndBacksOffWhenIdle() {
        var h = connected()
        h.requested = []
        // Idle: the gaps between state reads grow to a second and stay there.
        var reads: [Duration] = []
        while h.now < .seconds(12) {
            guard let due = h.timers[.poll] else { return XCTFail("no poll armed") }
            h.advance(to: due)
            if h.requested.last == .state { reads.append(h.now) }
        }
        let gaps = zip(reads.dropFirst(), reads).map { $0 - $1 }
        XCTAssertEqual(gaps.first, .milliseconds(100), "quick right after connecting")
        XCTAssertEqual(gaps.last, .seconds(1), "a read a second when nothing happens")
        XCTAssertEqual(gaps.filter { $0 > .seconds(1) }, [], "never slower than a second")
        XCTAssertTrue(zip(gaps.dropFirst(), gaps).allSatisfy { $0 >= $1 }, "backing off, never speeding up while idle: \(gaps)")
        XCTAssertLessThan(reads.count, 40, "\(reads.count) reads in 12 s: 2 s quick, then backing off")
        XCTAssertTrue(h.requested.contains(.meta), "the meta is read again now and then")

        // A minute of quiet: every two seconds.
        h.advance(to: .seconds(70))
        reads = []
        h.requested = []
        while h.now < .seconds(80) {
            guard let due = h.timers[.poll] else { return XCTFail("no poll armed") }
            h.advance(to: due)
            if h.requested.last == .state { reads.append(h.now) }
        }
        XCTAssertEqual(zip(reads.dropFirst(), reads).map { $0 - $1 }.max(), .seconds(2))

        // A press: quick again.
        h.run(.send(.next))
        h.serveAll()
        let pressedAt = h.now
        let next = h.timers[.poll]
        XCTAssertEqual(next.map { $0 - pressedAt }, .milliseconds(100))
    }

    func testSomeoneElseMovesTheShowAndThePadFollows() {
        var h = connected()
        h.advance(to: .seconds(20))
        h.events = []
        h.pdfpc.current = 3  // a key pressed at pdfpc itself
        h.advance(to: .seconds(21))
        XCTAssertEqual(h.slideChanges, [3], "seen within a second after 20 s of quiet")
        h.advance(to: .seconds(200))
        h.pdfpc.current = 1
        h.advance(to: .seconds(202))
        XCTAssertEqual(h.slideChanges, [3, 1], "within two seconds after minutes of quiet")
        h.pdfpc.current = 2
        h.advance(to: .seconds(202.5))
        h.advance(to: .seconds(203.5))
        XCTAssertEqual(h.slideChanges, [3, 1, 2], "and quick again after a change")
    }

    func testACommandsAnswerIsTheNewState() {
        var h = connected()
        h.events = []
        h.run(.send(.next))
        XCTAssertEqual(h.pending.last?.request, .control(action: "next", argument: nil))
        h.serve { if case .control = $0 { true } else { false } }
        XCTAssertEqual(h.slideChanges, [1], "the answer to the PUT says where the show is")
        h.run(.send(.goto(index: 4)))
        XCTAssertEqual(h.pending.last?.request, .control(action: "gotoPage", argument: "5"), "gotoPage counts from 1")
        h.serveAll()
        XCTAssertEqual(h.slideChanges, [1, 4])
        h.run(.send(.previous))
        h.serveAll()
        XCTAssertEqual(h.slideChanges, [1, 4, 3])
    }

    func testFiveQuickPressesLandFiveSlidesOnAsOneGotoBehindTheFirst() {
        var h = connected(slides: 10)
        h.events = []
        h.run(.send(.next))  // goes at once
        for _ in 0..<4 { h.run(.send(.next)) }  // while the first is in flight
        XCTAssertEqual(h.controls, ["next"], "one command in flight at a time")
        h.serveAll()
        XCTAssertEqual(h.controls, ["next", "gotoPage 6"], "the other four add up to one go-to")
        XCTAssertEqual(h.pdfpc.current, 5, "five slides on")
        XCTAssertEqual(h.slideChanges.last, 5)
        XCTAssertEqual(h.dropped, [])
    }

    func testPressesPastTheEndStopAtTheLastSlideAndBackAgainCancelsOut() {
        var h = connected()
        h.run(.send(.goto(index: 3)))
        for _ in 0..<5 { h.run(.send(.next)) }
        h.serveAll()
        XCTAssertEqual(h.pdfpc.current, 4, "clamped to the last slide")
        h.run(.send(.next))  // a step on the last slide: sent, pdfpc stays
        h.run(.send(.previous))
        h.run(.send(.next))
        h.serveAll()
        XCTAssertEqual(h.pdfpc.current, 4)
    }

    func testBlankAndResumeAndWhatPdfpcHasNot() {
        var h = connected()
        h.run(.send(.blank))
        h.serveAll()
        XCTAssertTrue(h.pdfpc.black)
        h.run(.send(.blank))  // pdfpc's blank toggles: a second one is not sent
        h.serveAll()
        XCTAssertTrue(h.pdfpc.black)
        h.run(.send(.resume))
        h.serveAll()
        XCTAssertFalse(h.pdfpc.black)
        XCTAssertEqual(h.controls, ["blank", "exitState"])
        for command in [SourceCommand.start, .stop, .ink(.began(SlidePoint(x: 0.5, y: 0.5)))] {
            h.run(.send(command))
        }
        XCTAssertEqual(h.dropped, [.start, .stop, .ink(.began(SlidePoint(x: 0.5, y: 0.5)))], "no show to start or stop; no strokes placed")
        XCTAssertEqual(h.controls, ["blank", "exitState"], "nothing sent for them")
    }

    func testAWrongPasswordWaitsForThePresenter() {
        var h = Harness()
        h.pdfpc.password = false
        h.run(.start)
        h.serveAll()
        XCTAssertEqual(h.links.last, .failed(PdfpcProblem.wrongPassword.problem))
        XCTAssertNil(h.timers[.countdown], "no retry loop: the password will not change by itself")
        h.advance(to: .seconds(30))
        XCTAssertEqual(h.requested, [.helo], "asked once")
        h.pdfpc.password = true
        h.run(.retryNow)
        h.serveAll()
        XCTAssertEqual(h.links.last, .connected(server: "pdfpc · 127.0.0.1"))
        h.run(.send(.next))
        XCTAssertTrue(h.dropped.isEmpty)
    }

    func testAnotherComputersLockIsSaidAndNotRetriedInALoop() {
        var h = connected()
        h.pdfpc.lockedByOther = true
        h.advance(to: .seconds(3))
        XCTAssertEqual(h.links.last, .failed(PdfpcProblem.locked.problem))
        let asked = h.requested.count
        h.advance(to: .seconds(30))
        XCTAssertEqual(h.requested.count, asked)
        h.run(.send(.next))
        XCTAssertEqual(h.dropped, [.next], "not connected: a press goes nowhere")
    }

    func testA412ShakesHandsAgainWithoutResettingTheShow() {
        var h = connected()
        h.events = []
        h.pdfpc.shookHands = false  // pdfpc forgot
        h.pdfpc.current = 2
        h.advance(to: .seconds(1))
        XCTAssertEqual(h.requested.filter { $0 == .helo }.count, 2)
        XCTAssertFalse(h.events.contains { if case .showStarted = $0 { true } else { false } }, "the same deck: nothing reset")
        XCTAssertEqual(h.slideChanges, [2])
        XCTAssertEqual(h.links.last, .connected(server: "pdfpc · 127.0.0.1"))
    }

    func testASlideCountThatChangesIsANewShow() {
        var h = connected()
        h.events = []
        h.pdfpc.slides = 7
        h.advance(to: .seconds(11))
        XCTAssertTrue(h.events.contains(.showStarted(slideCount: 7, current: 0)), "\(h.events)")
    }

    func testPdfpcQuittingCountsDownAndReconnects() {
        var h = connected()
        h.events = []
        // The next poll is refused.
        guard let due = h.timers[.poll] else { return XCTFail() }
        h.advance(to: due, serving: false)
        guard let poll = h.pending.first else { return XCTFail("no poll") }
        h.pending = []
        h.run(.failed(id: poll.id, .refused))
        XCTAssertEqual(h.links.last, .reconnecting(inSeconds: 1, problem: PdfpcProblem.quit.problem))
        h.run(.send(.next))
        XCTAssertEqual(h.dropped, [.next])
        h.pdfpc.shookHands = false
        h.advance(to: due + .seconds(2))
        XCTAssertEqual(h.links.last, .connected(server: "pdfpc · 127.0.0.1"))
        XCTAssertTrue(h.events.contains(.showStarted(slideCount: 5, current: 0)), "everything anew after a loss")
    }

    func testNothingListeningAtFirstSaysStartPdfpcWithV() {
        var h = Harness()
        h.run(.start)
        h.run(.failed(id: h.pending[0].id, .refused))
        XCTAssertEqual(h.links.last, .reconnecting(inSeconds: 1, problem: PdfpcProblem.notListening.problem))
        XCTAssertTrue(PdfpcProblem.notListening.fix.contains("-V"))
    }

    func testGarbageAndAStallCountDown() {
        var h = Harness()
        h.run(.start)
        h.run(.answered(id: h.pending[0].id, status: 200, body: Array("<html>hello</html>".utf8)))
        XCTAssertEqual(h.links.last, .reconnecting(inSeconds: 1, problem: PdfpcProblem.notPdfpc.problem))
        h = connected()
        guard let due = h.timers[.poll] else { return XCTFail() }
        h.advance(to: due, serving: false)
        h.run(.failed(id: h.pending[0].id, .timedOut))
        XCTAssertEqual(h.links.last, .reconnecting(inSeconds: 1, problem: PdfpcProblem.stalled.problem))
    }

    func testPicturesAtTheWantedSizeAtMostThreeAtOnceMostWantedFirst() {
        var h = connected(prefetch: true)
        h.pdfpc.slides = 5
        h.requested = []
        // A 16:9 deck in a 4:3 pane: the picture fills its width.
        h.run(.want([PictureWant(slide: 0, size: PixelSize(width: 800, height: 600)),
                     PictureWant(slide: 1, size: PixelSize(width: 400, height: 300)),
                     PictureWant(slide: 2, size: PixelSize(width: 800, height: 600)),
                     PictureWant(slide: 3, size: PixelSize(width: 800, height: 600))]))
        let images = h.pending.compactMap { if case .image(let p, let s) = $0.request { (p, s) } else { nil } }
        XCTAssertEqual(images.map(\.0), [0, 1, 2], "current and next first, three at most")
        XCTAssertEqual(images.first?.1, PixelSize(width: 800, height: 450))
        XCTAssertEqual(images[1].1, PixelSize(width: 400, height: 225))
        XCTAssertLessThanOrEqual(h.c.picturesInFlight, 3)
        h.serve { if case .image(0, _) = $0 { true } else { false } }
        XCTAssertEqual(h.c.picturesInFlight, 3, "one done, the fourth goes")
        h.serveAll()
        let previews = h.events.compactMap { if case .preview(let i, let p) = $0 { (i, PixelSize(png: p.png)) } else { nil } }
        XCTAssertEqual(previews.first?.0, 0)
        XCTAssertEqual(previews.first?.1, PixelSize(width: 800, height: 450))
        XCTAssertEqual(Set(previews.map(\.0)), [0, 1, 2, 3, 4], "then the rest in the background")

        // The pad has them: nothing fetched again. A resize asks again.
        h.requested = []
        h.run(.want([PictureWant(slide: 0, size: PixelSize(width: 800, height: 600), have: PixelSize(width: 800, height: 450))]))
        XCTAssertFalse(h.requested.contains { if case .image = $0 { true } else { false } })
        h.run(.want([PictureWant(slide: 0, size: PixelSize(width: 1600, height: 900), have: PixelSize(width: 800, height: 450))]))
        XCTAssertEqual(h.pending.last?.request, .image(page: 0, size: PixelSize(width: 1600, height: 900)))
    }

    func testAPictureThatFailsIsSaidOnceAndNotFetchedInALoop() {
        var h = connected()
        h.run(.want([PictureWant(slide: 0, size: PixelSize(width: 320, height: 180))]))
        guard let image = h.pending.first(where: { if case .image = $0.request { true } else { false } }) else { return XCTFail() }
        h.pending.removeAll { $0.id == image.id }
        h.run(.failed(id: image.id, .tooLarge(limit: 32 << 20)))
        XCTAssertTrue(h.events.contains(.preview(index: 0, Preview(png: []))), "the pane says it could not be read")
        h.requested = []
        h.run(.want([PictureWant(slide: 0, size: PixelSize(width: 320, height: 180), have: nil)]))
        h.advance(to: .seconds(5))
        XCTAssertFalse(h.requested.contains { if case .image = $0 { true } else { false } })
        XCTAssertNotEqual(h.links.last.map { if case .connected = $0 { true } else { false } }, false, "the link stays up")
    }

    func testStopDropsEverythingAndSaysNothingMore() {
        var h = connected()
        h.run(.send(.next))
        h.run(.send(.blank))
        h.run(.stop)
        XCTAssertTrue(h.c.isStopped)
        XCTAssertEqual(h.dropped, [.blank], "the queued command")
        h.events = []
        h.run(.send(.next))
        XCTAssertEqual(h.events, [])
        XCTAssertEqual(h.dropped.last, .next)
    }

    /// Any bytes as any answer: nothing traps, no control character reaches
    /// the pad in notes, and the link either holds or says why it is down.
    func testGarbageAnswersOfEveryKindNeverTrapAndNeverReachTheScreenRaw() {
        var random = SeededRandom(seed: 23)
        let pieces: [[UInt8]] = [Array("<p>".utf8), Array("</strong>".utf8), Array("&#x1b;".utf8), Array("&#0;".utf8),
                                 [0x1B, 0x5B, 0x32, 0x4A], [0xFF, 0xFE], Array(#"{"slide":"#.utf8), Array("<body".utf8),
                                 Array("&".utf8), Array("\u{202E}".utf8), [0x89, 0x50, 0x4E, 0x47]]
        for round in 0..<400 {
            var h = connected(prefetch: true)
            h.run(.want([PictureWant(slide: 0, size: PixelSize(width: 64, height: 36))]))
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                body += Bool.random(using: &random) ? pieces.randomElement(using: &random)!
                    : (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
            let status = [200, 200, 200, 404, 500, 302, 0, 999].randomElement(using: &random)!
            if round % 3 == 0, let due = h.timers[.poll] { h.advance(to: due, serving: false) }
            guard let victim = h.pending.randomElement(using: &random) else { continue }
            h.pending.removeAll { $0.id == victim.id }
            h.run(.answered(id: victim.id, status: status, body: body))
            h.serveAll()
            for case .notes(_, let text) in h.events {
                XCTAssertFalse(text.source.unicodeScalars.contains { Notes.isControl($0) && $0 != "\n" }, "\(text.source.debugDescription)")
            }
            XCTAssertLessThanOrEqual(h.c.picturesInFlight, 3)
        }
    }

    func testNotesAsTyped() {
        let html = """
            <!doctype html>
            <html>
            <head><meta charset='utf-8'></head>
            <body>
            <p>Notes 2: special chars R&amp;D <beta> &ldquo;quoted&rdquo; café naïve – dash.
            - a <strong>bold</strong> point
            - a second point</p>
            </body>
            </html>
            """
        XCTAssertEqual(PdfpcNotes.text(fromHTML: html), """
            Notes 2: special chars R&D <beta> “quoted” café naïve – dash.
            - a **bold** point
            - a second point
            """)
        XCTAssertEqual(PdfpcNotes.text(fromHTML: "<body><p>One</p>\n<ul>\n<li>a <em>b</em></li>\n<li>c</li>\n</ul>\n<p>Two\u{1b}[31m</p></body>"),
                       "One\n\n- a *b*\n- c\n\nTwo[31m", "a list, a paragraph after it, no escape character")
        XCTAssertEqual(PdfpcNotes.text(fromHTML: "<body>\n\n</body>"), "")
        XCTAssertEqual(PdfpcNotes.text(fromHTML: "<ol><li>x</li><li>y</li></ol>&#8211;&#x2013;&bogus; &"), "1. x\n2. y\n––&bogus; &")
    }

    func testAddresses() throws {
        XCTAssertEqual(try PdfpcAddress.parse("pdfpc://127.0.0.1"), PdfpcAddress(host: "127.0.0.1", port: 8088))
        XCTAssertEqual(try PdfpcAddress.parse("pdfpc://laptop.local:9000/"), PdfpcAddress(host: "laptop.local", port: 9000))
        XCTAssertEqual(try PdfpcAddress.parse("PDFPCS://[::1]:8443"), PdfpcAddress(host: "::1", port: 8443, secure: true))
        XCTAssertEqual(PdfpcAddress(host: "::1", port: 8443, secure: true).baseURL, "https://[::1]:8443")
        XCTAssertThrowsError(try PdfpcAddress.parse("pdfpc://"))
        XCTAssertThrowsError(try PdfpcAddress.parse("pdfpc://host:0"))
        XCTAssertTrue(PdfpcAddress.hasScheme(" pdfpc://x"))
        XCTAssertFalse(PdfpcAddress.hasScheme("127.0.0.1:1599"))
    }

    func testJSONFromTheNetworkIsCheckedNotTrusted() {
        XCTAssertNil(PdfpcAPI.state(Array("not json".utf8)))
        XCTAssertNil(PdfpcAPI.state(Array(#"{"slide":-1}"#.utf8)))
        XCTAssertNil(PdfpcAPI.state(Array(#"{"slide":1e300}"#.utf8)))
        XCTAssertNil(PdfpcAPI.meta(Array(#"{"slides":"5"}"#.utf8)))
        XCTAssertEqual(PdfpcAPI.meta(Array(#"{"slides":5,"user_slides":3,"aspect_ratio":"nan"}"#.utf8)),
                       PdfpcAPI.Meta(pages: 5, userSlides: 3, aspect: nil))
        XCTAssertEqual(PixelSize(width: 800, height: 600).fitting(aspect: 16.0 / 9), PixelSize(width: 800, height: 450))
        XCTAssertEqual(PixelSize(width: 100_000, height: 100_000).fitting(aspect: 2).width, 4096)
    }
}
