import Foundation
import XCTest

/// Sections on the real reveal.js peer (issue 41), opt-in like the other
/// real-peer tests: CONTROLPAD_REAL_REVEAL=1, and the port of a peer.sh
/// serving tools/reveal-sections/deck.html (a pandoc deck with level-1
/// sections and `data-timing`) in CONTROLPAD_REAL_REVEAL_SECTIONS_PORT
/// (scripts/real-reveal-test.sh starts it). The pad goes through two
/// sections with `]`, reads the agenda, and jumps back from it, checked in
/// the browser and off the screen.
final class RealRevealSectionsEndToEndTests: XCTestCase {
    private var port = 9253
    private var pageURL = ""
    private static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/revealjs").standardized.path

    override func setUpWithError() throws {
        let env = ProcessInfo.processInfo.environment
        try XCTSkipUnless(env["CONTROLPAD_REAL_REVEAL"] == "1" && env["CONTROLPAD_REAL_REVEAL_SECTIONS_PORT"] != nil,
                          "set CONTROLPAD_REAL_REVEAL=1 and CONTROLPAD_REAL_REVEAL_SECTIONS_PORT (scripts/real-reveal-test.sh does)")
        try TmuxSession.requireTools()
        port = Int(env["CONTROLPAD_REAL_REVEAL_SECTIONS_PORT"] ?? "") ?? port
        let run = env["REVEAL_PEER_RUN"] ?? "/var/tmp/reveal-peer"
        pageURL = try String(contentsOfFile: "\(run)/port-\(port)/ws-url", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try browser("Reveal.togglePause(false); Reveal.slide(0, 0, -1)")
    }

    @discardableResult
    private func browser(_ expression: String) throws -> String {
        let process = try ControlpadProcess(["\(Self.shared)/cdp.py", "eval", pageURL, expression], executable: "/usr/bin/python3")
        _ = try process.wait(timeout: 20)
        return process.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func status(_ pad: TmuxSession, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try pad.waitFor("status line: \(what)", timeout: 15, file: file, line: line) { TmuxSession.statusLine($0).contains(what) }
    }

    func testTwoSectionsTheAgendaAndAJumpOnTheRealDeck() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-real-sections-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.toml")
        FileManager.default.createFile(atPath: config.path, contents: Data())
        let pad = try TmuxSession(
            command: "\(TmuxSession.binary) connect reveal://127.0.0.1:\(port) --no-animation --pictures blocks --config \(config.path)",
            width: 120, height: 40)
        try status(pad, " 1/9 ")
        try pad.waitFor(text: "§ 1/4 Sections on the real peer")

        // Two sections on: each level-1 heading's slide, in the browser too.
        try pad.send("]")
        try status(pad, "2/9 · ↓ 1/3")
        try pad.waitFor(text: "§ 2/4 Why")
        XCTAssertEqual(try browser("[Reveal.getIndices().h, Reveal.getIndices().v]"), "[1, 0]")
        // Its vertical slide with data-timing="20": the pacing mark.
        try pad.send("Right")
        try status(pad, "3/9 · ↓ 2/3")
        try pad.waitFor(text: "slide ✓")
        try pad.send("]")
        try status(pad, "5/9 · ↓ 1/3")
        try pad.waitFor(text: "§ 3/4 How")
        XCTAssertEqual(try browser("[Reveal.getIndices().h, Reveal.getIndices().v]"), "[2, 0]")

        // The agenda: Why done, planned from its data-timing (20 s + 40 s), How here (30 s + 30 s).
        try pad.send("A")
        let agenda = try pad.waitFor("the agenda") { $0.contains("Agenda · 4 sections") }
        let lines = agenda.split(separator: "\n").map(String.init)
        let why = try XCTUnwrap(lines.first { $0.contains(" Why ") }, agenda)
        XCTAssertTrue(why.contains("✓") && why.contains("2–4") && why.contains("1:00"), why)
        let how = try XCTUnwrap(lines.first { $0.contains(" How ") }, agenda)
        XCTAssertTrue(how.contains("▶") && how.contains("5–7") && how.contains("1:00"), how)
        XCTAssertTrue(lines.contains { $0.contains(" End ") && $0.contains("0:10") }, agenda)

        // A jump from the agenda: ↑ to Why, Enter.
        try pad.send("Up", "Enter")
        try status(pad, "2/9 · ↓ 1/3")
        XCTAssertEqual(try browser("[Reveal.getIndices().h, Reveal.getIndices().v]"), "[1, 0]")
        try pad.waitFor("the agenda closed, the timer back in Why") { !$0.contains("Agenda ·") && $0.contains("§ 2/4 Why") }
        try pad.quit()
    }
}
