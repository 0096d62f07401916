/// One line of notes as the pane draws it: styled runs, at most the width
/// laid out for (a character wider than the pane is a line by itself).
public struct RichLine: Hashable, Sendable {
    public var runs: [RichRun]
    public init(_ runs: [RichRun]) { self.runs = runs }
    public init(plain text: String) { runs = text.isEmpty ? [] : [RichRun(text)] }
    /// The line's text (what snapshot tests read).
    public var text: String { RichRun.text(of: runs) }

    /// The line cut to `columns`, with "…" where it was cut (as
    /// `DisplayWidth.truncate`), its runs keeping their styles.
    public func truncated(to columns: Int) -> RichLine {
        guard columns > 0 else { return RichLine([]) }
        guard DisplayWidth.of(text) > columns else { return self }
        var out: [RichRun] = []
        var used = 0
        outer: for run in runs {
            var text = ""
            for c in run.text {
                let w = DisplayWidth.of(c)
                if used + w > columns - 1 {
                    if !text.isEmpty { out.append(RichRun(text, run.style)) }
                    break outer
                }
                text.append(c)
                used += w
            }
            out.append(RichRun(text, run.style))
        }
        out.append(RichRun("…"))
        return RichLine(TableLayout.merged(out))
    }
}

/// Notes laid out to a width in display columns: paragraphs and headings
/// wrapped, list items as "• " or "1. " indented two columns a level with
/// their lines under their text, tables as aligned columns (`TableLayout`).
/// Plain text is wrapped by `TextWrap`, as it always was.
public enum RichLayout {
    /// Indent per list level, in columns.
    static let indent = 2

    public static func lines(plain text: String, width: Int) -> [RichLine] {
        TextWrap.lines(text, width: width).map(RichLine.init(plain:))
    }

    public static func lines(_ rich: RichText, width: Int) -> [RichLine] {
        guard width > 0 else { return [] }
        var out: [RichLine] = []
        for block in rich.blocks {
            switch block {
            case .paragraph(let runs), .heading(_, let runs):
                if runs.isEmpty { out.append(RichLine([])); continue }
                out += wrap(runs, width: width, prefix: "")
            case .item(let depth, let marker, let runs):
                let pad = String(repeating: " ", count: min(min(max(0, depth), 64) * indent, width / 2))
                out += wrap(runs, width: width, prefix: pad + RichBlock.markerText(marker))
            case .table(let rows):
                out += TableLayout.lines(rows, width: width)
            }
        }
        return out
    }

    /// `runs` wrapped to `width`, the first line after `prefix` and the
    /// others under its text (when the prefix leaves room: at most half the
    /// width, else lines start at the edge). A line feed is a hard break.
    static func wrap(_ runs: [RichRun], width: Int, prefix: String) -> [RichLine] {
        let glyphs = StyledWrap.glyphs(runs)
        let hang = DisplayWidth.of(prefix)
        let hangs = hang > 0 && hang <= width / 2
        var out: [RichLine] = []
        var first = true
        for segment in glyphs.split(omittingEmptySubsequences: false, whereSeparator: { $0.character == "\n" }) {
            if hangs {
                for line in StyledWrap.wrap(segment, width: width - hang) {
                    out.append(RichLine(TableLayout.merged([RichRun(first ? prefix : String(repeating: " ", count: hang))] + StyledWrap.runs(line))))
                    first = false
                }
            } else {
                let lead = first ? StyledWrap.glyphs([RichRun(prefix)]) : []
                for line in StyledWrap.wrap(lead + segment, width: width) { out.append(RichLine(StyledWrap.runs(line))) }
                first = false
            }
        }
        return out
    }
}
