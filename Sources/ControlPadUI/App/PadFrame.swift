import PadGrid
import PadTerminal
import SlideModel

/// One frame, computed the one way the loop, the bench and the tests share:
/// the layout for the terminal's size, then the viewport the reducer needs
/// (told *before* rendering, so paging and clamping match what is drawn),
/// then a single render.
struct PadFrame {
    let layout: PadLayout
    let grid: CellGrid

    init(_ state: inout PadState, view: PadView, size: TerminalSize, now: Duration) {
        layout = PadLayout(size: size, mode: state.layoutMode, slideAspect: state.slideAspect ?? PadLayout.standardSlideAspect,
                           cellAspect: view.cellAspect)
        let zoom = view.notesZoom(state)
        let notes = NotesPaneView.lines(state, width: zoom.wrapWidth(layout.notesTextWidth), cache: view.notesWrap)
        var viewport = layout.viewport(notesLineCount: notes.lines.count, zoom: zoom)
        (viewport.helpRows, viewport.helpMaxScroll) = view.helpPaging(state, screen: layout)
        // The list's rows and the overview's cells, as the views draw them.
        let list = ListGeometry(list: layout.list, slideCount: state.slideCount, cellAspect: view.pictures?.cellAspect)
        viewport.listRows = list.rows
        viewport.listRowLines = list.rowLines
        let overview = OverviewGeometry(body: layout.body, cellAspect: view.pictures?.cellAspect, slides: state.slideCount)
        viewport.overviewColumns = overview.columns
        viewport.overviewRows = overview.rows
        if let cell = view.cellPixels {
            viewport.currentPixels = Self.pixels(layout.currentPictureArea, cell: cell)
            viewport.nextPixels = Self.pixels(layout.nextPictureArea, cell: cell)
            if list.thumbCols > 0 { viewport.thumbnailPixels = Self.pixels(list.thumbnail(0), cell: cell) }
            viewport.overviewPixels = Self.pixels(overview.thumbnail(0), cell: cell)
        }
        if viewport != state.viewport { _ = state.reduce(.viewport(viewport), now: now) }
        // Pictures included: a covered one is half-blocks, decided once (`PicturePipeline`).
        grid = view.render(state, layout: layout, notes: notes, now: now)
    }

    /// A pane's picture area in pixels (nil when it is not on screen).
    static func pixels(_ area: Rect, cell: PixelSize) -> PixelSize? {
        guard area.width > 0, area.height > 0 else { return nil }
        return PixelSize(width: area.width * max(1, cell.width), height: area.height * max(1, cell.height))
    }

    /// Where the current slide's picture is on screen, if one is drawn: the
    /// laser pointer's 0…1 are of the slide, not of the pane around it.
    func currentPicture(_ state: PadState, pictures: PicturePipeline?) -> Rect? {
        guard let preview = state.buffer.content(for: .current)?.preview else { return nil }
        return pictures?.pictureFrame(for: preview, in: layout.currentPictureArea)
    }
}
