import Foundation

/// (i) Quick presses on the real show: LibreOffice Impress on 127.0.0.1
/// (`scripts/real-show-bench.sh` starts it with a 60-slide deck). First a
/// bare client finds the fastest pace at which the show loses no step; then
/// this binary, as `controlpad connect` on a pseudo-terminal, gets bursts of
/// → and a held →, while the bare client watches where the show stands.
struct RealShowBenchmarks {
    var port: Int
    var name: String
    var pin: String
    var runs: Int
    /// → as a terminal sends it; bursts are typed this far apart (about a
    /// keyboard's repeat rate: faster than anyone taps).
    static let right = "\u{1B}OC"
    static let burstSpacing = 30.0
    /// A held key: the press, then repeats after the usual delay and rate.
    static let repeatDelay = 500.0, repeatEvery = 40.0, holdFor = 2000.0

    func run() throws {
        let observer = try BareImpressClient(port: port, name: name, pin: pin)
        let slides = try observer.runningShow()
        let holdPresses = 1 + Int((Self.holdFor - Self.repeatDelay) / Self.repeatEvery)
        guard slides > holdPresses + 2 else {
            throw BenchmarkError("the show has \(slides) slides; a held → needs \(holdPresses + 3) (scripts/real-show-bench.sh starts a 60-slide deck)")
        }
        print("(i) the real show, \(slides) slides, LibreOffice on 127.0.0.1:\(port); \(runs) runs each")

        // The bare client: the fastest pace at which five steps all land.
        var lossless: (pace: Double, times: [Int: [Double]])?
        for pace in [10.0, 15, 20, 25, 30, 40, 50, 60, 80] {
            var times: [Int: [Double]] = [:], clean = true
            for burst in [5, 20] {
                for _ in 0..<runs where clean {
                    let result = try bareBurst(observer, presses: burst, every: pace)
                    if let t = result.time { times[burst, default: []].append(t) } else { clean = false }
                    print("    bare client, \(burst) transition_next \(Int(pace)) ms apart: \(result.summary)")
                }
            }
            if clean { lossless = (pace, times); break }
        }
        guard let lossless else { throw BenchmarkError("the bare client lost steps at every pace up to 80 ms") }
        print("    bare client's fastest lossless pace: \(Int(lossless.pace)) ms apart")

        // The pad.
        let pad = try PseudoTerminalProcess.pad(connectingTo: port, name: name, pin: pin)
        defer { pad.stop() }
        let screen = PseudoTerminalRecorder(pad)
        guard screen.waitFor("/\(slides)", seconds: 10) else {
            throw BenchmarkError("the pad did not show the running show within 10 s")
        }
        for burst in [5, 20] {
            var times: [Double] = [], feedback: [Double] = [], faults: [String] = []
            for _ in 0..<runs {
                let result = try padPresses(pad, screen, observer, at: (0..<burst).map { Double($0) * Self.burstSpacing })
                if let t = result.time { times.append(t) } else { faults.append(result.summary) }
                if let f = result.feedback { feedback.append(f) }
            }
            let bare = lossless.times[burst] ?? []
            let ratio = times.isEmpty || bare.isEmpty ? nil : percentile(times.sorted(), 0.5) / percentile(bare.sorted(), 0.5)
            print("(i) \(burst) quick → (\(Int(Self.burstSpacing)) ms apart), first press → the show stands on slide \(burst + 1): "
                  + "pad \(list(times)) ms, bare client at its lossless pace \(list(bare)) ms"
                  + (ratio.map { String(format: " = %.2fx", $0) } ?? "")
                  + (faults.isEmpty ? "; none lost, no overshoot" : "; \(faults.joined(separator: "; "))")
                  + (burst == 5 ? BudgetBook.current.check("show.burst", faults.isEmpty ? ratio ?? 99 : 99) : ""))
            print("    key → first feedback on screen (→ 2/\(slides) drawn): \(list(feedback)) ms"
                  + BudgetBook.current.check("show.feedback", feedback.max() ?? 99))
        }

        // → held for two seconds.
        let holdAt = [0.0] + (1..<holdPresses).map { Self.repeatDelay + Double($0 - 1) * Self.repeatEvery }
        for _ in 0..<runs {
            let result = try padPresses(pad, screen, observer, at: holdAt)
            let release = holdAt.last!
            let after = result.moves.filter { $0.at - result.start > release }
            let lastMove = (after.last?.at ?? (result.start + release)) - result.start - release
            print("(i) → held \(Int(Self.holdFor)) ms (\(holdPresses) presses: repeat after \(Int(Self.repeatDelay)) ms, every \(Int(Self.repeatEvery)) ms): "
                  + "\(result.summary); after the release the show moved \(after.count) time(s), the last \(String(format: "%.0f", lastMove)) ms after it"
                  + " (one step: \(Int(lossless.pace)) ms)" + BudgetBook.current.check("show.hold", result.time == nil ? 99 : lastMove / lossless.pace))
        }
    }

