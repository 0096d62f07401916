/// Where each view goes: the terminal's size picks a size class (too small,
/// one line, stacked, side by side), the presenter's `LayoutMode` picks what
/// gets the room (the current slide, the notes, or the whole screen). The
/// slide panes are cut to the show's aspect, so a slide fills its pane's
/// width or height; what would have been black bars goes to the notes.
import PadGrid
import PadTerminal
import SlideModel

struct PadLayout: Equatable {
    /// What the terminal's size allows, whatever the mode.
    enum SizeClass: Equatable { case tooSmall, minimal, stacked, sideBySide }

    // MARK: thresholds

    /// Below this, only "terminal too small".
    static let minimumWidth = 20, minimumHeight = 6
    /// Side by side needs this width and this many rows above the status line.
    static let sideBySideMinWidth = 60, sideBySideMinBodyHeight = 8
    /// Stacked needs this size.
    static let stackedMinWidth = 40, stackedMinHeight = 12
    /// The slide list: the whole width below this terminal width, else its
    /// share of the width within these bounds.
    static let listFullWidthBelow = 40, listMinWidth = 28, listMaxWidth = 48
    static let listShare = (numerator: 2, denominator: 5)
    /// Slides mode: the share of the width (side by side) or of the height
    /// (stacked) the current slide may take.
    static let currentShare = (numerator: 3, denominator: 5)
    /// Notes-first: the share of the width the two small slides may take
    /// (side by side), or of the height (stacked).
    static let notesFirstSlideShare = (numerator: 2, denominator: 5)
    /// Notes-first puts the slides beside the notes when the body is this
    /// many times wider than tall (in square units), above them otherwise.
    static let notesBesideMinShape = 1.2
    /// The narrowest a next-slide column may be; narrower, it goes below.
    static let minNextWidth = 14
    /// The next slide below the current one takes this share of the width.
    static let nextBelowShare = (numerator: 1, denominator: 3)
    /// The fewest rows a framed notes pane is worth (frame and two lines).
    static let minNotesHeight = 4
    /// The narrowest notes worth a column beside the slides (inside the
    /// frame): narrower, words break, and the notes go under the slides.
    static let minNotesWidth = 24
    /// Slides are 16:9 until a picture says otherwise; cells twice as tall as wide.
    static let standardSlideAspect = 16.0 / 9.0
    static let standardCellAspect = 2.0

    var sizeClass: SizeClass
    var mode: LayoutMode
    var width: Int
    var height: Int
    var current = Rect.zero
    var next = Rect.zero
    var notes = Rect.zero
    var status = Rect.zero
    /// Room left beside or below the slides (the big timer goes there).
    var clock = Rect.zero
    /// The slide list's place when fully in (it slides in from the right).
    var list = Rect.zero

    /// `slideAspect` is the show's width over height in pixels;
    /// `cellAspect` a cell's height over its width.
    init(size: TerminalSize, mode: LayoutMode = .slides,
         slideAspect: Double = Self.standardSlideAspect, cellAspect: Double = Self.standardCellAspect) {
        self.mode = mode
        self.width = max(0, size.width)
        self.height = max(0, size.height)
        sizeClass = Self.sizeClass(width: width, height: height, slideAspect: slideAspect, cellAspect: cellAspect)
        guard sizeClass != .tooSmall else { return }
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        let (body, statusRow) = screen.splitTop(height - 1)
        status = statusRow
        let listWidth = width < Self.listFullWidthBelow ? width
            : min(Self.listMaxWidth, max(Self.listMinWidth, width * Self.listShare.numerator / Self.listShare.denominator))
        list = Rect(x: width - listWidth, y: 0, width: listWidth, height: body.height)
        let fit = Fit(slideAspect: slideAspect, cellAspect: cellAspect)
        switch (mode, sizeClass) {
        case (.fullScreen, _):
            current = body
        case (_, .minimal), (_, .tooSmall):
            (current, notes) = body.splitTop(1)
        case (.slides, .sideBySide):
            place(hero: body.splitLeft(body.width * Self.currentShare.numerator / Self.currentShare.denominator).0,
                  body: body, fit: fit)
        case (.slides, .stacked):
            place(hero: body.splitTop(body.height * Self.currentShare.numerator / Self.currentShare.denominator).0,
                  body: body, fit: fit)
        case (.notesFirst, _):
            // The slides in a column beside the notes on a wide body, in a strip above them on a tall one.
            let wide = width >= Self.sideBySideMinWidth
                && Double(body.width) >= Double(body.height) * cellAspect * Self.notesBesideMinShape
            if wide { placeNotesFirstBeside(body: body, fit: fit) } else { placeNotesFirstAbove(body: body, fit: fit) }
        }
    }

    init(width: Int, height: Int, mode: LayoutMode = .slides) {
        self.init(size: TerminalSize(width: width, height: height), mode: mode)
    }

