import Foundation

/// (h) Key → command on the socket. The pad is this benchmark's sibling
/// `controlpad connect` on a pseudo-terminal, against a loopback fake
/// Impress that confirms every step at once; → is typed at a steady pace.
/// Beside it, typed in turn with the pad's presses (so a second in which
/// this shared machine is slow to wake anyone slows all three alike):
/// - the floor the budget is measured against: a bare client behind a
///   pseudo-terminal too (`TerminalBareClient`), so both pay the same
///   terminal and wake-up and the ratio is what the pad adds;
/// - for reference, a socket written straight from this process, with no
///   terminal and no wake-up at all (not a key press any user can make).
struct WireBenchmarks {
    var presses: Int

    /// One side of the comparison: what a press is, and where it lands.
    private struct Target {
        let server: LoopbackImpress
        let press: () -> Void
    }

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

            let bareServer = try LoopbackImpress()
            let bare = try PseudoTerminalProcess(binary: PseudoTerminalProcess.benchmark,
                                                 arguments: ["--bare-client", "\(bareServer.port)"])
            defer { bare.stop() }
            _ = PseudoTerminalRecorder(bare)

            let socketServer = try LoopbackImpress()
            let fd = try LoopbackImpress.bareClient(port: socketServer.port)
            defer { close(fd) }
            Thread.sleep(forTimeInterval: 0.5)  // connect, pair, first frames: not what is measured

            // → as xterm sends it in keypad mode (kcuf1).
            let latencies = typed(presses, every: pace, [
                Target(server: server) { pad.type("\u{1B}OC") },
                Target(server: bareServer) { bare.type("\u{1B}OC") },
                Target(server: socketServer) { LoopbackImpress.send(fd, "transition_next\n\n") },
            ])
            let (padLatencies, bareLatencies, socketLatencies) = (latencies[0], latencies[1], latencies[2])

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
                  + " pad p50 = \(String(format: "%.2f", ratio(socketLatencies)))x its"
                  + (Self.wasBusy(socketLatencies) ? Self.busyNote : ""))
        }
    }

    /// The socket's p99 rises from its quiet 0.03–0.08 ms when this shared
    /// machine is slow to run anyone: then every side's p99 rises with it
    /// (the presses are interleaved), and the pad's says little about the pad.
    private static func wasBusy(_ socket: [Double]) -> Bool { !socket.isEmpty && percentile(socket, 0.99) > 0.1 }
    private static let busyNote = "\n    the machine was busy in this run (the socket's p99 is over 0.1 ms, 0.03–0.08 when quiet): every side's p99 rose with it"

    /// `count` presses for each target at a steady pace, the targets in
    /// turn within each period, each press moved by up to a fifth of the
    /// pace (the same moves every run): a hand on a clicker is not locked to
    /// the pad's clock, and presses exactly 125 ms apart would meet the
    /// timer's redraw each second at the same moment every 8th press, or
    /// never. For each target, the time until its server saw a command
    /// (sorted); a press that never arrived is missing.
    private func typed(_ count: Int, every pace: Int, _ targets: [Target]) -> [[Double]] {
        var schedule: [(due: Double, target: Int)] = []
        for i in 0..<count {
            for t in targets.indices {
                let jitter = Double((i &* 7919 &+ t &* 104_729) % 101) / 101 * Double(pace) / 5
                schedule.append((Double(i * pace) + Double(t * pace) / Double(targets.count) + jitter, t))
            }
        }
        schedule.sort { $0.due < $1.due }
        var pressedAt = Array(repeating: [Double](), count: targets.count)
        let before = targets.map { $0.server.received.count }
        let start = monotonicMilliseconds()
        for (due, t) in schedule {
            sleepUntil(start + due)
            pressedAt[t].append(monotonicMilliseconds())
            targets[t].press()
        }
        Thread.sleep(forTimeInterval: 0.5)
        return targets.indices.map { t in
            let arrivals = targets[t].server.received.dropFirst(before[t]).map(\.at)
            return zip(pressedAt[t], arrivals).map { $1 - $0 }.sorted()
        }
    }
}
