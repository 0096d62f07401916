import Foundation

/// A program the end-to-end tests start: argv (looked up on PATH unless it
/// is a path), an environment, stdin from /dev/null or a descriptor, output
/// to files. Spawned and reaped by hand rather than with Foundation's
/// `Process`: a tmux server or a terminal the child forks inherits its
/// descriptors, which makes `Process` wait forever, and the X tests hand
/// Xvfb a pipe as its fd 3.
///
/// It does not stop the program when released: its owner says when, and
/// how (a quit line, SIGTERM, SIGKILL), through `signal` and `stop`.
package final class ChildProcess {
    package enum Input {
        case null
        /// Becomes the child's stdin (e.g. a pipe's read end).
        case descriptor(Int32)
    }

    package let pid: pid_t
    package let argv: [String]
    private var status: Int32?

    /// - Parameters:
    ///   - environment: the child's whole environment; nil passes this process's on.
    ///   - output: the file stdout goes to (created; truncated unless `appending`).
    ///   - errors: the file stderr goes to; nil sends it to `output` too.
    ///   - descriptor3: a descriptor the child gets as its fd 3.
    package init(_ argv: [String], environment: [String: String]? = nil, stdin: Input = .null, output: String,
         errors: String? = nil, appending: Bool = false, descriptor3: Int32? = nil) throws {
        self.argv = argv
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch stdin {
        case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, 0)
        }
        let flags = O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC)
        posix_spawn_file_actions_addopen(&actions, 1, output, flags, 0o600)
        if let errors {
            posix_spawn_file_actions_addopen(&actions, 2, errors, flags, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        if let descriptor3 { posix_spawn_file_actions_adddup2(&actions, descriptor3, 3) }
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = (environment ?? [:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = environment == nil
            ? posix_spawnp(&child, argv[0], &actions, nil, &cArgs, environ)
            : posix_spawnp(&child, argv[0], &actions, nil, &cArgs, &cEnv)
        guard spawned == 0 else {
            throw E2EError.make("could not start \(argv[0]): \(String(cString: strerror(spawned)))", code: Int(spawned))
        }
        pid = child
    }

    /// Runs `argv` to its end; its status and what it printed (stdout and
    /// stderr together, through a temporary file).
    package static func run(_ argv: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cp-run-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = try ChildProcess(argv, environment: environment, output: path).waitForExit()
        return (status, String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self))
    }

    /// The exit status once it has ended (without waiting), else nil.
    package var exitStatus: Int32? {
        if status == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid { status = Self.decode(raw) }
        }
        return status
    }

    /// Waits for the end and gives the exit status.
    @discardableResult
    package func waitForExit() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let decoded = Self.decode(raw)
        status = decoded
        return decoded
    }

    /// Sends `signal` unless it has been reaped (its pid may be another's by then).
    package func signal(_ signal: Int32) {
        if status == nil { kill(pid, signal) }
    }

    /// Sends `signal` and waits for the end.
    @discardableResult
    package func stop(_ signal: Int32 = SIGKILL) -> Int32 {
        self.signal(signal)
        return waitForExit()
    }

    /// The status as a shell gives it: the exit code, or 128 + the signal
    /// that killed it.
    private static func decode(_ raw: Int32) -> Int32 {
        (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }
}
