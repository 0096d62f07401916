import FakePeerSupport
import Foundation
import XCTest

/// A real terminal for end-to-end tests: the built binary inside tmux, on a
/// socket of its own, typed at with send-keys and read back with capture-pane.
final class TmuxSession {
    let socket: String
    private(set) var width: Int
    private(set) var height: Int
    private let home: IsolatedHome

    static var binary: String { BuiltBinary.path }

    /// Starts `command` (a shell line) in a new tmux server. The shell line
    /// prints `EXIT=<status>` when the program ends and then stays, so the
    /// screen after quitting can be read. The pad's state and config homes
    /// are this session's own unless `environment` names them.
    init(command: String, width: Int = 120, height: Int = 40, environment: [String: String] = [:]) throws {
        try Self.requireTools()
        socket = "cp-e2e-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        home = try IsolatedHome(name: "cp-e2e-home-\(socket)")
        var args = ["new-session", "-d", "-x", "\(width)", "-y", "\(height)",
                    "-e", "TERM=tmux-256color", "-e", "LANG=C.UTF-8"]
        for (k, v) in home.filling(environment) { args += ["-e", "\(k)=\(v)"] }
        args.append("\(command); echo EXIT=$?; sleep 600")
        try tmux(args)
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// The built binary and tmux must be there: a missing one fails the test
    /// with what to do, never skips it.
    static func requireTools() throws {
        try BuiltBinary.require()
        try RequiredTools.require(["tmux"], for: "end-to-end tests",
                                  installedBy: "the README's test command, scripts/test.sh, installs it")
    }

    /// Runs one tmux command on this session's server and returns what it printed.
    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let (status, text) = try ChildProcess.run(["tmux", "-L", socket, "-f", "/dev/null"] + args)
        if status != 0 && args.first != "kill-server" {
            throw E2EError.make("tmux \(args.joined(separator: " ")): \(text)", domain: "tmux", code: Int(status))
        }
        return text
    }

    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "0"] + keys) }

    /// The pane as text; with `colors`, with its colour escapes and the
    /// trailing spaces too (a picture's edge may be spaces in its colour).
    func screen(colors: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "0"] + (colors ? ["-e", "-N"] : []))
    }

    /// Everything the pane printed, scrollback included.
    func history() throws -> String { try tmux(["capture-pane", "-p", "-t", "0", "-S", "-"]) }

    func resize(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        try tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the screen satisfies `condition`, failing after `timeout`
    /// seconds with the last screen in the message.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 30, colors: Bool = false, file: StaticString = #filePath,
                 line: UInt = #line, _ condition: (String) -> Bool) throws -> String {
        var last = ""
        return try Deadline.waitFor(what, timeout: timeout, every: 0.05, lastSeen: { "screen:\n\(last)" },
                                    file: file, line: line) {
            last = try screen(colors: colors)
            return condition(last) ? last : nil
        }
    }

    func waitFor(text: String, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitFor("\"\(text)\"", timeout: timeout, file: file, line: line) { $0.contains(text) }
    }

    /// Quits the pad with q (and y when a running show makes it ask: a slip
    /// must not end a talk) and checks it exited 0; the screen after.
    @discardableResult
    func quit(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try send("q")
        let asked = try waitFor("the pad to exit or ask", file: file, line: line) {
            $0.contains("EXIT=") || $0.contains("Quit ControlPad? y / n")
        }
        if !asked.contains("EXIT=") { try send("y") }
        let after = try waitFor("the pad to exit", file: file, line: line) { $0.contains("EXIT=") }
        XCTAssertTrue(after.contains("EXIT=0"), after, file: file, line: line)
        return after
    }

    /// The last non-empty line: the pad's status line.
    static func statusLine(_ screen: String) -> String {
        screen.split(separator: "\n").last.map(String.init) ?? ""
    }
}
