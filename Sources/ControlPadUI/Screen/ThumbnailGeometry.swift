import PadGrid
import SlideModel

/// Where the slide list's rows and their thumbnails go: the one rule the
/// view, the viewport (paging, tags) and mouse routing share.
///
/// With pictures, a row is a few text lines tall, chosen from the list's
/// height (about seven rows in view, 2 to 5 lines each), and its thumbnail
/// is as wide as a 16:9 slide of its height is in cells of `cellAspect`
/// (height / width), at most half the row. A row of 3 lines or more leaves
/// its last line under the thumbnail blank: pictures that touch read as one
/// long strip (a white deck as one white bar). Without pictures a row is
/// one line.
struct ListGeometry: Equatable {
    /// The inside of the list's frame.
    var inside: Rect
    /// Lines per row.
    var rowLines: Int
    /// Columns of a row's thumbnail (0: no thumbnails).
    var thumbCols: Int
    /// Columns before the thumbnail: the marker and the slide number.
    var numberCols: Int

    init(list: Rect, slideCount: Int, cellAspect: Double?) {
        inside = list.inset(dx: 1, dy: 1)
        // The selection's mark, the current slide's, the number, a space.
        numberCols = 2 + String(max(1, slideCount)).count + 1
        guard let cellAspect, inside.height >= 6, inside.width >= 20 else {
            rowLines = 1
            thumbCols = 0
            return
        }
        let lines = min(5, max(2, inside.height / 7))
        rowLines = lines
        let wide = Int((Double(Self.pictureLines(lines)) * max(0.5, min(4, cellAspect)) * 16 / 9).rounded())
        thumbCols = max(4, min(wide, (inside.width - numberCols) / 2))
    }

    /// Whole rows in view.
    var rows: Int { max(1, inside.height / max(1, rowLines)) }

    /// Row `row`'s rectangle (all of its lines, the whole width).
    func row(_ row: Int) -> Rect {
        Rect(x: inside.x, y: inside.y + row * rowLines, width: inside.width, height: rowLines)
    }

    /// Row `row`'s thumbnail.
    func thumbnail(_ row: Int) -> Rect {
        let r = self.row(row)
        return Rect(x: r.x + numberCols, y: r.y, width: thumbCols, height: Self.pictureLines(rowLines))
    }

    /// A thumbnail's lines in a row of `rowLines`: one less from 3 on (the gap).
    private static func pictureLines(_ rowLines: Int) -> Int { rowLines >= 3 ? rowLines - 1 : rowLines }

    /// The row at a screen line, if one is there.
    func row(atY y: Int) -> Int? {
        guard y >= inside.y, y < inside.y + rows * rowLines else { return nil }
        return (y - inside.y) / rowLines
    }
}

/// The overview grid: every slide's picture with its number under it, as
/// many columns as fit at a legible size (about four rows of cells on
/// screen, pictures 3 to 6 lines tall), in the body above the status line.
struct OverviewGeometry: Equatable {
    var frame: Rect
    var inside: Rect
    /// A cell's picture: columns and lines (a label line goes under it).
    var thumbCols: Int
    var thumbRows: Int
    var columns: Int
    var rows: Int
    /// Where the first column starts (the grid is centred).
    var left: Int

    /// `slides`: how many the show has. Where they all fit with room to
    /// spare (a 14-slide deck on 200×60 filled a quarter of the screen), the
    /// pictures grow as long as every slide still fits on one screen.
    init(body: Rect, cellAspect: Double?, slides: Int = 0) {
        frame = body
        inside = body.inset(dx: 1, dy: 1)
        let aspect = max(0.5, min(4, cellAspect ?? 2))
        let inside = inside
        func cols(_ lines: Int) -> Int { max(4, min(inside.width, Int((Double(lines) * aspect * 16 / 9).rounded()))) }
        func capacity(_ lines: Int) -> Int { max(1, (inside.width + 1) / (cols(lines) + 1)) * max(1, inside.height / (lines + 1)) }
        var lines = min(6, max(2, inside.height / 4 - 1))
        if slides > 0, capacity(lines) >= slides {
            while lines + 1 < inside.height, cols(lines + 1) < inside.width, capacity(lines + 1) >= slides { lines += 1 }
        }
        thumbRows = lines
        thumbCols = cols(lines)
        columns = max(1, (inside.width + 1) / (thumbCols + 1))
        rows = max(1, inside.height / (thumbRows + 1))
        left = inside.x + max(0, (inside.width - (columns * (thumbCols + 1) - 1)) / 2)
    }

    /// Cell `n` (on screen, row by row): its picture and label line.
    func cell(_ n: Int) -> Rect {
        Rect(x: left + (n % columns) * (thumbCols + 1), y: inside.y + (n / columns) * (thumbRows + 1),
             width: thumbCols, height: thumbRows + 1)
    }

    func thumbnail(_ n: Int) -> Rect {
        let c = cell(n)
        return Rect(x: c.x, y: c.y, width: c.width, height: thumbRows)
    }

    /// The cell under a screen position, if any.
    func cell(atX x: Int, y: Int) -> Int? {
        guard x >= left, y >= inside.y else { return nil }
        let (col, row) = ((x - left) / (thumbCols + 1), (y - inside.y) / (thumbRows + 1))
        guard col < columns, row < rows, (x - left) % (thumbCols + 1) < thumbCols else { return nil }
        return row * columns + col
    }
}

extension PadLayout {
    /// The body popovers and the overview may use: all but the status line.
    var body: Rect { Rect(x: 0, y: 0, width: width, height: max(0, height - 1)) }
}
