import Foundation
import XCTest

/// tools/fake-pdfpc/fake_pdfpc.py as a child process: a scriptable fake
/// pdfpc REST server on 127.0.0.1 (a free port). The test steers it by
/// writing control lines to its stdin and reads, from its JSON-lines log,
/// what the pad asked it.
final class FakePdfpcProcess {
    let port: Int
    let directory: URL
    let logPath: String
    static let password = "controlpad-test"
    private let pid: pid_t
    private var control: Int32
    private var stopped = false

    static func script(_ file: StaticString = #filePath) -> String {
        URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/fake-pdfpc/fake_pdfpc.py").path
    }

    /// Starts the fake and waits until it listens (on `port`, or a free one).
    init(slides: Int = 5, password: String = FakePdfpcProcess.password, port: Int = 0) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cp-fake-pdfpc-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let portFile = directory.appendingPathComponent("port").path
        logPath = directory.appendingPathComponent("fake.jsonl").path
        let outPath = directory.appendingPathComponent("fake.out").path

        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ["python3", Self.script(), "--port-file", portFile, "--log", logPath, "--slides", "\(slides)",
                    "--password", password, "--port", "\(port)"]
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, "python3", &actions, nil, &cArgs, environ)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            throw NSError(domain: "fake-pdfpc", code: Int(spawned),
                          userInfo: [NSLocalizedDescriptionKey: "could not start python3: \(String(cString: strerror(spawned)))"])
        }
        pid = child
        control = fds[1]
        let deadline = Date().addingTimeInterval(10)
        var found: Int?
        while found == nil && Date() < deadline {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let n = Int(text) { found = n } else { usleep(20_000) }
        }
        guard let found else {
            let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            close(fds[1])
            throw NSError(domain: "fake-pdfpc", code: 1, userInfo: [NSLocalizedDescriptionKey: "the fake pdfpc did not start listening: \(out)"])
        }
        self.port = found
    }

    deinit { stop() }

    var address: String { "pdfpc://127.0.0.1:\(port)" }

    /// One control line (see the script's header): `slide 2`, `forget`, `stall 6000` …
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

    var requests: [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: logPath) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
        }.filter { $0["event"] as? String == "request" }
    }

    /// The control actions pdfpc was sent, as "next", "gotoPage 6", … in order.
    var actions: [String] {
        requests.compactMap { r in
            guard let action = r["action"] as? String else { return nil }
            return (r["argument"] as? String).map { "\(action) \($0)" } ?? action
        }
    }

    /// The paths asked, in order.
    var paths: [String] { requests.compactMap { $0["path"] as? String } }

    /// Polls the log until `condition` gives a value, failing after `timeout`.
    @discardableResult
    func waitFor<T>(_ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
                    _ condition: (FakePdfpcProcess) -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let value = condition(self) { return value }
            usleep(30_000)
        }
        if let value = condition(self) { return value }
        let tail = requests.suffix(12).map { "\($0)" }.joined(separator: "\n")
        XCTFail("timed out waiting for the fake pdfpc to see \(what); its log ends:\n\(tail)", file: file, line: line)
        throw NSError(domain: "fake-pdfpc", code: 2, userInfo: [NSLocalizedDescriptionKey: "timed out: \(what)"])
    }
}
