import PadConfig
import PadGrid
import SlideModel

/// The keys in force (from the bindings), grouped by purpose.
package struct HelpView {
    /// One line of help: a group's heading, a key with what it does, or a gap.
    enum Entry: Equatable {
        case heading(String)
        case item(keys: String, summary: String)
        case gap
    }

    /// What the source cannot do that the keys offer: the help says so
    /// instead of the keys sending nothing unexplained. Made from the
    /// source's `SourceCapabilities` and the keys in force.
    package struct SourceNotes: Equatable {
        package var heading: String
        package var items: [(keys: String, summary: String)]

        package init(heading: String, items: [(keys: String, summary: String)]) {
            self.heading = heading
            self.items = items
        }

        package static func == (a: SourceNotes, b: SourceNotes) -> Bool {
            a.heading == b.heading && a.items.map(\.keys) == b.items.map(\.keys) && a.items.map(\.summary) == b.items.map(\.summary)
        }
    }

    /// What the help says of a move while the screen is blank: every move
    /// brings the slides back; where ← lands is the source's own
    /// (`MovesWhileBlank`, which its kind declares).
    static func whileBlank(_ moves: MovesWhileBlank) -> [Entry] {
        switch moves {
        case .endBlankAndMove:
            [.item(keys: "while blank", summary: "a move brings the slides back, and moves")]
        case .backOnlyEndsBlank:
            [.item(keys: "while blank", summary: "a move brings the slides back: → moves on,"),
             .item(keys: "", summary: "← PgUp stay on the slide (as the show does)")]
        }
    }

    static func entries(_ bindings: KeyBindings, moves: MovesWhileBlank, picturesLabel: String? = nil,
                        sourceNotes: SourceNotes? = nil) -> [Entry] {
        var out: [Entry] = []
        for group in Action.Group.allCases {
            let actions = Action.allCases.filter { $0.group == group && !bindings.keys(for: $0).isEmpty }
            guard !actions.isEmpty else { continue }
            if !out.isEmpty { out.append(.gap) }
            out.append(.heading(group.rawValue))
            for action in actions {
                out.append(.item(keys: bindings.keys(for: action).map(\.symbol).joined(separator: " "), summary: action.summary))
            }
        }
        // Right after the keys, where a presenter looks for what a key does.
        if let sourceNotes, !sourceNotes.items.isEmpty {
            out += [.gap, .heading(sourceNotes.heading)] + sourceNotes.items.map { .item(keys: $0.keys, summary: $0.summary) }
        }
        // The key rule (docs/KEYS.md), where a presenter with a clicker looks.
        let always = [Action.blank, .startShow, .quit].flatMap { bindings.keys(for: $0) }.map(\.symbol).joined(separator: " ")
        out += [.gap, .heading("Whatever is open"),
                .item(keys: always, summary: "always reach the show: blank, resume, start, quit"),
                .item(keys: "go-to prompt", summary: "PgDn PgUp → ← Space close it, move the show"),
                .item(keys: "", summary: "it closes by itself after 5 s without a key"),
                .item(keys: "list overview help", summary: "keep PgDn PgUp → ← Space (the show stays)"),
                .item(keys: "", summary: "the status line says so; Esc closes them")]
        out += whileBlank(moves)
        out += [.gap, .heading("In context"),
                .item(keys: "0–9 Enter", summary: "go to slide number"),
                .item(keys: "PgUp PgDn", summary: "page the notes while they have the keys"),
                .item(keys: "↑ ↓ PgUp PgDn Space", summary: "move through this help"),
                .item(keys: "↑ ↓ PgUp PgDn", summary: "move in the slide list"),
                .item(keys: "← → ↑ ↓ Home End", summary: "move in the overview"),
                .item(keys: "/", summary: "search the notes (list, overview)"),
                .item(keys: "b .", summary: "text while a search is typed (said on the status line);"),
                .item(keys: "", summary: "Esc, or 5 s without a key, and they blank again"),
                .item(keys: "n N", summary: "next / previous match"),
                .item(keys: "Enter", summary: "go to the selected slide"),
                .item(keys: "Esc", summary: "clear the search, close the overlay"),
                .item(keys: "C-\\", summary: "quit at once, without asking"),
                .item(keys: "mouse", summary: "click a list row or overview slide; wheel scrolls"),
                .item(keys: "", summary: "click the notes: they take PgUp PgDn"),
                .item(keys: "", summary: "hold on the slide: laser pointer"),
                .item(keys: "", summary: "in ink mode (i): drag on the slide draws"),
                .gap, .heading("Marks on screen"),
                .item(keys: "● ◌", summary: "linked / connecting (status line)"),
                .item(keys: "● ◌", summary: "preview in / coming (slide list)"),
                .item(keys: "▶", summary: "the show's slide (slide list)"),
                .item(keys: "❚❚", summary: "the timer stands still (blank)"),
                .item(keys: "+0:42", summary: "behind the rehearsal (--pace-from)"),
                .item(keys: "⚑", summary: "a section over its plan; an alert (--alert)")]
        if let picturesLabel { out += [.gap, .heading("Pictures: \(picturesLabel)")] }
        return out
    }

    /// A column of entries as text, keys padded to the column's widest.
    /// Where that is wider than `width`, each summary goes under its keys,
    /// both wrapped to `width` (a narrow help cuts no line short).
    static func format(_ entries: [Entry], width: Int = .max) -> [String] {
        let keyWidth = entries.map { if case .item(let keys, _) = $0 { DisplayWidth.of(keys) } else { 0 } }.max() ?? 0
        let widest = entries.map { if case .item(_, let summary) = $0 { DisplayWidth.of(summary) } else { 0 } }.max() ?? 0
        let stacked = 2 + keyWidth + 2 + widest > width
        return entries.flatMap { entry -> [String] in
            switch entry {
            case .heading(let title): return [title]
            case .gap: return [""]
            case .item(let keys, let summary) where stacked:
                return (keys.isEmpty ? [] : TextWrap.lines(keys, width: max(1, width - 2)).map { "  " + $0 })
                    + TextWrap.lines(summary, width: max(1, width - 6)).map { "      " + $0 }
            case .item(let keys, let summary):
                return ["  " + keys + String(repeating: " ", count: keyWidth - DisplayWidth.of(keys) + 2) + summary]
            }
        }
    }

    var theme = PopoverTheme()
    var picturesLabel: String?
    var sourceNotes: SourceNotes?
    var pagesCache = HelpPagesCache()

    /// What the help shows for a screen: columns of lines, and how many of
    /// them fit. When one column is taller than the room and two do not
    /// fit side by side, the one column scrolls (`ViewTag.help`'s scroll)
    /// and its last line says where the reader is.
    struct Pages: Equatable {
        var columns: [[String]]
        /// Lines of the column on screen (the footer not counted).
        var rows: Int
        var scrolls: Bool { rows < (columns.first?.count ?? 0) && columns.count == 1 }
        var maxScroll: Int { scrolls ? columns[0].count - rows : 0 }
    }

    static let gap = 3

    static func pages(_ entries: [Entry], screen: Rect) -> Pages {
        let rows = max(1, screen.height - 3)
        let single = format(entries, width: screen.width - 4)
        if single.count <= rows { return Pages(columns: [single], rows: single.count) }
        if let folded = folded(entries, gap: gap, width: screen.width - 4), folded.allSatisfy({ $0.count <= rows }) {
            return Pages(columns: folded, rows: folded.map(\.count).max() ?? 0)
        }
        return Pages(columns: [single], rows: max(1, rows - 1))
    }

    /// "↓ 9–16 of 58 · PgDn more": where the reader is in a scrolling help.
    static func footer(scroll: Int, rows: Int, total: Int) -> String {
        let last = min(total, scroll + rows)
        let more = last < total ? (scroll > 0 ? " · PgUp PgDn" : " · PgDn more") : " · PgUp back"
        return "\(scroll + 1)–\(last) of \(total)" + more
    }

    /// A popover pointing at the help hint in the status line: one column,
    /// two where one is too tall and two fit side by side, else one column
    /// that scrolls.
    func render(_ state: PadState, anchor: (x: Int, y: Int)?, in screen: Rect, grid: inout CellGrid) {
        let entries = Self.entries(state.bindings, moves: state.movesWhileBlank, picturesLabel: picturesLabel, sourceNotes: sourceNotes)
        let pages = pagesCache.pages(entries, screen: screen)
        var columns = pages.columns
        if pages.scrolls {
            let scroll = min(state.viewState(.help).scroll, pages.maxScroll)
            columns[0] = Array(columns[0][scroll..<(scroll + pages.rows)])
                + ["  " + Self.footer(scroll: scroll, rows: pages.rows, total: pages.columns[0].count)]
        }
        let widths = columns.map { $0.map { DisplayWidth.of($0) }.max() ?? 0 }
        let width = widths.reduce(0, +) + Self.gap * (columns.count - 1)
        let height = columns.map(\.count).max() ?? 0
        let placement = PopoverPlacement.place(width: width, height: height, anchor: anchor, in: screen)
        let inside = grid.popover(placement, theme: theme, title: "Keys · Esc closes")
        var x = inside.x
        for (c, column) in columns.enumerated() {
            let room = pages.scrolls ? inside.height - 1 : inside.height
            for (i, line) in column.enumerated() {
                let isFooter = pages.scrolls && i == column.count - 1
                // The footer stays in view, on the popover's last line.
                let y = isFooter ? inside.maxY - 1 : inside.y + i
                if !isFooter, i >= room { continue }
                let isHeading = !line.hasPrefix(" ") && !line.isEmpty
                grid.put(line, x: x, y: y, style: isFooter ? Style(.accent) : isHeading ? Style(.title) : .text, clip: inside)
            }
            x += widths[c] + Self.gap
        }
    }

    /// Two columns split at a gap between groups, as even as can be among
    /// the splits that fit in `width`; nil when none does.
    static func folded(_ entries: [Entry], gap: Int, width: Int) -> [[String]]? {
        var best: [[String]]?
        for split in entries.indices where entries[split] == .gap {
            let columns = [format(Array(entries[..<split])), format(Array(entries[(split + 1)...]))]
            let needed = columns.map { $0.map { DisplayWidth.of($0) }.max() ?? 0 }.reduce(gap, +)
            guard needed <= width else { continue }
            if best.map({ max(columns[0].count, columns[1].count) < max($0[0].count, $0[1].count) }) ?? true { best = columns }
        }
        return best
    }
}
