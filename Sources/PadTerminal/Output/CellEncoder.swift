import PadConfig
import PadGrid

/// Turns the cells that changed into the bytes that draw them: cursor moves
/// only where a run breaks, and only the attributes and colours that differ
/// from those set (SGR), half-block picture cells in their cheapest form
/// (`HalfBlockForm`). It remembers where the cursor and the rendition were
/// left, frame to frame.
struct CellEncoder {
    /// Bold, dim, italic, underline, reverse, and the two colours (nil: the terminal's own).
    struct Rendition: Equatable {
        var flags: UInt8 = 0
        var fg: SGRColor?
        var bg: SGRColor?

        static let bold: UInt8 = 1, dim: UInt8 = 2, italic: UInt8 = 4, underline: UInt8 = 8, reverse: UInt8 = 16
        static let codes: [(UInt8, String)] = [(bold, "1"), (dim, "2"), (italic, "3"), (underline, "4"), (reverse, "7")]
        static let plain = Rendition()
    }

    var theme: Theme
    /// nil: colour is off, roles differ by attributes only.
    let colors: ColorMap?
    /// The locale is not UTF-8: every cell is drawn in ASCII (`AsciiGlyphs`).
    let asciiOnly: Bool
    /// The attributes the terminal has (an entry without italic shows it plain).
    let attributes: UInt8
    private(set) var cursor: (x: Int, y: Int)?
    /// nil: unknown (start, after a suspend); the next cell sets everything.
    private(set) var rendition: Rendition?

    init(theme: Theme, colors: ColorMap?, asciiOnly: Bool = false, italic: Bool = true, dim: Bool = true,
         rendition: Rendition? = nil) {
        self.theme = theme
        self.colors = colors
        self.asciiOnly = asciiOnly
        var attributes = Rendition.bold | Rendition.underline | Rendition.reverse
        if italic { attributes |= Rendition.italic }
        if dim { attributes |= Rendition.dim }
        self.attributes = attributes
        self.rendition = rendition
    }

    /// Someone else wrote: where the cursor is, and the rendition, are unknown.
    mutating func forget() {
        cursor = nil
        rendition = nil
    }

    /// A cleared screen: reset rendition, cursor at the top left. The cells
    /// that stay blank need no bytes (`isBlankOnClear`).
    mutating func clear(into out: inout [UInt8]) {
        out += Array("\u{1B}[0m\u{1B}[H\u{1B}[J".utf8)
        rendition = .plain
        cursor = (0, 0)
    }

    /// Whether `cell` looks like a cleared cell (no need to write it after `clear`).
    func isBlankOnClear(_ cell: Cell) -> Bool {
        cell.text == " " && !cell.isHalfBlockPicture && wanted(cell) == .plain
    }

    /// `grid`: the frame, whose unchanged cells in a short gap of a row may
    /// be written again when that costs fewer bytes than stepping over them.
    mutating func write(_ change: CellChange, in grid: CellGrid? = nil, into out: inout [UInt8]) {
        if let grid, let c = cursor, c.y == change.y, c.x < change.x, change.x - c.x <= 4 {
            rewriteGap(from: c.x, to: change.x, row: change.y, of: grid, into: &out)
        }
        move(x: change.x, y: change.y, into: &out)
        let cell = change.cell
        let text: String
        if let top = pictureColor(cell.style.foreground), let bottom = pictureColor(cell.style.background),
           cell.isHalfBlockPicture, !asciiOnly {
            let form = HalfBlockForm.cheapest(top: top, bottom: bottom, fg: rendition?.fg, bg: rendition?.bg)
            var next = rendition?.flags == 0 ? rendition! : .plain
            if let fg = form.fg, !form.shows(fg, with: next.fg) { next.fg = fg }
            if let bg = form.bg, !form.shows(bg, with: next.bg) { next.bg = bg }
            set(next, into: &out)
            text = String(form.glyph)
        } else {
            set(wanted(cell), into: &out)
            text = asciiOnly ? AsciiGlyphs.fallback(cell.text, width: Int(cell.width), picture: cell.isHalfBlockPicture)
                : (cell.text.isEmpty ? " " : Self.printable(cell.text))
        }
        out += Array(text.utf8)
        cursor = (change.x + max(1, Int(cell.width)), change.y)
    }

