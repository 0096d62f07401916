import Foundation
import XCTest

/// The config file and the rehearsal log, through the built binary in tmux.
final class ConfigEndToEndTests: XCTestCase {
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

    func testReboundKeysTakeEffectAndTheRehearsalLogIsWritten() throws {
        let config = try write("[keys]\nnext = [\"z\"]\nprevious = [\"a\"]\nquit = [\"Q\"]\n", to: "config.toml")
        let log = dir.appendingPathComponent("rehearsal.csv").path
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40 --config \(config) --rehearsal-log \(log)")
        try pad.waitFor("1/14") { TmuxSession.statusLine($0).contains(" 1/14 ") }
        try pad.send("Right")  // no longer bound
        try pad.send("z")
        try pad.waitFor("2/14") { TmuxSession.statusLine($0).contains(" 2/14 ") }
        try pad.send("z", "z")
        try pad.waitFor("4/14") { TmuxSession.statusLine($0).contains(" 4/14 ") }
        try pad.send("a")
        try pad.waitFor("3/14") { TmuxSession.statusLine($0).contains(" 3/14 ") }
        try pad.send("?")
        try pad.waitFor(text: "Keys · Esc closes")
        let help = try pad.screen()
        XCTAssertTrue(help.contains("z") && help.contains("next slide or effect"), "help lists the bindings in force:\n\(help)")
        try pad.send("Escape", "Q", "y")
        try pad.waitFor(text: "EXIT=0")
        let rows = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "slide,entered_at,seconds")
        XCTAssertEqual(rows.dropFirst().map { $0.split(separator: ",")[0] }, ["1", "2", "3", "4", "3"],
                       "one row per slide visit: \(rows)")
    }

    func testABadConfigIsReportedWithItsLineAndThePadRunsOnDefaults() throws {
        let config = try write("animation = true\n[keys]\nnxt = [\"z\"]\n", to: "bad.toml")
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --config \(config)", width: 140)
        try pad.waitFor(text: "bad.toml:3: unknown action \"nxt\"")
        try pad.send("Right")  // the default binding works
        try pad.waitFor("2/14") { TmuxSession.statusLine($0).contains(" 2/14 ") }
    }

    func testPrintDefaultGivesAFileThatChecksFine() throws {
        let path = dir.appendingPathComponent("default.toml").path
        let pad = try TmuxSession(command: "\(TmuxSession.binary) config --print-default > \(path) && \(TmuxSession.binary) config --check \(path)")
        try pad.waitFor(text: "EXIT=0")
        XCTAssertTrue(try pad.screen().contains("\(path): fine"))
    }
    // MARK: nothing a presenter does by mistake hurts the talk

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
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40 --config \(config)", width: 80, height: 24)
        // Two states, each waited for: the notice is drawn at the first
        // frame, the talk's duration only once the demo's show has started.
        try pad.waitFor("the count of problems, whole") {
            Self.flat($0).contains("config: 6 problems (the rest applies); `controlpad config --check \(config)` lists them · Esc hides this")
        }
        try pad.waitFor("the show started, with the config's duration (10 minutes)") {
            TmuxSession.statusLine($0).contains("/ 10:00")
        }
        try pad.send("z")
        try pad.waitFor("z moves") { TmuxSession.statusLine($0).contains(" 2/14 ") }
        try pad.send("Right")
        try pad.waitFor("Right moves") { TmuxSession.statusLine($0).contains(" 3/14 ") }
        XCTAssertTrue(try pad.screen().contains("config: 6 problems"), "the count stays after keys")
        try pad.send("b")
        try pad.waitFor("b blanks, never quits") { TmuxSession.statusLine($0).contains("BLANK") }
        try pad.send("b")
        try pad.waitFor("b resumes") { !TmuxSession.statusLine($0).contains("BLANK") }
        try pad.send("Escape")
        try pad.waitFor("the notice put away") { !$0.contains("config: 6 problems") }
        try pad.send("q", "y")
        try pad.waitFor(text: "EXIT=0")

        let check = try ControlpadProcess.run(["config", "--check", config])
        XCTAssertEqual(check.status, 1)
        let lines = check.out.split(separator: "\n").map(String.init)
        let numbers = lines.compactMap { line -> Int? in
            guard line.hasPrefix(config + ":") else { return nil }
            return Int(line.dropFirst(config.count + 1).prefix { $0.isNumber })
        }
        XCTAssertEqual(numbers.count, 6, "every problem in one run:\n\(check.out)")
        XCTAssertEqual(numbers, numbers.sorted(), "in line order:\n\(check.out)")
        XCTAssertTrue(check.out.contains(":2: server: \"99999\" is not a port"), check.out)
        XCTAssertTrue(check.out.contains("\"b\" is bound to both blank (line 5) and quit (line 6)"), check.out)
        XCTAssertTrue(check.out.contains(":7: help is left with no key"), check.out)
        XCTAssertTrue(check.out.contains(":9: \"teal\" is not a colour"), check.out)
        XCTAssertEqual(lines.last, "6 problems; every other setting applies")
    }

    /// Seen: with `help = []` the status line still said "? help".
    func testTheStatusLineHintsFollowTheBindings() throws {
        let config = try write("[keys]\nhelp = [\"F1\"]\nstart-show = [\"F6\"]\nstop-show = [\"F7\"]\n", to: "hints.toml")
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40 --config \(config)", width: 120, height: 30)
        try pad.waitFor("F1 help") { TmuxSession.statusLine($0).contains("F1 help") && !TmuxSession.statusLine($0).contains("? help") }
        try pad.send("F7")
        try pad.waitFor(text: "Stop the slide show now?")
        try pad.send("y")
        try pad.waitFor("F6 starts") { TmuxSession.statusLine($0).contains("no show · F6 starts") }
        try pad.send("F1")
        try pad.waitFor(text: "Keys · Esc closes")
        try pad.send("Escape", "q")
        try pad.waitFor(text: "EXIT=0")
    }

    /// The screen as one line: text wrapped over rows reads whole.
    static func flat(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Seen: these passed --check, and `connect` then exited 2.
    func testAServerConnectCannotUseIsAProblemAndConnectSaysWhy() throws {
        for server in ["localhost:99999", "not a host at all"] {
            let config = try write("server = \"\(server)\"\n", to: "server.toml")
            let check = try ControlpadProcess.run(["config", "--check", config])
            XCTAssertEqual(check.status, 1, server)
            XCTAssertTrue(check.out.contains("\(config):1: server:"), check.out)
            let connect = try ControlpadProcess.run(["connect", "--config", config])
            XCTAssertEqual(connect.status, 2, server)
            XCTAssertTrue(connect.err.contains("the config's server is not one"), connect.err)
        }
    }

    /// Seen: `--rehearsal-log talk.csv` overwrote last week's log.
    func testARehearsalLogNeverOverwritesAnother() throws {
        let log = dir.appendingPathComponent("talk.csv").path
        let lastWeek = "slide,entered_at,seconds\n1,0.0,42.0\n"
        try lastWeek.write(toFile: log, atomically: true, encoding: .utf8)
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40 --rehearsal-log \(log)", width: 120, height: 40)
        try pad.waitFor("the pad says where this run's log goes") {
            Self.flat($0).contains("rehearsal log: \(log) is kept; this run's is \(self.dir.appendingPathComponent("talk-2.csv").path)")
        }
        try pad.send("Right")
        try pad.waitFor("the show on 2/14") { TmuxSession.statusLine($0).contains("· 2/14 ·") }
        try pad.send("q", "y")
        let after = try pad.waitFor("exit") { $0.contains("EXIT=0") }
        XCTAssertTrue(Self.flat(after).contains("controlpad: rehearsal log: \(log) is kept"), "said again on the way out:\n\(after)")
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), lastWeek, "last week's log is untouched")
        let rows = try String(contentsOfFile: dir.appendingPathComponent("talk-2.csv").path, encoding: .utf8)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "slide,entered_at,seconds")
        XCTAssertEqual(rows.dropFirst().map { $0.split(separator: ",")[0] }, ["1", "2"], "\(rows)")
    }
}
