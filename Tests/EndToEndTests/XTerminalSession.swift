import FakePeerSupport
import Foundation
import XCTest

/// A real graphical terminal for end-to-end tests: an Xvfb display of its
/// own (`-displayfd` picks a free number), kitty or xterm on it running the
/// built `controlpad`, keys through XTEST (`xdotool key`), screenshots with
/// `xwd`. Everything started is stopped by its pid when the session ends.
final class XTerminalSession {
    /// `xtermLight`: xterm -ti vt340 in its own default colours, black on white.
    enum Terminal { case kitty, xtermSixel, xtermLight, xtermPlain }

    let display: String
    let directory: URL
    /// The terminal's X window id (empty until it has appeared).
    private(set) var window = ""
    private let home: IsolatedHome
    /// Xvfb first, then the terminal(s): stopped in the reverse order.
    private var children: [ChildProcess] = []

    /// Starts Xvfb, then `terminal` running `command` (a shell line; the
    /// pad's arguments and `--log` included), and waits for its window.
    /// The pad's state and config homes are this session's own unless
    /// `environment` (added to the terminal's) names them.
    init(_ terminal: Terminal, command: String, columns: Int = 140, rows: Int = 42,
         environment extra: [String: String] = [:]) throws {
        try Self.requireTools(terminal)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        home = try IsolatedHome()
        let xvfb = try XvfbServer.start(log: directory.appendingPathComponent("xvfb.log").path)
        display = ":\(xvfb.number)"
        // From here on the session is whole: a throw stops what it started (deinit).
        children.append(xvfb.process)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["LANG"] = "C.UTF-8"
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"  // kitty's OpenGL in software under Xvfb
        // The pad waits for the terminal's answers until they come (5 s at
        // most), not 150 ms: kitty in software on a busy machine answered later.
        environment["CONTROLPAD_PROBE_MS"] = "5000"
        for key in ["TMUX", "NO_COLOR", "COLORTERM", "KITTY_WINDOW_ID", "TERM_PROGRAM"] + IsolatedHome.keys {
            environment[key] = nil
        }
        environment.merge(home.filling(extra)) { $1 }
        let shell = "\(command); echo EXIT=$? > \(directory.path)/exit; sleep 600"
        let argv = try Self.terminalArgv(terminal, shell: shell, columns: columns, rows: rows, directory: directory)
        // On two busy cores a terminal has been seen not to map its window
        // at all: one more start before giving up, with its log in the error.
        let log = directory.appendingPathComponent("terminal.log").path
        var found: String?
        for _ in 1...2 where found == nil {
            let child = try ChildProcess(argv, environment: environment, output: log, appending: true)
            children.append(child)
            found = Deadline(in: 20).poll(every: 0.1) {
                (try? Self.run(["xdotool", "search", "--onlyvisible", "--class", "cp-test"], display: display))?
                    .split(separator: "\n").first.map(String.init)
            }
            if found == nil { child.signal(SIGKILL) }
        }
        guard let found else {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw E2EError.make("the terminal's window did not appear on \(display); its output:\n\(said.suffix(2000))")
        }
        window = found
        // XTEST keys go to the window under the pointer (there is no window manager).
        try Self.run(["xdotool", "mousemove", "--window", window, "20", "20"], display: display)
    }

    deinit {
        for child in children.reversed() { child.stop(SIGTERM) }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func terminalArgv(_ terminal: Terminal, shell: String, columns: Int, rows: Int,
                                     directory: URL) throws -> [String] {
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
            return ["kitty", "--config", config.path, "--class", "cp-test", "sh", "-c", shell]
        case .xtermSixel, .xtermLight, .xtermPlain:
            let (background, foreground) = terminal == .xtermLight ? ("white", "black") : ("black", "white")
            // As vt340 xterm has sixel; as it starts by default (vt100), none.
            return ["xterm"] + (terminal == .xtermPlain ? [] : ["-ti", "vt340"]) + ["-class", "cp-test", "-geometry", "\(columns)x\(rows)", "-bg", background, "-fg", foreground,
                    "-fa", "DejaVu Sans Mono", "-fs", "9", "-xrm", "XTerm*numColorRegisters: 256", "-e", "sh", "-c", shell]
        }
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
        var last: Screenshot?
        return try Deadline.waitFor(what, timeout: timeout, every: 0.1,
                                    lastSeen: { last.map { "last screenshot \($0.width)×\($0.height)" } ?? "no screenshot" },
                                    file: file, line: line) {
            guard let shot = try? screenshot() else { return nil }
            last = shot
            return try condition(shot) ? shot : nil
        }
    }

    /// Waits until the file at `path` (the pad's log) contains `text`.
    func waitForFile(_ path: String, containing text: String, timeout: TimeInterval = 20) throws -> String {
        var content = ""
        let found = Deadline(in: timeout).poll(every: 0.1) { () -> String? in
            content = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return content.contains(text) ? content : nil
        }
        guard let found else { throw E2EError.make("\(path) never said \"\(text)\"; it says:\n\(content)") }
        return found
    }

    /// Every program the session needs: a missing one fails with what to do.
    static func requireTools(_ terminal: Terminal) throws {
        try TmuxSession.requireTools()
        try RequiredTools.require(["Xvfb", "xwd", "xdotool", terminal == .kitty ? "kitty" : "xterm"],
                                  for: "the real-terminal tests", installedBy: "scripts/install-deps.sh installs it")
    }

    /// Runs a short command on `display` and returns its output; fails on a non-zero exit.
    @discardableResult
    static func run(_ argv: [String], display: String) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let (status, text) = try ChildProcess.run(argv, environment: environment)
        guard status == 0 else { throw E2EError.make("\(argv.joined(separator: " ")): \(text)") }
        return text
    }
}
