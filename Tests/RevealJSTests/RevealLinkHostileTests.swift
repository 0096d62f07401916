import RevealJS
import SlideModel
import XCTest

/// A seeded storm of inputs (valid messages cut and mutated, random ids,
/// hostile values, timers, presses, wants, closes) never traps the link,
/// never takes more than one picture at a time, and never writes a script
/// that is not one of `RevealScripts`' own.
final class RevealLinkHostileTests: XCTestCase {
    static let samples: [String] = [
        #"{"id":1,"result":{"result":{"value":"ready"}}}"#,
        #"{"id":2,"result":{"result":{"value":true}}}"#,
        #"{"id":3,"result":{"result":{"value":{"indices":{"h":1,"v":0,"f":0},"title":"T\u001b[2J","version":"5","viewport":[1280,720],"url":"file:///d.html","slides":[[0,0,0],[1,0,2],[2,0,0],[2,1,0]]}}}}"#,
        #"{"method":"Runtime.bindingCalled","params":{"name":"controlpadReveal","payload":"{\"type\":\"slidechanged\",\"indices\":{\"h\":2,\"v\":1}}"}}"#,
        #"{"method":"Runtime.executionContextsCleared","params":{}}"#,
        #"{"method":"Inspector.detached","params":{"reason":"target_closed"}}"#,
        #"{"id":4,"result":{"targetId":"R1"}}"#,
        #"{"id":5,"result":{"data":"iVBORw0KGgo="}}"#,
        #"{"id":6,"error":{"code":-32601,"message":"nope"}}"#,
        #"{"id":7,"result":{"result":{"value":"absent"}}}"#,
        #"{"id":8,"result":{"result":{"value":"R&amp;D"}}}"#,
        #"{"id":9,"result":{"exceptionDetails":{"text":"Uncaught"}}}"#,
    ]

