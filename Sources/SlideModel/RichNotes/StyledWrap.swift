/// Wraps styled text to a width in display columns, as `TextWrap` does
/// plain text: at spaces where it can (the space goes), inside a word where
/// it must; and between wide characters (CJK has no spaces: a line of it
/// breaks between any two of its characters, not before the whole run).
enum StyledWrap {
    struct Glyph: Hashable {
        var character: Character
        var style: RunStyle
        var width: Int
    }

    static func glyphs(_ runs: [RichRun]) -> [Glyph] {
        var out: [Glyph] = []
        for run in runs {
            for c in run.text { out.append(Glyph(character: c, style: run.style, width: DisplayWidth.of(c))) }
        }
        return out
    }

    /// `glyphs` (one line, no line feeds) as lines of at most `width`
    /// columns; a glyph wider than `width` is a line by itself.
    static func wrap(_ glyphs: ArraySlice<Glyph>, width: Int) -> [[Glyph]] {
        guard width > 0 else { return [] }
        var lines: [[Glyph]] = []
        var line: [Glyph] = []
        var used = 0
        /// Where the line may break: the end of the line kept, and where the
        /// next one starts (past a space, which goes).
        var lastBreak: (end: Int, next: Int)? = nil
        func newLine() {
            lines.append(line)
            line = []
            used = 0
            lastBreak = nil
        }
        for g in glyphs {
            if used + g.width > width {
                if g.character == " " { newLine(); continue }  // a space at the edge ends the line
                if let b = lastBreak, b.end > 0 {
                    let rest = Array(line[b.next...])
                    line.removeSubrange(b.end...)
                    lines.append(line)
                    line = rest
                    used = rest.reduce(0) { $0 + $1.width }
                    lastBreak = nil
                } else if !line.isEmpty {
                    newLine()
                }
                if used + g.width > width, !line.isEmpty { newLine() }
            }
            if g.character == " " {
                lastBreak = (line.count, line.count + 1)
            } else if g.width == 2, !line.isEmpty {
                lastBreak = (line.count, line.count)
            }
            line.append(g)
            used += g.width
            if g.width == 2 { lastBreak = (line.count, line.count) }
        }
        lines.append(line)
        return lines
    }

    /// Glyphs back into runs of one style each.
    static func runs(_ glyphs: some Sequence<Glyph>) -> [RichRun] {
        var runs: [RichRun] = []
        for g in glyphs {
            if runs.last?.style == g.style {
                runs[runs.count - 1].text.append(g.character)
            } else {
                runs.append(RichRun(String(g.character), g.style))
            }
        }
        return runs
    }
}
