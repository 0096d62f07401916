/// A rectangle of terminal cells, relative to the pane it lies in.
public struct CellRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var cols: Int
    public var rows: Int

    public init(x: Int, y: Int, cols: Int, rows: Int) {
        self.x = x
        self.y = y
        self.cols = cols
        self.rows = rows
    }

    public var isEmpty: Bool { cols <= 0 || rows <= 0 }
}

/// Where a picture of true shape `aspect` (width / height) goes in a pane of
/// `paneCols × paneRows` cells: as large as fits, centred, never distorted
/// by more than rounding to whole cells.
///
/// - Parameters:
///   - cellAspect: a cell's height / width; about 2 in most terminal fonts.
///     With half blocks each cell holds two pixels, so at 2.0 those pixels
///     are square.
/// - Returns: at least 1×1 whenever the pane is non-empty; an empty rect at
///   (0, 0) otherwise. The rect is whole cells; for the default cell shape
///   the rounding error is at most half a row or column, e.g. a 16:9 slide
///   in 80×24 gets 80 × 23 cells (22.5 exactly).
///
/// A nonsensical `aspect` (zero, negative, not finite) fills the pane; a
/// nonsensical `cellAspect` is taken as 2.
public func fitPicture(aspect: Double, paneCols: Int, paneRows: Int, cellAspect: Double = 2.0) -> CellRect {
    guard paneCols > 0, paneRows > 0 else { return CellRect(x: 0, y: 0, cols: 0, rows: 0) }
    guard aspect.isFinite, aspect > 0 else { return CellRect(x: 0, y: 0, cols: paneCols, rows: paneRows) }
    let cell = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 2.0

    // Both sizes in cell widths: the pane is paneCols wide, paneRows × cell tall.
    let paneAspect = Double(paneCols) / (Double(paneRows) * cell)
    var cols = paneCols, rows = paneRows
    if aspect < paneAspect {
        // Narrower than the pane: full height, width from the height.
        cols = clampedRound(Double(paneRows) * cell * aspect, max: paneCols)
    } else {
        // Wider (or equal): full width, height from the width.
        rows = clampedRound(Double(paneCols) / aspect / cell, max: paneRows)
    }
    return CellRect(x: (paneCols - cols) / 2, y: (paneRows - rows) / 2, cols: cols, rows: rows)
}

private func clampedRound(_ v: Double, max upper: Int) -> Int {
    guard v.isFinite else { return upper }
    return Swift.min(upper, Swift.max(1, Int(Swift.min(v.rounded(), Double(upper)))))
}
