/// How big the views that scroll are on screen: the layout (in the
/// executable) tells the reducer after each frame, so keys can page and
/// clamp without knowing about terminals.
public struct Viewport: Sendable, Equatable {
    public var listRows = 10
    /// Text lines one list row takes (a thumbnail a few lines tall; 1 without pictures).
    public var listRowLines = 1
    /// The overview grid: cells across, and rows of cells on screen.
    public var overviewColumns = 1
    public var overviewRows = 1
    /// A list thumbnail's and an overview cell's picture in pixels, when known.
    public var thumbnailPixels: PixelSize?
    public var overviewPixels: PixelSize?
    public var notesRows = 5
    /// The largest notes zoom the terminal can show: 3 where it scales
    /// text itself (kitty's text sizing), 2 (wider spacing) elsewhere.
    public var notesZoomLimit = 2
    /// The help's lines on screen, and the furthest it can scroll (0: it fits).
    public var helpRows = 0
    public var helpMaxScroll = 0
    /// The furthest the notes can scroll for what is shown now.
    public var notesMaxScroll = 0
    /// The current and next panes' pictures in pixels (cells times the
    /// terminal's cell size), when known: the size their slides are asked for.
    public var currentPixels: PixelSize?
    public var nextPixels: PixelSize?
    public init(listRows: Int = 10, notesRows: Int = 5, notesMaxScroll: Int = 0,
                currentPixels: PixelSize? = nil, nextPixels: PixelSize? = nil) {
        self.listRows = listRows
        self.notesRows = notesRows
        self.notesMaxScroll = notesMaxScroll
        self.currentPixels = currentPixels
        self.nextPixels = nextPixels
    }
}

extension Viewport {
    /// The sizes a frame reported, within what the reducer can use: rows and
    /// scrolls not negative, the list and the overview within their tags.
    var clamped: Viewport {
        var viewport = self
        viewport.listRows = min(ViewTag.maxListRows, max(0, listRows))
        viewport.notesRows = max(0, notesRows)
        viewport.notesMaxScroll = max(0, notesMaxScroll)
        viewport.listRowLines = max(1, listRowLines)
        viewport.notesZoomLimit = min(NotesReading.maxZoom, max(1, notesZoomLimit))
        viewport.helpRows = max(0, helpRows)
        viewport.helpMaxScroll = max(0, helpMaxScroll)
        viewport.overviewColumns = min(100, max(1, overviewColumns))
        viewport.overviewRows = min(100, max(1, overviewRows))
        return viewport
    }
}
