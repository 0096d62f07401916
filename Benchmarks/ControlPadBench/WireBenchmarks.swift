import Foundation

/// (h) Key → command on the socket: this binary as `controlpad connect` on
/// a pseudo-terminal, a loopback fake Impress that confirms every step at
/// once, → typed at a steady pace; beside it a bare client (a socket that
/// writes `transition_next`) at the same pace, in the same run.
struct WireBenchmarks {
    var presses: Int

    func keyToWire() throws {
        for pace in [125, 50] {
            let server = try LoopbackImpress()
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("cp-bench-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: state) }
            let pad = try PseudoTerminalProcess(
                binary: PseudoTerminalProcess.controlpad,
                arguments: ["connect", "127.0.0.1:\(server.port)", "--name", "bench", "--pin", "1234", "--no-animation"],
                environment: ["XDG_STATE_HOME": state])
            defer { pad.stop() }
            Thread.sleep(forTimeInterval: 1)  // connect, pair, first frames: not what is measured
            let screen = pad.drain()
            guard screen.contains("1/") else {
                throw BenchmarkError("the pad did not connect to the loopback Impress: \(screen.suffix(200))")
            }
            // → as xterm sends it in keypad mode (kcuf1).
            let padLatencies = typed(presses, every: pace, server: server) { pad.type("\u{1B}OC"); pad.drain() }

            let bare = try LoopbackImpress()
            let fd = try LoopbackImpress.bareClient(port: bare.port)
            defer { close(fd) }
            Thread.sleep(forTimeInterval: 0.2)
            let bareLatencies = typed(presses, every: pace, server: bare) { LoopbackImpress.send(fd, "transition_next\n\n") }

            func figures(_ l: [Double]) -> String {
                l.isEmpty ? "no command arrived" : "p50 \(ms(percentile(l, 0.5))) ms, p99 \(ms(percentile(l, 0.99))) ms (n=\(l.count))"
            }
            let ratio = padLatencies.isEmpty || bareLatencies.isEmpty
                ? 99 : percentile(padLatencies, 0.5) / max(0.001, percentile(bareLatencies, 0.5))
            let book = BudgetBook.current
            print("(h) key -> command on the socket, presses \(pace) ms apart (\(1000 / pace)/s): pad \(figures(padLatencies));"
                  + " bare client \(figures(bareLatencies)); pad p50 = \(String(format: "%.2f", ratio))x the bare client's"
                  + book.check("wire.ratio", ratio) + book.check("wire.p99", percentile(padLatencies, 0.99))
                  + book.check("wire.lost", Double(presses - padLatencies.count)))
        }
    }

    /// Presses at a steady pace; for each, the time until the server saw a
    /// command (sorted). A press that never arrived is missing.
    private func typed(_ count: Int, every pace: Int, server: LoopbackImpress, press: () -> Void) -> [Double] {
        var pressedAt: [Double] = []
        let before = server.received.count
        let start = monotonicMilliseconds()
        for i in 0..<count {
            sleepUntil(start + Double(i * pace))
            pressedAt.append(monotonicMilliseconds())
            press()
        }
        Thread.sleep(forTimeInterval: 0.5)
        let arrivals = server.received.dropFirst(before).map(\.at)
        return zip(pressedAt, arrivals).map { $1 - $0 }.sorted()
    }
}