    /// The unchanged cells between the cursor and the next change, written
    /// again if that is shorter than the step right over them (a run of a
    /// picture's flat colour: one byte a cell). Never under a real picture
    /// (a space over sixel pixels erases them).
    private mutating func rewriteGap(from start: Int, to end: Int, row: Int, of grid: CellGrid, into out: inout [UInt8]) {
        guard !grid.pictures.contains(where: { $0.rect.y <= row && row < $0.rect.maxY && $0.rect.x < end && start < $0.rect.maxX })
        else { return }
        var trial = self
        var bytes: [UInt8] = []
        for x in start..<end {
            let cell = grid[x, row]
            guard cell.width == 1 else { return }
            trial.write(CellChange(x: x, y: row, cell: cell), into: &bytes)
        }
        let step = end - start == 1 ? 3 : 4
        guard bytes.count < step else { return }
        out += bytes
        self = trial
    }

    /// The cursor to a cell: nothing when it is there, a step right over
    /// a short gap in the row, else an absolute move.
    mutating func move(x: Int, y: Int, into out: inout [UInt8]) {
        if let c = cursor, c.y == y, c.x <= x, x - c.x <= 8 {
            let gap = x - c.x
            if gap == 1 { out += [0x1B, 0x5B, 0x43] } else if gap > 1 { out += Array("\u{1B}[\(gap)C".utf8) }
        } else {
            out += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8)
        }
        cursor = (x, y)
    }

    /// The rendition a text cell asks for: its role's look, the notes'
    /// attributes on top, its own colours over the role's.
    func wanted(_ cell: Cell) -> Rendition {
        let look = theme.look(cell.style.role)
        var flags: UInt8 = 0
        if look.bold || cell.style.attributes.contains(.bold) { flags |= Rendition.bold }
        if look.dim { flags |= Rendition.dim }
        if look.reverse { flags |= Rendition.reverse }
        if look.underline || cell.style.attributes.contains(.underline) { flags |= Rendition.underline }
        if cell.style.attributes.contains(.italic) { flags |= Rendition.italic }
        guard let colors else { return Rendition(flags: flags & attributes) }
        return Rendition(flags: flags & attributes, fg: colors.sgr(cell.style.foreground ?? look.foreground),
                         bg: colors.sgr(cell.style.background ?? look.background))
    }

    private func pictureColor(_ color: CellColor?) -> SGRColor? {
        guard let color, let colors else { return nil }
        return colors.sgr(color)
    }

    /// Sends only what differs from the rendition set: attributes turned on
    /// and colours changed; or a reset and what the cell needs, when an
    /// attribute goes off or that is shorter (colours back to the terminal's).
    private mutating func set(_ next: Rendition, into out: inout [UInt8]) {
        guard next != rendition else { return }
        func parameters(from: Rendition, reset: Bool) -> [String] {
            var list = reset ? ["0"] : []
            for (flag, code) in Rendition.codes where next.flags & flag != 0 && from.flags & flag == 0 { list.append(code) }
            if next.fg != from.fg { list.append(next.fg?.parameters(background: false) ?? "39") }
            if next.bg != from.bg { list.append(next.bg?.parameters(background: true) ?? "49") }
            return list
        }
        let fromReset = parameters(from: .plain, reset: true)
        var chosen = fromReset
        if let current = rendition, current.flags & ~next.flags == 0 {
            let incremental = parameters(from: current, reset: false)
            if incremental.joined(separator: ";").count <= fromReset.joined(separator: ";").count { chosen = incremental }
        }
        out += Array("\u{1B}[\(chosen.joined(separator: ";"))m".utf8)
        rendition = next
    }

    /// A cell's text with any control character made visible: the grid is
    /// sanitized where text enters it, this is the last guard before the wire.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? "?" : $0
        }))
    }
}
