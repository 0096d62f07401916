import Foundation
import XCTest

/// `controlpad present deck.html` on a real Chromium (headless), opt-in:
/// CONTROLPAD_REAL_REVEAL=1 (scripts/real-reveal-test.sh; the deck is the
/// peer's). The audience watches the browser: the quit question says it
/// stays, quitting leaves it on the slide it shows, and `present` again
/// comes back to that browser, on that slide, with the talk's timer kept.
final class RealPresentEndToEndTests: XCTestCase {
    func testQuittingLeavesTheBrowserAndPresentComesBackToIt() throws {
        let env = ProcessInfo.processInfo.environment
        try XCTSkipUnless(env["CONTROLPAD_REAL_REVEAL"] == "1", "set CONTROLPAD_REAL_REVEAL=1 (scripts/real-reveal-test.sh)")
        let port = env["CONTROLPAD_REAL_REVEAL_PORT"] ?? "9222"
        let deck = "\(env["REVEAL_PEER_RUN"] ?? "/var/tmp/reveal-peer")/port-\(port)/www/deck.html"
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("cp-present-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
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
