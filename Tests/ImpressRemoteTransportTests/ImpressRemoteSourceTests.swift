import Foundation
@testable import ImpressRemoteTransport
import SlideModel
import ImpressRemote
import PadTestSupport
import XCTest

/// The network source against a scripted fake Impress on 127.0.0.1.
final class ImpressRemoteSourceTests: XCTestCase {
    private var server: FakeImpressServer?
    private var source: ImpressRemoteSource?

    override func tearDown() {
        source?.shutdown()
        server?.stop()
        if let problems = server?.problems, !problems.isEmpty {
            XCTFail("fake server: \(problems)")
        }
        source = nil
        server = nil
        super.tearDown()
    }

    private func start(
        _ scripts: [FakeImpressServer.Script],
        configure: (FakeImpressServer) -> ImpressRemoteConfiguration = { testConfiguration($0) },
        logs: LogCapture = LogCapture()
    ) throws -> (EventRecorder, FakeImpressServer, ImpressRemoteSource) {
        let server = try FakeImpressServer(scripts: scripts)
        let source = ImpressRemoteSource(configuration: configure(server), logger: logs.logger)
        let recorder = EventRecorder()
        self.server = server
        self.source = source
        source.start(events: recorder.sink)
        return (recorder, server, source)
    }

    // MARK: pairing

    func testPairsAtOnceAndNamesTheServer() throws {
        let store = ObservedPairingStore()
        let (events, server, _) = try start([{ c in _ = try acceptPairing(c, expectPin: "0042") }],
                                            configure: { testConfiguration($0, store: store) })
        events.wait(for: .showTitle(""))
        XCTAssertEqual(events.events, [
            .link(.connecting(to: "127.0.0.1:\(server.port)")),
            .link(.connected(server: "Impress · 127.0.0.1")),
            .link(.connected(server: "Impress 7.4.7.2 · 127.0.0.1")),
            .showFinished,
            .showTitle(""),
        ])
        XCTAssertTrue(store.waitForRemember())
        XCTAssertEqual(store.memory.all["127.0.0.1:\(server.port)"], Pairing(name: "controlpad-test", pin: "0042"))
    }

    func testPairRequestArrivesInOneReadWithoutCR() throws {
        let (events, server, _) = try start([{ c in _ = try acceptPairing(c) }],
                                            configure: { testConfiguration($0, name: "ControlPad on box") })
        events.wait(for: .showFinished)
        let first = try XCTUnwrap(server.accepted.first?.reads.first)
        XCTAssertEqual(String(decoding: first.bytes, as: UTF8.self), "LO_SERVER_CLIENT_PAIR\nControlPad on box\n0042\n\n")
        XCTAssertFalse(first.bytes.contains(0x0D))
    }

    func testValidatingPinShowsThePinThenStoresIt() throws {
        let store = ObservedPairingStore()
        let typed = DispatchSemaphore(value: 0)
        let (events, server, _) = try start([{ c in
            let request = try c.readMessage()
            guard request.lines == ["LO_SERVER_CLIENT_PAIR", "newcomer", "0042"] else { throw ScriptFailure("\(request.lines)") }
            c.send(message: "LO_SERVER_VALIDATING_PIN")
            // ...until a person has typed the PIN into Impress:
            guard typed.wait(timeout: .now() + 10) == .success else { throw ScriptFailure("PIN never typed") }
            c.send(message: "LO_SERVER_SERVER_PAIRED")
            c.send(message: "LO_SERVER_INFO", "7.4.7.2")
            c.send(message: "slideshow_finished")
        }], configure: { testConfiguration($0, name: "newcomer", store: store) })

        events.wait(for: .link(.pairing(pin: "0042", place: ImpressSession.pinPlace)))
        XCTAssertNil(store.pin(forServer: "127.0.0.1:\(server.port)"), "not stored before Impress accepts it")
        typed.signal()
        events.wait(for: .showFinished)
        XCTAssertTrue(store.waitForRemember())
        XCTAssertEqual(store.pin(forServer: "127.0.0.1:\(server.port)"), "0042")
    }

