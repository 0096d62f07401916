import Foundation

/// A tiny benchmark harness: run a body many times, report median and p95
/// of wall time and of the thread's CPU time, against a budget.
///
/// Run in release (`scripts/bench.sh` builds it so): pixel
/// loops are ~25× slower in debug builds, so debug figures say nothing.

/// One measurement's result, in milliseconds per iteration.
struct Measurement {
    var name: String
    var iterations: Int
    var median: Double
    var p95: Double
    var cpuMedian: Double
    var cpuP95: Double
    /// The budget in `Benchmarks/budgets.json` (wall or CPU p95, as its unit says).
    var budget: String?

    var line: String {
        let cpu = budget.map(BudgetBook.current.isCPU) ?? false
        var text = "\(name): median \(ms(median)) ms, p95 \(ms(p95)) ms"
        if cpu { text += " (CPU median \(ms(cpuMedian)) ms, p95 \(ms(cpuP95)) ms)" }
        text += " (n=\(iterations))"
        if let budget { text += BudgetBook.current.check(budget, cpu ? cpuP95 : p95) }
        return text
    }
}

func ms(_ v: Double) -> String {
    let hundredths = Int((v * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// Times `body` `iterations` times after a few untimed warm-up runs, prints
/// one line, and returns the figures. Whatever `body` returns is kept alive
/// so the optimizer cannot drop the work.
@discardableResult
func measure<T>(name: String, budget: String? = nil, iterations: Int = 500,
                warmUp: Int = 10, _ body: () throws -> T) rethrows -> Measurement {
    for _ in 0..<warmUp { keepAlive(try body()) }
    var wall = [Double](), cpu = [Double]()
    wall.reserveCapacity(iterations)
    cpu.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let (w0, c0) = (monotonicMilliseconds(), threadCPUMilliseconds())
        let result = try body()
        let (w1, c1) = (monotonicMilliseconds(), threadCPUMilliseconds())
        keepAlive(result)
        wall.append(w1 - w0)
        cpu.append(c1 - c0)
    }
    wall.sort()
    cpu.sort()
    let result = Measurement(
        name: name, iterations: iterations,
        median: percentile(wall, 0.5), p95: percentile(wall, 0.95),
        cpuMedian: percentile(cpu, 0.5), cpuP95: percentile(cpu, 0.95),
        budget: budget)
    print(result.line)
    return result
}

func monotonicMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
}

func threadCPUMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
}

/// Nearest-rank percentile of sorted samples.
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(sorted.count - 1, max(0, rank))]
}

/// Keeps a value alive as far as the optimizer can tell.
@inline(never)
func keepAlive<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Sleeps until `due` on the benchmark's clock (`monotonicMilliseconds`).
func sleepUntil(_ due: Double) {
    let wait = due - monotonicMilliseconds()
    if wait > 0 { usleep(useconds_t(wait * 1000)) }
}

/// This process's resident memory, in KiB (/proc/self/status), or -1.
func residentKB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return -1 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

/// "12.3 MB" for a size in KiB.
func megabytes(_ kb: Int) -> String { String(format: "%.1f MB", Double(kb) / 1024) }
