/// A table of notes as aligned columns: each column as wide as its widest
/// cell (display columns, so CJK lines up), shrunk to fit the pane (narrow
/// columns keep their width, wide ones share what is left), cells wrapped
/// within their column; columns separated by " │ ", a rule under the header.
enum TableLayout {
    static func lines(_ rows: [RichTableRow], width: Int) -> [RichLine] {
        let columns = rows.map(\.cells.count).max() ?? 0
        guard columns > 0, width > 0 else { return [] }
        // Too narrow for " │ " between every column: "│" alone.
        let separator = width - 3 * (columns - 1) >= columns ? " │ " : "│"
        let rule = separator.count == 3 ? "─┼─" : "┼"
        let available = max(columns, width - separator.count * (columns - 1))
        var natural = Array(repeating: 1, count: columns)
        for row in rows {
            for (c, cell) in row.cells.enumerated() {
                natural[c] = max(natural[c], widestLine(cell))
            }
        }
        let widths = fit(natural, into: available)
        var out: [RichLine] = []
        for row in rows {
            let cells = (0..<columns).map { c in
                c < row.cells.count ? cellLines(row.cells[c], width: widths[c]) : []
            }
            let height = max(1, cells.map(\.count).max() ?? 1)
            for n in 0..<height {
                var runs: [RichRun] = []
                for c in 0..<columns {
                    if c > 0 { runs.append(RichRun(separator)) }
                    let line = n < cells[c].count ? cells[c][n] : []
                    runs += StyledWrap.runs(line)
                    let used = line.reduce(0) { $0 + $1.width }
                    if c < columns - 1, used < widths[c] { runs.append(RichRun(String(repeating: " ", count: widths[c] - used))) }
                }
                out.append(cut(RichLine(merged(runs)), to: width))
            }
            if row.isHeader {
                let line = widths.map { String(repeating: "─", count: $0) }.joined(separator: rule)
                out.append(cut(RichLine(plain: line), to: width))
            }
        }
        return out
    }

    /// Column widths that add up to at most `available`: the narrowest keep
    /// their width, the others share the rest equally (at least 1 each).
    static func fit(_ natural: [Int], into available: Int) -> [Int] {
        guard natural.reduce(0, +) > available else { return natural }
        var widths = natural
        var remaining = available
        let order = natural.indices.sorted { natural[$0] < natural[$1] }
        for (n, c) in order.enumerated() {
            let share = remaining / (natural.count - n)
            widths[c] = max(1, min(natural[c], share))
            remaining = max(0, remaining - widths[c])
        }
        return widths
    }

    private static func widestLine(_ runs: [RichRun]) -> Int {
        RichRun.text(of: runs).split(separator: "\n").map { DisplayWidth.of($0) }.max() ?? 0
    }

    /// A cell's lines within `width`; a character wider than the column is
    /// cut to "…".
    private static func cellLines(_ runs: [RichRun], width: Int) -> [[StyledWrap.Glyph]] {
        let glyphs = StyledWrap.glyphs(runs).map { $0.character == "\n" ? StyledWrap.Glyph(character: " ", style: $0.style, width: 1) : $0 }
        return StyledWrap.wrap(glyphs[...], width: width).map { line in
            line.map { $0.width > width ? StyledWrap.Glyph(character: "…", style: $0.style, width: 1) : $0 }
        }
    }

    /// Runs of one style merged (a cell and its padding).
    static func merged(_ runs: [RichRun]) -> [RichRun] {
        var out: [RichRun] = []
        for run in runs where !run.text.isEmpty {
            if out.last?.style == run.style { out[out.count - 1].text += run.text } else { out.append(run) }
        }
        return out
    }

    static func cut(_ line: RichLine, to width: Int) -> RichLine { line.truncated(to: width) }
}
