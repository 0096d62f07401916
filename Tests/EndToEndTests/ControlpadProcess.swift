import Foundation
import XCTest

/// The built `controlpad` as a plain child process (no terminal): for the
/// subcommands scripts call, `send` and `watch`. Output goes to files the
/// test reads; nothing is left running after the test.
final class ControlpadProcess {
    let pid: pid_t
    let stdoutPath: String
    let stderrPath: String
    private var status: Int32?

    /// Starts `controlpad ARGS` (or `executable`) with `environment` added.
    init(_ arguments: [String], environment: [String: String] = [:], executable: String = TmuxSession.binary) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cp-run-\(UUID().uuidString.prefix(8))").path
        stdoutPath = base + ".out"
        stderrPath = base + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let argv = [executable] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, &cArgs, &cEnv)
        guard spawned == 0 else {
            throw NSError(domain: "controlpad", code: Int(spawned),
                          userInfo: [NSLocalizedDescriptionKey: "could not start \(executable): \(String(cString: strerror(spawned)))"])
        }
        pid = child
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var s: Int32 = 0
            waitpid(pid, &s, 0)
        }
        try? FileManager.default.removeItem(atPath: stdoutPath)
        try? FileManager.default.removeItem(atPath: stderrPath)
    }

    /// Runs to the end (killed after `timeout` s, failing the test).
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 30,
                    file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, out: String, err: String) {
        let process = try ControlpadProcess(arguments, environment: environment)
        let status = try process.wait(timeout: timeout, file: file, line: line)
        return (status, process.stdout, process.stderr)
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// The exit status once it has ended, else nil.
    var exitStatus: Int32? {
        if status == nil {
            var s: Int32 = 0
            if waitpid(pid, &s, WNOHANG) == pid { status = Self.decode(s) }
        }
        return status
    }

    /// Waits for the end; kills it and fails after `timeout` seconds.
    func wait(timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = exitStatus { return status }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        var s: Int32 = 0
        waitpid(pid, &s, 0)
        status = Self.decode(s)
        XCTFail("controlpad did not end within \(timeout) s; stdout:\n\(stdout)\nstderr:\n\(stderr)", file: file, line: line)
        throw NSError(domain: "controlpad", code: 1, userInfo: [NSLocalizedDescriptionKey: "timed out"])
    }

    /// Polls stdout until `condition` holds, failing after `timeout` seconds.
    @discardableResult
    func waitForOutput(_ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
                       _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let lines = stdoutLines
            if condition(lines) { return lines }
            usleep(30_000)
        } while Date() < deadline
        XCTFail("timed out waiting for \(what); stdout:\n\(stdout)\nstderr:\n\(stderr)", file: file, line: line)
        throw NSError(domain: "controlpad", code: 2, userInfo: [NSLocalizedDescriptionKey: "timed out: \(what)"])
    }

    /// 128 + signal for a process killed by one, as a shell says.
    private static func decode(_ s: Int32) -> Int32 {
        (s & 0x7F) == 0 ? (s >> 8) & 0xFF : 128 + (s & 0x7F)
    }
}
