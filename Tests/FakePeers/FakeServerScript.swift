import Foundation

/// A fake server script from tools/ (Python) as a child process on
/// 127.0.0.1: started with `--port-file` and `--log` in a fresh directory,
/// steered by control lines on its stdin, read back through its JSON-lines
/// log. The fake Impress and the fake pdfpc are both run through this.
/// In the FakePeerSupport target with them, for the end-to-end tests and
/// the in-process ones in ControlPadTests alike.
package final class FakeServerScript {
    package let port: Int
    package let directory: URL
    package let logPath: String
    private let name: String
    private let process: ChildProcess
    private var control: Int32
    private var stopped = false

    /// `tools/<relativePath>` of this repository: the first folder above
    /// this file (Tests/FakePeers) with a Package.swift. `#filePath` is read
    /// here, not taken as a default argument: that would be the caller's
    /// file, in whichever test target calls.
    package static func toolPath(_ relativePath: String) -> String {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/", !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        return root.appendingPathComponent("tools/\(relativePath)").path
    }

    /// Starts `python3 script --port-file … --log … arguments` and waits until it listens.
    package init(name: String, script: String, arguments: [String]) throws {
        self.name = name
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cp-\(name)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let portFile = directory.appendingPathComponent("port").path
        logPath = directory.appendingPathComponent("fake.jsonl").path
        let outPath = directory.appendingPathComponent("fake.out").path

        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // Neither end may leak into tmux servers started later (they would
        // keep the fake's stdin open after the test).
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let argv = ["python3", script, "--port-file", portFile, "--log", logPath] + arguments
        do {
            process = try ChildProcess(argv, stdin: .descriptor(fds[0]), output: outPath)
        } catch {
            close(fds[0])
            close(fds[1])
            throw error
        }
        close(fds[0])
        control = fds[1]

        let listening = Deadline(in: 10).poll(every: 0.02) {
            (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0) }
        }
        guard let listening else {
            let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
            process.stop()
            close(fds[1])
            throw E2EError.make("the \(name) did not start listening: \(out)", domain: name)
        }
        port = listening
    }

    deinit { stop() }

    /// One control line (see the script's header).
    package func send(_ line: String) {
        guard !stopped else { return }
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(control, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Ends the fake (quit, then SIGKILL if it does not go within 3 s).
    package func stop() {
        guard !stopped else { return }
        send("quit")
        stopped = true
        close(control)
        if Deadline(in: 3).poll(every: 0.02, { process.exitStatus }) == nil { process.stop() }
    }

    /// Every log entry so far.
    package var entries: [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: logPath) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
        }
    }

    /// Polls until `condition` gives a value, failing after `timeout` with the log's end.
    package func waitFor<T>(_ what: String, timeout: TimeInterval, file: StaticString, line: UInt, _ condition: () -> T?) throws -> T {
        try Deadline.waitFor("the \(name) to see \(what)", timeout: timeout, every: 0.03,
                             lastSeen: { "its log ends:\n" + entries.suffix(15).map { "\($0)" }.joined(separator: "\n") },
                             file: file, line: line, condition)
    }
}
