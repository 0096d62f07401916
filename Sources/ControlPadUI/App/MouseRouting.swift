import PadGrid
import PadTerminal
import SlideModel

/// Turns a mouse event into what it means where it happened: a list row
/// clicked, the wheel over the notes or the list, or the laser pointer held
/// over the current slide.
enum MouseRouting {
    /// `slideArea` is where the current slide's picture is drawn, when it is:
    /// the pointer's 0…1 are of the slide, not of the pane around it.
    /// `cellAspect` is the pictures' (nil without pictures): the list's
    /// rows and the overview's cells are sized by it.
    /// `cellPixels`: a cell's size, when `mouse` carries the pixel it was at
    /// (SGR-pixels): the pointer is placed by the pixel (`SlidePointMapping`).
    static func event(for mouse: MouseEvent, state: PadState, layout: PadLayout, now: Duration,
                      slideArea: Rect? = nil, cellAspect: Double? = nil, cellPixels: PixelSize? = nil) -> PadEvent? {
        if state.topOverlay == .overview {
            let grid = OverviewGeometry(body: layout.body, cellAspect: cellAspect, slides: state.slideCount)
            switch mouse.kind {
            case .press: return grid.cell(atX: mouse.x, y: mouse.y).map { .overviewClicked(cell: $0) }
            case .wheelUp: return .overviewWheel(-1)
            case .wheelDown: return .overviewWheel(1)
            default: return nil
            }
        }
        let listShown = state.listOpen && state.listFraction(at: now) >= 1
        if listShown, layout.list.contains(x: mouse.x, y: mouse.y) {
            switch mouse.kind {
            case .press:
                // Rows are `listRowLines` tall (thumbnails): the row under the line clicked.
                let rows = ListGeometry(list: layout.list, slideCount: state.slideCount, cellAspect: cellAspect)
                return rows.row(atY: mouse.y).flatMap { $0 < state.viewport.listRows ? .listClicked(row: $0) : nil }
            case .wheelUp: return .listWheel(-3)
            case .wheelDown: return .listWheel(3)
            default: return nil
            }
        }
        switch mouse.kind {
        case .wheelUp where layout.notes.contains(x: mouse.x, y: mouse.y): return .notesWheel(-3)
        case .wheelDown where layout.notes.contains(x: mouse.x, y: mouse.y): return .notesWheel(3)
        case .press where layout.notes.contains(x: mouse.x, y: mouse.y) && !layout.currentPictureArea.contains(x: mouse.x, y: mouse.y):
            return .notesClicked
        case .press, .drag, .release:
            let pane = slideArea ?? layout.currentPictureArea
            guard layout.showsPictures, let (point, inside) = SlidePointMapping(picture: pane, cellPixels: cellPixels)
                .point(cellX: mouse.x, cellY: mouse.y, pixelX: mouse.pixelX, pixelY: mouse.pixelY) else { return nil }
            let phase: PointerPhase = mouse.kind == .press ? .down : mouse.kind == .drag ? .move : .up
            if phase == .down && !inside { return nil }
            return .pointer(phase, x: point.x, y: point.y)
        default:
            return nil
        }
    }
}
