import SlideModel

/// The slide list that slides in from the right: one row per slide (tags
/// 11…), with its number, the first line of its notes and whether its
/// preview is in. The current slide is marked ▶; the selection is reversed.
struct SlideListView {
    func render(_ state: PadState, fraction: Double, in full: Rect, grid: inout CellGrid) {
        let shownWidth = Int((Double(full.width) * fraction).rounded())
        guard shownWidth > 0, !full.isEmpty else { return }
        // Slide in: the list keeps its width and moves; what is off screen is cut.
        let rect = Rect(x: full.maxX - shownWidth, y: full.y, width: full.width, height: full.height)
        var panel = CellGrid(width: full.width, height: full.height)
        let inside = panel.frame(Rect(x: 0, y: 0, width: full.width, height: full.height),
                                 title: "Slides", glyphs: .rounded, style: Style(.accent))
        let selection = state.viewState(.slideList).selection
        let digits = String(max(1, state.slideCount)).count
        for row in 0..<inside.height {
            let tag = ViewTag.listRow(row)
            guard let slide = state.buffer.slide(for: tag) else { continue }
            let content = state.buffer.content(for: tag) ?? .init()
            let y = inside.y + row
            let style = slide == selection ? Style(.selection) : Style.text
            panel.fill(Rect(x: inside.x, y: y, width: inside.width, height: 1), style: style)
            let number = String(repeating: " ", count: digits - String(slide + 1).count) + String(slide + 1)
            let marker = slide == state.current ? "▶" : " "
            var x = inside.x
            x += panel.put(marker + number + " ", x: x, y: y, style: slide == state.current && slide != selection ? Style(.current) : style)
            let loaded = content.preview != nil
            let firstLine = content.notes?.split(separator: "\n").first.map(String.init)
                ?? (loaded ? "—" : "loading…")
            let room = inside.maxX - x - 2
            panel.put(DisplayWidth.truncate(firstLine, to: room), x: x, y: y, style: style)
            panel.put(loaded ? "●" : "◌", x: inside.maxX - 1, y: y, style: style)
        }
        for y in 0..<full.height {
            for x in 0..<full.width where rect.x + x < full.maxX {
                let cell = panel[x, y]
                if cell.width == 0 { continue }
                grid.set(rect.x + x, rect.y + y, cell, clip: full)
            }
        }
    }
}
