import Foundation

/// tools/fake-pdfpc/fake_pdfpc.py as a child process: a scriptable fake
/// pdfpc REST server on 127.0.0.1 (a free port). The test steers it by
/// writing control lines to its stdin and reads, from its JSON-lines log,
/// what the pad asked it.
package final class FakePdfpcProcess {
    package static let password = "controlpad-test"
    private let server: FakeServerScript
    package var port: Int { server.port }
    package var directory: URL { server.directory }
    package var logPath: String { server.logPath }

    /// Starts the fake and waits until it listens (on `port`, or a free one).
    package init(slides: Int = 5, password: String = FakePdfpcProcess.password, port: Int = 0) throws {
        server = try FakeServerScript(name: "fake pdfpc", script: FakeServerScript.toolPath("fake-pdfpc/fake_pdfpc.py"),
                                      arguments: ["--slides", "\(slides)", "--password", password, "--port", "\(port)"])
    }

    package var address: String { "pdfpc://127.0.0.1:\(port)" }

    /// One control line (see the script's header): `slide 2`, `forget`, `stall 6000` …
    /// It returns once the fake has taken it, so what the test does next meets it.
    package func send(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) {
        sent += 1
        server.send(line)
        guard line != "quit" else { return }
        let count = sent
        _ = try? waitFor("it took \"\(line)\"", file: file, line: lineNumber) { fake in
            fake.server.entries.filter { $0["event"] as? String == "done" }.count >= count ? true : nil
        }
    }
    private var sent = 0

    package func stop() { server.stop() }

    package var requests: [[String: Any]] { server.entries.filter { $0["event"] as? String == "request" } }

    /// The control actions pdfpc was sent, as "next", "gotoPage 6", … in order.
    package var actions: [String] {
        requests.compactMap { r in
            guard let action = r["action"] as? String else { return nil }
            return (r["argument"] as? String).map { "\(action) \($0)" } ?? action
        }
    }

    /// The paths asked, in order.
    package var paths: [String] { requests.compactMap { $0["path"] as? String } }

    /// Polls the log until `condition` gives a value, failing after `timeout`.
    @discardableResult
    package func waitFor<T>(_ what: String, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
                    _ condition: (FakePdfpcProcess) -> T?) throws -> T {
        try server.waitFor(what, timeout: timeout, file: file, line: line) { condition(self) }
    }
}
