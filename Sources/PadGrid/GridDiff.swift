/// One cell the backend must write to go from one frame to the next.
package struct CellChange: Equatable, Sendable {
    package var x: Int
    package var y: Int
    package var cell: Cell

    package init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}

extension CellGrid {
    /// The cells to write to turn the screen from `previous` into this frame:
    /// all of them when there is no previous frame of the same size;
    /// otherwise each cell that differs, and each wide character whose
    /// right half differs. Continuations are never written: their wide
    /// character covers them. In screen order (rows, then columns).
    /// `repainting`: places whose cells are written whatever they were (a
    /// picture left them).
    package func changes(since previous: CellGrid?, repainting: [Rect] = []) -> [CellChange] {
        let full = previous.map { $0.width != width || $0.height != height } ?? true
        var out: [CellChange] = []
        for y in 0..<height {
            for x in 0..<width {
                let cell = self[x, y]
                guard cell.width != 0 else { continue }
                if full || previous![x, y] != cell || repainting.contains(where: { $0.contains(x: x, y: y) })
                    || (cell.width == 2 && x + 1 < width && previous![x + 1, y] != self[x + 1, y]) {
                    out.append(CellChange(x: x, y: y, cell: cell))
                }
            }
        }
        return out
    }

    /// Whether going from `previous` to this frame repaints everything.
    package func isFullRepaint(since previous: CellGrid?) -> Bool {
        previous.map { $0.width != width || $0.height != height } ?? true
    }
}