    func testStoredPinIsUsedAndPinOptionWins() throws {
        let store = MemoryPairingStore()
        let server1 = try FakeImpressServer(scripts: [{ c in _ = try acceptPairing(c, expectPin: "7777") }])
        defer { server1.stop() }
        try store.remember(server: "127.0.0.1:\(server1.port)", clientName: "controlpad-test", pin: "7777")
        let recorder1 = EventRecorder()
        let source1 = ImpressRemoteSource(configuration: testConfiguration(server1, store: store))
        source1.start(events: recorder1.sink)
        recorder1.wait(for: .showFinished)
        source1.shutdown()

        let (events, _, _) = try start([{ c in _ = try acceptPairing(c, expectPin: "1234") }],
                                       configure: { testConfiguration($0, pin: "1234", store: store) })
        events.wait(for: .showFinished)
        XCTAssertTrue(server1.problems.isEmpty, "\(server1.problems)")
    }

    // MARK: a show

    func testRealSessionTricklingInIsDeliveredInOrder() throws {
        let capture = try Fixtures.capture("lo-session-shared-deck.bin")
        let (events, _, _) = try start([{ c in
            _ = try c.readMessage()
            // LibreOffice's own bytes, in small uneven pieces.
            var i = 0, n = 1
            while i < capture.count {
                c.send(Array(capture[i..<min(i + n, capture.count)]))
                i += n
                n = n % 997 + 13
            }
        }])
        let all = events.wait("the show to end twice") { $0.count(.showFinished) == 2 }
        XCTAssertEqual(all.previewIndices, [0, 1, 2, 3, 4])
        XCTAssertTrue(all.contains(.showStarted(slideCount: 5, current: 0)))
        XCTAssertTrue(all.contains(.notes(index: 1, "Notes 2: special chars R&D <beta> \"quoted\" café naïve – dash.")))
        XCTAssertEqual(all.filter { if case .slideChanged = $0 { return true } else { return false } },
                       [.slideChanged(index: 1), .slideChanged(index: 3), .slideChanged(index: 2)])
        for case .preview(_, let p) in all {
            XCTAssertEqual(p.aspect ?? 0, 16.0 / 9.0, accuracy: 0.01)
        }
    }

    func testSlideUpdatedFromAnotherClient() throws {
        let (events, _, _) = try start([{ c in
            _ = try acceptPairing(c, showFinished: false)
            c.send(message: "slideshow_started", "4", "0")
            c.send(message: "slideshow_info", "deck.odp")
            // Someone else (another remote, the keyboard) moves the show:
            c.send(message: "slide_updated", "2")
            c.send(message: "slide_updated", "3")
        }])
        let all = events.wait(for: .slideChanged(index: 3))
        XCTAssertEqual(Array(all.suffix(4)), [
            .showStarted(slideCount: 4, current: 0), .showTitle("deck.odp"), .slideChanged(index: 2), .slideChanged(index: 3),
        ])
    }

    func testDuplicatesAfterResumeAreHarmless() throws {
        let capture = try Fixtures.capture("lo-session-resume-duplicates.bin")
        let (events, _, _) = try start([{ c in
            _ = try c.readMessage()
            c.send(capture)
            c.send(message: "slide_updated", "2")
        }])
        let all = events.wait(for: .slideChanged(index: 2))
        XCTAssertEqual(all.filter { if case .slideChanged = $0 { return true } else { return false } },
                       [.slideChanged(index: 1), .slideChanged(index: 2)], "the triple slide_updated arrives once")
        XCTAssertEqual(all.count(.showStarted(slideCount: 5, current: 0)), 3)
    }

    // MARK: drops

