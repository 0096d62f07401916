import PadConfig
import PadGrid
import SlideModel

/// The overview: every slide's picture in a grid (cells tagged 1001…),
/// its number under it, the current slide marked ▶ and the selection
/// reversed. A search narrows it like the list, said in the bottom edge.
/// A slide that begins a section has the section's heading in its label.
struct OverviewView {
    var pictures: PicturePipeline?

    func render(_ state: PadState, in body: Rect, grid: inout CellGrid) {
        guard body.width >= 8, body.height >= 4 else { return }
        let geometry = OverviewGeometry(body: body, cellAspect: pictures?.cellAspect, slides: state.slideCount)
        let count = state.listCount
        let title = state.slideCount == 0 ? "Overview" : "Overview · \(state.slideCount) slides"
        grid.frame(body, title: title, glyphs: .rounded, style: Style(.accent))
        let selection = state.viewState(.overview).selection
        let headings = state.sectionHeadings
        for n in 0..<(geometry.columns * geometry.rows) {
            let tag = ViewTag.overviewCell(n)
            guard let slide = state.buffer.slide(for: tag) else { continue }
            let content = state.buffer.content(for: tag) ?? .init()
            let cell = geometry.cell(n)
            ThumbnailView().render(slide: slide, preview: content.preview, in: geometry.thumbnail(n), pictures: pictures,
                                   grid: &grid)
            let selected = slide == selection, isCurrent = slide == state.current
            let label = Rect(x: cell.x, y: cell.maxY - 1, width: cell.width, height: 1)
            let style = selected ? Style(.selection) : isCurrent ? Style(.current) : Style(.dim)
            grid.fill(label, style: style)
            let heading = headings[slide].map { " § " + $0 } ?? ""
            let x = grid.putCentered((selected ? "> " : "") + (isCurrent ? "▶ " : "") + String(slide + 1) + heading, in: label, y: label.y,
                                     style: heading.isEmpty || selected || isCurrent ? style : Style(.title))
            if selected { grid.cursor = Rect(x: x, y: label.y, width: 1, height: 1) }
        }
        EmptySearchView.render(state, inside: body.inset(dx: 1, dy: 1), grid: &grid)
        // The bottom edge: the search, or which rows of the grid are in view.
        var text: String
        if let search = state.search {
            text = "/" + search.query + (search.typing ? "▏" : "")
            if search.filters {
                text += " \(search.matches.count) of \(state.slideCount)"
                if search.hiddenWithoutNotes > 0 { text += " · \(search.hiddenWithoutNotes) without notes hidden" }
            } else {
                text += " type to search the notes"
            }
        } else {
            let first = state.viewState(.overview).scroll * geometry.columns
            let last = min(count, first + geometry.columns * geometry.rows)
            text = count == 0 ? "no slides" : "\(first + 1)–\(last) of \(count) · Enter goes · / searches · Esc closes"
        }
        let label = " " + DisplayWidth.truncate(text, to: body.width - 4) + " "
        grid.put(label, x: body.x + 1, y: body.maxY - 1, style: Style(.title),
                 clip: Rect(x: body.x + 1, y: body.maxY - 1, width: body.width - 2, height: 1))
    }
}
