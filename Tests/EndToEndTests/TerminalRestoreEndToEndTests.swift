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

    /// The signal a failed check is: `ud2` on x86 (SIGILL), `brk` on ARM (SIGTRAP).
    #if arch(arm64)
    private static let trap = (name: "SIGTRAP", status: 133)
    #else
    private static let trap = (name: "SIGILL", status: 132)
    #endif

    func testACrashRestoresTheTerminalAndEndsByItself() throws {
        for (how, name, status) in [("segv", "SIGSEGV", 139), ("trap", Self.trap.name, Self.trap.status),
                                    ("fatal", Self.trap.name, Self.trap.status)] {
            let state = temporaryPath("state")
            let (session, pidFile, stty) = try pad("demo --no-animation",
                                                   environment: "CONTROLPAD_CRASH_FOR_TEST=\(how) XDG_STATE_HOME=\(state)")
            // No key is ever sent: nothing may wait for one.
            let pid = try pid(pidFile)
            let gone = try waitUntilGone(pid)
            let report = try crashFile(in: state, pid: pid)
            assertReport(report, signal: name, endedAt: gone)
            if how == "fatal" {
                // Swift printed it on the alternate screen, now gone: the report keeps it.
                XCTAssertNotNil(report.text.range(of: "Swift's message: .*Fatal error: CONTROLPAD_CRASH_FOR_TEST=fatal",
                                                   options: .regularExpression), report.text)
            }
            try assertEnded(session, status: status, line: "controlpad crashed (\(name)); the backtrace is in \(report.path)")
            assertSane(stty)
        }
    }

    func testASegfaultFromOutsideRestoresTheTerminal() throws {
        let state = temporaryPath("state")
        let (session, pidFile, stty) = try pad("demo --no-animation", environment: "XDG_STATE_HOME=\(state)")
        try waitForPad(session)
        let pid = try pid(pidFile)
        let sent = Date()
        kill(pid, SIGSEGV)
        let gone = try waitUntilGone(pid)
        XCTAssertLessThan(gone.timeIntervalSince(sent), 2, "the pad ends within 2 s of the SIGSEGV")
        let report = try crashFile(in: state, pid: pid)
        assertReport(report, signal: "SIGSEGV", endedAt: gone)
        XCTAssertTrue(report.text.contains("SIGSEGV (signal 11), sent by pid \(getpid())"), report.text)
        try assertEnded(session, status: 139, line: "controlpad crashed (SIGSEGV); the backtrace is in \(report.path)")
        assertSane(stty)
    }

    /// `2>file`: standard error is not the terminal, so the backtrace goes
    /// there (a log's reader expects it), and no crash file is written.
    func testACrashWithStandardErrorRedirectedWritesTheBacktraceThere() throws {
        let state = temporaryPath("state")
        let errors = temporaryPath("stderr")
        let (session, pidFile, stty) = try pad("demo --no-animation 2>\(errors)",
                                               environment: "CONTROLPAD_CRASH_FOR_TEST=abort XDG_STATE_HOME=\(state)")
        let pid = try pid(pidFile)
        let gone = try waitUntilGone(pid)
        let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        assertReport((errors, text), signal: "SIGABRT", endedAt: gone)
        let crashFiles = (try? FileManager.default.contentsOfDirectory(atPath: state + "/controlpad")) ?? []
        XCTAssertEqual(crashFiles.filter { $0.hasPrefix("crash-") }, [], "no crash file: the report went to standard error")
        try assertEnded(session, status: 134, line: "controlpad crashed (SIGABRT); the backtrace is in \(errors)")
        assertSane(stty)
    }

    /// When the process `pid` ended (gone, or a zombie its shell is about to
    /// reap), polled: a real process, nothing to inject.
    private func waitUntilGone(_ pid: Int32) throws -> Date {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.range(of: ") ", options: .backwards) else { return Date() }
            if stat[close.upperBound...].hasPrefix("Z") { return Date() }
            usleep(5_000)
        }
        throw NSError(domain: "e2e", code: 1, userInfo: [NSLocalizedDescriptionKey: "the pad \(pid) did not end in 30 s"])
    }

    /// The one crash file in `state`'s controlpad directory, named for `pid`.
    private func crashFile(in state: String, pid: Int32, file: StaticString = #filePath, line: UInt = #line)
        throws -> (path: String, text: String) {
        let directory = state + "/controlpad"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("crash-") }
        XCTAssertEqual(names.count, 1, "one crash file in \(directory): \(names)", file: file, line: line)
        guard let name = names.first else { throw NSError(domain: "e2e", code: 1) }
        XCTAssertTrue(name.hasSuffix("-\(pid).txt"), name, file: file, line: line)
        let path = directory + "/" + name
        return (path, try String(contentsOfFile: path, encoding: .utf8))
    }

    /// The report names the signal, its time (within 2 s before the pad was
    /// seen gone), and holds a backtrace: `backtrace_symbols_fd` lines, one
    /// per frame, each with its address in brackets.
    private func assertReport(_ report: (path: String, text: String), signal: String, endedAt gone: Date,
                              file: StaticString = #filePath, line: UInt = #line) {
        let text = report.text
        XCTAssertTrue(text.contains("controlpad crashed: \(signal) (signal "), text, file: file, line: line)
        let frames = text.split(separator: "\n").filter { $0.range(of: #"\[0x[0-9a-f]+\]$"#, options: .regularExpression) != nil }
        XCTAssertGreaterThanOrEqual(frames.count, 3, "a backtrace in \(report.path):\n\(text)", file: file, line: line)
        guard let stamp = text.range(of: #"time \d{8}T\d{6}\.\d{3}Z"#, options: .regularExpression) else {
            return XCTFail("no crash time in \(report.path):\n\(text)", file: file, line: line)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        guard let crashed = formatter.date(from: String(text[stamp].dropFirst(5))) else {
            return XCTFail("unreadable crash time \(text[stamp])", file: file, line: line)
        }
        let took = gone.timeIntervalSince(crashed)
        XCTAssertLessThan(took, 2, "from the crash to the end of the process", file: file, line: line)
        XCTAssertGreaterThan(took, -0.1, "the crash time is the crash's", file: file, line: line)
        if report.path.contains("/crash-") {
            let seconds = String(text[stamp].dropFirst(5).prefix(15)) + "Z"
            XCTAssertTrue(report.path.contains("/crash-\(seconds)-"), "the file is named for the crash's UTC time: \(report.path)",
                          file: file, line: line)
        }
    }

    /// The shell got the signal's status, the one line at column 0, sane
    /// modes; the pad's screen is gone and Swift's interactive backtracer never ran.
    private func assertEnded(_ session: TmuxSession, status: Int, line expected: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        try session.waitFor("the shell after the crash", file: file, line: line) { $0.contains("EXIT=") }
        // Joined: the line naming a long path wraps in 100 columns.
        let screen = try session.tmux(["capture-pane", "-p", "-J", "-t", "0", "-S", "-"])
        XCTAssertTrue(screen.contains("EXIT=\(status)"), screen, file: file, line: line)
        let lines = screen.split(separator: "\n").map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
        XCTAssertEqual(lines.filter { $0.hasPrefix("controlpad crashed") }, [expected],
                       "one line, at column 0, names the report:\n\(screen)", file: file, line: line)
        XCTAssertFalse(screen.contains("Program crashed"), screen, file: file, line: line)
        XCTAssertFalse(screen.contains("Press space to interact"), screen, file: file, line: line)
        XCTAssertFalse(screen.contains("Current ·"), "the pad's screen is gone, nothing drawn over the line:\n\(screen)",
                       file: file, line: line)
    }

    /// Ctrl-Z in an interactive shell gives the shell its terminal back;
    /// `fg` brings the whole frame back and the next → moves the show. Run
    /// as a tmux command (no job control), Ctrl-Z changes nothing and
    /// loses no key.
    func testCtrlZSuspendsAndFgRedrawsWholeAndLosesNoKey() throws {
        let pad = try TmuxSession(command: "bash --norc -i", width: 100, height: 30)
        try pad.send("\(TmuxSession.binary) demo --no-animation --seed 5", "Enter")
        try pad.waitFor(text: "Current · 1/14")
        try pad.send("C-z")
        try pad.waitFor(text: "Stopped")
        XCTAssertFalse(try pad.screen().contains("Current · 1/14"), "the shell has its screen back")
        try pad.send("fg", "Enter")
        try pad.waitFor(text: "Current · 1/14")
        try pad.send("Right")
        try pad.waitFor(text: "Current · 2/14")
        let whole = try pad.screen()
        XCTAssertTrue(whole.contains("Next · 3/14") && whole.contains("? help"), "the whole frame is back:\n\(whole)")
        try pad.send("q", "y")

        let bare = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --seed 5", width: 100, height: 30)
        try bare.waitFor(text: "Current · 1/14")
        try bare.send("C-z")
        try bare.send("Right")
        try bare.waitFor(text: "Current · 2/14")
        try bare.send("q", "y")
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
