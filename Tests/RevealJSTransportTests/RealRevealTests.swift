import Foundation
import NIOCore
import NIOPosix
@testable import RevealJSTransport
import RevealJS
import SlideImages
import SlideModel
import XCTest

/// Against the real peer (../shared/revealjs/peer.sh: Chromium and the
/// reveal.js deck of its README), opt-in: CONTROLPAD_REAL_REVEAL=1, the
/// port in CONTROLPAD_REAL_REVEAL_PORT (9222). The "browser" moves and
/// reloads come from another client (the shared cdp.py), as a second pad
/// or someone at the browser would.
final class RealRevealTests: RealRevealPeerCase {
    func testFollowsTheRealDeck() throws {
        let (s, r) = source()
        r.wait(for: .showTitle("Real-peer deck"))
        // Five quick presses over the fragments and into the stack.
        s.send(.goto(index: 2))
        r.wait(for: .slideChanged(index: 2))
        for _ in 0..<5 { s.send(.next) }
        r.wait("in the stack") { _, p in p.last == "5/14 · ↓ 2/3" }
        XCTAssertEqual(try browser("Reveal.getIndices()"), #"{"h": 3, "v": 1}"#)
        // Blank and resume.
        s.send(.blank)
        r.wait("paused") { _, _ in (try? self.browser("Reveal.isPaused()")) == "true" }
        s.send(.resume)
        r.wait("resumed") { _, _ in (try? self.browser("Reveal.isPaused()")) == "false" }
        // A move while blanked ends the pause (the audience is not left on black).
        s.send(.blank)
        r.wait("paused again") { _, _ in (try? self.browser("Reveal.isPaused()")) == "true" }
        s.send(.goto(index: 4))
        r.wait(for: .slideChanged(index: 4))
        r.wait("the move ended the pause") { _, _ in (try? self.browser("Reveal.isPaused()")) == "false" }
        s.send(.blank)
        r.wait("paused once more") { _, _ in (try? self.browser("Reveal.isPaused()")) == "true" }
        s.send(.next)
        r.wait("→ ended the pause") { _, _ in (try? self.browser("Reveal.isPaused()")) == "false" }
        // Notes as typed (HTML, entities kept for the rich-notes renderer).
        s.send(.goto(index: 6))
        r.wait(for: .notes(index: 6, .html("R&amp;D &lt;beta&gt; \"quoted\" café 日本語")))
        // A move made in the browser.
        try browser("Reveal.slide(8, 0)")
        r.wait(for: .slideChanged(index: 10))
        // A reload: followed again, and presses work after it.
        // (reveal.js writes the slide into the URL a moment later: the reload may land where it was before.)
        let starts = r.events.filter { if case .showStarted = $0 { true } else { false } }.count
        try browser("location.reload()")
        r.wait("resynced after the reload") { e, _ in e.filter { if case .showStarted = $0 { true } else { false } }.count > starts }
        let here = Int(try browser("Reveal.getSlidePastCount()")) ?? -1
        XCTAssertEqual(r.events.last { if case .showStarted = $0 { true } else { false } }, .showStarted(slideCount: 14, current: here))
        // → goes on: to the next slide, or (the reload may land on a slide with fragments) its next step.
        let before = r.events.count
        s.send(.next)
        r.wait("a step after the reload") { e, _ in
            e.dropFirst(before).contains {
                if case .slideChanged(here + 1) = $0 { return true }
                if case .step(here, let step) = $0, step.shown > 0 { return true }
                return false
            }
        }
        try browser("Reveal.slide(11, 0)")
        r.wait(for: .slideChanged(index: 13))
        XCTAssertEqual(r.events.count(.slideChanged(index: 13)), 1, "listeners installed once after the reload")
    }

    func testThePictureOfTheCurrentSlideIsTheAudiencesAtThePanesSize() throws {
        let (s, r) = source(pictures: true)
        s.send(.goto(index: 11))
        r.wait(for: .slideChanged(index: 11))
        let size = PixelSize(width: 1600, height: 900)
        let asked = Date()
        s.want([PictureWant(slide: 11, size: size)])
        r.wait("the picture") { e, _ in e.previews.contains { $0.0 == 11 && $0.1 == size } }
        let took = Date().timeIntervalSince(asked)
        guard case .preview(_, let preview)? = r.events.last(where: { if case .preview(11, _) = $0 { true } else { false } }) else { return XCTFail() }
        let theirs = NSTemporaryDirectory() + "reveal-shot-\(getpid()).png"
        try tool(["\(URL(fileURLWithPath: #filePath).deletingLastPathComponent().path)/../../tools/reveal-probe/shot.py",
                  pageURL, "1600", "900", theirs])
        let a = try PNGDecoder.decode(preview.png).image
        let b = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: theirs)))).image
        XCTAssertEqual([a.width, a.height], [b.width, b.height])
        var sum = 0
        for i in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4) {
            for c in 0..<3 { sum += abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) }
        }
        let mean = Double(sum) / Double(a.width * a.height * 3)
        print("reveal picture 1600×900: first one in \(Int(took * 1000)) ms (render window included); mean difference \(mean) of 255")
        XCTAssertLessThan(mean, 3)
        XCTAssertEqual(try browser("Reveal.getIndices()"), #"{"h": 9, "v": 0}"#, "the audience did not move")
        // The render window is minimized from the start: its page is hidden,
        // so it never shows above a deck that is not full screen.
        let targets = try tool(["\(Self.shared)/cdp.py", "list", String(port)])
        let render = try XCTUnwrap(JSONValue.parse(targets)?.array?.first { $0["url"]?.string?.contains("controlpad-render") == true })
        let renderURL = try XCTUnwrap(render["webSocketDebuggerUrl"]?.string)
        XCTAssertEqual(try tool(["\(Self.shared)/cdp.py", "eval", renderURL, "document.visibilityState"]), #""hidden""#,
                       "the pad's render window is out of sight")
    }

    /// Figures: key → the browser's pushed event, the pad's source against a
    /// bare CDP client on the same page, alternating; and a picture of the
    /// current slide at 1600×900 after a step.
    func testMeasure() throws {
        let (s, r) = source(pictures: true)
        s.send(.goto(index: 2))
        r.wait(for: .slideChanged(index: 2))
        let bare = BareClient(url: pageURL, loop: group.next())
        try bare.ready.futureResult.wait()
        s.want([PictureWant(slide: 2, size: PixelSize(width: 1600, height: 900))])
        r.wait("the render window") { e, _ in !e.previews.isEmpty }
        var pad: [Double] = [], client: [Double] = [], pictures: [Double] = []
        for i in 0..<20 {
            let forward = i % 2 == 0
            let before = r.positions.count
            let t0 = DispatchTime.now().uptimeNanoseconds
            s.send(forward ? .next : .previous)
            r.wait("pushed") { _, p in p.count > before }
            pad.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            // The picture of the current slide at 1600×900 after the step.
            let t1 = DispatchTime.now().uptimeNanoseconds
            let count = r.events.previews.count
            s.want([PictureWant(slide: 2, size: PixelSize(width: 1600, height: 900))])
            r.wait("picture") { e, _ in e.previews.count > count }
            pictures.append(Double(DispatchTime.now().uptimeNanoseconds - t1) / 1e6)
            client.append(try bare.step(forward ? "Reveal.next()" : "Reveal.prev()").wait())
            r.wait("bare's move heard") { _, p in p.count > before + 1 }
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        print(String(format: "reveal key → pushed event, median of 20: pad %.2f ms, bare CDP client %.2f ms (%.2f×); picture 1600×900 after a step: median %.0f ms, max %.0f ms",
                     median(pad), median(client), median(pad) / median(client), median(pictures), pictures.max() ?? 0))
        bare.close()
    }
}

