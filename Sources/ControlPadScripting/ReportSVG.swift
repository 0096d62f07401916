import SlideModel

/// The report's chart as an SVG picture to share: per section a grey bar
/// for the plan and one bar per run, on one scale, with the times written
/// beside them (readable without the colours).
package enum ReportSVG {
    private static let colors = ["#1f77b4", "#9467bd", "#17becf", "#bcbd22", "#8c564b"]
    private static let planColor = "#b0b0b0"

    package static func render(_ report: TalkReport) -> String {
        let runs = report.runs
        let barHeight = 14, gap = 4, groupGap = 14, left = 190, chartWidth = 420, top = 56
        let perGroup = (runs.count + 1) * (barHeight + gap) + groupGap
        let height = top + max(1, report.sections.count) * perGroup + 40
        let width = left + chartWidth + 90
        let longest = report.sections.flatMap { [$0.planned] + $0.actual }.compactMap { $0 }.max() ?? .seconds(1)
        func w(_ d: Duration) -> Int { max(1, Int((Double(d.wholeMs) / Double(max(1, longest.wholeMs)) * Double(chartWidth)).rounded())) }
        var svg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="DejaVu Sans, sans-serif" font-size="12">
        <title>Where the time went: planned against actual, per section</title>
        <rect x="0" y="0" width="\(width)" height="\(height)" fill="#ffffff"/>
        <text x="10" y="22" font-size="16" font-weight="bold">Where the time went: planned against actual, per section</text>

        """
        // The legend: the plan, then each run.
        var x = 10
        for (i, name) in (["planned"] + runs.indices.map { ReportText.label($0, runs.count) }).enumerated() {
            let fill = i == 0 ? planColor : colors[(i - 1) % colors.count]
            svg += "<rect x=\"\(x)\" y=\"34\" width=\"12\" height=\"12\" fill=\"\(fill)\"/><text x=\"\(x + 16)\" y=\"45\">\(escaped(name))</text>\n"
            x += 24 + 8 * name.count
        }
        for (g, row) in report.sections.enumerated() {
            var y = top + g * perGroup
            svg += "<g class=\"section\" data-name=\"\(escaped(row.name))\">\n"
            svg += "<text x=\"10\" y=\"\(y + barHeight - 2)\" font-weight=\"bold\">\(escaped(String(row.name.prefix(28))))</text>\n"
            let bars: [(String, Duration?, String)] = [("planned", row.planned, planColor)]
                + row.actual.enumerated().map { (ReportText.label($0.offset, runs.count), $0.element, colors[$0.offset % colors.count]) }
            for (label, value, fill) in bars {
                if let value {
                    svg += "<rect class=\"bar\" data-run=\"\(escaped(label))\" data-seconds=\"\(value.wholeMs / 1000)\" x=\"\(left)\" y=\"\(y)\" width=\"\(w(value))\" height=\"\(barHeight)\" fill=\"\(fill)\"/>"
                    let over = label != "planned" && row.planned.map { value - $0 >= .seconds(1) } == true
                    svg += "<text x=\"\(left + w(value) + 6)\" y=\"\(y + barHeight - 2)\">\(PaceReading.minutes(value))\(over ? " over" : "")</text>\n"
                }
                svg += "<text x=\"\(left - 6)\" y=\"\(y + barHeight - 2)\" text-anchor=\"end\" fill=\"#555555\">\(escaped(label))</text>\n"
                y += barHeight + gap
            }
            svg += "</g>\n"
        }
        let totals = runs.enumerated().map { "\(ReportText.label($0.offset, runs.count)) \(PaceReading.minutes($0.element.total))" }
        let plan = (report.length ?? report.plannedTotal).map { "planned \(PaceReading.minutes($0)) · " } ?? ""
        svg += "<text x=\"10\" y=\"\(height - 14)\" fill=\"#333333\">\(escaped("Total: " + plan + totals.joined(separator: " · ")))</text>\n"
        return svg + "</svg>\n"
    }

    /// Text in XML: & < > " ' escaped, control characters left out.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
