import SlideModel

/// `controlpad report` in the terminal: the sections' table (planned, each
/// run, over or under), a bar chart of planned against each run per
/// section, the longest slides and those that moved most, and each run's
/// total against the talk's length. Colour only where asked (none under
/// NO_COLOR or when not a terminal); ASCII bars and marks where the locale
/// is not UTF-8 (LANG=C).
package struct ReportText {
    package var color: Bool
    package var unicode: Bool
    /// The columns the chart may take.
    package var width: Int

    package init(color: Bool, unicode: Bool, width: Int = 80) {
        self.color = color
        self.unicode = unicode
        self.width = max(40, min(200, width))
    }

    /// Each run's colour (SGR), the plan's grey first.
    private static let runColors = ["36", "35", "34", "33", "32"]

    package func render(_ report: TalkReport) -> String {
        var out: [String] = []
        let runs = report.runs
        out.append(bold("Where the time went") + ": \(runs.count) run\(runs.count == 1 ? "" : "s")")
        for (i, run) in runs.enumerated() {
            out.append("  " + pad(label(i, runs.count), 6) + " " + DisplayWidth.truncate(run.name, to: width - 20) + " (" + minutes(run.total) + ")")
        }
        out.append("")
        out += table(report)
        if !report.sections.isEmpty {
            out.append("")
            out += chart(report)
        }
        let longest = report.longest(5)
        if !longest.isEmpty {
            out.append("")
            out.append(bold("Longest slides") + " (\(label(runs.count - 1, runs.count))):")
            for row in longest { out.append("  " + slideName(row) + "  " + minutes((row.actual.last ?? nil) ?? .zero)) }
        }
        let moved = report.movedMost(5)
        if runs.count >= 2, !moved.isEmpty {
            out.append("")
            out.append(bold("Moved most") + " (\(label(runs.count - 2, runs.count)) → \(label(runs.count - 1, runs.count))):")
            for row in moved {
                let change = row.change ?? .zero
                let before = row.actual[row.actual.count - 2] ?? .zero
                let after = row.actual[row.actual.count - 1] ?? .zero
                out.append("  " + slideName(row) + "  " + minutes(before) + " → " + minutes(after) + "  "
                           + paint(signed(change), change > .zero ? "31" : "32"))
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// "Run 1", "Run 2", …, the last "Talk" when there are several.
    package static func label(_ index: Int, _ count: Int) -> String {
        count > 1 && index == count - 1 ? "Talk" : "Run \(index + 1)"
    }

    private func label(_ index: Int, _ count: Int) -> String { Self.label(index, count) }

    private func table(_ report: TalkReport) -> [String] {
        let runs = report.runs
        let nameWidth = min(28, max(8, (report.sections.map { DisplayWidth.of($0.name) } + [5]).max() ?? 8))
        var header = pad("Section", nameWidth) + "  " + lpad("Planned", 7)
        for i in runs.indices { header += "  " + lpad(label(i, runs.count), 7) }
        header += "  Over/under"
        var lines = [bold(header)]
        for row in report.sections {
            var line = pad(DisplayWidth.truncate(row.name, to: nameWidth), nameWidth) + "  " + lpad(row.planned.map(minutes) ?? "—", 7)
            for actual in row.actual { line += "  " + lpad(actual.map(minutes) ?? "—", 7) }
            line += "  " + overWords(row.overrun)
            lines.append(line)
        }
        var total = pad("Total", nameWidth) + "  " + lpad((report.length ?? report.plannedTotal).map(minutes) ?? "—", 7)
        for run in runs { total += "  " + lpad(minutes(run.total), 7) }
        let plan = report.length ?? report.plannedTotal
        total += "  " + overWords(plan.map { (runs.last?.total ?? .zero) - $0 })
        lines.append(bold(total))
        return lines
    }

    /// Planned against each run, per section, on one scale.
    private func chart(_ report: TalkReport) -> [String] {
        let runs = report.runs
        let longest = report.sections.flatMap { [$0.planned] + $0.actual }.compactMap { $0 }.max() ?? .zero
        let nameWidth = min(20, max(8, (report.sections.map { DisplayWidth.of($0.name) }).max() ?? 8))
        let labelWidth = max(7, (runs.indices.map { label($0, runs.count).count } + [7]).max()!)
        let room = max(10, width - nameWidth - labelWidth - 10)
        let full = unicode ? "█" : "#"
        let planGlyph = unicode ? "░" : "="
        var lines = [bold("Planned against actual, per section") + " (" + planGlyph + " planned, " + full + " each run; "
                     + (unicode ? "⚑" : "!") + " over its plan)"]
        func bar(_ length: Duration?, glyph: String) -> String {
            guard let length, longest > .zero else { return "" }
            let cells = Int((Double(length.wholeMs) / Double(longest.wholeMs) * Double(room)).rounded())
            return String(repeating: glyph, count: max(length > .zero ? 1 : 0, cells))
        }
        for row in report.sections {
            let name = pad(DisplayWidth.truncate(row.name, to: nameWidth), nameWidth)
            lines.append(name + " " + pad("planned", labelWidth) + " " + paint(bar(row.planned, glyph: planGlyph), "90")
                         + " " + (row.planned.map(minutes) ?? "—"))
            for (i, actual) in row.actual.enumerated() {
                let over = row.planned.map { (actual ?? .zero) - $0 >= .seconds(1) } ?? false  // as the table's "over": a whole second
                let colour = i == runs.count - 1 ? (over ? "31" : "32") : Self.runColors[i % Self.runColors.count]
                lines.append(String(repeating: " ", count: nameWidth) + " " + pad(label(i, runs.count), labelWidth) + " "
                             + paint(bar(actual, glyph: full), colour) + " " + (actual.map(minutes) ?? "—")
                             + (over ? " " + (unicode ? "⚑" : "!") : ""))
            }
        }
        return lines
    }

    private func slideName(_ row: TalkReport.SlideRow) -> String {
        "slide \(row.slide)" + (row.title.map { " " + (unicode ? "“" : "\"") + DisplayWidth.truncate($0, to: 40) + (unicode ? "”" : "\"") } ?? "")
    }

    private func overWords(_ over: Duration?) -> String {
        guard let over else { return "—" }
        if over.wholeMs / 1000 == 0 { return "on plan" }
        return over > .zero ? paint("+" + minutes(over) + " over", "31") : paint("-" + minutes(.zero - over) + " under", "32")
    }

    private func signed(_ d: Duration) -> String { d < .zero ? "-" + minutes(.zero - d) : "+" + minutes(d) }
    private func minutes(_ d: Duration) -> String { PaceReading.minutes(d) }
    private func bold(_ text: String) -> String { color ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
    private func paint(_ text: String, _ sgr: String) -> String { color && !text.isEmpty ? "\u{1B}[" + sgr + "m" + text + "\u{1B}[0m" : text }
    private func pad(_ text: String, _ n: Int) -> String { text + String(repeating: " ", count: max(0, n - DisplayWidth.of(text))) }
    private func lpad(_ text: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - DisplayWidth.of(text))) + text }
}
