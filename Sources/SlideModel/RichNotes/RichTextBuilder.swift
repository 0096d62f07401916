/// What the HTML and Markdown readers share: text in the current style goes
/// into the open block; a block ends into `blocks`, a blank line before it
/// where the notes would have one. Every piece of text is sanitized here:
/// control characters dropped (`Notes.isControl`), tabs as spaces, and in
/// HTML runs of white space collapsed to one.
struct RichTextBuilder {
    enum Kind: Equatable {
        case paragraph
        case heading(Int)
        case item(depth: Int, marker: String?)
    }

    /// The style new text gets (the reader keeps it).
    var style: RunStyle = []
    /// HTML: white space collapses and line feeds are spaces. Markdown: text
    /// is kept as typed.
    let collapsesSpace: Bool
    private(set) var blocks: [RichBlock] = []
    private var kind: Kind?
    /// The open block follows the one before without a blank line.
    private var tight = false
    private var runs: [RichRun] = []
    /// Within `<pre>`: spaces and line feeds kept.
    var preformatted = false
    private var table: TableBuilder?

    init(collapsesSpace: Bool) { self.collapsesSpace = collapsesSpace }

    private struct TableBuilder {
        var rows: [RichTableRow] = []
        var row: [[RichRun]]?
        var header = false
        var cell: [RichRun]?
    }

    var inTable: Bool { table != nil }

    // MARK: text

    mutating func text(_ s: some StringProtocol) {
        var out = String.UnicodeScalarView()
        var lastWasSpace = endsInSpace
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\n" where !collapsesSpace || preformatted, "\r" where !collapsesSpace || preformatted:
                if scalar == "\r" { continue }
                flush(&out)
                lineBreak()
                lastWasSpace = true
                continue
            case " ", "\t", "\n", "\r", "\u{0C}":
                if collapsesSpace && !preformatted {
                    if lastWasSpace { continue }
                    out.append(" ")
                } else {
                    out.append(contentsOf: (scalar == "\t" ? "    " : " ").unicodeScalars)
                }
                lastWasSpace = true
                continue
            default:
                if Notes.isControl(scalar) { continue }
                out.append(scalar)
                lastWasSpace = false
            }
        }
        flush(&out)
    }

    private mutating func flush(_ out: inout String.UnicodeScalarView) {
        guard !out.isEmpty else { return }
        append(String(out))
        out = String.UnicodeScalarView()
    }

    /// Whether the text so far ends where a collapsed space would be dropped.
    private var endsInSpace: Bool {
        let last: RichRun?
        if let table { last = table.cell?.last } else { last = runs.last }
        guard let last, let c = last.text.unicodeScalars.last else { return true }
        return c == " " || c == "\n"
    }

    private mutating func append(_ piece: String) {
        if table != nil {
            if table!.cell == nil {
                if piece.allSatisfy({ $0 == " " }) { return }
                startCell(header: false)
            }
            Self.add(piece, style, to: &table!.cell!)
            return
        }
        if kind == nil {
            if piece.allSatisfy({ $0 == " " || $0 == "\n" }) { return }
            kind = .paragraph
        }
        Self.add(piece, style, to: &runs)
    }

    private static func add(_ piece: String, _ style: RunStyle, to runs: inout [RichRun]) {
        if runs.last?.style == style {
            runs[runs.count - 1].text += piece
        } else {
            runs.append(RichRun(piece, style))
        }
    }

    /// A hard line break (`<br>`, a line of Markdown); a space in a table's cell.
    mutating func lineBreak() {
        if table != nil {
            if table!.cell != nil, !endsInSpace { Self.add(" ", style, to: &table!.cell!) }
            return
        }
        guard kind != nil, !runs.isEmpty else { return }
        trimTrailingSpaces(&runs)
        Self.add("\n", style, to: &runs)
    }

    // MARK: blocks

    /// Ends the open block and opens one of `kind`; `tight`: no blank line
    /// before it (a list typed right under its paragraph).
    mutating func start(_ kind: Kind, tight: Bool = false) {
        if table != nil { lineBreak(); return }
        end()
        self.kind = kind
        self.tight = tight
    }

    /// The open block is kind `.paragraph` with no text yet, or none is open.
    var atBlockStart: Bool { runs.isEmpty }
    var openKind: Kind? { kind }
    /// The open block's text ends with a line break.
    var endsWithBreak: Bool { runs.last?.text.last == "\n" }

    /// Ends the open block (an empty one leaves nothing).
    mutating func end() {
        if table != nil { lineBreak(); return }
        defer { kind = nil; runs = []; tight = false }
        guard let kind else { return }
        trimTrailingSpaces(&runs, andBreaks: true)
        guard !runs.isEmpty else { return }
        switch kind {
        case .paragraph: emit(.paragraph(runs))
        case .heading(let level): emit(.heading(level: level, runs.map { RichRun($0.text, $0.style.union(.bold)) }))
        case .item(let depth, let marker): emit(.item(depth: depth, marker: marker, runs))
        }
    }

    /// A blank line (Markdown's `---`, HTML's `<hr>`), never two.
    mutating func gap() {
        end()
        if let last = blocks.last, last != .paragraph([]) { blocks.append(.paragraph([])) }
    }

    private mutating func emit(_ block: RichBlock) {
        if let last = blocks.last, !tight, Self.spaced(last, block) { blocks.append(.paragraph([])) }
        tight = false
        blocks.append(block)
    }

    /// A blank line between two blocks, except after one or between items.
    private static func spaced(_ a: RichBlock, _ b: RichBlock) -> Bool {
        switch (a, b) {
        case (.paragraph(let runs), _) where runs.isEmpty: false
        case (.item, .item), (.heading, _): false
        default: true
        }
    }

    private func trimTrailingSpaces(_ runs: inout [RichRun], andBreaks: Bool = false) {
        while var last = runs.last {
            while last.text.last == " " || andBreaks && last.text.last == "\n" { last.text.removeLast() }
            if last.text.isEmpty { runs.removeLast(); continue }
            runs[runs.count - 1] = last
            return
        }
    }

    // MARK: tables

    mutating func startTable() {
        guard table == nil else { return }  // a table in a table: its cells are text
        end()
        table = TableBuilder()
    }

    mutating func startRow(header: Bool = false) {
        guard table != nil else { return }
        endRow()
        table!.row = []
        table!.header = header
    }

    mutating func startCell(header: Bool) {
        guard table != nil else { return }
        endCell()
        if table!.row == nil { startRow() }
        if header { table!.header = true }
        table!.cell = []
    }

    mutating func endCell() {
        guard table != nil, var cell = table!.cell else { return }
        trimTrailingSpaces(&cell)
        if table!.header { cell = cell.map { RichRun($0.text, $0.style.union(.bold)) } }
        table!.row?.append(cell)
        table!.cell = nil
    }

    mutating func endRow() {
        guard table != nil else { return }
        endCell()
        if let row = table!.row, !row.isEmpty {
            table!.rows.append(RichTableRow(cells: row, isHeader: table!.header))
        }
        table!.row = nil
        table!.header = false
    }

    mutating func endTable() {
        guard table != nil else { return }
        endRow()
        let rows = table!.rows
        table = nil
        if !rows.isEmpty { emit(.table(rows)) }
    }

    mutating func finish() -> RichText {
        endTable()
        end()
        while blocks.last == .paragraph([]) { blocks.removeLast() }
        return RichText(blocks)
    }
}
