import PadConfig
import PadGrid
import SlideModel

/// The slide list that slides in from the right: one row per slide (tags
/// 11…), with its number, its thumbnail (with pictures on; a row a few
/// lines tall), the first line of its notes and whether its preview is in.
/// The selection is marked > (and reversed), the current slide ▶ after its
/// number; the terminal's cursor rests on the selection. With a search,
/// only the matches are listed, the match is highlighted, and the frame's
/// bottom edge says the query, the count and the slides without notes hidden.
/// A slide that begins a section starts its line with the section's
/// heading, "§ How it works".
struct SlideListView {
    var pictures: PicturePipeline?

    func render(_ state: PadState, fraction: Double, in full: Rect, grid: inout CellGrid) {
        let shownWidth = Int((Double(full.width) * fraction).rounded())
        guard shownWidth > 0, !full.isEmpty else { return }
        // Slide in: the list keeps its width and moves; what is off screen
        // is cut. The panel is drawn where the list sits fully in, so its
        // pictures are asked where they will be; while it moves, the
        // thumbnails are half-blocks (a real picture can neither slide nor
        // be cut), moved with the panel and cut at the list's edge.
        let shift = full.width - shownWidth
        let moving = shift != 0
        var panel = CellGrid(width: full.maxX, height: full.maxY)
        panel.frame(full, title: "Slides", glyphs: .rounded, style: Style(.accent))
        let geometry = ListGeometry(list: full, slideCount: state.slideCount, cellAspect: pictures?.cellAspect)
        let selection = state.viewState(.slideList).selection
        let query = state.search?.filters == true ? state.search?.query : nil
        let headings = state.sectionHeadings
        for row in 0..<geometry.rows {
            let tag = ViewTag.listRow(row)
            guard let slide = state.buffer.slide(for: tag) else { continue }
            let content = state.buffer.content(for: tag) ?? .init()
            drawRow(slide: slide, heading: headings[slide], content: content, state: state, selected: slide == selection, query: query,
                    rect: geometry.row(row), thumbnail: geometry.thumbCols > 0 ? geometry.thumbnail(row) : nil,
                    numberCols: geometry.numberCols, moving: moving, grid: &panel)
        }
        if let search = state.search { drawSearch(search, state: state, in: full, grid: &panel) }
        EmptySearchView.render(state, inside: full.inset(dx: 1, dy: 1), grid: &panel)
        for y in full.y..<full.maxY {
            for x in full.x..<full.maxX where x + shift < full.maxX {
                let cell = panel[x, y]
                if cell.width == 0 { continue }
                grid.set(x + shift, y, cell, clip: full)
            }
        }
        grid.pictureRequests += panel.pictureRequests.map { $0.shifted(by: shift, clip: full) }
        if !moving, let cursor = panel.cursor { grid.cursor = cursor }
    }

