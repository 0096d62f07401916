import FakePeerSupport
import Foundation
import XCTest

/// The built `controlpad` as a plain child process (no terminal): for the
/// subcommands scripts call, `send` and `watch`. Output goes to files the
/// test reads; nothing is left running after the test.
final class ControlpadProcess {
    let stdoutPath: String
    let stderrPath: String
    private let process: ChildProcess

    var pid: pid_t { process.pid }

    /// Starts `controlpad ARGS` (or `executable`) with `environment` added.
    init(_ arguments: [String], environment: [String: String] = [:], executable: String = BuiltBinary.path) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cp-run-\(UUID().uuidString.prefix(8))").path
        stdoutPath = base + ".out"
        stderrPath = base + ".err"
        process = try ChildProcess([executable] + arguments,
                                   environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                   output: stdoutPath, errors: stderrPath)
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(atPath: stdoutPath)
        try? FileManager.default.removeItem(atPath: stderrPath)
    }

    /// Runs to the end (killed after `timeout` s, failing the test).
    /// A bash line as a user types it (LANG=C.UTF-8): its status and output.
    static func shell(_ script: String, timeout: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line)
        throws -> (status: Int32, out: String, err: String) {
        let process = try ControlpadProcess(["-c", script], environment: ["LANG": "C.UTF-8"], executable: "/bin/bash")
        let status = try process.wait(timeout: timeout, file: file, line: line)
        return (status, process.stdout, process.stderr)
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 30,
                    file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, out: String, err: String) {
        let process = try ControlpadProcess(arguments, environment: environment)
        let status = try process.wait(timeout: timeout, file: file, line: line)
        return (status, process.stdout, process.stderr)
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// The exit status once it has ended (128 + the signal for one killed by it), else nil.
    var exitStatus: Int32? { process.exitStatus }

    /// Waits for the end; kills it and fails after `timeout` seconds.
    func wait(timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) throws -> Int32 {
        if let status = Deadline(in: timeout).poll(every: 0.02, { process.exitStatus }) { return status }
        process.stop()
        XCTFail("controlpad did not end within \(timeout) s; stdout:\n\(stdout)\nstderr:\n\(stderr)", file: file, line: line)
        throw E2EError.make("timed out", domain: "controlpad")
    }

    /// Polls stdout until `condition` holds, failing after `timeout` seconds.
    @discardableResult
    func waitForOutput(_ what: String, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
                       _ condition: ([String]) -> Bool) throws -> [String] {
        try Deadline.waitFor(what, timeout: timeout, every: 0.03, lastSeen: { "stdout:\n\(stdout)\nstderr:\n\(stderr)" },
                             file: file, line: line) {
            let lines = stdoutLines
            return condition(lines) ? lines : nil
        }
    }
}
