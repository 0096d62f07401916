import PadConfig
import PadGrid
import SlideModel

/// The agenda overlay: every section with its slides, planned and actual
/// time, a mark for where the talk is (✓ done, ▶ here) and how each went
/// (+0:15 over its plan, 3:30 left in the current one); the title says how
/// far the talk is ahead or behind. The selection is marked > and reversed
/// (the terminal's cursor rests on it); Enter goes to its first slide.
struct AgendaView {
    func render(_ state: PadState, now: Duration, in body: Rect, grid: inout CellGrid) {
        guard body.width >= 16, body.height >= 5 else { return }
        let reading = state.agendaReading(at: now)
        let rows = reading?.rows ?? []
        let leftOut = Self.leftOut(state.sectionsPastTheDeck, slideCount: state.slideCount)
        // Nearly the body's width: what is behind it stays out of the rows.
        let width = min(body.width, max(40, min(120, body.width - 2)))
        let height = min(body.height, max(5, rows.count + 4 + (leftOut == nil ? 0 : 1)))
        let box = Rect(x: body.x + (body.width - width) / 2, y: body.y + (body.height - height) / 2, width: width, height: height)
        grid.fill(box)
        var title = "Agenda"
        if let reading {
            title += " · \(rows.count) section\(rows.count == 1 ? "" : "s")"
            if let words = reading.offsetWords { title += " · " + words }
        }
        let inside = grid.frame(box, title: DisplayWidth.truncate(title, to: max(0, width - 6)), glyphs: .rounded, style: Style(.accent))
        guard !inside.isEmpty else { return }
        guard let reading, !rows.isEmpty else {
            grid.putCentered(DisplayWidth.truncate(leftOut ?? "no sections: --agenda FILE gives the talk some", to: inside.width),
                             in: inside, y: inside.y + inside.height / 2, style: Style(.dim))
            return
        }
        let columns = Columns(width: inside.width)
        grid.put(columns.header, x: inside.x, y: inside.y, style: Style(.dim), clip: inside)
        if let leftOut, inside.height >= 3 {
            grid.put(DisplayWidth.truncate(leftOut, to: inside.width - 1), x: inside.x + 1, y: inside.maxY - 1, style: Style(.dim), clip: inside)
        }
        let listed = inside.height - 1 - (leftOut != nil && inside.height >= 3 ? 1 : 0)
        let selection = min(max(0, state.viewState(.agenda).selection), rows.count - 1)
        let top = min(max(0, selection - listed + 1), max(0, rows.count - listed))
        for (n, i) in (top..<min(rows.count, top + listed)).enumerated() {
            let row = rows[i]
            let y = inside.y + 1 + n
            let selected = i == selection
            let base = selected ? Style(.selection) : row.place == .current ? Style(.current) : Style.text
            grid.fill(Rect(x: inside.x, y: y, width: inside.width, height: 1), style: base)
            let (note, behind) = Self.note(row, reading: reading)
            let parts = columns.cells(mark: (selected ? ">" : " ") + Self.mark(row.place), name: row.name,
                                      slides: row.firstSlide == row.lastSlide ? "\(row.firstSlide + 1)" : "\(row.firstSlide + 1)–\(row.lastSlide + 1)",
                                      planned: row.planned.map(PaceReading.minutes) ?? "—",
                                      actual: row.place == .coming && row.actual == .zero ? "—" : PaceReading.minutes(row.actual))
            grid.put(parts, x: inside.x, y: y, style: base, clip: inside)
            if selected { grid.cursor = Rect(x: inside.x, y: y, width: 1, height: 1) }
            if columns.noteWidth > 0, !note.isEmpty {
                grid.put(DisplayWidth.truncate(note, to: columns.noteWidth - 2), x: inside.maxX - columns.noteWidth + 2, y: y,
                         style: selected ? base : behind ? Style(.paceTight) : base, clip: inside)
            }
        }
        let hint = " Enter goes to its first slide · Esc closes "
        if DisplayWidth.of(hint) + 4 <= box.width {
            grid.put(hint, x: box.x + 2, y: box.maxY - 1, style: Style(.title))
        }
    }

    /// The agenda's sections past the deck's end, said: "left out: “Q&A”
    /// begins on slide 40; the deck has 13". Nil when there are none.
    static func leftOut(_ sections: [TalkSection], slideCount: Int) -> String? {
        guard let first = sections.first else { return nil }
        if sections.count == 1 {
            return "left out: “\(first.name)” begins on slide \(first.firstSlide + 1); the deck has \(slideCount)"
        }
        return "left out: \(sections.count) sections begin past the deck's \(slideCount) slides ("
            + sections.map { "“\($0.name)” on \($0.firstSlide + 1)" }.joined(separator: ", ") + ")"
    }

    /// ✓ done, ▶ where the talk is, nothing for what is to come.
    static func mark(_ place: AgendaReading.Place) -> String {
        switch place {
        case .done: return "✓"
        case .current: return "▶"
        case .coming: return " "
        }
    }

    /// "+0:15 over" / "-0:30 under" for a section done, "3:30 left" or
    /// "0:42 over" for the current one; and whether it ran over.
    static func note(_ row: AgendaReading.Row, reading: AgendaReading) -> (String, Bool) {
        switch row.place {
        case .current:
            guard let left = reading.sectionLeft else { return ("", false) }
            return ((reading.sectionOver ? AgendaReading.overMark : "") + AgendaReading.leftWords(left), reading.sectionOver)
        case .done:
            guard let over = row.overrun else { return ("", false) }
            if over == .zero { return ("on plan", false) }
            return over > .zero ? ("+" + PaceReading.minutes(over) + " over", true) : ("-" + PaceReading.minutes(.zero - over) + " under", false)
        case .coming:
            return ("", false)
        }
    }

    /// The columns at a width: the name takes what the figures leave.
    struct Columns {
        var width: Int
        var slidesWidth: Int { width >= 56 ? 8 : 0 }
        var noteWidth: Int { width >= 48 ? 13 : 0 }
        var nameWidth: Int { max(4, width - 3 - slidesWidth - 16 - noteWidth) }

        var header: String { cells(mark: "  ", name: "section", slides: "slides", planned: "planned", actual: "actual") }

        func cells(mark: String, name: String, slides: String, planned: String, actual: String) -> String {
            var line = mark + " " + pad(DisplayWidth.truncate(name, to: nameWidth - 1), nameWidth)
            if slidesWidth > 0 { line += right(slides, slidesWidth) }
            return line + right(planned, 8) + right(actual, 8)
        }

        private func pad(_ text: String, _ n: Int) -> String { text + String(repeating: " ", count: max(0, n - DisplayWidth.of(text))) }
        private func right(_ text: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - DisplayWidth.of(text))) + text }
    }
}
