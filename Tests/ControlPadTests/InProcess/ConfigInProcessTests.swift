import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// The config file and the rehearsal log, applied as `PadRunner` applies
/// them, in-process (was the pad's part of ConfigEndToEndTests in tmux; what
/// `controlpad config --check` prints stays there, run as a process).
final class ConfigInProcessTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("cp-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, to name: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// `demo --no-animation --latency 5-40 [--config file] [--rehearsal-log log]`.
    private func demo(config: String? = nil, rehearsalLog: String? = nil, width: Int = 120, height: Int = 40) throws -> ScriptedPad {
        var settings = PadSettings()
        settings.config = config
        settings.rehearsalLog = rehearsalLog
        return try ScriptedPad(source: ScriptedPad.demo(seed: 1, latency: 5...40, drop: 0.1, duplicate: 0.1),
                               width: width, height: height, settings: settings, config: nil, depth: nil)
    }

    func testReboundKeysTakeEffectAndTheRehearsalLogIsWritten() throws {
        let config = try write("[keys]\nnext = [\"z\"]\nprevious = [\"a\"]\nquit = [\"Q\"]\n", to: "config.toml")
        let log = dir.appendingPathComponent("rehearsal.csv").path
        let pad = try demo(config: config, rehearsalLog: log)
        try pad.waitFor("1/14") { ScriptedPad.statusLine($0).contains(" 1/14 ") }
        pad.send("Right")  // no longer bound
        pad.send("z")
        try pad.waitFor("2/14") { ScriptedPad.statusLine($0).contains(" 2/14 ") }
        pad.send("z", "z")
        try pad.waitFor("4/14") { ScriptedPad.statusLine($0).contains(" 4/14 ") }
        pad.send("a")
        try pad.waitFor("3/14") { ScriptedPad.statusLine($0).contains(" 3/14 ") }
        // The log records what the show confirmed: that, not the screen, is waited for.
        try pad.waitForSlide(3)
        pad.send("?")
        try pad.waitFor(text: "Keys · Esc closes")
        let help = pad.screen
        XCTAssertTrue(help.contains("z") && help.contains("next slide or effect"), "help lists the bindings in force:\n\(help)")
        pad.send("Escape", "Q", "y")
        XCTAssertFalse(pad.running)
        let rows = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "slide,entered_at,seconds,section,title,step,since_start,event")
        let visits = rows.filter { $0.hasSuffix(",slide") }
        XCTAssertEqual(visits.map { $0.split(separator: ",")[0] }, ["1", "2", "3", "4", "3"], "one row per slide visit: \(rows)")
    }

    func testABadConfigIsReportedWithItsLineAndThePadRunsOnDefaults() throws {
        let config = try write("animation = true\n[keys]\nnxt = [\"z\"]\n", to: "bad.toml")
        let pad = try demo(config: config, width: 140)
        try pad.waitFor(text: "bad.toml:3: unknown action \"nxt\"")
        // The notice is there from the first frame; → moves a show that has started.
        try pad.waitForShow()
        pad.send("Right")  // the default binding works
        try pad.waitFor("2/14") { ScriptedPad.statusLine($0).contains(" 2/14 ") }
    }

    /// Seen: one bad colour threw away the duration and the keys, the warning
    /// was cut off at 80 columns and went at the first key.
    func testEveryConfigMistakeIsCountedAndEveryGoodSettingApplies() throws {
        let config = try write("""
            duration = "10m"
            server = "localhost:99999"
            [keys]
            next = ["z", "Right"]
            blank = ["b"]
            quit = ["b"]
            help = []
            [theme]
            accent = "teal"
            """, to: "mixed.toml")
        let pad = try demo(config: config, width: 80, height: 24)
        // Two states, each waited for: the notice is drawn at the first
        // frame, the talk's duration only once the demo's show has started.
        try pad.waitFor("the count of problems, whole") {
            Self.flat($0).contains("config: 6 problems (the rest applies); `controlpad config --check \(config)` lists them · Esc hides this")
        }
        try pad.waitForShow()
        try pad.waitFor("the show started, with the config's duration (10 minutes)") {
            ScriptedPad.statusLine($0).contains("/ 10:00")
        }
        pad.send("z")
        try pad.waitFor("z moves") { ScriptedPad.statusLine($0).contains(" 2/14 ") }
        pad.send("Right")
        try pad.waitFor("Right moves") { ScriptedPad.statusLine($0).contains(" 3/14 ") }
        XCTAssertTrue(pad.screen.contains("config: 6 problems"), "the count stays after keys")
        pad.send("b")
        try pad.waitFor("b blanks, never quits") { ScriptedPad.statusLine($0).contains("BLANK") }
        pad.send("b")
        try pad.waitFor("b resumes") { !ScriptedPad.statusLine($0).contains("BLANK") }
        pad.send("Escape")
        try pad.waitFor("the notice put away") { !$0.contains("config: 6 problems") }
        pad.send("q", "y")
        XCTAssertFalse(pad.running)
    }

    /// Seen: with `help = []` the status line still said "? help".
    func testTheStatusLineHintsFollowTheBindings() throws {
        let config = try write("[keys]\nhelp = [\"F1\"]\nstart-show = [\"F6\"]\nstop-show = [\"F7\"]\n", to: "hints.toml")
        let pad = try demo(config: config, width: 120, height: 30)
        try pad.waitFor("F1 help") { ScriptedPad.statusLine($0).contains("F1 help") && !ScriptedPad.statusLine($0).contains("? help") }
        // The hints are there from the first frame; F7 stops a show that has started.
        try pad.waitForShow()
        pad.send("F7")
        try pad.waitFor(text: "Stop the slide show now?")
        pad.send("y")
        try pad.waitFor("F6 starts") { ScriptedPad.statusLine($0).contains("no show · F6 starts") }
        pad.send("F1")
        try pad.waitFor(text: "Keys · Esc closes")
        pad.send("Escape", "q")
        XCTAssertFalse(pad.running)
    }

    /// Seen: `--rehearsal-log talk.csv` overwrote last week's log.
    func testARehearsalLogNeverOverwritesAnother() throws {
        let log = dir.appendingPathComponent("talk.csv").path
        let lastWeek = "slide,entered_at,seconds\n1,0.0,42.0\n"
        try lastWeek.write(toFile: log, atomically: true, encoding: .utf8)
        let pad = try demo(rehearsalLog: log)
        try pad.waitFor("the pad says where this run's log goes") {
            Self.flat($0).contains("rehearsal log: \(log) is kept; this run's is \(self.dir.appendingPathComponent("talk-2.csv").path)")
        }
        // The notice is there from the first frame; the show starts later.
        try pad.waitForShow()
        pad.send("Right")
        try pad.waitFor("the show on 2/14") { ScriptedPad.statusLine($0).contains("· 2/14 ·") }
        try pad.waitForSlide(2)
        pad.send("q", "y")
        XCTAssertFalse(pad.running)
        // What PadRunner writes to stderr once the terminal is back.
        XCTAssertTrue(pad.start.sayOnTheWayOut.contains { "controlpad: \($0)".contains("controlpad: rehearsal log: \(log) is kept") },
                      "said again on the way out: \(pad.start.sayOnTheWayOut)")
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), lastWeek, "last week's log is untouched")
        let rows = try String(contentsOfFile: dir.appendingPathComponent("talk-2.csv").path, encoding: .utf8)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "slide,entered_at,seconds,section,title,step,since_start,event")
        XCTAssertEqual(rows.filter { $0.hasSuffix(",slide") }.map { $0.split(separator: ",")[0] }, ["1", "2"], "\(rows)")
    }

    /// The screen as one line: text wrapped over rows reads whole.
    static func flat(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