    struct Result {
        var start: Double
        var target: Int
        var landed: Int?
        /// First press → the show stood on `target` for good; nil when it did not.
        var time: Double?
        var feedback: Double?
        var moves: [(at: Double, slide: Int)]

        var summary: String {
            guard let landed else { return "the show reported nothing" }
            if landed == target { return "landed on slide \(target + 1) in \(String(format: "%.0f", time ?? -1)) ms" }
            return landed < target ? "LOST \(target - landed) of the presses (stood on \(landed + 1), not \(target + 1))"
                : "OVERSHOT by \(landed - target) (stood on \(landed + 1), not \(target + 1))"
        }
    }

    private func bareBurst(_ observer: BareImpressClient, presses: Int, every pace: Double) throws -> Result {
        try observer.reset(to: 0)
        let start = monotonicMilliseconds()
        for i in 0..<presses {
            sleepUntil(start + Double(i) * pace)
            observer.send(["transition_next"])
        }
        return outcome(observer, start: start, target: presses, feedback: nil)
    }

    /// Types → at the given offsets (ms from the first) while the show stands on slide 1.
    private func padPresses(_ pad: PseudoTerminalProcess, _ screen: PseudoTerminalRecorder, _ observer: BareImpressClient,
                            at offsets: [Double]) throws -> Result {
        try observer.reset(to: 0)  // the pad hears the same slide_updated, and the settle is ample
        let start = monotonicMilliseconds()
        for offset in offsets {
            sleepUntil(start + offset)
            pad.type(Self.right)
        }
        let feedback = screen.firstOutput(containing: "→", after: start).map { $0 - start }
        return outcome(observer, start: start, target: offsets.count, feedback: feedback)
    }

    private func outcome(_ observer: BareImpressClient, start: Double, target: Int, feedback: Double?) -> Result {
        let landed = observer.settled()
        let moves = observer.moves(since: start)
        // When the show reached the target for good: the first report of it
        // after the last report of any other slide.
        let lastOther = moves.lastIndex { $0.slide != target }
        let arrival = moves[(lastOther.map { $0 + 1 } ?? 0)...].first?.at
        return Result(start: start, target: target, landed: landed, time: landed == target ? arrival.map { $0 - start } : nil,
                      feedback: feedback, moves: moves)
    }

    private func list(_ values: [Double]) -> String {
        values.isEmpty ? "–" : values.map { String(format: $0 < 10 ? "%.1f" : "%.0f", $0) }.joined(separator: ", ")
    }
}

/// Everything a pseudo-terminal printed, with when (on the benchmark's
/// clock), read on a thread of its own so typing never waits for it.
final class PseudoTerminalRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [(at: Double, bytes: [UInt8])] = []

    init(_ pad: PseudoTerminalProcess) {
        let master = pad.master
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, 1000) >= 0 else { return }
                guard pfd.revents != 0 else { continue }
                let n = read(master, &buffer, buffer.count)
                guard n > 0 else { return }
                let at = monotonicMilliseconds()
                lock.withLock { chunks.append((at, Array(buffer[0..<n]))) }
            }
        }
    }

    /// When the first output after `time` containing `text` arrived.
    func firstOutput(containing text: String, after time: Double, seconds: Double = 2) -> Double? {
        let needle = Array(text.utf8)
        let end = monotonicMilliseconds() + seconds * 1000
        while monotonicMilliseconds() < end {
            let found = lock.withLock { chunks.first { $0.at >= time && $0.bytes.contains(needle) }?.at }
            if let found { return found }
            usleep(2000)
        }
        return nil
    }

    /// Waits until output arriving from now on contains `text`, or anything
    /// printed in the last second does.
    func waitFor(_ text: String, seconds: Double) -> Bool {
        firstOutput(containing: text, after: monotonicMilliseconds() - 1000, seconds: seconds) != nil
    }
}

private extension Array where Element == UInt8 {
    func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { i in self[i..<i + needle.count].elementsEqual(needle) }
    }
}
