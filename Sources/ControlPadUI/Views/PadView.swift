import PadConfig
import PadGrid
import SlideModel

/// The whole screen for a state, in a layout `PadFrame` computed: renders
/// every view into a fresh grid, once.
struct PadView {
    var clock: String
    var pictures: PicturePipeline?
    /// Glyphs and popover looks from the config file.
    var config = PadConfig()
    /// The notes wrapped for the last width; the loop keeps one for all frames.
    var notesWrap = NotesWrapCache()
    /// The help laid out for the last size; the loop keeps one for all frames.
    var helpPages = HelpPagesCache()
    /// Which real pictures are in use (the help says), or nil.
    var picturesLabel: String?
    /// A terminal cell's size in pixels, when known: panes ask their
    /// slides at their size in pixels (a source that renders on request).
    var cellPixels: PixelSize?
    /// What the source cannot do that the keys offer (the help says).
    var sourceNotes: HelpView.SourceNotes?
    /// The terminal draws scaled text (kitty's text sizing): the notes zoom uses it.
    var textSizing = false

    /// The help's lines on screen and how far it scrolls, at this size.
    func helpPaging(_ state: PadState, screen layout: PadLayout) -> (rows: Int, maxScroll: Int) {
        let entries = HelpView.entries(state.bindings, moves: state.movesWhileBlank, picturesLabel: picturesLabel, sourceNotes: sourceNotes)
        let pages = helpPages.pages(entries, screen: Rect(x: 0, y: 0, width: layout.width, height: layout.height))
        return (pages.rows, pages.maxScroll)
    }

    /// How the notes are drawn for `state`'s zoom on this terminal.
    func notesZoom(_ state: PadState) -> NotesZoom { NotesZoom(level: state.notesZoom, textSizing: textSizing) }

    func render(_ state: PadState, layout: PadLayout, notes: NotesPaneView.Lines, now: Duration) -> CellGrid {
        let (width, height) = (layout.width, layout.height)
        var grid = CellGrid(width: width, height: height)
        if layout.sizeClass == .tooSmall {
            let text = DisplayWidth.truncate("terminal too small", to: width)
            if height > 0 { grid.putCentered(text, in: grid.bounds, y: height / 2, style: Style(.warning)) }
            return grid
        }
        if layout.mode == .fullScreen {
            // The slide takes the body; the status line stays, and overlays open over the slide.
            SlidePaneView(label: "Current", tag: .current, framed: false)
                .render(state, in: layout.current, pictureArea: layout.currentPictureArea, grid: &grid, pictures: pictures)
        } else if layout.sizeClass == .minimal {
            grid.put(Self.minimalHeader(state), x: 0, y: layout.current.y, style: Style(.title))
            NotesPaneView(zoom: notesZoom(state)).render(state, lines: notes.lines, placeholder: notes.placeholder,
                                   in: layout.notes, framed: false, grid: &grid)
        } else {
            SlidePaneView(label: "Current", tag: .current, box: config.paneBox)
                .render(state, in: layout.current, pictureArea: layout.currentPictureArea, grid: &grid, pictures: pictures)
            SlidePaneView(label: "Next", tag: .next, box: config.paneBox)
                .render(state, in: layout.next, pictureArea: layout.nextPictureArea, grid: &grid, pictures: pictures)
            NotesPaneView(box: config.paneBox, zoom: notesZoom(state)).render(state, lines: notes.lines, placeholder: notes.placeholder,
                                                      in: layout.notes, framed: true, grid: &grid)
            ClockView(clock: clock).render(state, now: now, in: layout.clock, grid: &grid)
        }
        let paceInStatus = layout.clock.height < BlockDigits.height + 2
        let anchors = StatusBarView(clock: clock, showsPace: paceInStatus).render(state, now: now, in: layout.status, grid: &grid)

        // Popovers may use the whole screen but the status line they point at.
        let body = Rect(x: 0, y: 0, width: width, height: height - 1)
        if let notice = state.notice {
            NoticeView().render(notice, hideKey: "Esc", in: body, grid: &grid)
        }
        let fraction = state.listFraction(at: now)
        if fraction > 0 { SlideListView(pictures: pictures).render(state, fraction: fraction, in: layout.list, grid: &grid) }
        for overlay in state.overlays where overlay.isPopover || overlay == .overview || overlay == .agenda {
            if overlay == .overview {
                OverviewView(pictures: pictures).render(state, in: body, grid: &grid)
                continue
            }
            if overlay == .agenda {
                AgendaView().render(state, now: now, in: body, grid: &grid)
                continue
            }
            let unfold = state.popoverUnfold.flatMap { $0.overlay == overlay ? $0.unfold.fraction(at: now) : nil }
            drawUnfolded(unfold ?? 1, grid: &grid) { draw(overlay, state: state, now: now, anchors: anchors, body: body, grid: &$0) }
        }
        if let closing = state.popoverUnfold, !state.overlays.contains(closing.overlay) {
            drawUnfolded(closing.unfold.fraction(at: now), grid: &grid) {
                draw(closing.overlay, state: state, now: now, anchors: anchors, body: body, grid: &$0)
            }
        }
        if case .pairing(let pin, let place) = state.link {
            PairingBannerView(theme: config.popovers[.pin] ?? PopoverTheme(role: .banner))
                .render(pin: pin, place: place, in: body, grid: &grid)
        }
        if state.isLinkDown, state.overlays.isEmpty {
            LinkDownBannerView(theme: config.popovers[.pin] ?? PopoverTheme(role: .banner)).render(state, in: body, grid: &grid)
        }
        // Every view has drawn: the pictures, each once, where the overlays left them room.
        pictures?.render(&grid)
        return grid
    }

