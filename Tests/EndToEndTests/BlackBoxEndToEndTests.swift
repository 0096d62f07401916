import Foundation
import XCTest

/// The talk's black box end to end (issue 51): the demo in a real terminal
/// with a rehearsal log and alerts a few seconds before the end; the notice
/// (the timer flashed once, the words staying in the status line) and
/// `watch --json`'s alert event; then `report` and `--chapters` on the log.
final class BlackBoxEndToEndTests: XCTestCase {
    func testARehearsalWithAnAlertThenItsReportAndChapters() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cp-blackbox-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/rehearsal.csv"
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --seed 3 --no-animation --latency 5-40 --pictures blocks "
                                  + "--duration 16s --alert 10s,over --rehearsal-log \(log)")
        try pad.waitFor("the show") { TmuxSession.statusLine($0).contains(" 1/14 ") }
        try pad.send("Right")
        try pad.waitFor("slide 2") { TmuxSession.statusLine($0).contains(" 2/14 ") }
        try pad.send("Right")
        try pad.waitFor("slide 3") { TmuxSession.statusLine($0).contains(" 3/14 ") }
        try pad.send("b")
        try pad.waitFor(text: "BLANK")
        Thread.sleep(forTimeInterval: 1.5)  // a blank the recording sees and the talk's time does not
        try pad.send("b")
        try pad.waitFor("the blank's end") { !TmuxSession.statusLine($0).contains("BLANK") }

        // 10 s left: the timer flashes in the words' look (black on yellow; bold reverse
        // without colour) and the words come, in one frame.
        let flashed = try pad.waitFor("the alert", timeout: 20, colors: true) { $0.contains("⚑ 0:10 left in the talk") }
        XCTAssertFalse(Self.look(before: "⚑", in: flashed).isEmpty)
        XCTAssertEqual(Self.look(before: "◷", in: flashed), Self.look(before: "⚑", in: flashed), "the timer flashes with the alert:\n\(flashed)")
        try pad.waitFor("the flash over, the words staying", colors: true) {
            $0.contains("⚑ 0:10 left in the talk") && Self.look(before: "◷", in: $0) != Self.look(before: "⚑", in: $0)
        }
        // Past the end: told once more, and only once.
        try pad.waitFor("the talk over", timeout: 20) { $0.contains("⚑ the talk is over its length") }
        try pad.send("q")
        try pad.waitFor(text: "Quit ControlPad? y / n")
        try pad.send("y")
        try pad.waitFor("exit") { $0.contains("EXIT=0") }

        // The log carries the talk.
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let rows = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "slide,entered_at,seconds,section,title,step,since_start,event")
        XCTAssertTrue(rows.contains { $0.hasSuffix(",show_start") && $0.contains("A tour of ControlPad") }, text)
        XCTAssertTrue(rows.contains { $0.hasPrefix("3,") && $0.contains(",Pairing and the pad,") && $0.hasSuffix(",slide") }, text)
        XCTAssertTrue(rows.contains { $0.hasPrefix("3,") && $0.hasSuffix(",blank") }, text)
        XCTAssertTrue(rows.last?.hasSuffix(",show_end") ?? false, text)

        // The report: the sections the talk went through, the run's total.
        let report = try ControlpadProcess.run(["report", log], environment: ["NO_COLOR": "1", "LANG": "C.UTF-8"])
        XCTAssertEqual(report.status, 0, report.err)
        XCTAssertFalse(report.out.contains("\u{1B}"), "NO_COLOR")
        XCTAssertTrue(report.out.contains("Welcome") && report.out.contains("Pairing and the pad"), report.out)
        XCTAssertTrue(report.out.contains("Planned against actual, per section"), report.out)
        let json = try ControlpadProcess.run(["report", log, "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any], json.out)
        let total = try XCTUnwrap((object["runs"] as? [[String: Any]])?.first?["total_s"] as? Int)
        XCTAssertTrue((16...40).contains(total), "the talk ran past its 16 s: \(total)")

        // Chapters: from the show's start, the blank counted.
        let youtube = try ControlpadProcess.run(["report", log, "--chapters", "youtube"])
        XCTAssertEqual(youtube.status, 0, youtube.err)
        let lines = youtube.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("00:00 ") ?? false, "YouTube: the first at 00:00 (Welcome, under its 10 s, gives way)\n\(youtube.out)")
        XCTAssertTrue(lines.allSatisfy { $0.wholeMatch(of: /\d\d:\d\d \S.*/) != nil }, youtube.out)
        let webvtt = try ControlpadProcess.run(["report", log, "--chapters", "webvtt"])
        XCTAssertTrue(webvtt.out.hasPrefix("WEBVTT\n\n1\n00:00:00.000 --> "), webvtt.out)
        XCTAssertTrue(webvtt.out.contains("\nPairing and the pad\n"), webvtt.out)
        let ffmetadata = try ControlpadProcess.run(["report", log, "--chapters", "ffmetadata", "--per-slide"])
        XCTAssertTrue(ffmetadata.out.hasPrefix(";FFMETADATA1\n\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\n"), ffmetadata.out)
        XCTAssertEqual(ffmetadata.out.components(separatedBy: "[CHAPTER]").count - 1, 3, "slides 1, 2 and 3")
        let bad = try ControlpadProcess.run(["report", log, "--chapters", "srt"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("--chapters takes youtube, webvtt or ffmetadata"), bad.err)
    }

    /// The SGR escapes right before the first `marker` on the screen: its look.
    static func look(before marker: String, in screen: String) -> String {
        guard let at = screen.range(of: marker) else { return "" }
        var look = ""
        var before = screen[..<at.lowerBound]
        while before.hasSuffix("m"), let start = before.lastIndex(of: "\u{1B}") {
            look = String(before[start...]) + look
            before = before[..<start]
        }
        return look
    }

    /// `watch --json` prints the alert as an event a Stream Deck key can light up on (schema 2).
    func testWatchPrintsTheAlertEvent() throws {
        let watch = try ControlpadProcess(["watch", "demo://", "--json", "--duration", "8s", "--alert", "5s"])
        defer { kill(watch.pid, SIGINT) }
        let lines = try watch.waitForOutput("the alert", timeout: 20) { $0.contains { $0.contains("\"event\":\"alert\"") } }
        let alert = try XCTUnwrap(lines.first { $0.contains("\"event\":\"alert\"") })
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(alert.utf8)) as? [String: Any], alert)
        XCTAssertEqual(object["schema"] as? Int, 2)
        XCTAssertEqual(object["kind"] as? String, "talk_left")
        XCTAssertEqual(object["threshold_s"] as? Int, 5)
        XCTAssertEqual(object["talk_left_s"] as? Int, 5)
        XCTAssertEqual(object["text"] as? String, "⚑ 0:05 left in the talk")
        XCTAssertTrue(lines.contains { $0.contains("\"event\":\"state\"") && $0.contains("\"schema\":2") }, "the state line's schema too")
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(watch.stdoutLines.filter { $0.contains("\"event\":\"alert\"") }.count, 1, "once")
    }
}