/// A bare CDP client for the figures: one WebSocket, the binding, the
/// listeners, and the time from writing a step to its pushed event.
final class BareClient: @unchecked Sendable {
    let loop: EventLoop
    var socket: CDPSocket?
    let ready: EventLoopPromise<Void>
    var waiting: (EventLoopPromise<Double>, UInt64)?
    var id = 100

    init(url: String, loop: EventLoop) {
        self.loop = loop
        ready = loop.makePromise()
        loop.execute {
            self.socket = CDPSocket(url: url, timeout: .seconds(3), on: loop) { event in
                switch event {
                case .opened:
                    self.socket?.write(CDPRequest(id: 1, method: "Runtime.addBinding", params: ["name": .string(RevealScripts.bindingName)]).encoded)
                    self.socket?.write(CDPRequest.evaluate(id: 2, RevealScripts.install).encoded)
                case .text(let text):
                    if case .result(2, _)? = CDPIncoming.decode(text) { self.ready.succeed(()) }
                    if case .event("Runtime.bindingCalled", _)? = CDPIncoming.decode(text), let (promise, t0) = self.waiting {
                        self.waiting = nil
                        promise.succeed(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                    }
                case .openFailed(let f): self.ready.fail(f)
                case .closed: break
                }
            }
        }
    }

    func step(_ expression: String) -> EventLoopFuture<Double> {
        loop.submit {
            let promise = self.loop.makePromise(of: Double.self)
            self.waiting = (promise, DispatchTime.now().uptimeNanoseconds)
            self.id += 1
            let script = expression == "Reveal.next()" ? RevealScripts.next : RevealScripts.previous
            self.socket?.write(CDPRequest.evaluate(id: self.id, script).encoded)
            return promise.futureResult
        }.flatMap { $0 }
    }

    func close() { loop.execute { self.socket?.close() } }
}