    /// The size class: side by side or stacked, whichever gives the current
    /// slide more room; one line where neither fits.
    static func sizeClass(width: Int, height: Int, slideAspect: Double = standardSlideAspect,
                          cellAspect: Double = standardCellAspect) -> SizeClass {
        guard width >= minimumWidth, height >= minimumHeight else { return .tooSmall }
        let body = Rect(x: 0, y: 0, width: width, height: height - 1)
        let sideFits = width >= sideBySideMinWidth && body.height >= sideBySideMinBodyHeight
        let stackFits = width >= stackedMinWidth && height >= stackedMinHeight
        if !sideFits && !stackFits { return .minimal }
        guard sideFits && stackFits else { return sideFits ? .sideBySide : .stacked }
        let fit = Fit(slideAspect: slideAspect, cellAspect: cellAspect)
        let side = fit.pane(in: body.splitLeft(body.width * currentShare.numerator / currentShare.denominator).0)
        let stack = fit.pane(in: body.splitTop(body.height * currentShare.numerator / currentShare.denominator).0)
        return fit.room(side) >= fit.room(stack) ? .sideBySide : .stacked
    }

    /// A slide's shape in cells: the framed pane that fits a picture of the
    /// show's aspect exactly, or as near as whole cells allow.
    struct Fit {
        var slideAspect: Double
        var cellAspect: Double

        /// Columns per row of a picture of the slide's aspect.
        private var columnsPerRow: Double {
            let a = slideAspect.isFinite && slideAspect > 0 ? slideAspect : PadLayout.standardSlideAspect
            let c = cellAspect.isFinite && cellAspect > 0 ? cellAspect : PadLayout.standardCellAspect
            return a * c
        }

        /// The largest framed pane at `area`'s top left whose inside has the
        /// slide's shape.
        func pane(in area: Rect) -> Rect {
            let (cols, rows) = (area.width - 2, area.height - 2)
            guard cols > 0, rows > 0 else { return area }
            let rowsForWidth = Int((Double(cols) / columnsPerRow).rounded())
            if rowsForWidth <= rows {
                return Rect(x: area.x, y: area.y, width: area.width, height: max(1, rowsForWidth) + 2)
            }
            let colsForHeight = Int((Double(rows) * columnsPerRow).rounded())
            return Rect(x: area.x, y: area.y, width: min(cols, max(1, colsForHeight)) + 2, height: area.height)
        }

        /// A pane as wide as `area` and as tall as its slide needs (at most `area`'s height).
        func paneAcross(_ area: Rect) -> Rect {
            let fitted = pane(in: area)
            return Rect(x: area.x, y: area.y, width: area.width, height: fitted.height)
        }

        /// The cells of a slide's picture in a pane: what size classes are compared by.
        func room(_ pane: Rect) -> Int {
            let inside = pane.inset(dx: 1, dy: 1)
            return inside.isEmpty ? 0 : inside.width * inside.height
        }
    }

    /// Slides mode: the current slide fitted into `hero` (the body's top
    /// left); the next slide beside it (or below, where the column would be
    /// too narrow) with the timer's room under it; the notes take the rest.
    private mutating func place(hero: Rect, body: Rect, fit: Fit) {
        current = fit.pane(in: hero)
        let beside = Rect(x: current.maxX, y: body.y, width: body.maxX - current.maxX, height: current.height)
        let below = Rect(x: body.x, y: current.maxY, width: body.width, height: body.maxY - current.maxY)
        guard beside.width >= Self.minNextWidth else {
            // The current slide spans the width: next and the timer go at the
            // left of the room below, the notes right of them.
            let (left, right) = below.splitLeft(max(Self.minNextWidth, body.width * Self.nextBelowShare.numerator / Self.nextBelowShare.denominator))
            next = fit.paneAcross(left)
            clock = Rect(x: left.x, y: next.maxY, width: left.width, height: left.maxY - next.maxY)
            notes = right
            return
        }
        if below.height >= Self.minNotesHeight {
            // Never wider than the current slide (at 40×12 the column beside
            // it was wider): the slide the audience sees is the larger one.
            next = fit.paneAcross(Rect(x: beside.x, y: beside.y, width: min(beside.width, current.width), height: beside.height))
            clock = Rect(x: beside.x, y: next.maxY, width: beside.width, height: beside.maxY - next.maxY)
            // No room under it: the timer beside it, where the column was wider.
            if clock.height < 3, beside.maxX - next.maxX >= 8 {
                clock = Rect(x: next.maxX, y: beside.y, width: beside.maxX - next.maxX, height: beside.height)
            }
            notes = below
        } else {
            // The slide fills the height (a wide, short window): the next
            // slide small at the top of the column, the timer under it, the
            // notes beside them.
            let column = Rect(x: beside.x, y: body.y, width: beside.width, height: body.height)
            let smallNext = fit.pane(in: Rect(x: column.x, y: column.y, width: column.width / 2, height: max(3, column.height / 2)))
            guard column.maxX - smallNext.maxX - 2 >= Self.minNotesWidth || body.height < Self.minNotesHeight + 5 else {
                // Too narrow to read there: a smaller slide, the notes under it.
                let shorter = Rect(x: hero.x, y: hero.y, width: hero.width, height: body.height - Self.minNotesHeight)
                current = fit.pane(in: shorter)
                let right = Rect(x: current.maxX, y: body.y, width: body.maxX - current.maxX, height: current.height)
                next = fit.paneAcross(Rect(x: right.x, y: right.y, width: min(right.width, current.width), height: right.height))
                clock = Rect(x: right.x, y: next.maxY, width: right.width, height: right.maxY - next.maxY)
                if clock.height < 3, right.maxX - next.maxX >= 8 {
                    clock = Rect(x: next.maxX, y: right.y, width: right.maxX - next.maxX, height: right.height)
                }
                notes = Rect(x: body.x, y: current.maxY, width: body.width, height: body.maxY - current.maxY)
                return
            }
            current.height = body.height
            next = smallNext
            clock = Rect(x: column.x, y: next.maxY, width: next.width, height: column.maxY - next.maxY)
            notes = Rect(x: next.maxX, y: column.y, width: column.maxX - next.maxX, height: column.height)
        }
    }

