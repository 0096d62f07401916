import Foundation
import XCTest

/// A fake server script from tools/ (Python) as a child process on
/// 127.0.0.1: started with `--port-file` and `--log` in a fresh directory,
/// steered by control lines on its stdin, read back through its JSON-lines
/// log. The fake Impress and the fake pdfpc are both run through this.
final class FakeServerScript {
    let port: Int
    let directory: URL
    let logPath: String
    private let name: String
    private let pid: pid_t
    private var control: Int32
    private var stopped = false

    /// `tools/<relativePath>` of this repository.
    static func toolPath(_ relativePath: String, _ file: StaticString = #filePath) -> String {
        URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/\(relativePath)").path
    }

    /// Starts `python3 script --port-file … --log … arguments` and waits until it listens.
    init(name: String, script: String, arguments: [String]) throws {
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ["python3", script, "--port-file", portFile, "--log", logPath] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, "python3", &actions, nil, &cArgs, environ)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            throw NSError(domain: name, code: Int(spawned),
                          userInfo: [NSLocalizedDescriptionKey: "could not start python3: \(String(cString: strerror(spawned)))"])
        }
        pid = child
        control = fds[1]

        let deadline = Date().addingTimeInterval(10)
        var found: Int?
        while found == nil && Date() < deadline {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let n = Int(text) {
                found = n
            } else {
                usleep(20_000)
            }
        }
        guard let found else {
            let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            close(fds[1])
            throw NSError(domain: name, code: 1, userInfo: [NSLocalizedDescriptionKey: "the \(name) did not start listening: \(out)"])
        }
        port = found
    }

    deinit { stop() }

    /// One control line (see the script's header).
    func send(_ line: String) {
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
    func stop() {
        guard !stopped else { return }
        send("quit")
        stopped = true
        close(control)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(3)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
    }

    /// Every log entry so far.
    var entries: [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: logPath) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
        }
    }

    /// Polls until `condition` gives a value, failing after `timeout` with the log's end.
    func waitFor<T>(_ what: String, timeout: TimeInterval, file: StaticString, line: UInt, _ condition: () -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let value = condition() { return value }
            usleep(30_000)
        }
        if let value = condition() { return value }
        let tail = entries.suffix(15).map { "\($0)" }.joined(separator: "\n")
        XCTFail("timed out waiting for the \(name) to see \(what); its log ends:\n\(tail)", file: file, line: line)
        throw NSError(domain: name, code: 2, userInfo: [NSLocalizedDescriptionKey: "timed out: \(what)"])
    }
}
