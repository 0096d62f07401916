import Foundation

/// (h) Key → command on the socket. The pad is this benchmark's sibling
/// `controlpad connect` on a pseudo-terminal, against a loopback fake
/// Impress that confirms every step at once; → is typed at a steady pace.
/// Beside it, in the same run and at the same pace:
/// - the floor the budget is measured against: a bare client behind a
///   pseudo-terminal too (`TerminalBareClient`), so both pay the same
///   terminal and wake-up and the ratio is what the pad adds;
/// - for reference, a socket written straight from this process, with no
///   terminal and no wake-up at all (not a key press any user can make).
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
            // Read as a terminal would, all the time: a pad blocked on a full pty is not what is measured.
            let screen = PseudoTerminalRecorder(pad)
            guard screen.waitFor("1/", seconds: 5) else { throw BenchmarkError("the pad did not connect to the loopback Impress") }
            Thread.sleep(forTimeInterval: 0.5)  // connect, pair, first frames: not what is measured
            // → as xterm sends it in keypad mode (kcuf1).
            let padLatencies = typed(presses, every: pace, server: server) { pad.type("\u{1B}OC") }

            let bareServer = try LoopbackImpress()
            let bare = try PseudoTerminalProcess(binary: PseudoTerminalProcess.benchmark,
                                                 arguments: ["--bare-client", "\(bareServer.port)"])
            defer { bare.stop() }
            _ = PseudoTerminalRecorder(bare)
            Thread.sleep(forTimeInterval: 0.3)
            let bareLatencies = typed(presses, every: pace, server: bareServer) { bare.type("\u{1B}OC") }

            let socketServer = try LoopbackImpress()
            let fd = try LoopbackImpress.bareClient(port: socketServer.port)
            defer { close(fd) }
            Thread.sleep(forTimeInterval: 0.2)
            let socketLatencies = typed(presses, every: pace, server: socketServer) {
                LoopbackImpress.send(fd, "transition_next\n\n")
            }

            func figures(_ l: [Double]) -> String {
                l.isEmpty ? "no command arrived" : "p50 \(ms(percentile(l, 0.5))) ms, p99 \(ms(percentile(l, 0.99))) ms (n=\(l.count))"
            }
            func ratio(_ base: [Double]) -> Double {
                padLatencies.isEmpty || base.isEmpty ? 99 : percentile(padLatencies, 0.5) / max(0.001, percentile(base, 0.5))
            }
            let book = BudgetBook.current
            print("(h) key -> command on the socket, presses \(pace) ms apart (\(1000 / pace)/s): pad \(figures(padLatencies));"
                  + " bare client behind a terminal \(figures(bareLatencies)); pad p50 = \(String(format: "%.2f", ratio(bareLatencies)))x its"
                  + book.check("wire.ratio", ratio(bareLatencies)) + book.check("wire.p99", percentile(padLatencies, 0.99))
                  + book.check("wire.lost", Double(presses - padLatencies.count)))
            print("    for reference, a socket written from this process (no terminal, no wake-up): \(figures(socketLatencies));"
                  + " pad p50 = \(String(format: "%.2f", ratio(socketLatencies)))x its")
        }
    }

    /// Presses at a steady pace, each moved by up to a fifth of the pace (the
    /// same moves every run): a hand on a clicker is not locked to the pad's
    /// clock, and presses exactly 125 ms apart would meet the timer's
    /// redraw each second at the same moment every 8th press, or never. For
    /// each, the time until the server saw a command (sorted). A press that
    /// never arrived is missing.
    private func typed(_ count: Int, every pace: Int, server: LoopbackImpress, press: () -> Void) -> [Double] {
        var pressedAt: [Double] = []
        let before = server.received.count
        let start = monotonicMilliseconds()
        for i in 0..<count {
            let jitter = Double((i &* 7919) % 101) / 101 * Double(pace) / 5
            sleepUntil(start + Double(i * pace) + jitter)
            pressedAt.append(monotonicMilliseconds())
            press()
        }
        Thread.sleep(forTimeInterval: 0.5)
        let arrivals = server.received.dropFirst(before).map(\.at)
        return zip(pressedAt, arrivals).map { $1 - $0 }.sorted()
    }
}
