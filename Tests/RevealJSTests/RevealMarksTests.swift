import RevealJS
import SlideModel
import XCTest

/// The pointer and the ink on the audience's page, on virtual time: one
/// script in flight, the latest pointer position wins, a stroke loses no
/// point, kept alive while shown, put back after a reload, removed on stop.
final class RevealMarksTests: XCTestCase, RevealLinkHarness {
    var link = freshLink
    var now: Duration = .zero

    func marksWrites(_ actions: [RevealLink.Action]) -> [CDPRequest] {
        writes(actions).map(\.1).filter { expression($0).contains("__controlpadMarks") }
    }

    func testOneUpdateInFlightAndTheLatestPositionWins() {
        _ = open()
        let first = marksWrites(feed(.send(.pointerStarted(x: 0.25, y: 0.5))))
        XCTAssertEqual(first.count, 1)
        XCTAssertTrue(expression(first[0]).contains("M.pointer(2500, 5000)"))
        // Three moves while the first is in flight: nothing written, the last kept.
        for x in [0.3, 0.4, 0.5] { XCTAssertEqual(marksWrites(feed(.send(.pointerMoved(x: x, y: 0.5)))), []) }
        let next = marksWrites(answer(first[0], value: true))
        XCTAssertEqual(next.count, 1)
        XCTAssertTrue(expression(next[0]).contains("M.pointer(5000, 5000)"), expression(next[0]))
        XCTAssertFalse(expression(next[0]).contains("M.pointer(3000"), "older positions are dropped")
        XCTAssertEqual(marksWrites(answer(next[0], value: true)), [], "nothing left to send")
    }

    func testAStrokeLosesNoPointWhileOneIsInFlight() {
        _ = open()
        let begin = marksWrites(feed(.send(.ink(.began(SlidePoint(x: 0.1, y: 0.1))))))
        for x in [0.2, 0.3] { _ = feed(.send(.ink(.moved(SlidePoint(x: x, y: 0.1))))) }
        _ = feed(.send(.ink(.ended)))
        let rest = marksWrites(answer(begin[0], value: true))
        XCTAssertTrue(expression(rest[0]).contains("M.to([2000,1000,3000,1000]); M.end()"), expression(rest[0]))
    }

    func testMarksAreKeptAliveWhileShownAndRemovedOnStop() {
        _ = open()
        let actions = feed(.send(.ink(.began(SlidePoint(x: 0.1, y: 0.1)))))
        XCTAssertTrue(actions.contains(.arm(.marksAlive, after: .seconds(1))))
        _ = answer(marksWrites(actions)[0], value: true)
        let alive = feed(.timerFired(.marksAlive))
        XCTAssertEqual(marksWrites(alive).count, 1, "a word to the page each second")
        XCTAssertTrue(alive.contains(.arm(.marksAlive, after: .seconds(1))))
        let stop = feed(.stop)
        XCTAssertTrue(marksWrites(stop).contains { expression($0).contains("remove()") }, "quitting takes the marks off the page")
        XCTAssertEqual(stop.last, .close(.audience))
    }

    func testAReloadGetsTheStrokesBack() {
        _ = open(at: 1)
        let begin = marksWrites(feed(.send(.ink(.began(SlidePoint(x: 0.1, y: 0.2))))))
        _ = feed(.send(.ink(.ended)))
        _ = answer(begin[0], value: true)
        _ = feed(.text(.audience, #"{"method":"Runtime.executionContextsCleared","params":{}}"#))
        let probe = writes(feed(.timerFired(.readyPoll)))
        let install = writes(answer(probe[0].1, value: "ready"))
        let sync = writes(answer(install[0].1, value: true))
        let synced = answer(sync[0].1, value: ["indices": ["h": 1, "v": 0], "title": "Deck", "version": "5.2.1",
                                               "viewport": [1280, 720], "url": "file:///d.html",
                                               "slides": [[0, 0, 0], [1, 0, 2], [2, 0, 0], [2, 1, 0]]])
        let restore = marksWrites(synced)
        XCTAssertEqual(restore.count, 1)
        XCTAssertTrue(expression(restore[0]).contains("M.restore(1, 0, [[1000,2000]])"), expression(restore[0]))
    }

    /// Ink mode is kept on the page and told to every link to it (a `watch`
    /// hears it), the page kept alive meanwhile.
    func testInkModeIsToldThroughThePage() {
        _ = open()
        let on = feed(.send(.ink(.mode(true))))
        XCTAssertTrue(expression(marksWrites(on)[0]).contains("M.setMode(true)"))
        XCTAssertTrue(on.contains(.arm(.marksAlive, after: .seconds(1))), "the mode alone keeps the layer alive")
        let heard = feed(.text(.audience, #"{"method":"Runtime.bindingCalled","params":{"name":"controlpadReveal","payload":"{\"type\":\"ink\",\"ink\":true,\"indices\":{\"h\":0,\"v\":0}}"}}"#))
        XCTAssertEqual(heard, [.emit(.inkMode(true))])
    }

    func testScriptsAreMadeOfWholeNumbersOnly() {
        let script = RevealScripts.marks([.pointer(x: 1, y: 2), .to([3, 4]), .restore(h: 0, v: 1, strokes: [[5, 6, 7, 8]])]).source
        XCTAssertTrue(script.contains("M.pointer(1, 2); M.to([3,4]); M.restore(0, 1, [[5,6,7,8]])"))
        XCTAssertEqual(RevealMark.scaled(.nan), 0)
        XCTAssertEqual(RevealMark.scaled(7), 10_000)
    }
}
