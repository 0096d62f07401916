import Syscalls

/// The writer: each frame one buffer, written once.
extension RealTerminal {
    /// Writes what differs from the last frame, in one write: scaled text
    /// this frame no longer has (erased first), the cells that changed
    /// (and those under a picture that left), the picture placements, the
    /// scaled text, and the cursor: on the selection when the frame has
    /// one (a screen reader follows it), hidden otherwise. Nothing at all
    /// when nothing changed.
    func draw(_ grid: CellGrid) {
        var out = preamble
        preamble = []
        let full = grid.isFullRepaint(since: previous)
        let gone = pictures?.prepare(grid.pictures, fullRepaint: full) ?? []
        let changes = grid.changes(since: previous, repainting: gone)
        if scalesText { out += ScaledTextWriter.erase(previous?.scaledText ?? [], keeping: grid.scaledText) }
        if full {
            encoder.clear(into: &out)
            for change in changes where !encoder.isBlankOnClear(change.cell) { encoder.write(change, into: &out) }
        } else {
            for change in changes { encoder.write(change, into: &out) }
        }
        if let pictures {
            let placed = pictures.bytes(grid.pictures, screenHeight: grid.height) { rect in
                full || gone.contains { $0.y < rect.maxY && rect.y < $0.maxY }
                    || changes.contains { rect.contains(x: $0.x, y: $0.y) }
            }
            out += placed
        }
        if scalesText { out += ScaledTextWriter.bytes(grid.scaledText) }
        out += cursorBytes(grid.cursor.map { ($0.x, $0.y) })
        previous = grid
        emit(out)
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
