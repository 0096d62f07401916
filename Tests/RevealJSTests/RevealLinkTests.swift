import RevealJS
import SlideModel
import XCTest

/// The link's life on virtual time: inputs in, actions out, no sockets.
final class RevealLinkTests: XCTestCase, RevealLinkHarness {
    var link = freshLink
    var now: Duration = .zero

    func testOpeningTellsThePadTheShow() {
        let actions = open(at: 1)
        XCTAssertTrue(actions.contains(.emit(.showStarted(slideCount: 4, current: 1))))
        XCTAssertTrue(actions.contains(.emit(.showTitle("Deck"))))
        XCTAssertTrue(link.isOpen)
        XCTAssertEqual(expression(writes(actions)[0].1), RevealScripts.notes(slide: 1).source)
    }

    /// A blank the pad kept across a reload or a reconnect ended unless
    /// reveal.js says it is still paused.
    func testASyncSaysTheBlankEndedUnlessRevealIsPaused() {
        let actions = open()
        let blankEnded = actions.firstIndex(of: .emit(.blankEnded))
        XCTAssertNotNil(blankEnded, "not paused: the audience sees slides")
        XCTAssertLessThan(blankEnded ?? .max, actions.firstIndex(of: .emit(.showStarted(slideCount: 4, current: 0))) ?? -1,
                          "said before the show, as the pad folds it")
        let cleared = feed(.text(.audience, #"{"method":"Runtime.executionContextsCleared","params":{}}"#))
        XCTAssertTrue(cleared.contains(.arm(.readyPoll, after: .milliseconds(100))))
        let probe = writes(feed(.timerFired(.readyPoll)))
        let install = writes(answer(probe[0].1, value: "ready"))
        let sync = writes(answer(install[0].1, value: true))
        let paused = answer(sync[0].1, value: ["indices": ["h": 0, "v": 0], "paused": true, "title": "Deck", "version": "5.2.1",
                                               "slides": [[0, 0, 0], [1, 0, 2]]])
        XCTAssertTrue(paused.contains(.emit(.showStarted(slideCount: 2, current: 0))))
        XCTAssertFalse(paused.contains(.emit(.blankEnded)), "still paused: still blank")
        let started = paused.firstIndex(of: .emit(.showStarted(slideCount: 2, current: 0))) ?? .max
        XCTAssertGreaterThan(paused.firstIndex(of: .emit(.blankStarted)) ?? -1, started,
                             "a pause found on connecting shows as BLANK, after the show (the pad blanks a running show)")
    }

    /// A press made while the page reloads is not lost: it goes once the
    /// reloaded show is read, in order.
    func testAPressDuringAReloadGoesOnceThePageIsBack() {
        _ = open()
        _ = feed(.text(.audience, #"{"method":"Runtime.executionContextsCleared","params":{}}"#))
        let pressed = feed(.send(.next)) + feed(.send(.next))
        XCTAssertFalse(pressed.contains(.dropped(.next)), "the press waits for the page")
        XCTAssertTrue(writes(pressed).isEmpty, "nothing written to a page being reloaded")
        let probe = writes(feed(.timerFired(.readyPoll)))
        let install = writes(answer(probe[0].1, value: "ready"))
        let sync = writes(answer(install[0].1, value: true))
        let back = writes(answer(sync[0].1, value: ["indices": ["h": 0, "v": 0], "paused": false, "title": "Deck", "version": "5.2.1",
                                                    "slides": [[0, 0, 0], [1, 0, 2]]]))
        XCTAssertEqual(back.filter { expression($0.1) == RevealScripts.next.source }.count, 2, "both presses went, after the sync")
    }

    /// A pause made in the browser (its `b`, the "Resume presentation"
    /// button) shows on the pad as BLANK, and its end as the screen back.
    func testAPauseMadeInTheBrowserIsTold() {
        _ = open()
        func pushed(_ type: String) -> [RevealLink.Action] {
            let payload = #"{"type":"\#(type)","indices":{"h":0,"v":0},"paused":\#(type == "paused")}"#
            return feed(.text(.audience, JSONValue.object(["method": "Runtime.bindingCalled", "params": [
                "name": .string(RevealScripts.bindingName), "payload": .string(payload)]]).encoded))
        }
        XCTAssertTrue(pushed("paused").contains(.emit(.blankStarted)))
        let resumed = pushed("resumed")
        XCTAssertTrue(resumed.contains(.emit(.blankEnded)))
        XCTAssertFalse(resumed.contains(.emit(.blankStarted)))
        XCTAssertFalse(pushed("slidechanged").contains(.emit(.blankEnded)), "a move tells nothing of the pause")
    }

    func testAPressIsWrittenInTheSameTurnAndTheEventMovesThePad() {
        _ = open()
        let press = writes(feed(.send(.next)))
        XCTAssertEqual(expression(press[0].1), "(Reveal.isPaused() && Reveal.togglePause(false), Reveal.next())",
                       "a move ends a pause first, or the audience stays on black")
        let payload = #"{"type":"slidechanged","indices":{"h":2,"v":1}}"#
        let moved = feed(.text(.audience, JSONValue.object(["method": "Runtime.bindingCalled", "params": [
            "name": .string(RevealScripts.bindingName), "payload": .string(payload)]]).encoded))
        XCTAssertTrue(moved.contains(.emit(.slideChanged(index: 3))))
        XCTAssertEqual(link.position?.description, "4/4 · ↓ 2/2")
    }

    func testReloadWaitsForRevealThenInstallsAgain() {
        _ = open()
        let cleared = feed(.text(.audience, #"{"method":"Runtime.executionContextsCleared","params":{}}"#))
        XCTAssertTrue(cleared.contains(.arm(.readyPoll, after: .milliseconds(100))))
        XCTAssertFalse(link.isOpen)
        XCTAssertTrue(writes(feed(.send(.next))).isEmpty, "a press while the page reloads is not written into the void: it waits")
        let probe = writes(feed(.timerFired(.readyPoll)))
        XCTAssertEqual(expression(probe[0].1), RevealScripts.probe.source)
        XCTAssertEqual(answer(probe[0].1, value: "loading"), [.arm(.readyPoll, after: .milliseconds(100))])
        let again = writes(feed(.timerFired(.readyPoll)))
        XCTAssertEqual(expression(writes(answer(again[0].1, value: "ready"))[0].1), RevealScripts.install.source)
    }

    func testTabClosedCountsDownAndConnectsAgain() {
        _ = open()
        _ = feed(.text(.audience, #"{"method":"Inspector.detached","params":{"reason":"target_closed"}}"#))
        let lost = feed(.closed(.audience))
        XCTAssertTrue(lost.contains(.emit(.link(.reconnecting(inSeconds: 1, problem: RevealProblem.tabClosed.problem)))))
        let retry = feed(.timerFired(.countdown))
        XCTAssertTrue(retry.contains(.get(.version)))
        // The browser quit meanwhile: said as such, not as "nothing listens".
        let gone = feed(.httpFailed(.version, .refused))
        XCTAssertTrue(gone.contains { if case .emit(.link(.reconnecting(_, let p))) = $0 { p.reason == "the browser quit" } else { false } })
    }

    /// A name that does not resolve is said as such (not "answers, but not as
    /// a DevTools port", nor the resolver's own words).
    func testAHostThatDoesNotResolveIsSaid() {
        _ = feed(.start)
        let lost = feed(.httpFailed(.version, .hostNotFound))
        let problem = lost.compactMap { if case .emit(.link(.reconnecting(_, let p))) = $0 { p } else { nil } }.first
        XCTAssertEqual(problem?.reason, "no computer is named 127.0.0.1 (the name does not resolve)")
        XCTAssertEqual(problem?.code, "host-not-found")
    }

    func testThePagesSocketIsOnTheAddressGivenWhateverTheListSays() {
        _ = feed(.start)
        _ = feed(.http(.version, status: 200, body: Array(#"{"Browser":"C","Protocol-Version":"1.3"}"#.utf8)))
        let list = #"[{"id":"A","type":"page","title":"D","url":"u","webSocketDebuggerUrl":"ws://203.0.113.9:80/devtools/page/A"}]"#
        XCTAssertTrue(feed(.http(.list, status: 200, body: Array(list.utf8))).contains(.open(.audience, url: "ws://127.0.0.1:9222/devtools/page/A")))
    }

    func testSeveralPagesWaitForTheName() {
        _ = feed(.start)
        _ = feed(.http(.version, status: 200, body: Array(#"{"Browser":"C","Protocol-Version":"1.3"}"#.utf8)))
        let list = #"[{"id":"A","type":"page","title":"One","url":"u1","webSocketDebuggerUrl":"ws://x/devtools/page/A"},{"id":"B","type":"page","title":"Two","url":"u2","webSocketDebuggerUrl":"ws://x/devtools/page/B"}]"#
        let actions = feed(.http(.list, status: 200, body: Array(list.utf8)))
        XCTAssertTrue(actions.contains { if case .emit(.link(.failed(let m))) = $0 { m.reason.contains("“One”, “Two”") } else { false } })
        XCTAssertFalse(actions.contains { if case .arm(.countdown, _) = $0 { true } else { false } })
    }

    func testBackoffGrowsAndIsCapped() {
        _ = feed(.start)
        var waits: [Int] = []
        for _ in 0..<6 {
            let lost = feed(.httpFailed(.version, .refused))
            waits.append(lost.compactMap { if case .emit(.link(.reconnecting(let s, _))) = $0 { s } else { nil } }.first ?? -1)
            var again = feed(.timerFired(.countdown))
            while !again.contains(.get(.version)) { again = feed(.timerFired(.countdown)) }
        }
        XCTAssertEqual(waits, [1, 1, 2, 4, 4, 4])
        // Asked to retry now: at once, and the next loss waits the shortest delay again.
        _ = feed(.httpFailed(.version, .refused))
        XCTAssertTrue(feed(.retryNow).contains(.get(.version)))
        let lost = feed(.httpFailed(.version, .refused))
        XCTAssertTrue(lost.contains(.arm(.countdown, after: .milliseconds(500))), "\(lost)")
    }

    func testPicturesGoToAWindowOfThePadsOwnOneAtATime() {
        var settings = RevealLink.Settings(address: RevealAddress(host: "127.0.0.1", port: 9222))
        settings.background = false
        link = RevealLink(settings)
        _ = open()
        let create = writes(feed(.want([PictureWant(slide: 1, size: PixelSize(width: 640, height: 480))])))
        XCTAssertEqual(create.map(\.1.method), ["Target.createTarget"])
        XCTAssertEqual(create[0].1.params["url"]?.string, "file:///d.html?controlpad-render#/0")
        XCTAssertEqual(create[0].1.params["windowState"]?.string, "minimized",
                       "the render window never comes up where the audience could see it (openbox, a deck not full screen)")
        XCTAssertEqual([create[0].1.params["left"]?.int, create[0].1.params["top"]?.int], [-20_000, -20_000],
                       "nor without a window manager, which minimizes nothing: it maps off every screen")
        let opening = feed(.text(.audience, JSONValue.object(["id": .number(Double(create[0].1.id)), "result": ["targetId": "R1"]]).encoded))
        XCTAssertEqual(opening, [.open(.render, url: "ws://127.0.0.1:9222/devtools/page/R1")])
        let setup = writes(feed(.opened(.render)))
        XCTAssertEqual(setup.map(\.1.method), ["Emulation.setDeviceMetricsOverride", "Runtime.evaluate"])
        let still = writes(feed(.text(.render, JSONValue.object(["id": .number(Double(setup[1].1.id)), "result": ["result": ["value": "ready"]]]).encoded)))
        let capture = writes(feed(.text(.render, JSONValue.object(["id": .number(Double(still[0].1.id)), "result": [:]]).encoded)))
        XCTAssertEqual(capture.map { expression($0.1).isEmpty ? $0.1.method : expression($0.1) },
                       ["Reveal.slide(1, 0, -1)", "Page.captureScreenshot"])
        XCTAssertEqual(capture[1].1.params["clip"]?["scale"]?.double, 0.5, "640×480 fits 640×360 of a 16:9 slide")
        XCTAssertEqual(link.picturesInFlight, 1)
        // The picture arrives; then a move to that slide waits for the pad's
        // next want, and a fragment step there takes the picture again at once.
        let png = "iVBORw0KGgoAAAANSUhEUgAAAUAAAAC0CAIAAABqt9m9AAAADUlEQVR4nGNgGAWDEwAAAZoAAXyvxM8AAAAASUVORK5CYII="
        let arrived = feed(.text(.render, JSONValue.object(["id": .number(Double(capture[1].1.id)), "result": ["data": .string(png)]]).encoded))
        XCTAssertTrue(arrived.contains { if case .emit(.preview(1, _)) = $0 { true } else { false } })
        func push(_ indices: String) -> [RevealLink.Action] {
            let payload = "{\"type\":\"x\",\"indices\":\(indices)}"
            return feed(.text(.audience, JSONValue.object(["method": "Runtime.bindingCalled", "params": [
                "name": .string(RevealScripts.bindingName), "payload": .string(payload)]]).encoded))
        }
        XCTAssertFalse(writes(push(#"{"h":1,"v":0,"f":-1}"#)).contains { $0.1.method == "Page.captureScreenshot" })
        let step = writes(push(#"{"h":1,"v":0,"f":0}"#))
        XCTAssertEqual(step.map { expression($0.1).isEmpty ? $0.1.method : expression($0.1) }, ["Reveal.slide(1, 0, 0)", "Page.captureScreenshot"])
        XCTAssertEqual(link.picturesInFlight, 1)
        // A picture that never comes: the window is given up and made again.
        let stuck = feed(.timerFired(.captureTimeout))
        XCTAssertTrue(stuck.contains(.close(.render)))
        XCTAssertEqual(writes(stuck).last?.1.method, "Target.createTarget")
        XCTAssertEqual(link.picturesInFlight, 0)
    }

    /// Pictures have the deck's shape (reveal.js's configured width and
    /// height), not the audience window's: a 1050×880 window gave nearly
    /// square panes. A size in percent ("100%") falls back on the window.
    func testPicturesAreTakenAtTheDecksConfiguredSize() {
        func renderSetup(viewport: JSONValue, configured: JSONValue) -> (metrics: JSONValue, scale: Double?) {
            var settings = RevealLink.Settings(address: RevealAddress(host: "127.0.0.1", port: 9222))
            settings.background = false
            link = RevealLink(settings)
            _ = open(viewport: viewport, configured: configured)
            let create = writes(feed(.want([PictureWant(slide: 1, size: PixelSize(width: 960, height: 900))])))
            _ = feed(.text(.audience, JSONValue.object(["id": .number(Double(create[0].1.id)), "result": ["targetId": "R1"]]).encoded))
            let setup = writes(feed(.opened(.render)))
            let still = writes(feed(.text(.render, JSONValue.object(["id": .number(Double(setup[1].1.id)), "result": ["result": ["value": "ready"]]]).encoded)))
            let capture = writes(feed(.text(.render, JSONValue.object(["id": .number(Double(still[0].1.id)), "result": [:]]).encoded)))
            return (setup[0].1.params, capture.last?.1.params["clip"]?["scale"]?.double)
        }
        let deck = renderSetup(viewport: [1050, 880], configured: [1920, 1080])
        XCTAssertEqual(deck.metrics["width"]?.double, 1920)
        XCTAssertEqual(deck.metrics["height"]?.double, 1080, "the render window at the deck's 16:9")
        XCTAssertEqual(deck.scale, 0.5, "a 960×900 pane takes 960×540 of a 1920×1080 slide")
        let percent = renderSetup(viewport: [1050, 880], configured: ["100%", "100%"])
        XCTAssertEqual(percent.metrics["width"]?.double, 1050, "no size in pixels: the window's")
        XCTAssertEqual(percent.metrics["height"]?.double, 880)
    }
}
