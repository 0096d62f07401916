import Foundation
import XCTest

/// tools/fake-impress/fake_impress.py as a child process: a scriptable fake
/// LibreOffice Impress on 127.0.0.1 (a free port). The test steers it by
/// writing control lines to its stdin and reads, from its JSON-lines log,
/// what the pad sent it.
final class FakeImpressProcess {
    let port: Int
    let directory: URL
    let logPath: String
    private let pid: pid_t
    private var control: Int32
    private var stopped = false

    static func script(_ file: StaticString = #filePath) -> String {
        URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/fake-impress/fake_impress.py").path
    }

    /// Starts the fake and waits until it listens.
    /// - Parameters:
    ///   - pairing: how pair requests are answered: paired, validate or silent.
    ///   - show: whether a show runs from the start.
    ///   - trickleMs: time between two slides' previews (LibreOffice: ~50 ms).
    init(pairing: String = "paired", show: Bool = false, slides: Int = 5, trickleMs: Int = 50, replay: String? = nil) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cp-fake-impress-\(UUID().uuidString.prefix(8))", isDirectory: true)
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
        let argv = ["python3", Self.script(), "--port-file", portFile, "--log", logPath,
                    "--pairing", pairing, "--slides", "\(slides)", "--trickle-ms", "\(trickleMs)"] + (show ? ["--show"] : [])
            + (replay.map { ["--replay", $0] } ?? [])
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, "python3", &actions, nil, &cArgs, environ)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            throw NSError(domain: "fake-impress", code: Int(spawned),
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
            throw NSError(domain: "fake-impress", code: 1,
                          userInfo: [NSLocalizedDescriptionKey: "the fake Impress did not start listening: \(out)"])
        }
        port = found
    }

    deinit { stop() }

    /// One control line (see the script's header): `slide 2`, `drop`, `accept` …
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

    /// The messages the pad sent whose first line is `name`, in order.
    func received(_ name: String) -> [[String]] {
        entries.compactMap { entry in
            guard entry["event"] as? String == "received", let lines = entry["lines"] as? [String],
                  lines.first == name else { return nil }
            return lines
        }
    }

    /// Pair requests as the fake saw them: (client name, PIN).
    var pairRequests: [(name: String, pin: String)] {
        entries.compactMap { entry in
            guard entry["event"] as? String == "pair", let name = entry["name"] as? String,
                  let pin = entry["pin"] as? String else { return nil }
            return (name, pin)
        }
    }

    /// How many connections the fake accepted.
    var acceptedCount: Int { entries.filter { $0["event"] as? String == "accepted" }.count }

    /// Polls the log until `name` has been received `count` times.
    @discardableResult
    func waitForReceived(_ name: String, count: Int = 1, timeout: TimeInterval = 10,
                         file: StaticString = #filePath, line: UInt = #line) throws -> [[String]] {
        try waitFor("\(count) × \(name)", timeout: timeout, file: file, line: line) {
            let got = $0.received(name)
            return got.count >= count ? got : nil
        }
    }

    /// Polls until `condition` gives a value, failing after `timeout`.
    func waitFor<T>(_ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
                    _ condition: (FakeImpressProcess) -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let value = condition(self) { return value }
            usleep(30_000)
        }
        if let value = condition(self) { return value }
        let tail = entries.suffix(15).map { "\($0)" }.joined(separator: "\n")
        XCTFail("timed out waiting for the fake Impress to see \(what); its log ends:\n\(tail)", file: file, line: line)
        throw NSError(domain: "fake-impress", code: 2, userInfo: [NSLocalizedDescriptionKey: "timed out: \(what)"])
    }
}

/// An end-to-end test against fake Impresses: a temporary XDG_STATE_HOME
/// (the user's own pairing file is never touched), and every fake it
/// started stopped afterwards.
class FakeImpressTestCase: XCTestCase {
    var stateHome: URL!
    var fakes: [FakeImpressProcess] = []

    override func setUpWithError() throws {
        try TmuxSession.requireTools()
        stateHome = FileManager.default.temporaryDirectory
            .appendingPathComponent("cp-state-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
    }

    override func tearDown() {
        fakes.forEach { $0.stop() }
        fakes = []
        try? FileManager.default.removeItem(at: stateHome)
        super.tearDown()
    }
}
