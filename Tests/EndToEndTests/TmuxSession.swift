import Foundation
import XCTest

/// A real terminal for end-to-end tests: the built binary inside tmux, on a
/// socket of its own, typed at with send-keys and read back with capture-pane.
final class TmuxSession {
    let socket: String
    private(set) var width: Int
    private(set) var height: Int

    /// The directory that holds the built `controlpad` (next to the test bundle).
    static var productsDirectory: URL {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent(),
                          Bundle(for: TmuxSession.self).bundleURL.deletingLastPathComponent()]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("controlpad").path) }
            ?? bundle.deletingLastPathComponent()
    }

    static var binary: String { productsDirectory.appendingPathComponent("controlpad").path }

    /// Starts `command` (a shell line) in a new tmux server. The shell line
    /// prints `EXIT=<status>` when the program ends and then stays, so the
    /// screen after quitting can be read.
    init(command: String, width: Int = 120, height: Int = 40, environment: [String: String] = [:]) throws {
        try Self.requireTools()
        socket = "cp-e2e-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        var args = ["new-session", "-d", "-x", "\(width)", "-y", "\(height)",
                    "-e", "TERM=tmux-256color", "-e", "LANG=C.UTF-8"]
        // The pad remembers a server's layout and reads a config file: from a
        // home of this session's own unless the test gives one, so neither
        // the user's files nor another test's choices change what it sees.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cp-e2e-home-\(socket)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        self.home = home
        var environment = environment
        for key in ["XDG_STATE_HOME", "XDG_CONFIG_HOME"] where environment[key] == nil { environment[key] = home.path }
        for (k, v) in environment { args += ["-e", "\(k)=\(v)"] }
        args.append("\(command); echo EXIT=$?; sleep 600")
        try tmux(args)
    }

    private let home: URL

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: home)
    }

    /// The built binary and tmux must be there: a missing one fails the test
    /// with what to do, never skips it.
    static func requireTools() throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw NSError(domain: "e2e", code: 1, userInfo: [NSLocalizedDescriptionKey: "controlpad was not built at \(binary)"])
        }
        let hasTmux = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/tmux") }
        guard hasTmux else {
            throw NSError(domain: "e2e", code: 2, userInfo: [NSLocalizedDescriptionKey:
                "tmux is needed for end-to-end tests (the README's test command, scripts/test.sh, installs it)"])
        }
    }

    /// Runs one tmux command and returns what it printed. Spawned and reaped
    /// by hand: the tmux server that `new-session` forks inherits the
    /// child's descriptors, which makes Foundation's `Process` wait forever.
    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        let argv = ["tmux", "-L", socket, "-f", "/dev/null"] + args
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, &cArgs, environ)
        guard spawned == 0 else {
            throw NSError(domain: "tmux", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "could not start tmux: \(String(cString: strerror(spawned)))"])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let exitCode = (status >> 8) & 0xFF
        if exitCode != 0 && args.first != "kill-server" {
            throw NSError(domain: "tmux", code: Int(exitCode),
                          userInfo: [NSLocalizedDescriptionKey: "tmux \(args.joined(separator: " ")): \(text)"])
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

    /// Waits until the screen satisfies `condition` (polling: this is a real
    /// terminal, there is nothing to inject), failing after `timeout` seconds
    /// with the last screen in the message.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 10, colors: Bool = false, file: StaticString = #filePath,
                 line: UInt = #line, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen(colors: colors)
            if condition(last) { return last }
            usleep(50_000)
        }
        XCTFail("timed out waiting for \(what); screen:\n\(last)", file: file, line: line)
        throw NSError(domain: "tmux", code: 1, userInfo: [NSLocalizedDescriptionKey: "timed out: \(what)"])
    }

    func waitFor(text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitFor("\"\(text)\"", timeout: timeout, file: file, line: line) { $0.contains(text) }
    }

    /// The last non-empty line: the pad's status line.
    static func statusLine(_ screen: String) -> String {
        screen.split(separator: "\n").last.map(String.init) ?? ""
    }
}