    private func drawRow(slide: Int, heading: String?, content: LoadBuffer.Content, state: PadState, selected: Bool, query: String?,
                         rect: Rect, thumbnail: Rect?, numberCols: Int, moving: Bool, grid: inout CellGrid) {
        let style = selected ? Style(.selection) : Style.text
        grid.fill(rect, style: style)
        let digits = numberCols - 3
        let number = String(repeating: " ", count: max(0, digits - String(slide + 1).count)) + String(slide + 1)
        let isCurrent = slide == state.current
        grid.put((selected ? ">" : " ") + (isCurrent ? "▶" : " ") + number + " ", x: rect.x, y: rect.y,
                 style: isCurrent && !selected ? Style(.current) : style)
        if selected { grid.cursor = Rect(x: rect.x, y: rect.y, width: 1, height: 1) }
        var x = rect.x + numberCols
        if let thumbnail {
            ThumbnailView().render(slide: slide, preview: content.preview, in: thumbnail, pictures: pictures, cellsOnly: moving,
                                  grid: &grid)
            x = thumbnail.maxX + 1
        }
        // A section's heading: a line of its own in a tall row, else before the notes.
        var y = rect.y
        if let heading, rect.maxX - x - 2 > 4 {
            let headingStyle = selected ? style : Style(.title)
            if rect.height > 2 {
                grid.put(DisplayWidth.truncate("§ " + heading, to: rect.maxX - x - 2), x: x, y: y, style: headingStyle)
                y += 1
            } else {
                let text = DisplayWidth.truncate("§ " + heading, to: max(1, (rect.maxX - x - 2) * 2 / 3)) + " "
                x += grid.put(text, x: x, y: y, style: headingStyle)
            }
        }
        let loaded = content.preview != nil
        let line = content.notes.flatMap { SlideSearch.lineToShow($0, query: query ?? "") }
            ?? (loaded ? "—" : "loading…")
        let room = rect.maxX - x - 2
        guard room > 0 else { return }
        let shown = SlideSearch.excerpt(line, query: query ?? "", columns: room)
        grid.put(shown, x: x, y: y, style: style)
        if let query, let hit = SlideSearch.matchRange(of: query, in: shown) {
            Self.highlight(shown, range: hit, x: x, y: y, grid: &grid)
        }
        // More notes lines below the first, when the row is tall.
        if rect.maxY - y > 1, let notes = content.notes {
            let more = notes.split(separator: "\n", omittingEmptySubsequences: true).map(String.init).filter { $0 != line }
            for (i, text) in more.prefix(rect.maxY - y - 1).enumerated() {
                grid.put(DisplayWidth.truncate(text, to: room), x: x, y: y + 1 + i,
                         style: selected ? style : Style(.dim))
            }
        }
        grid.put(loaded ? "●" : "◌", x: rect.maxX - 1, y: rect.y, style: style)
    }

    /// The matched characters of a line drawn at `x`, in the accent colour, underlined by reverse.
    static func highlight(_ line: String, range: Range<Int>, x: Int, y: Int, grid: inout CellGrid) {
        let characters = Array(line)
        let before = DisplayWidth.of(String(characters[0..<min(range.lowerBound, characters.count)]))
        let hit = String(characters[min(range.lowerBound, characters.count)..<min(range.upperBound, characters.count)])
        grid.put(hit, x: x + before, y: y, style: Style(.banner))
    }

    /// The search in the frame's bottom edge: "/query▏ 3 of 40 · 5 without notes hidden".
    private func drawSearch(_ search: SlideSearch, state: PadState, in full: Rect, grid: inout CellGrid) {
        guard full.width > 6, full.height >= 2 else { return }
        var text = "/" + search.query + (search.typing ? "▏" : "")
        if search.filters {
            text += " \(search.matches.count) of \(state.slideCount)"
            if search.hiddenWithoutNotes > 0 { text += " · \(search.hiddenWithoutNotes) without notes hidden" }
            if !search.typing { text += " · n/N" }
        } else {
            text += " type to search the notes"
        }
        let label = " " + DisplayWidth.truncate(text, to: full.width - 4) + " "
        grid.put(label, x: full.x + 1, y: full.maxY - 1, style: Style(.title),
                 clip: Rect(x: full.x + 1, y: full.maxY - 1, width: full.width - 2, height: 1))
    }
}

/// One slide's small picture (a list row, an overview cell): the picture at
/// its true aspect when it is in, else a placeholder the size of the picture.
struct ThumbnailView {
    func render(slide: Int, preview: Preview?, in rect: Rect, pictures: PicturePipeline?, cellsOnly: Bool = false,
                grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        if let preview, let pictures,
           pictures.request(preview, slide: slide, in: rect, grid: &grid, cellsOnly: cellsOnly) == nil { return }
        // Waiting (or no pictures, or unreadable): a dim box with the number.
        grid.fill(rect, style: Style(.placeholder))
        let mark = preview == nil ? "◌" : "●"
        grid.putCentered(rect.width >= 6 ? "\(mark) \(slide + 1)" : mark, in: rect, y: rect.y + rect.height / 2,
                         style: Style(.placeholder))
    }
}
