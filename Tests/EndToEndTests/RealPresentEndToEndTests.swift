import FakePeerSupport
import Foundation
import XCTest

/// `controlpad present deck.html` on a real Chromium (headless), opt-in:
/// CONTROLPAD_REAL_REVEAL=1 (scripts/real-reveal-test.sh; the deck is the
/// peer's). The audience watches the browser: the quit question says it
/// stays, quitting leaves it on the slide it shows, and `present` again
/// comes back to that browser, on that slide, with the talk's timer kept.
final class RealPresentEndToEndTests: XCTestCase {
    func testQuittingLeavesTheBrowserAndPresentComesBackToIt() throws {
        let (deck, state) = try Self.deckAndState()
        defer { Self.endBrowser(recordedIn: state.appendingPathComponent("controlpad")); try? FileManager.default.removeItem(at: state) }
        let errors = state.appendingPathComponent("err.txt").path
        let command = "\(TmuxSession.binary) present --headless \(deck) --no-animation --pictures none 2>>\(errors)"
        let environment = ["XDG_STATE_HOME": state.path]

        var pad = try TmuxSession(command: command, width: 120, height: 36, environment: environment)
        try pad.waitFor("the deck", timeout: 30) { TmuxSession.statusLine($0).contains(" 1/14 ") }
        try pad.send("Right")
        try pad.send("Right")
        try pad.waitFor("slide 3") { TmuxSession.statusLine($0).contains("3/14") }
        try pad.send("q")
        try pad.waitFor(text: "The browser stays: the audience keeps the deck.")
        try pad.send("y")
        try pad.waitFor(text: "EXIT=0")
        let said = try String(contentsOfFile: errors, encoding: .utf8)
        XCTAssertTrue(said.contains("the browser keeps showing \(deck)"), said)

        pad = try TmuxSession(command: command, width: 120, height: 36, environment: environment)
        try pad.waitFor("the same browser, on slide 3, the talk's timer kept (not \"starts at the next slide\")", timeout: 30) {
            TmuxSession.statusLine($0).contains("3/14") && TmuxSession.statusLine($0).contains("◷ 00:0")
        }
        XCTAssertTrue(try String(contentsOfFile: errors, encoding: .utf8).contains("back to the browser still showing \(deck)"))
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=0")
        XCTAssertEqual(try String(contentsOfFile: errors, encoding: .utf8).components(separatedBy: "the browser keeps showing").count, 3,
                       "Ctrl-\\ left the browser too, and said so")
    }

    /// `present` on a display without a window manager (a kiosk, a bare
    /// startx): Xvfb alone, Chromium with a window. The pad's render window,
    /// which makes the slides' pictures, never maps over the room's screen:
    /// the only browser window on it is the deck's (issue 52, item 6).
    func testTheRenderWindowStaysOffAScreenWithoutAWindowManager() throws {
        let (deck, state) = try Self.deckAndState()
        let (xvfb, display) = try XvfbServer.start(log: state.appendingPathComponent("xvfb.log").path)
        defer {
            Self.endBrowser(recordedIn: state.appendingPathComponent("controlpad"))
            _ = xvfb.stop()
            try? FileManager.default.removeItem(at: state)
        }
        let command = "\(TmuxSession.binary) present \(deck) --no-animation --pictures blocks"
        let pad = try TmuxSession(command: command, width: 120, height: 36,
                                  environment: ["XDG_STATE_HOME": state.path, "DISPLAY": ":\(display)"])
        try pad.waitFor("the deck", timeout: 60) { TmuxSession.statusLine($0).contains(" 1/14 ") }
        // The list asks for every slide's picture: the render window goes through them all.
        try pad.send("l")
        try pad.waitFor("the render window", timeout: 60) { _ in Self.browserWindows(display: display).count >= 2 }
        let windows = Self.browserWindows(display: display)
        let onScreen = windows.filter { $0.x + $0.width > 0 && $0.y + $0.height > 0 && $0.x < 1600 && $0.y < 1000 }
        XCTAssertEqual(onScreen.count, 1, "only the deck's window is on the room's screen: \(windows)")
        try pad.send("q")
        try pad.send("y")
        try pad.waitFor(text: "EXIT=0")
    }

    /// The mapped browser windows on `display`: where they are and their size.
    static func browserWindows(display: Int) -> [(x: Int, y: Int, width: Int, height: Int)] {
        guard let run = try? ChildProcess.run(["xdotool", "search", "--onlyvisible", "--class", "chromium", "getwindowgeometry", "%@"],
                                              environment: ["DISPLAY": ":\(display)", "PATH": "/usr/bin:/bin"]) else { return [] }
        var found: [(x: Int, y: Int, width: Int, height: Int)] = []
        var position: (Int, Int)?
        for line in run.output.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "x" })
            if line.contains("Position:"), words.count >= 3, let x = Int(words[1]), let y = Int(words[2]) { position = (x, y) }
            if line.contains("Geometry:"), words.count >= 3, let w = Int(words[1]), let h = Int(words[2]), let (x, y) = position {
                found.append((x, y, w, h))
                position = nil
            }
        }
        return found
    }

    /// The peer's deck, and a fresh state folder; skipped unless CONTROLPAD_REAL_REVEAL=1.
    static func deckAndState() throws -> (deck: String, state: URL) {
        let env = ProcessInfo.processInfo.environment
        try XCTSkipUnless(env["CONTROLPAD_REAL_REVEAL"] == "1", "set CONTROLPAD_REAL_REVEAL=1 (scripts/real-reveal-test.sh)")
        let port = env["CONTROLPAD_REAL_REVEAL_PORT"] ?? "9222"
        let deck = "\(env["REVEAL_PEER_RUN"] ?? "/var/tmp/reveal-peer")/port-\(port)/www/deck.html"
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("cp-present-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        return (deck, state)
    }

    /// Ends the browser the test left (its record's pid), as a presenter closes its window.
    static func endBrowser(recordedIn directory: URL) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in files where name.hasPrefix("present-") {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path),
                  let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let pid = record["pid"] as? Int32 ?? (record["pid"] as? Int).map(Int32.init) else { continue }
            kill(pid, SIGTERM)
            var status: Int32 = 0
            for _ in 0..<500 where kill(pid, 0) == 0 { _ = waitpid(pid, &status, WNOHANG); usleep(20_000) }
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
            if let profile = record["profile"] as? String, profile.hasPrefix("/tmp/controlpad-browser-") {
                try? FileManager.default.removeItem(atPath: profile)
            }
        }
    }
}
