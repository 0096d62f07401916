import Foundation
import XCTest

/// However the pad ends (a key, a signal, a crash), the shell gets its
/// terminal back: cooked modes, the main screen, crash reports readable.
final class TerminalRestoreEndToEndTests: XCTestCase {
    private var files: [String] = []

    override func tearDown() {
        files.forEach { try? FileManager.default.removeItem(atPath: $0) }
    }

    private func temporaryPath(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cp-\(UUID().uuidString.prefix(8))-\(name)").path
        files.append(path)
        return path
    }

    /// The pad in tmux from a shell line that records its pid and, once it
    /// ended, the terminal's modes (`stty -a`), keeping the exit status.
    private func pad(_ arguments: String, environment: String = "", stdin: String = "")
        throws -> (session: TmuxSession, pidFile: String, sttyFile: String) {
        let pidFile = temporaryPath("pid")
        let sttyFile = temporaryPath("stty")
        let line = "sh -c 'echo $$ > \(pidFile); exec env \(environment) \(TmuxSession.binary) \(arguments)' \(stdin);"
            + " s=$?; stty -a > \(sttyFile); (exit $s)"
        return (try TmuxSession(command: line, width: 100, height: 40), pidFile, sttyFile)
    }

    private func pid(_ pidFile: String) throws -> Int32 {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
               let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
            usleep(20_000)
        }
        throw NSError(domain: "e2e", code: 1, userInfo: [NSLocalizedDescriptionKey: "the pad never started"])
    }

    /// Cooked mode and echo are back, as the shell needs them.
    private func assertSane(_ sttyFile: String, file: StaticString = #filePath, line: UInt = #line) {
        let modes = (try? String(contentsOfFile: sttyFile, encoding: .utf8)) ?? ""
        let words = Set(modes.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        for mode in ["icanon", "echo", "icrnl", "onlcr", "isig"] {
            XCTAssertTrue(words.contains(mode), "stty -a after the pad lacks \(mode):\n\(modes)", file: file, line: line)
        }
    }

    private func waitForPad(_ session: TmuxSession) throws {
        try session.waitFor("the pad's status line") { TmuxSession.statusLine($0).contains("1/14") }
    }

    func testACrashRestoresTheTerminalAndEndsByItself() throws {
        for (how, status) in [("segv", 139), ("trap", 132)] {
            let (session, _, stty) = try pad("demo --no-animation", environment: "CONTROLPAD_CRASH_FOR_TEST=\(how)")
            // No key is ever sent: the crash report must not wait for one.
            // Symbolicating a debug build on a busy machine can take a while.
            try session.waitFor("the \(how) crash to end", timeout: 90) { $0.contains("EXIT=") }
            let screen = try session.history()
            XCTAssertTrue(screen.contains("EXIT=\(status)"), screen)
            let lines = screen.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines.contains { $0.hasPrefix("💣 Program crashed") }, "the report starts at column 0:\n\(screen)")
            XCTAssertTrue(lines.contains { $0.hasPrefix("Platform:") }, "the report's lines start at column 0:\n\(screen)")
            XCTAssertFalse(screen.contains("Press space to interact"), screen)
            XCTAssertFalse(screen.contains("Current ·"), "the pad's screen is gone, nothing drawn over the report:\n\(screen)")
            assertSane(stty)
        }
    }

    func testASegfaultFromOutsideRestoresTheTerminal() throws {
        let (session, pidFile, stty) = try pad("demo --no-animation")
        try waitForPad(session)
        kill(try pid(pidFile), SIGSEGV)
        try session.waitFor("the crash to end", timeout: 90) { $0.contains("EXIT=") }
        let screen = try session.history()
        XCTAssertTrue(screen.contains("EXIT=139"), screen)
        XCTAssertTrue(screen.split(separator: "\n").contains { $0.hasPrefix("💣 Program crashed") }, screen)
        assertSane(stty)
    }

    func testQuitKeysAndSignalsRestoreTheTerminal() throws {
        let endings: [(String, (TmuxSession, Int32) throws -> Void)] = [
            ("q y", { session, _ in try session.send("q"); try session.waitFor(text: "Quit ControlPad?"); try session.send("y") }),
            ("Ctrl-C twice", { session, _ in
                try session.send("C-c")
                try session.waitFor(text: "Quit ControlPad?")  // a show runs: Ctrl-C asks, as q does
                try session.send("C-c")
            }),
            ("Ctrl-\\", { session, _ in try session.send("C-\\") }),
            ("SIGTERM", { _, pid in kill(pid, SIGTERM) }),
            ("SIGHUP", { _, pid in kill(pid, SIGHUP) }),
        ]
        for (name, end) in endings {
            let (session, pidFile, stty) = try pad("demo --no-animation")
            try waitForPad(session)
            try end(session, try pid(pidFile))
            let screen = try session.waitFor("\(name) to end the pad") { $0.contains("EXIT=") }
            XCTAssertTrue(screen.contains("EXIT=0"), "\(name):\n\(screen)")
            XCTAssertFalse(screen.contains("Current ·"), "\(name): the main screen is back:\n\(screen)")
            XCTAssertFalse(screen.contains("Program crashed"), "\(name):\n\(screen)")
            assertSane(stty)
        }
    }

    /// A log whose reader went away (SIGPIPE) costs the log, not the pad.
    func testALogPipeWhoseReaderLeftDoesNotKillThePad() throws {
        let fifo = temporaryPath("log.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // A reader that takes a few bytes and goes.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "head -c 10 \(fifo) > /dev/null"]
        try reader.run()
        let (session, _, stty) = try pad("demo --no-animation --log \(fifo)", environment: "CONTROLPAD_LOG_LEVEL=trace")
        try waitForPad(session)
        reader.waitUntilExit()
        for _ in 0..<5 { try session.send("Right") }  // trace logs every key: writes to the dead pipe
        try session.waitFor("the pad still steps") { TmuxSession.statusLine($0).contains("6/14") }
        try session.send("q")
        try session.waitFor(text: "Quit ControlPad?")
        try session.send("y")
        let screen = try session.waitFor("exit") { $0.contains("EXIT=") }
        XCTAssertTrue(screen.contains("EXIT=0"), screen)
        XCTAssertTrue(screen.contains("could not be written (Broken pipe)"), "one line says the log was dropped:\n\(screen)")
        assertSane(stty)
    }

    /// Standard input at its end (`< /dev/null`): keys come from the
    /// terminal itself, and nothing spins.
    func testStandardInputAtItsEndNeitherSpinsNorLosesKeys() throws {
        let (session, pidFile, stty) = try pad("demo --no-animation", stdin: "< /dev/null")
        try waitForPad(session)
        let pid = try pid(pidFile)
        let before = try cpuTicks(pid)
        try session.send("Right")
        try session.waitFor("a key from the terminal") { TmuxSession.statusLine($0).contains("2/14") }
        usleep(2_000_000)
        let used = try cpuTicks(pid) - before
        // A busy loop burns ~200 ticks in 2 s; an idle pad a handful.
        XCTAssertLessThan(used, 60, "CPU ticks used in 2 s with stdin at its end")
        try session.send("C-\\")
        try session.waitFor(text: "EXIT=0")
        assertSane(stty)
    }

    /// utime + stime of a process, in clock ticks (/proc/PID/stat).
    private func cpuTicks(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])!
    }
}
