import PadConfig
import PadGrid
import SlideModel

/// The speaker notes of the current slide, wrapped by display columns and
/// scrolled by the offset kept in the side table under `ViewTag.notes`;
/// drawn larger at a zoom (`NotesZoom`), and marked while they take PgUp/PgDn.
/// Rich notes (Markdown, HTML) keep their looks: bold, italic and underline
/// as the terminal's attributes, code in the accent colour.
struct NotesPaneView {
    var box = BoxGlyphs.square
    var zoom = NotesZoom()

    typealias Lines = (lines: [RichLine], placeholder: Bool)

    /// The notes as wrapped lines for `width`, or a placeholder line.
    static func lines(_ state: PadState, width: Int, cache: NotesWrapCache) -> Lines {
        guard state.showRunning, let content = state.buffer.content(for: .notes) else { return ([], true) }
        if let notes = content.notes, !notes.isEmpty { return (cache.lines(notes, rich: content.richNotes, width: width), false) }
        return ([RichLine(plain: content.preview == nil ? "notes loading…" : "(no notes for this slide)")], true)
    }

    /// "more below ↓ 12 lines".
    static func moreBelow(_ lines: Int) -> String { "more below ↓ \(lines) line" + (lines == 1 ? "" : "s") }

    /// The pane's title: "Notes", with the zoom, and what the keys do while
    /// the notes have them.
    static func title(_ state: PadState, zoom: NotesZoom) -> String {
        var title = "Notes" + (zoom.level > 1 ? " \(zoom.level)×" : "")
        if state.notesTakePaging { title += " · PgUp PgDn page · Esc" }
        return title
    }

    func render(_ state: PadState, lines: [RichLine], placeholder: Bool, in rect: Rect, framed: Bool, grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        let scroll = state.viewState(.notes).scroll
        let inside: Rect
        if framed {
            let focused = state.notesTakePaging
            let frame = grid.frame(rect, title: Self.title(state, zoom: zoom), glyphs: box,
                                   style: Style(focused ? .accent : .border), titleStyle: Style(focused ? .accent : .title))
            inside = frame.inset(dx: 1, dy: 0)
            if scroll > 0 { grid.put("↑", x: rect.maxX - 3, y: rect.y, style: Style(.accent)) }
            let below = lines.count - scroll - zoom.lines(inRows: inside.height)
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
        for row in 0..<zoom.lines(inRows: inside.height) {
            let i = scroll + row
            guard i < lines.count else { break }
            let y = inside.y + row * zoom.rowsPerLine
            if zoom.scales {
                // The terminal draws it, over cells left blank here: a run per style.
                let line = lines[i].truncated(to: inside.width / zoom.level)
                var x = inside.x
                for run in line.runs.isEmpty ? [RichRun("")] : line.runs {
                    let columns = DisplayWidth.of(run.text) * zoom.level
                    grid.scaledText.append(ScaledText(x: x, y: y, scale: zoom.level, text: run.text, columns: columns,
                                                      attributes: placeholder ? [] : Self.style(run.style).attributes))
                    x += columns
                }
            } else {
                var x = inside.x
                for run in lines[i].runs {
                    x += grid.put(run.text, x: x, y: y, style: placeholder ? Style(.dim) : Self.style(run.style), clip: inside)
                }
            }
        }
    }

    /// How a run of notes looks on screen.
    static func style(_ run: RunStyle) -> Style {
        var attributes: TextAttributes = []
        if run.contains(.bold) { attributes.insert(.bold) }
        if run.contains(.italic) { attributes.insert(.italic) }
        if run.contains(.underline) { attributes.insert(.underline) }
        return Style(run.contains(.code) ? .accent : .text, attributes: attributes)
    }
}
