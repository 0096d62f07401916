import Foundation
import NIOPosix
@testable import RevealJSTransport
import RevealJS
import SlideImages
import SlideModel
import XCTest

/// The laser pointer and the ink on the real audience's page (issue 49),
/// read off a DevTools screenshot of that page, as the room would see it:
/// the pointer where the pad put it and gone on release, a stroke where it
/// was drawn, hidden on another slide and back on return, gone with `e`,
/// and nothing of the pad left on the page when it quits or its link drops.
/// Opt-in with the other real-peer tests (`scripts/real-reveal-test.sh`).
final class RealRevealMarksTests: RealRevealPeerCase {
    /// The audience's page as a picture of its viewport (1280×720).
    func screenshot() throws -> RGBAImage {
        let out = NSTemporaryDirectory() + "reveal-marks-\(getpid()).png"
        try tool(["\(URL(fileURLWithPath: #filePath).deletingLastPathComponent().path)/../../tools/reveal-probe/shot.py",
                  pageURL, "1280", "720", out, "1"])
        return try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out)))).image
    }

    /// How many of the pixels in the box around (x, y) (fractions of the page) are the marks' red.
    func red(_ image: RGBAImage, x: Double, y: Double, radius: Int = 6) -> Int {
        let cx = Int(x * Double(image.width)), cy = Int(y * Double(image.height))
        var count = 0
        for py in max(0, cy - radius)..<min(image.height, cy + radius + 1) {
            for px in max(0, cx - radius)..<min(image.width, cx + radius + 1) {
                let i = (py * image.width + px) * 4
                if image.pixels[i] > 180 && image.pixels[i + 1] < 90 && image.pixels[i + 2] < 110 { count += 1 }
            }
        }
        return count
    }

    /// Asks the page until `done` (the page pushes nothing the pad's events would show).
    func poll(_ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
              until done: () throws -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !(try done()) {
            guard Date() < deadline else { return XCTFail("timed out waiting for \(what)", file: file, line: line) }
            usleep(50_000)
        }
    }

    func testThePointerAndTheInkAreWhereThePadPutThem() throws {
        let (s, r) = source()
        s.send(.goto(index: 1))
        r.wait(for: .slideChanged(index: 1))
        XCTAssertEqual(red(try screenshot(), x: 0.25, y: 0.4), 0, "no red there before the pointer")
        s.send(.pointerStarted(x: 0.25, y: 0.4))
        s.send(.pointerMoved(x: 0.3, y: 0.45))
        try poll("the pointer shown") { (try? self.browser("document.querySelector('[data-controlpad=pointer]').style.display")) == #""block""# }
        let shot = try screenshot()
        XCTAssertGreaterThan(red(shot, x: 0.3, y: 0.45), 60, "the laser's dot where the pad put it")
        XCTAssertEqual(red(shot, x: 0.25, y: 0.4, radius: 2), 0, "the latest position won")
        s.send(.pointerDismissed)
        try poll("the pointer gone") { (try? self.browser("document.querySelector('[data-controlpad=pointer]').style.display")) == #""none""# }
        XCTAssertEqual(red(try screenshot(), x: 0.3, y: 0.45), 0, "released: no dot")

        // A stroke, from (0.2, 0.6) right to (0.5, 0.6), then down to (0.5, 0.8).
        s.send(.ink(.mode(true)))
        s.send(.ink(.began(SlidePoint(x: 0.2, y: 0.6))))
        for i in 1...10 { s.send(.ink(.moved(SlidePoint(x: 0.2 + 0.03 * Double(i), y: 0.6)))) }
        s.send(.ink(.moved(SlidePoint(x: 0.5, y: 0.8))))
        s.send(.ink(.ended))
        try poll("the stroke drawn") {
            (try? self.browser("document.querySelector('[data-controlpad=marks] polyline').getAttribute('points').split(' ').length")) == "13"
        }
        var ink = try screenshot()
        for x in [0.25, 0.35, 0.45] { XCTAssertGreaterThan(red(ink, x: x, y: 0.6, radius: 3), 5, "the stroke at x \(x)") }
        XCTAssertGreaterThan(red(ink, x: 0.5, y: 0.7, radius: 3), 5, "the stroke's way down")
        XCTAssertEqual(red(ink, x: 0.35, y: 0.7, radius: 3), 0, "nothing off the stroke")
        // Another slide: its ink is its own (none); back, the stroke is back.
        s.send(.goto(index: 2))
        r.wait(for: .slideChanged(index: 2))
        XCTAssertEqual(red(try screenshot(), x: 0.35, y: 0.6, radius: 3), 0, "slide 3 does not show slide 2's ink")
        s.send(.goto(index: 1))
        r.wait("back on slide 2") { e, _ in e.filter { $0 == .slideChanged(index: 1) }.count == 2 }
        ink = try screenshot()
        XCTAssertGreaterThan(red(ink, x: 0.35, y: 0.6, radius: 3), 5, "back on slide 2, its stroke is back")
        // A reload loses nothing: the pad puts the strokes back.
        try browser("location.reload()")
        r.wait("resynced after the reload") { e, _ in e.filter { if case .showStarted = $0 { true } else { false } }.count > 1 }
        try poll("the stroke put back") {
            (try? self.browser("document.querySelectorAll('[data-controlpad=marks] polyline').length")) == "1"
        }
        // e: the slide's ink goes.
        s.send(.ink(.clear))
        try poll("erased") { (try? self.browser("document.querySelectorAll('[data-controlpad=marks] polyline').length")) == "0" }
        XCTAssertEqual(red(try screenshot(), x: 0.35, y: 0.6, radius: 3), 0, "e removed the stroke")
        // Quitting takes what the pad added off the page.
        s.send(.ink(.began(SlidePoint(x: 0.6, y: 0.3))))
        s.send(.ink(.moved(SlidePoint(x: 0.7, y: 0.3))))
        try poll("drawn again") { (try? self.browser("document.querySelectorAll('[data-controlpad=marks] polyline').length")) == "1" }
        s.shutdown()
        try poll("nothing left on the page") { (try? self.browser("document.querySelector('[data-controlpad]') === null")) == "true" }
        XCTAssertEqual(try browser("document.querySelector('.reveal') !== null && Reveal.isReady()"), "true", "the deck is as it was")
    }

    /// Ink mode is told through the page: a second link to it (as `watch`
    /// makes) hears it when it comes, and when it changes.
    func testASecondLinkHearsInkMode() throws {
        let (pad, _) = source()
        pad.send(.ink(.mode(true)))
        try poll("the mode on the page") { (try? self.browser("window.__controlpadMarks && window.__controlpadMarks.mode")) == "true" }
        let (_, watch) = source()
        watch.wait(for: .inkMode(true))
        pad.send(.ink(.mode(false)))
        watch.wait("ink mode off") { e, _ in e.last { if case .inkMode = $0 { true } else { false } } == .inkMode(false) }
    }

    func testALinkThatDropsLeavesNothingOnThePage() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var settings = RevealLink.Settings(address: RevealAddress(host: "127.0.0.1", port: port))
        settings.pictures = false
        let recorder = Recorder()
        let source = RevealJSSource(settings: settings, eventLoop: group.next(), onPosition: recorder.positionSink)
        source.start(events: recorder.sink)
        recorder.wait(for: .showStarted(slideCount: 14, current: 0))
        source.send(.ink(.began(SlidePoint(x: 0.3, y: 0.3))))
        source.send(.ink(.moved(SlidePoint(x: 0.6, y: 0.3))))
        source.send(.pointerStarted(x: 0.5, y: 0.5))
        try poll("drawn") { (try? self.browser("document.querySelectorAll('[data-controlpad=marks] polyline').length")) == "1" }
        // The link drops: the loop and its socket go, with no word to the page.
        try group.syncShutdownGracefully()
        XCTAssertEqual(try browser("document.querySelector('[data-controlpad]') !== null"), "true", "still there at once")
        let dropped = Date()
        try poll("gone by itself", timeout: 8) { (try? self.browser("document.querySelector('[data-controlpad]') === null")) == "true" }
        print("marks left the page \(Int(Date().timeIntervalSince(dropped) * 1000)) ms after the link dropped")
    }

    /// Figures (docs/BENCHMARKS.md): a pointer move handed to the source
    /// (what the pad does in the turn that decoded the mouse report) → the
    /// audience's page changed (a MutationObserver on the dot) and painted
    /// (the next animation frame), for 200 moves 8 ms apart (a 125 Hz mouse).
    func testMeasurePointer() throws {
        let (s, r) = source()
        s.send(.goto(index: 1))
        r.wait(for: .slideChanged(index: 1))
        s.send(.pointerStarted(x: 0.05, y: 0.5))
        try poll("the dot") { (try? self.browser("document.querySelector('[data-controlpad=pointer]') !== null")) == "true" }
        try browser("""
            (() => { const d = document.querySelector('[data-controlpad=pointer]'); window.__inkBench = []; \
            new MutationObserver(() => { const t = performance.timeOrigin + performance.now(); const e = [d.style.left, t, 0]; \
            window.__inkBench.push(e); requestAnimationFrame(() => { e[2] = performance.timeOrigin + performance.now(); }); }) \
            .observe(d, {attributes: true}); return true; })()
            """)
        var sent: [String: Double] = [:]
        let moves = 200
        for i in 0..<moves {
            let x = 0.1 + Double(i) * 0.004
            sent["\(Double(RevealMark.scaled(x)) / 100)%"] = Date().timeIntervalSince1970 * 1000
            s.send(.pointerMoved(x: x, y: 0.5))
            usleep(8_000)
        }
        let lastKey = "\(Double(RevealMark.scaled(0.1 + Double(moves - 1) * 0.004)) / 100)%"
        try poll("the last move shown") { (try? self.browser("window.__inkBench.some(e => e[0] === '\(lastKey)')")) == "true" }
        usleep(100_000)
        let log = try XCTUnwrap(JSONValue.parse(try browser("window.__inkBench"))?.array)
        var changed: [Double] = [], painted: [Double] = []
        for entry in log {
            guard let row = entry.array, row.count == 3, let key = row[0].string, let at = sent[key],
                  let t = row[1].double, let f = row[2].double else { continue }
            changed.append(t - at)
            if f > 0 { painted.append(f - at) }
        }
        func pct(_ v: [Double], _ p: Double) -> Double { let s = v.sorted(); return s[min(s.count - 1, Int(Double(s.count) * p))] }
        XCTAssertFalse(changed.isEmpty)
        let firstHalf = Array(changed.prefix(changed.count / 2)), secondHalf = Array(changed.suffix(changed.count / 2))
        print(String(format: "reveal pointer: %d moves 8 ms apart, %d shown (the rest replaced by newer ones in flight); "
                     + "move → page changed median %.1f ms, p95 %.1f ms, max %.1f ms; → painted median %.1f ms, p95 %.1f ms; "
                     + "median first half %.1f ms, second half %.1f ms (nothing queues up)",
                     moves, changed.count, pct(changed, 0.5), pct(changed, 0.95), changed.max() ?? 0,
                     pct(painted, 0.5), pct(painted, 0.95), pct(firstHalf, 0.5), pct(secondHalf, 0.5)))
        XCTAssertLessThan(pct(secondHalf, 0.5), pct(firstHalf, 0.5) * 3 + 20, "no queue builds up behind a fast mouse")
        s.send(.pointerDismissed)
    }
}
