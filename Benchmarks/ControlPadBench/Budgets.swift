import Foundation

/// The budgets of docs/BENCHMARKS.md as committed thresholds (`Benchmarks/budgets.json`),
/// and what one run made of them. A figure over a budget marked `fails`
/// (a ratio against a bare client measured in the same run, a byte count, a
/// loss) fails the run; absolute times and memory fail it only when strict,
/// since a shared, noisy machine moves them.
final class BudgetBook {
    struct Budget: Decodable {
        var limit: Double
        var unit: String
        var fails: Bool
        var what: String
    }
    private struct File: Decodable { var budgets: [String: Budget] }

    private let budgets: [String: Budget]
    private let strict: Bool
    private(set) var over: [String] = []

    /// The book of this run (set once by the command, before anything is measured).
    nonisolated(unsafe) static var current = BudgetBook(budgets: [:], strict: false)

    init(budgets: [String: Budget], strict: Bool) {
        self.budgets = budgets
        self.strict = strict
    }

    convenience init(path: String, strict: Bool) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read the budgets file \(path)")
        }
        do {
            self.init(budgets: try JSONDecoder().decode(File.self, from: data).budgets, strict: strict)
        } catch {
            throw BenchmarkError("\(path) is not a budgets file: \(error)")
        }
    }

    /// " · budget < 5 ms: ok" (or OVER, remembered for the verdict), for `value` against budget `id`.
    func check(_ id: String, _ value: Double) -> String {
        guard let budget = budgets[id] else { return " · (no budget \"\(id)\" in the budgets file)" }
        let ok = value <= budget.limit
        if !ok && (budget.fails || strict) { over.append("\(id): \(format(value)) \(budget.unit) > \(format(budget.limit)) (\(budget.what))") }
        let failing = budget.fails ? "" : " (not failing)"
        return " · budget \(id) ≤ \(format(budget.limit)) \(budget.unit): \(ok ? "ok" : "OVER\(failing)")"
    }

    func isCPU(_ id: String) -> Bool { budgets[id]?.unit == "ms CPU" }

    private func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v) }

    /// The run's verdict, printed last.
    var verdict: String {
        over.isEmpty ? "budgets: all within" : "budgets: \(over.count) over\n" + over.map { "  OVER \($0)" }.joined(separator: "\n")
    }
}