    private func draw(_ overlay: Overlay, state: PadState, now: Duration, anchors: StatusBarView.Anchors, body: Rect,
                      grid: inout CellGrid) {
        switch overlay {
        case .slideList, .overview, .agenda: break  // drawn with its own slide-in; drawn in place
        case .help:
            HelpView(theme: config.popoverTheme(.help), picturesLabel: picturesLabel, sourceNotes: sourceNotes, pagesCache: helpPages).render(state, anchor: anchors.help, in: grid.bounds, grid: &grid)
        case .goto(let digits):
            GotoPromptView(theme: config.popoverTheme(.goto))
                .render(digits: digits, slideCount: state.slideCount, problem: state.gotoProblem, anchor: anchors.position,
                        in: grid.bounds, grid: &grid)
        case .confirmQuit, .confirmStop, .confirmTimerReset:
            QuestionView(theme: config.popovers[.quit] ?? PopoverTheme(role: .banner))
                .render(overlay, state: state, now: now, in: body, grid: &grid)
        }
    }

    /// Draws something growing up from the status line: only the bottom
    /// `fraction` of the rows above it show what `draw` drew.
    private func drawUnfolded(_ fraction: Double, grid: inout CellGrid, _ draw: (inout CellGrid) -> Void) {
        guard fraction < 1 else { return draw(&grid) }
        guard fraction > 0 else { return }
        var scratch = grid
        draw(&scratch)
        let rows = grid.height - 1
        let first = rows - Int((Double(rows) * fraction).rounded(.up))
        for y in max(0, first)..<rows {
            for x in 0..<grid.width where scratch[x, y].width != 0 {
                grid.set(x, y, scratch[x, y])
            }
        }
        // What the drawing asked for or placed comes along, cut to the rows unfolded.
        let unfolded = Rect(x: 0, y: max(0, first), width: grid.width, height: rows - max(0, first))
        grid.pictureRequests += scratch.pictureRequests.dropFirst(grid.pictureRequests.count).map {
            $0.shifted(by: 0, clip: $0.clip.intersection(unfolded))
        }
        grid.pictures += scratch.pictures.dropFirst(grid.pictures.count).filter { unfolded.intersection($0.rect) == $0.rect }
    }

    /// The tiny view's one line: where the show is.
    static func minimalHeader(_ state: PadState) -> String {
        guard state.showRunning else {
            return "No show" + (state.bindings.keys(for: .startShow).first.map { " · \($0.name) starts" } ?? "")
        }
        var text = "▶ \(state.position)"
        if let steps = state.stepText { text += " · \(steps)" }
        if let step = state.nextStep { text += " · next step \(step)" } else if let next = state.nextSlide { text += " · next \(next + 1)" }
        if state.blank { text += " · BLANK" }
        if state.inkMode { text += " · INK" }
        return text
    }
}