    /// Notes first, wide: the current and next slides small in a column at
    /// the left (the timer under them), the notes the rest.
    private mutating func placeNotesFirstBeside(body: Rect, fit: Fit) {
        let column = body.splitLeft(max(Self.minNextWidth, body.width * Self.notesFirstSlideShare.numerator / Self.notesFirstSlideShare.denominator)).0
        current = fit.pane(in: column.splitTop(column.height / 2).0)
        next = fit.pane(in: Rect(x: column.x, y: current.maxY, width: current.width, height: (body.maxY - current.maxY) * 2 / 3))
        let used = max(current.width, next.width)
        current.width = used
        next.width = used
        clock = Rect(x: column.x, y: next.maxY, width: used, height: body.maxY - next.maxY)
        notes = Rect(x: used, y: body.y, width: body.width - used, height: body.height)
    }

    /// Notes first, tall: the current and next slides small side by side
    /// above the notes, the timer beside them where there is room.
    private mutating func placeNotesFirstAbove(body: Rect, fit: Fit) {
        let strip = body.splitTop(max(3, body.height * Self.notesFirstSlideShare.numerator / Self.notesFirstSlideShare.denominator)).0
        current = fit.pane(in: strip.splitLeft(strip.width / 2).0)
        next = fit.pane(in: Rect(x: current.maxX, y: strip.y, width: strip.maxX - current.maxX, height: current.height))
        clock = Rect(x: next.maxX, y: strip.y, width: strip.maxX - next.maxX, height: current.height)
        notes = Rect(x: body.x, y: current.maxY, width: body.width, height: body.maxY - current.maxY)
    }

    /// Whether the notes are one line's text, unframed (the tiny layout).
    var notesFramed: Bool { sizeClass != .minimal || mode == .fullScreen }

    /// Whether the slides are on screen as pictures.
    var showsPictures: Bool { sizeClass != .tooSmall && (sizeClass != .minimal || mode == .fullScreen) }

    /// The sizes the reducer needs for paging and clamping.
    /// `zoom` says how many screen rows a line of notes takes.
    func viewport(notesLineCount: Int, zoom: NotesZoom = NotesZoom()) -> Viewport {
        let notesRows = zoom.lines(inRows: notesFramed ? max(0, notes.height - 2) : notes.height)
        var viewport = Viewport(listRows: max(1, list.height - 2), notesRows: notesRows,
                                notesMaxScroll: max(0, notesLineCount - notesRows))
        viewport.notesZoomLimit = zoom.limit
        return viewport
    }

    /// Where the current slide's picture goes: inside its pane's frame, or
    /// the whole body in full screen. The one rule views and mouse routing share.
    var currentPictureArea: Rect {
        guard showsPictures else { return .zero }
        return mode == .fullScreen ? current : current.inset(dx: 1, dy: 1)
    }

    /// Where the next slide's picture goes: inside its pane's frame.
    var nextPictureArea: Rect { next.inset(dx: 1, dy: 1) }

    /// The width notes wrap to.
    var notesTextWidth: Int { notesFramed ? max(0, notes.width - 4) : notes.width }
}

extension PadView {
    /// A cell's height over its width: what the terminal reports, else the usual 2.
    var cellAspect: Double {
        guard let cell = cellPixels, cell.width > 0, cell.height > 0 else { return PadLayout.standardCellAspect }
        return Double(cell.height) / Double(cell.width)
    }
}
