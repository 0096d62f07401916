import PadGrid
import Syscalls

/// The writer: each frame one buffer, written once.
extension RealTerminal {
    /// Writes what differs from the last frame, in one write: scaled text
    /// this frame no longer has (erased first), the cells that changed
    /// (and those under a picture that left), the picture placements, the
    /// scaled text, and the cursor: on the selection when the frame has
    /// one (a screen reader follows it), hidden otherwise. Nothing at all
    /// when nothing changed.
    package func draw(_ grid: CellGrid) {
        var out = preamble
        preamble = []
        let full = grid.isFullRepaint(since: previous)
        let gone = pictures?.prepare(grid.pictures, fullRepaint: full) ?? []
        var changes = grid.changes(since: previous, repainting: gone)
        if scalesText { out += ScaledTextWriter.erase(previous?.scaledText ?? [], keeping: grid.scaledText) }
        if full {
            encoder.clear(into: &out)
            changes = Self.withoutBlankRuns(changes, blank: encoder.isBlankOnClear)
        }
        for change in changes { encoder.write(change, in: grid, into: &out) }
        func repainted(_ rect: Rect) -> Bool {
            full || gone.contains { $0.y < rect.maxY && rect.y < $0.maxY } || changes.contains { rect.contains(x: $0.x, y: $0.y) }
        }
        if let pictures { out += pictures.bytes(grid.pictures, screenHeight: grid.height, repainted: repainted) }
        if scalesText {
            // A run is written again only when new, or when a cell under it was.
            let old = previous?.scaledText ?? []
            out += ScaledTextWriter.bytes(grid.scaledText.filter {
                !old.contains($0) || repainted(Rect(x: $0.x, y: $0.y, width: $0.columns, height: $0.scale))
            })
        }
        out += cursorBytes(grid.cursor.map { ($0.x, $0.y) })
        previous = grid
        emit(out)
    }

    /// After a clear, blank cells need no bytes; but a short run of them
    /// costs less written than stepped over.
    static func withoutBlankRuns(_ changes: [CellChange], blank: (Cell) -> Bool) -> [CellChange] {
        var out: [CellChange] = []
        var run: [CellChange] = []
        func endRun() {
            if run.count < 4, !out.isEmpty, out.last!.y == run.first?.y { out += run }
            run = []
        }
        for change in changes {
            if let last = run.last, last.y != change.y || last.x + 1 != change.x { endRun() }
            if blank(change.cell) {
                run.append(change)
            } else {
                endRun()
                out.append(change)
            }
        }
        return out
    }

    /// The hardware cursor to `place` (shown), or hidden. Pictures and
    /// scaled text put the cursor back where the cells left it (DECSC/DECRC).
    private func cursorBytes(_ place: (x: Int, y: Int)?) -> [UInt8] {
        guard let place else {
            defer { cursorShown = nil }
            return cursorShown == nil ? [] : info.hideCursor
        }
        var out: [UInt8] = []
        if encoder.cursor.map({ $0 != place }) ?? true {
            encoder.move(x: place.x, y: place.y, into: &out)
        }
        if cursorShown == nil { out += info.showCursor }
        cursorShown = place
        return out
    }
}