    func testDropMidPreviewReconnectsAndResyncsWithNothingStale() throws {
        let store = MemoryPairingStore()
        let capture = try Fixtures.capture("lo-session-shared-deck.bin")
        // The real preview of slide 1, to cut in half.
        let preview1 = try XCTUnwrap(String(decoding: capture, as: UTF8.self)
            .components(separatedBy: "\n\n").first { $0.hasPrefix("slide_preview\n1\n") })
        let (events, server, _) = try start([
            { c in
                _ = try acceptPairing(c, expectPin: "0042", showFinished: false)
                c.send(message: "slideshow_started", "5", "0")
                c.send(Array((preview1.replacingOccurrences(of: "\n1\n", with: "\n0\n") + "\n\n").utf8))
                c.send(Array(preview1.utf8.prefix(preview1.utf8.count / 2)))
                c.close()
            },
            { c in
                // Re-pairs with the PIN stored by the first pairing.
                _ = try acceptPairing(c, expectPin: "0042", showFinished: false)
                c.send(message: "slideshow_started", "3", "1")
                c.send(Array((preview1 + "\n\n").utf8))
            },
        ], configure: { testConfiguration($0, store: store, makePin: { "0042" }) })

        let all = events.wait("a preview after the reconnect") { events in
            guard let r = events.lastIndex(of: .showStarted(slideCount: 3, current: 1)) else { return false }
            return events[r...].previewIndices == [1]
        }
        let drop = try XCTUnwrap(all.firstIndex { if case .link(.reconnecting) = $0 { return true } else { return false } })
        XCTAssertEqual(all.reconnecting.first?.0, 1)
        XCTAssertEqual(all.reconnecting.first?.1, "connection closed in the middle of a message")
        // Before the drop: slide 0 only (half a preview is never delivered).
        XCTAssertEqual(Array(all[..<drop]).previewIndices, [0])
        // After it: connecting, paired, then a reset before any content.
        let after = Array(all[(drop + 1)...])
        XCTAssertEqual(after.first, .link(.connecting(to: "127.0.0.1:\(server.port)")))
        let reset = try XCTUnwrap(after.firstIndex(of: .showStarted(slideCount: 3, current: 1)))
        // (The show starting again says the blank, if any, ended: no content either.)
        XCTAssertTrue(after[..<reset].allSatisfy { if case .link = $0 { return true } else { return $0 == .blankEnded } })
        XCTAssertEqual(server.accepted.count, 2)
    }

    func testRePairingThatNeedsAPinClearsTheOldShowFirst() throws {
        let (events, _, _) = try start([
            { c in
                _ = try acceptPairing(c, showFinished: false)
                c.send(message: "slideshow_started", "5", "2")
                c.close()
            },
            { c in
                // Impress forgot us: it wants the PIN typed again.
                _ = try c.readMessage()
                c.send(message: "LO_SERVER_VALIDATING_PIN")
            },
        ])
        let all = events.wait(for: .link(.pairing(pin: "0042", place: ImpressSession.pinPlace)))
        let started = try XCTUnwrap(all.firstIndex(of: .showStarted(slideCount: 5, current: 2)))
        let pairing = try XCTUnwrap(all.firstIndex(of: .link(.pairing(pin: "0042", place: ImpressSession.pinPlace))))
        XCTAssertEqual(all[started..<pairing].filter { $0 == .showFinished }.count, 1, "\(all)")
        XCTAssertEqual(Array(all[(pairing - 2)..<pairing]), [.showFinished, .showTitle("")], "the show, and its title, gone")
    }

    /// A source pointed at a port nobody listens on (a free one, taken and
    /// closed again), started with the given backoff and countdown step.
    private func startAgainstClosedPort(backoff: ReconnectBackoff, step: Duration) throws -> (Int, EventRecorder) {
        let probe = try FakeImpressServer(scripts: [])
        let port = probe.port
        probe.stop()
        let recorder = EventRecorder()
        var config = testConfiguration(probe)
        config.address = ImpressServerAddress(host: "127.0.0.1", port: port)
        config.backoff = backoff
        config.countdownStep = step
        let source = ImpressRemoteSource(configuration: config)
        self.source = source
        source.start(events: recorder.sink)
        return (port, recorder)
    }

