import Foundation
import XCTest

/// The built `controlpad connect reveal://…` in tmux on a real Chromium with
/// the reveal.js deck of ../shared/revealjs (peer.sh), opt-in:
/// CONTROLPAD_REAL_REVEAL=1, the port in CONTROLPAD_REAL_REVEAL_PORT
/// (scripts/real-reveal-test.sh starts the peer). Five quick → over the
/// fragments and into a vertical stack, go-to, blank, → and ← while blank,
/// a pause made in the browser, a move made in the browser and a reload (from another client, the shared cdp.py), each read
/// off the screen.
final class RealRevealEndToEndTests: XCTestCase {
    var port = 9222
    var pageURL = ""
    private static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/revealjs").standardized.path

    override func setUpWithError() throws {
        let env = ProcessInfo.processInfo.environment
        try XCTSkipUnless(env["CONTROLPAD_REAL_REVEAL"] == "1", "set CONTROLPAD_REAL_REVEAL=1 (and start ../shared/revealjs/peer.sh)")
        try TmuxSession.requireTools()
        port = Int(env["CONTROLPAD_REAL_REVEAL_PORT"] ?? "") ?? 9222
        let run = env["REVEAL_PEER_RUN"] ?? "/var/tmp/reveal-peer"
        pageURL = try String(contentsOfFile: "\(run)/port-\(port)/ws-url", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try browser("Reveal.togglePause(false); Reveal.slide(0, 0, -1)")
    }

    /// Evaluates `expression` in the audience's page, as someone at the browser would.
    @discardableResult
    func browser(_ expression: String) throws -> String {
        let process = try ControlpadProcess(["\(Self.shared)/cdp.py", "eval", pageURL, expression], executable: "/usr/bin/python3")
        _ = try process.wait(timeout: 20)
        return process.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func status(_ pad: TmuxSession, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try pad.waitFor("status line: \(what)", timeout: 15, file: file, line: line) { TmuxSession.statusLine($0).contains(what) }
    }

    func testThePadFollowsTheRealDeck() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-real-reveal-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.toml")
        FileManager.default.createFile(atPath: config.path, contents: Data())
        let pad = try TmuxSession(
            command: "\(TmuxSession.binary) connect reveal://127.0.0.1:\(port) --no-animation --pictures blocks --config \(config.path)",
            width: 120, height: 36)
        try status(pad, "Real-peer deck")
        try status(pad, " 1/14 ")
        try pad.waitFor("the title slide's notes") { $0.contains("Title slide.") }

        // Five quick presses: slide 2, slide 3 (three fragments), its three steps.
        for _ in 0..<5 { try pad.send("Right") }
        try status(pad, "3/14 · step 3/3")
        XCTAssertEqual(try browser("[Reveal.getIndices().h, Reveal.getIndices().f]"), "[2, 2]")
        try pad.send("Right")
        try status(pad, "4/14 · ↓ 1/3")

        // Go-to, into the stack.
        try pad.send("5", "Enter")
        try status(pad, "5/14 · ↓ 2/3")
        XCTAssertEqual(try browser("[Reveal.getIndices().h, Reveal.getIndices().v]"), "[3, 1]")

        // Blank is reveal.js's pause.
        try pad.send("b")
        try status(pad, "BLANK")
        XCTAssertEqual(try browser("Reveal.isPaused()"), "true")
        try pad.send("b")
        try pad.waitFor("the blank to end") { !TmuxSession.statusLine($0).contains("BLANK") }
        XCTAssertEqual(try browser("Reveal.isPaused()"), "false")

        // → while blank: the audience sees the next slide, not black; ←
        // while blank: one step back, the screen back too.
        try pad.send("b")
        try status(pad, "BLANK")
        try pad.send("Right")
        try status(pad, "6/14 · ↓ 3/3")
        try pad.waitFor("the blank to end") { !TmuxSession.statusLine($0).contains("BLANK") }
        XCTAssertEqual(try browser("[Reveal.isPaused(), Reveal.getIndices().v]"), "[false, 2]")
        try pad.send("b")
        try status(pad, "BLANK")
        try pad.send("Left")
        try status(pad, "5/14 · ↓ 2/3")
        try pad.waitFor("the blank to end") { !TmuxSession.statusLine($0).contains("BLANK") }
        XCTAssertEqual(try browser("[Reveal.isPaused(), Reveal.getIndices().v]"), "[false, 1]")

        // A pause made in the browser shows as BLANK; its end, as the screen back.
        try browser("Reveal.togglePause(true)")
        try status(pad, "BLANK")
        try browser("Reveal.togglePause(false)")
        try pad.waitFor("the pause made in the browser to end") { !TmuxSession.statusLine($0).contains("BLANK") }

        // A move made in the browser.
        try browser("Reveal.slide(6)")
        try status(pad, "9/14 · step 0/2")

        // A reload: the pad installs its listeners again, so a move made
        // in the browser after it is followed, and a press lands.
        try browser("location.reload()")
        try pad.waitFor("the deck to load again", timeout: 20) { _ in (try? self.browser("Reveal.isReady()")) == "true" }
        try pad.waitFor("a move after the reload to be followed", timeout: 20) { screen in
            if TmuxSession.statusLine(screen).contains("8/14 ") { return true }
            _ = try? self.browser("Reveal.slide(5)")
            return false
        }
        try pad.send("Right")
        try status(pad, "9/14 · step 0/2")
        try pad.quit()
    }
}
