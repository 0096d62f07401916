import SlideModel

/// The speaker notes of the current slide, wrapped by display columns and
/// scrolled by the offset kept in the side table under `ViewTag.notes`.
struct NotesPaneView {
    var box = BoxGlyphs.square

    typealias Lines = (lines: [String], placeholder: Bool)

    /// The notes as wrapped lines for `width`, or a placeholder line.
    static func lines(_ state: PadState, width: Int, cache: NotesWrapCache) -> Lines {
        guard state.showRunning, let content = state.buffer.content(for: .notes) else { return ([], true) }
        if let notes = content.notes, !notes.isEmpty { return (cache.lines(notes, width: width), false) }
        return ([content.preview == nil ? "notes loading…" : "(no notes for this slide)"], true)
    }

    /// "more below ↓ 12 lines".
    static func moreBelow(_ lines: Int) -> String { "more below ↓ \(lines) line" + (lines == 1 ? "" : "s") }

    func render(_ state: PadState, lines: [String], placeholder: Bool, in rect: Rect, framed: Bool, grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        let scroll = state.viewState(.notes).scroll
        let inside: Rect
        if framed {
            let frame = grid.frame(rect, title: "Notes", glyphs: box)
            inside = frame.inset(dx: 1, dy: 0)
            if scroll > 0 { grid.put("↑", x: rect.maxX - 3, y: rect.y, style: Style(.accent)) }
            let below = lines.count - scroll - inside.height
            if below > 0 {
                // How much is left, where the eye ends: "more below ↓ 12 lines".
                let marker = " " + Self.moreBelow(below) + " "
                let x = max(rect.x + 1, rect.maxX - 2 - DisplayWidth.of(marker))
                grid.put(marker, x: x, y: rect.maxY - 1, style: Style(.accent), clip: rect.inset(dx: 1, dy: 0))
            }
        } else {
            grid.fill(rect)
            inside = rect
        }
        let style = placeholder ? Style(.dim) : Style.text
        for row in 0..<inside.height {
            let i = scroll + row
            guard i < lines.count else { break }
            grid.put(lines[i], x: inside.x, y: inside.y + row, style: style, clip: inside)
        }
    }
}
