/// How many cells the backend writes to go from one frame to the next: the
/// same rule as `CursesTerminal.draw` (a cell is written when it differs, or
/// when it is a wide character whose partner differs; a size change or a
/// first frame writes everything), without curses.
enum GridDiff {
    static func changedCells(from previous: CellGrid?, to grid: CellGrid) -> Int {
        let full = previous == nil || previous!.width != grid.width || previous!.height != grid.height
        var changed = 0
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let cell = grid[x, y]
                guard cell.width != 0 else { continue }
                if full || previous![x, y] != cell
                    || (cell.width == 2 && x + 1 < grid.width && previous![x + 1, y] != grid[x + 1, y]) {
                    changed += 1
                }
            }
        }
        return changed
    }
}
