import Foundation
import XCTest

/// A real graphical terminal for end-to-end tests: an Xvfb display of its
/// own (`-displayfd` picks a free number), kitty or xterm on it running the
/// built `controlpad`, keys through XTEST (`xdotool key`), screenshots with
/// `xwd`. Everything started is stopped by its pid when the session ends.
final class XTerminalSession {
    enum Terminal { case kitty, xtermSixel }

    let display: String
    let directory: URL
    let window: String
    private var pids: [pid_t] = []

    /// Starts Xvfb, then `terminal` running `command` (a shell line; the
    /// pad's arguments and `--log` included), and waits for its window.
    init(_ terminal: Terminal, command: String, columns: Int = 140, rows: Int = 42) throws {
        try Self.requireTools(terminal)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let (xvfb, number) = try Self.startXvfb(log: directory.appendingPathComponent("xvfb.log").path)
        pids.append(xvfb)
        display = ":\(number)"
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["LANG"] = "C.UTF-8"
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"  // kitty's OpenGL in software under Xvfb
        for key in ["TMUX", "NO_COLOR", "COLORTERM", "KITTY_WINDOW_ID", "TERM_PROGRAM"] { environment[key] = nil }
        // The pad's remembered layouts and config: this session's own, as in `TmuxSession`.
        for key in ["XDG_STATE_HOME", "XDG_CONFIG_HOME"] { environment[key] = directory.path }
        let shell = "\(command); echo EXIT=$? > \(directory.path)/exit; sleep 600"
        let argv: [String]
        switch terminal {
        case .kitty:
            let config = directory.appendingPathComponent("kitty.conf")
            try """
            font_size 11
            remember_window_size no
            initial_window_width \(columns)c
            initial_window_height \(rows)c
            update_check_interval 0
            """.write(to: config, atomically: true, encoding: .utf8)
            argv = ["kitty", "--config", config.path, "--class", "cp-test", "sh", "-c", shell]
        case .xtermSixel:
            argv = ["xterm", "-ti", "vt340", "-class", "cp-test", "-geometry", "\(columns)x\(rows)", "-bg", "black", "-fg", "white",
                    "-fa", "DejaVu Sans Mono", "-fs", "9", "-xrm", "XTerm*numColorRegisters: 256", "-e", "sh", "-c", shell]
        }
        // On two busy cores a terminal has been seen not to map its window
        // at all: one more start before giving up, with its log in the error.
        let log = directory.appendingPathComponent("terminal.log").path
        var found = ""
        for _ in 1...2 where found.isEmpty {
            let pid = try Self.spawn(argv, environment: environment, output: log)
            pids.append(pid)
            let deadline = Date().addingTimeInterval(20)
            while found.isEmpty, Date() < deadline {
                found = (try? Self.run(["xdotool", "search", "--onlyvisible", "--class", "cp-test"], display: display))?
                    .split(separator: "\n").first.map(String.init) ?? ""
                if found.isEmpty { usleep(100_000) }
            }
            if found.isEmpty { kill(pid, SIGKILL) }
        }
        window = found
        guard !window.isEmpty else {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw Self.failure("the terminal's window did not appear on \(display); its output:\n\(said.suffix(2000))")
        }
        // XTEST keys go to the window under the pointer (there is no window manager).
        try Self.run(["xdotool", "mousemove", "--window", window, "20", "20"], display: display)
    }

    deinit {
        for pid in pids.reversed() {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Keys as xdotool names them: "Right", "question", "Escape", "f".
    func key(_ names: String...) throws {
        for name in names { try Self.run(["xdotool", "key", name], display: display) }
    }

    func screenshot() throws -> Screenshot {
        let path = directory.appendingPathComponent("shot.xwd").path
        try Self.run(["sh", "-c", "xwd -silent -id \(window) > \(path)"], display: display)
        return try Screenshot(xwd: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Polls screenshots until `condition` holds; fails with `what` after `timeout`.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line,
                 _ condition: (Screenshot) throws -> Bool) throws -> Screenshot {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Screenshot?
        while Date() < deadline {
            if let shot = try? screenshot() {
                last = shot
                if try condition(shot) { return shot }
            }
            usleep(100_000)
        }
        XCTFail("timed out waiting for \(what)", file: file, line: line)
        throw Self.failure("timed out: \(what)\(last.map { " (last screenshot \($0.width)×\($0.height))" } ?? "")")
    }

    /// Waits until the file at `path` (the pad's log) contains `text`.
    func waitForFile(_ path: String, containing text: String, timeout: TimeInterval = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var content = ""
        while Date() < deadline {
            content = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if content.contains(text) { return content }
            usleep(100_000)
        }
        throw Self.failure("\(path) never said \"\(text)\"; it says:\n\(content)")
    }

    static func failure(_ message: String) -> NSError {
        NSError(domain: "x-e2e", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
    }

    /// Every program the session needs: a missing one fails with what to do.
    static func requireTools(_ terminal: Terminal) throws {
        try TmuxSession.requireTools()
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for tool in ["Xvfb", "xwd", "xdotool", terminal == .kitty ? "kitty" : "xterm"]
        where !path.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }) {
            throw failure("\(tool) is needed for the real-terminal tests (scripts/install-deps.sh installs it)")
        }
    }

    /// Xvfb on the first free display; it writes the number it took to a pipe.
    /// `CONTROLPAD_XVFB_DISPLAYS=81,82` keeps it to those numbers (the first
    /// without a lock file or socket: with -displayfd Xvfb writes no lock),
    /// for machines where others run X servers too.
    private static func startXvfb(log: String) throws -> (pid_t, Int) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw failure("pipe failed") }
        defer { close(fds[0]) }
        var display: [String] = []
        if let allowed = ProcessInfo.processInfo.environment["CONTROLPAD_XVFB_DISPLAYS"] {
            let free = allowed.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                .first { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
                    && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") }
            guard let free else { throw failure("no display of \(allowed) is free") }
            display = [":\(free)"]
        }
        let pid = try spawn(["Xvfb"] + display + ["-displayfd", "3", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            environment: ProcessInfo.processInfo.environment, output: log, extraFD: fds[1])
        close(fds[1])
        var text = ""
        var byte: UInt8 = 0
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !text.hasSuffix("\n") {
            guard poll(fd: fds[0], milliseconds: 500) else { continue }
            guard read(fds[0], &byte, 1) == 1 else { break }
            text.append(Character(UnicodeScalar(byte)))
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(pid, SIGTERM)
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw failure("Xvfb did not start\(display.first.map { " on \($0)" } ?? ""): \(said.suffix(1000))")
        }
        return (pid, number)
    }

    private static func poll(fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&entry, 1, milliseconds) > 0
    }

    /// Starts a program with its output to `output`; `extraFD` becomes its fd 3.
    static func spawn(_ argv: [String], environment: [String: String], output: String, extraFD: Int32? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let extraFD { posix_spawn_file_actions_adddup2(&actions, extraFD, 3) }
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, &cEnv)
        guard result == 0 else { throw failure("could not start \(argv[0]): \(String(cString: strerror(result)))") }
        return pid
    }

    /// Runs a short command on `display` and returns its output; fails on a non-zero exit.
    @discardableResult
    static func run(_ argv: [String], display: String) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let pid = try spawn(argv, environment: environment, output: out)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        guard (status >> 8) & 0xFF == 0, status & 0x7F == 0 else { throw failure("\(argv.joined(separator: " ")): \(text)") }
        return text
    }
}