    func testRefusedConnectionCountsDownAndRetries() throws {
        let (port, recorder) = try startAgainstClosedPort(
            backoff: ReconnectBackoff(initial: .milliseconds(30), maximum: .milliseconds(60)), step: .milliseconds(10))
        let all = recorder.wait("three attempts") { $0.count(.link(.connecting(to: "127.0.0.1:\(port)"))) >= 3 }
        XCTAssertTrue(all.reconnecting.allSatisfy { $0.0 == 1 && $0.1.contains("connection refused") }, "\(all.reconnecting)")
        // Several countdown ticks per wait: 30 ms in 10 ms steps.
        XCTAssertGreaterThanOrEqual(all.reconnecting.count, 3)
    }

    // MARK: hostile input

    func testGarbageCRAndBadMessagesAreLoggedAndSkipped() throws {
        let logs = LogCapture()
        let (events, _, _) = try start([{ c in
            _ = try acceptPairing(c, showFinished: false)
            c.send(message: "slideshow_started", "5", "0")
            c.send([0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0x0A, 0x0A])
            c.send(message: "LO_SERVER_SOMETHING_NEW", "x")
            c.send(message: "slide_preview", "1", "this is not base64!")
            c.send(message: "slide_updated", "many")
            c.send("slide_updated\r\n2\r\n\r\n")
        }], logs: logs)
        events.wait(for: .slideChanged(index: 2))
        XCTAssertTrue(logs.contains("ignored unknown message \"LO_SERVER_SOMETHING_NEW\""))
        XCTAssertTrue(logs.contains("slide_preview 1: the picture is not valid base64", level: .warning))
        XCTAssertTrue(logs.contains("slide_updated: slide index is not a valid number: \"many\"", level: .warning))
        XCTAssertFalse(events.events.contains { if case .link(.reconnecting) = $0 { return true } else { return false } })
    }

    func testOversizedMessageBreaksTheConnectionAndItReconnects() throws {
        let logs = LogCapture()
        let (events, server, _) = try start([
            { c in
                _ = try acceptPairing(c)
                c.send(message: "slide_preview", "0", String(repeating: "A", count: 5000))
                _ = c.waitForClose()
            },
            { c in _ = try acceptPairing(c) },
        ], configure: { testConfiguration($0, maxMessageBytes: 1000) }, logs: logs)
        let all = events.wait("a second pairing") { $0.count(.showFinished) == 2 }
        XCTAssertEqual(all.reconnecting.first?.1, "protocol error: a message larger than 1000 bytes")
        XCTAssertTrue(logs.contains("larger than 1000 bytes", level: .error))
        XCTAssertEqual(all.previewIndices, [])
        XCTAssertEqual(server.accepted.count, 2)
    }

    func testTruncatedMessageAtCloseIsDropped() throws {
        let (events, _, _) = try start([
            { c in
                _ = try acceptPairing(c)
                c.send("slide_updated\n3")
                c.close()
            },
            { c in _ = try acceptPairing(c) },
        ])
        let all = events.wait("a second pairing") { $0.count(.showFinished) == 2 }
        XCTAssertFalse(all.contains(.slideChanged(index: 3)))
        XCTAssertEqual(all.reconnecting.first?.1, "connection closed in the middle of a message")
    }

    func testServerRefusingThePairRequestIsReportedAndAskedAgainWhenTold() throws {
        let (events, server, source) = try start([
            { c in
                _ = try c.readMessage()
                c.close()
            },
            { c in _ = try acceptPairing(c) },
        ])
        events.wait(for: .link(.failed(ImpressProblem.pairingRefused.problem)))
        XCTAssertEqual(server.accepted.count, 1)
        source.retryNow()
        events.wait(for: .showFinished)
        XCTAssertEqual(server.accepted.count, 2, "asked again once the presenter said so")
    }