    func testAStormOfInputsNeverTraps() {
        var random = SeededRandom(seed: 0xC0FFEE)
        var opened = 0, pictured = 0
        for round in 0..<40 {
            var link = RevealLink(RevealLink.Settings(address: RevealAddress(host: "127.0.0.1")))
            var now: Duration = .zero
            var written: [String] = []
            var outstanding: [(Int, RevealLink.Channel, String, String)] = []
            var (wasOpen, tookPicture) = (false, false)
            for _ in 0..<400 {
                now += .milliseconds(Int64.random(in: 0...300, using: &random))
                let input = !outstanding.isEmpty && Bool.random(using: &random)
                    ? Self.answer(outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random)))
                    : Self.input(&random)
                let actions = link.handle(input, now: now)
                for case .write(let channel, let text) in actions {
                    if let v = JSONValue.parse(text), let id = v["id"]?.int {
                        outstanding.append((id, channel, v["method"]?.string ?? "", v["params"]?["expression"]?.string ?? ""))
                    }
                }
                XCTAssertLessThanOrEqual(link.picturesInFlight, 1)
                wasOpen = wasOpen || link.isOpen
                tookPicture = tookPicture || link.picturesInFlight > 0
                for case .write(_, let text) in actions { written.append(text) }
            }
            for text in written {
                guard let expression = JSONValue.parse(text)?["params"]?["expression"]?.string else { continue }
                XCTAssertTrue(Self.isOwnScript(expression), "round \(round): \(expression.prefix(80))")
            }
            opened += wasOpen ? 1 : 0
            pictured += tookPicture ? 1 : 0
            XCTAssertTrue(link.handle(.stop, now: now).contains(.close(.audience)))
            XCTAssertEqual(link.handle(.send(.next), now: now), [.dropped(.next)])
        }
        // The storm reaches the open show and the pictures, not only the handshake.
        XCTAssertGreaterThan(opened, 3, "rounds that opened")
        XCTAssertGreaterThan(pictured, 0, "rounds that took a picture")
    }

    /// The answer a browser with a deck would give to request `r`.
    static func answer(_ r: (id: Int, channel: RevealLink.Channel, method: String, expression: String)) -> RevealLink.Input {
        let value: JSONValue
        switch (r.method, r.expression) {
        case (_, RevealScripts.probe.source): value = ["result": ["value": "ready"]]
        case (_, RevealScripts.sync.source):
            value = ["result": ["value": ["indices": ["h": 1, "v": 0, "f": 0], "title": "T", "version": "5", "viewport": [1280, 720],
                                          "url": "file:///d.html", "slides": [[0, 0, 0], [1, 0, 2], [2, 0, 0], [2, 1, 0]]]]]
        case ("Target.createTarget", _): value = ["targetId": "R1"]
        case ("Page.captureScreenshot", _):
            value = ["data": "iVBORw0KGgoAAAANSUhEUgAAAUAAAAC0CAIAAABqt9m9AAAADUlEQVR4nGNgGAWDEwAAAZoAAXyvxM8AAAAASUVORK5CYII="]
        case (_, let e) where e.contains("getSlideNotes"): value = ["result": ["value": "R&amp;D"]]
        default: value = ["result": ["value": true]]
        }
        return .text(r.channel, JSONValue.object(["id": .number(Double(r.id)), "result": value]).encoded)
    }

    static func isOwnScript(_ e: String) -> Bool {
        let constants = [RevealScripts.probe, RevealScripts.install, RevealScripts.sync, RevealScripts.next, RevealScripts.previous,
                         RevealScripts.blank, RevealScripts.resume, RevealScripts.stillPictures].map(\.source)
        if constants.contains(e) { return true }
        if e.hasPrefix("Reveal.slide("), e.dropFirst(13).dropLast().allSatisfy({ "0123456789-, ".contains($0) }) { return true }
        // A move of the show: the pause ended first (`RevealScripts.move`).
        let resuming = "(Reveal.isPaused() && Reveal.togglePause(false), "
        if e.hasPrefix(resuming), e.hasSuffix(")") { return isOwnScript(String(e.dropFirst(resuming.count).dropLast())) }
        return (0..<10).contains { e == RevealScripts.notes(slide: $0).source }
    }

    static func input(_ random: inout SeededRandom) -> RevealLink.Input {
        switch Int.random(in: 0..<14, using: &random) {
        case 0: return .start
        case 1: return .retryNow
        case 2: return .http(.version, status: [200, 404, 500].randomElement(using: &random)!,
                             body: Array(#"{"Browser":"C","Protocol-Version":"1.3"}"#.utf8))
        case 3:
            let list = #"[{"id":"A","type":"page","title":"D","url":"file:///d.html","webSocketDebuggerUrl":"ws://127.0.0.1:9222/devtools/page/A"}]"#
            let garbage = Array(Array(list.utf8).shuffled(using: &random).prefix(Int.random(in: 1...10, using: &random)))
            return .http(.list, status: 200, body: Bool.random(using: &random) ? Array(list.utf8) : garbage)
        case 4: return .httpFailed([.version, .list].randomElement(using: &random)!, [.refused, .reset, .timedOut].randomElement(using: &random)!)
        case 5, 13: return .opened([.audience, .render].randomElement(using: &random)!)
        case 6: return .closed([.audience, .render].randomElement(using: &random)!)
        case 7: return .timerFired([.countdown, .readyPoll, .renderReadyPoll, .captureTimeout].randomElement(using: &random)!)
        case 8: return .send([.next, .previous, .goto(index: Int.random(in: -5...Int.max, using: &random)), .blank, .resume, .start].randomElement(using: &random)!)
        case 9: return .want([PictureWant(slide: Int.random(in: -2...6, using: &random),
                                          size: PixelSize(width: Int.random(in: 0...4000, using: &random), height: Int.random(in: 0...3000, using: &random)))])
        default:
            var text = samples.randomElement(using: &random)!
            // A live id now and then, so answers land on requests in flight.
            text = text.replacingOccurrences(of: #""id":\d+"#, with: "\"id\":\(Int.random(in: 1...60, using: &random))", options: .regularExpression)
            if Int.random(in: 0..<4, using: &random) == 0 {
                var bytes = Array(text.utf8)
                for _ in 0..<3 where !bytes.isEmpty { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
                text = String(decoding: bytes, as: UTF8.self)
            }
            return .text([.audience, .audience, .render].randomElement(using: &random)!, text)
        }
    }
}
