import Foundation

/// tools/fake-impress/fake_impress.py as a child process: a scriptable fake
/// LibreOffice Impress on 127.0.0.1 (a free port). The test steers it by
/// writing control lines to its stdin and reads, from its JSON-lines log,
/// what the pad sent it.
package final class FakeImpressProcess {
    private let server: FakeServerScript
    package var port: Int { server.port }
    package var directory: URL { server.directory }
    package var logPath: String { server.logPath }

    /// Starts the fake and waits until it listens.
    /// - Parameters:
    ///   - pairing: how pair requests are answered: paired, validate or silent.
    ///   - show: whether a show runs from the start.
    ///   - trickleMs: time between two slides' previews (LibreOffice: ~50 ms).
    /// `firstMs` and `gapsMs` pace the stream as a heavy deck on a busy
    /// machine does: the first preview late, then uneven gaps in turn.
    package init(pairing: String = "paired", show: Bool = false, slides: Int = 5, trickleMs: Int = 50,
         firstMs: Int? = nil, gapsMs: [Int] = [], replay: String? = nil, flags: [String] = []) throws {
        var arguments: [String] = ["--pairing", pairing, "--slides", "\(slides)", "--trickle-ms", "\(trickleMs)"]
        if show { arguments.append("--show") }
        if let firstMs { arguments += ["--first-ms", "\(firstMs)"] }
        if !gapsMs.isEmpty { arguments += ["--gaps-ms", gapsMs.map(String.init).joined(separator: ",")] }
        if let replay { arguments += ["--replay", replay] }
        arguments += flags
        server = try FakeServerScript(name: "fake Impress", script: FakeServerScript.toolPath("fake-impress/fake_impress.py"),
                                      arguments: arguments)
    }

    /// One control line (see the script's header): `slide 2`, `drop`, `accept` …
    package func send(_ line: String) { server.send(line) }

    /// Ends the fake (quit, then SIGKILL if it does not go within 3 s).
    package func stop() { server.stop() }

    /// Every log entry so far.
    package var entries: [[String: Any]] { server.entries }

    /// The messages the pad sent whose first line is `name`, in order.
    package func received(_ name: String) -> [[String]] {
        entries.compactMap { entry in
            guard entry["event"] as? String == "received", let lines = entry["lines"] as? [String],
                  lines.first == name else { return nil }
            return lines
        }
    }

    /// Pair requests as the fake saw them: (client name, PIN).
    package var pairRequests: [(name: String, pin: String)] {
        entries.compactMap { entry in
            guard entry["event"] as? String == "pair", let name = entry["name"] as? String,
                  let pin = entry["pin"] as? String else { return nil }
            return (name, pin)
        }
    }

    /// How many connections the fake accepted.
    package var acceptedCount: Int { entries.filter { $0["event"] as? String == "accepted" }.count }

    /// Polls the log until `name` has been received `count` times.
    @discardableResult
    package func waitForReceived(_ name: String, count: Int = 1, timeout: TimeInterval = 30,
                         file: StaticString = #filePath, line: UInt = #line) throws -> [[String]] {
        try waitFor("\(count) × \(name)", timeout: timeout, file: file, line: line) {
            let got = $0.received(name)
            return got.count >= count ? got : nil
        }
    }

    /// Polls until `condition` gives a value, failing after `timeout`.
    package func waitFor<T>(_ what: String, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
                    _ condition: (FakeImpressProcess) -> T?) throws -> T {
        try server.waitFor(what, timeout: timeout, file: file, line: line) { condition(self) }
    }
}
