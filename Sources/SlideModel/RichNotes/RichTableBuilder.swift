/// A table `RichTextBuilder` is reading: the rows so far, the open row and
/// the open cell. The builder holds one only while a table is open, so none
/// of this is ever asked of a table that is not there.
struct RichTableBuilder {
    private(set) var rows: [RichTableRow] = []
    /// The open row's cells; nil between rows.
    private var row: [[RichRun]]?
    /// The open row is a header row, or has a header cell.
    private var header = false
    /// The open cell's text; nil between cells.
    private(set) var cell: [RichRun]?

    mutating func startRow(header: Bool) {
        endRow()
        row = []
        self.header = header
    }

    /// A cell outside a row opens one.
    mutating func startCell(header: Bool) {
        endCell()
        if row == nil { startRow(header: false) }
        if header { self.header = true }
        cell = []
    }

    /// Ends the open cell into the row: trailing spaces trimmed, bold in a header row.
    mutating func endCell() {
        guard var cell else { return }
        self.cell = nil
        cell.trimTrailingSpaces()
        if header { cell = cell.map { RichRun($0.text, $0.style.union(.bold)) } }
        row?.append(cell)
    }

    /// Ends the open row into `rows`, unless it has no cell.
    mutating func endRow() {
        endCell()
        if let row, !row.isEmpty { rows.append(RichTableRow(cells: row, isHeader: header)) }
        row = nil
        header = false
    }

    /// Text between cells opens one, unless it is only spaces.
    mutating func add(_ piece: String, _ style: RunStyle) {
        if cell == nil {
            if piece.allSatisfy({ $0 == " " }) { return }
            startCell(header: false)
        }
        cell?.appendText(piece, style: style)
    }

    /// A line break in a cell is a space (one, and none at the start).
    mutating func lineBreak(_ style: RunStyle) {
        if let cell, !cell.endsInSpace { self.cell?.appendText(" ", style: style) }
    }
}

extension [RichRun] {
    /// `piece` in `style`: onto the last run if it has that style, else a run of its own.
    mutating func appendText(_ piece: String, style: RunStyle) {
        if last?.style == style {
            self[count - 1].text += piece
        } else {
            append(RichRun(piece, style))
        }
    }

    /// Whether the text ends where a collapsed space would be dropped (it
    /// ends in a space or a line feed, or there is none).
    var endsInSpace: Bool {
        guard let c = last?.text.unicodeScalars.last else { return true }
        return c == " " || c == "\n"
    }

    /// Drops the spaces (and, with `andBreaks`, the line feeds) at the end,
    /// and the runs they leave empty.
    mutating func trimTrailingSpaces(andBreaks: Bool = false) {
        while var run = last {
            while run.text.last == " " || andBreaks && run.text.last == "\n" { run.text.removeLast() }
            if run.text.isEmpty { removeLast(); continue }
            self[count - 1] = run
            return
        }
    }
}
