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
    /// Where text goes: the open block (`kind`, `runs`), or the open table's cell.
    private var state: State = .blocks

    private enum State {
        case blocks
        case table(RichTableBuilder)
    }

    init(collapsesSpace: Bool) { self.collapsesSpace = collapsesSpace }

    var inTable: Bool {
        if case .table = state { true } else { false }
    }

    /// Runs `body` on the open table in place; false when none is open. The
    /// table is out of `state` meanwhile, so changing it copies nothing.
    @discardableResult
    private mutating func withTable(_ body: (inout RichTableBuilder) -> Void) -> Bool {
        guard case .table(var table) = state else { return false }
        state = .blocks
        body(&table)
        state = .table(table)
        return true
    }

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
        switch state {
        case .blocks: runs.endsInSpace
        case .table(let table): table.cell?.endsInSpace ?? true
        }
    }

    private mutating func append(_ piece: String) {
        let style = style  // a copy: the closure may not read `self` while `withTable` changes it
        if withTable({ $0.add(piece, style) }) { return }
        if kind == nil {
            if piece.allSatisfy({ $0 == " " || $0 == "\n" }) { return }
            kind = .paragraph
        }
        runs.appendText(piece, style: style)
    }

    /// A hard line break (`<br>`, a line of Markdown); a space in a table's cell.
    mutating func lineBreak() {
        let style = style  // as in `append`
        if withTable({ $0.lineBreak(style) }) { return }
        guard kind != nil, !runs.isEmpty else { return }
        runs.trimTrailingSpaces()
        runs.appendText("\n", style: style)
    }

    // MARK: blocks

    /// Ends the open block and opens one of `kind`; `tight`: no blank line
    /// before it (a list typed right under its paragraph).
    mutating func start(_ kind: Kind, tight: Bool = false) {
        if inTable { lineBreak(); return }
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
        if inTable { lineBreak(); return }
        defer { kind = nil; runs = []; tight = false }
        guard let kind else { return }
        runs.trimTrailingSpaces(andBreaks: true)
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

    // MARK: tables

    mutating func startTable() {
        guard !inTable else { return }  // a table in a table: its cells are text
        end()
        state = .table(RichTableBuilder())
    }

    mutating func startRow(header: Bool = false) { withTable { $0.startRow(header: header) } }
    mutating func startCell(header: Bool) { withTable { $0.startCell(header: header) } }
    mutating func endCell() { withTable { $0.endCell() } }
    mutating func endRow() { withTable { $0.endRow() } }

    mutating func endTable() {
        guard case .table(var table) = state else { return }
        state = .blocks
        table.endRow()
        if !table.rows.isEmpty { emit(.table(table.rows)) }
    }

    mutating func finish() -> RichText {
        endTable()
        end()
        while blocks.last == .paragraph([]) { blocks.removeLast() }
        return RichText(blocks)
    }
}
