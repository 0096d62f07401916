/// One terminal cell showing two stacked pixels: draw "▀" (U+2580) with
/// foreground `top` and background `bottom`.
public struct HalfBlockCell: Hashable, Sendable {
    public var top: RGB
    public var bottom: RGB

    public init(top: RGB, bottom: RGB) {
        self.top = top
        self.bottom = bottom
    }

    /// The glyph every colour cell is drawn with.
    public static let glyph: Character = "\u{2580}"
}

/// A picture as `cols × rows` half-block cells, row-major.
public struct HalfBlockPicture: Sendable, Equatable {
    public let cols: Int
    public let rows: Int
    public let cells: [HalfBlockCell]

    public init(cols: Int, rows: Int, cells: [HalfBlockCell]) {
        precondition(cols >= 0 && rows >= 0 && cells.count == cols * rows, "cells do not match \(cols)x\(rows)")
        self.cols = cols
        self.rows = rows
        self.cells = cells
    }

    public subscript(col: Int, row: Int) -> HalfBlockCell {
        cells[row * cols + col]
    }
}

public enum HalfBlockRaster {
    /// Scales the whole image (area averaging, linear light) to
    /// `cols × 2·rows` pixels and pairs them into half-block cells.
    /// The image is stretched to fill; use `fitPicture` (or `place`) first to
    /// keep its shape. Alpha is composited over `background`.
    public static func render(_ image: RGBAImage, cols: Int, rows: Int, background: RGB = .black) -> HalfBlockPicture {
        guard cols > 0, rows > 0 else { return HalfBlockPicture(cols: 0, rows: 0, cells: []) }
        let pixels = AreaScaler.scale(image, toWidth: cols, height: rows * 2, background: background)
        var cells = [HalfBlockCell]()
        cells.reserveCapacity(cols * rows)
        for row in 0..<rows {
            let top = row * 2 * cols
            let bottom = top + cols
            for col in 0..<cols {
                cells.append(HalfBlockCell(top: pixels[top + col], bottom: pixels[bottom + col]))
            }
        }
        return HalfBlockPicture(cols: cols, rows: rows, cells: cells)
    }

    /// Fits a decoded picture into a pane at its true aspect and renders it:
    /// the whole pipeline a slide pane needs after decoding. Draw
    /// `picture` at `frame.x, frame.y` inside the pane; the rest of the pane
    /// is left to the caller.
    public static func place(
        _ picture: DecodedPicture, paneCols: Int, paneRows: Int,
        cellAspect: Double = 2.0, background: RGB = .black
    ) -> PlacedPicture {
        let frame = fitPicture(aspect: picture.aspect, paneCols: paneCols, paneRows: paneRows, cellAspect: cellAspect)
        return PlacedPicture(frame: frame, picture: render(picture.image, cols: frame.cols, rows: frame.rows, background: background))
    }
}

/// A rendered picture and where it goes in its pane.
public struct PlacedPicture: Sendable, Equatable {
    public let frame: CellRect
    public let picture: HalfBlockPicture

    public init(frame: CellRect, picture: HalfBlockPicture) {
        self.frame = frame
        self.picture = picture
    }
}
