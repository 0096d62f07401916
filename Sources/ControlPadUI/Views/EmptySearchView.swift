import PadConfig
import PadGrid
import SlideModel

/// A search that matches nothing: the list or the overview says why in its
/// middle, not only on its bottom edge.
struct EmptySearchView {
    static func render(_ state: PadState, inside: Rect, grid: inout CellGrid) {
        guard let search = state.search, search.filters, search.matches.isEmpty, !inside.isEmpty else { return }
        let words = TextWrap.lines("No notes hold “\(search.query)”. Backspace edits, Esc clears.", width: max(1, inside.width - 2))
        let top = inside.y + max(0, (inside.height - words.count) / 2)
        for (i, line) in words.enumerated() where top + i < inside.maxY {
            grid.putCentered(line, in: inside, y: top + i, style: Style(.placeholder))
        }
    }
}