    func testUnansweredPairRequestTimesOutAndReconnects() throws {
        let logs = LogCapture()
        let silentClosed = DispatchSemaphore(value: 0)
        let (events, server, _) = try start([
            { c in
                // Accepts, reads the request, and never answers.
                _ = try c.readMessage()
                if c.waitForClose(timeout: 10) { silentClosed.signal() }
            },
            { c in _ = try acceptPairing(c) },
        ], configure: { testConfiguration($0, pairingTimeout: .milliseconds(300)) }, logs: logs)
        let all = events.wait(for: .showFinished)
        XCTAssertEqual(all.reconnecting.first?.1, "Impress accepted the connection but never answered")
        XCTAssertEqual(all.reconnecting.first?.1, ImpressRemoteSource.noAnswerProblem.reason)
        XCTAssertEqual(silentClosed.wait(timeout: .now() + 5), .success, "the silent connection was closed by the client")
        XCTAssertEqual(server.accepted.count, 2)
        XCTAssertTrue(logs.contains("no answer to the pair request"))
        // Before the drop the pad only ever said "connecting".
        let beforeDrop = all.prefix { if case .link(.reconnecting) = $0 { return false } else { return true } }
        XCTAssertEqual(Array(beforeDrop), [.link(.connecting(to: "127.0.0.1:\(server.port)"))])
    }

    // MARK: commands

    /// Five quick → go out at once: a step, then go-tos to where the presses
    /// head (LibreOffice drops a step that follows another closely, never a
    /// go-to); a go-to of the user's own passes unchanged.
    func testQuickNextsGoOutAtOnceAsGotosToWhereTheyHead() throws {
        let got = Locked<[[String]]>([])
        let done = DispatchSemaphore(value: 0)
        let (events, _, source) = try start([{ c in
            _ = try acceptPairing(c, showFinished: false)
            c.send(message: "slideshow_started", "9", "0")
            for _ in 0..<6 {
                let m = try c.readMessage()
                got.withLock { $0.append(m.lines) }
            }
            done.signal()
        }])
        events.wait(for: .showStarted(slideCount: 9, current: 0))
        for _ in 0..<5 { source.send(.next) }
        source.send(.goto(index: 3))
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(got.current, [["transition_next"], ["goto_slide", "2"], ["goto_slide", "3"], ["goto_slide", "4"],
                                     ["goto_slide", "5"], ["goto_slide", "3"]])
    }

    func testEveryCommandIsEncodedOnTheWire() throws {
        let got = Locked<[[String]]>([])
        let done = DispatchSemaphore(value: 0)
        let commands: [SourceCommand] = [
            .start, .blank, .resume, .pointerStarted(x: 0.25, y: 0.75), .pointerMoved(x: 0.5, y: 0.5), .pointerDismissed,
            .previous, .stop,
        ]
        let (events, _, source) = try start([{ c in
            _ = try acceptPairing(c)
            for _ in commands {
                let m = try c.readMessage()
                got.withLock { $0.append(m.lines) }
            }
            done.signal()
        }])
        events.wait(for: .showFinished)
        for command in commands { source.send(command) }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(got.current, [
            ["presentation_start"], ["presentation_blank_screen"], ["presentation_resume"],
            ["pointer_started", "0.2500", "0.7500"], ["pointer_coordination", "0.5000", "0.5000"], ["pointer_dismissed"],
            ["transition_previous"], ["presentation_stop"],
        ])
    }

    func testSendFromManyThreads() throws {
        let got = Locked<Set<String>>([])
        let done = DispatchSemaphore(value: 0)
        let (events, _, source) = try start([{ c in
            _ = try acceptPairing(c)
            for _ in 0..<32 {
                let m = try c.readMessage()
                got.withLock { _ = $0.insert(m.lines.last ?? "") }
                c.send(message: "slide_updated", m.lines.last ?? "0")  // as Impress confirms a goto
            }
            done.signal()
        }])
        events.wait(for: .showFinished)
        DispatchQueue.concurrentPerform(iterations: 32) { i in source.send(.goto(index: i)) }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(got.current, Set((0..<32).map(String.init)))
    }

