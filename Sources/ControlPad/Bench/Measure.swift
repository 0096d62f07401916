/// A tiny benchmark harness: run a body many times, report median and p95.
///
/// Run in release (`swift run -c release Benchmarks`): pixel loops are
/// ~25× slower in debug builds, so debug figures say nothing.

/// One measurement's result, in milliseconds per iteration.
struct Measurement {
    var name: String
    var iterations: Int
    var median: Double
    var p95: Double

    var line: String {
        "\(name): median \(ms(median)) ms, p95 \(ms(p95)) ms (n=\(iterations))"
    }

    private func ms(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// Times `body` `iterations` times after a few untimed warm-up runs, prints
/// one line, and returns the figures. Whatever `body` returns is consumed so
/// the optimizer cannot drop the work.
@discardableResult
func measure<T>(name: String, iterations: Int = 500, warmUp: Int = 10, _ body: () throws -> T) rethrows -> Measurement {
    for _ in 0..<warmUp { consume(try body()) }
    let clock = ContinuousClock()
    var samples = [Double]()
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        consume(result)
        samples.append(milliseconds(elapsed))
    }
    samples.sort()
    let result = Measurement(
        name: name, iterations: iterations,
        median: percentile(samples, 0.5), p95: percentile(samples, 0.95))
    print(result.line)
    return result
}

private func milliseconds(_ d: Duration) -> Double {
    let (seconds, attoseconds) = d.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// Nearest-rank percentile of sorted samples.
private func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(sorted.count - 1, max(0, rank))]
}

/// Keeps a value alive as far as the optimizer can tell.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