    func testCommandsBeforePairingAreDropped() throws {
        let logs = LogCapture()
        let got = Locked<[[String]]>([])
        let paired = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let (events, _, source) = try start([{ c in
            _ = try c.readMessage()
            c.send(message: "LO_SERVER_VALIDATING_PIN")
            guard paired.wait(timeout: .now() + 10) == .success else { throw ScriptFailure("never released") }
            c.send(message: "LO_SERVER_SERVER_PAIRED")
            let m = try c.readMessage()
            got.withLock { $0.append(m.lines) }
            done.signal()
        }], logs: logs)
        events.wait(for: .link(.pairing(pin: "0042", place: ImpressSession.pinPlace)))
        source.send(.next)  // while Impress waits for the PIN: must not move the show later
        XCTAssertTrue(logs.waitFor("not paired: dropped next"), "\(logs.lines)")
        paired.signal()
        events.wait(for: .link(.connected(server: "Impress · 127.0.0.1")))
        source.send(.goto(index: 1))
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(got.current, [["goto_slide", "1"]])
    }

    // MARK: shutdown

    func testShutdownClosesAndNoEventFollows() throws {
        let closedByClient = DispatchSemaphore(value: 0)
        let (events, server, source) = try start([{ c in
            _ = try acceptPairing(c)
            if c.waitForClose() { closedByClient.signal() }
        }])
        events.wait(for: .showFinished)
        source.shutdown()
        let count = events.events.count
        XCTAssertEqual(closedByClient.wait(timeout: .now() + 10), .success, "the socket is closed")
        source.send(.next)  // harmless after shutdown
        source.shutdown()  // and twice is fine
        XCTAssertEqual(events.events.count, count)
        XCTAssertEqual(server.accepted.count, 1)
    }

    func testShutdownFromInsideTheSinkDoesNotDeadlock() throws {
        let server = try FakeImpressServer(scripts: [{ c in _ = try acceptPairing(c) }])
        self.server = server
        let source = ImpressRemoteSource(configuration: testConfiguration(server))
        let stopped = expectation(description: "shut down from the sink")
        let later = Locked<[SourceEvent]>([])
        let shutDown = Locked(false)
        source.start { [source] event in
            if shutDown.current {
                later.withLock { $0.append(event) }
            } else if event == .showFinished {
                source.shutdown()
                shutDown.withLock { $0 = true }
                stopped.fulfill()
            }
        }
        wait(for: [stopped], timeout: 10)
        XCTAssertEqual(later.current, [])
    }

    func testStartAfterShutdownDoesNothing() throws {
        let server = try FakeImpressServer(scripts: [{ c in _ = try acceptPairing(c) }])
        self.server = server
        let source = ImpressRemoteSource(configuration: testConfiguration(server))
        source.shutdown()
        let recorder = EventRecorder()
        source.start(events: recorder.sink)
        source.send(.next)
        // No event: the gate did not open again (an event delivered now would be recorded now).
        source.driver.gate.deliver(.showFinished)
        XCTAssertEqual(recorder.events, [])
        // No connection, ever: the connection is stopped, and a stopped one
        // answers a start (or anything) with nothing to do.
        var machine = try source.driver.eventLoop.submit { source.driver.machine }.wait()
        XCTAssertTrue(machine.isStopped)
        XCTAssertEqual(machine.handle(.start(storedPin: nil, freshPin: "0042"), now: .zero), [])
        XCTAssertEqual(server.accepted.count, 0)
    }

    func testShutdownDuringCountdownStopsReconnecting() throws {
        let (events, server, source) = try start([{ c in
            _ = try acceptPairing(c)
            c.close()
        }], configure: {
            var config = testConfiguration($0)
            config.backoff = ReconnectBackoff(initial: .milliseconds(300), maximum: .milliseconds(300))
            config.countdownStep = .milliseconds(100)
            return config
        })
        events.wait("a countdown") { !$0.reconnecting.isEmpty }
        source.shutdown()
        let count = events.events.count
        // No event and no new connection can follow: the countdown's timer
        // is cancelled (none is left on the loop), the connection is stopped,
        // and the gate is closed.
        let timers = try source.driver.eventLoop.submit { source.driver.armedTimers.count }.wait()
        XCTAssertEqual(timers, 0, "no timer is left to reconnect")
        XCTAssertTrue(try source.driver.eventLoop.submit { source.driver.machine.isStopped }.wait())
        source.driver.gate.deliver(.showFinished)
        XCTAssertEqual(events.events.count, count)
        XCTAssertEqual(server.accepted.count, 1)
    }
}
