import SlideImages
import SlideModel

/// Draws slide previews as half-block pictures at their true aspect, through
/// a cache keyed by slide, content, pane size and colour depth, so a slide
/// step only decodes what is new. An unreadable picture is remembered too,
/// and its pane says so instead.
final class SlidePictures: PictureDrawing {
    let depth: ColorDepth
    let cellAspect: Double
    /// Half-block pictures kept: a screen of thumbnails (an overview of
    /// 8×8 cells, a list of 20) plus both panes, with room to scroll back.
    static let cacheCapacity = 256
    private let cache = PictureCache<Result<PanePicture, PictureError>>(capacity: SlidePictures.cacheCapacity)
    var halfBlocks: PictureDrawing { self }
    /// How many pictures were decoded and rendered (cache misses): tests and
    /// `controlpad bench` check that a slide step renders only what is new.
    private(set) var renders = 0
    /// How many rendered pictures (or remembered failures) the cache holds.
    var cachedCount: Int { cache.count }

    init(depth: ColorDepth, cellAspect: Double = 2.0) {
        self.depth = depth
        self.cellAspect = cellAspect
    }

    func draw(_ preview: Preview, slide: Int, in rect: Rect, grid: inout CellGrid) -> String? {
        guard !rect.isEmpty else { return nil }
        let key = PictureKey(slide: slide, content: PictureKey.contentID(of: preview.png),
                             cols: rect.width, rows: rect.height, depth: depth)
        let result = cache.value(for: key) { () -> Result<PanePicture, PictureError> in
            renders += 1
            return Result { () throws(PictureError) in
                try PanePicture.render(png: preview.png, paneCols: rect.width, paneRows: rect.height,
                                       depth: depth, cellAspect: cellAspect)
            }
        }
        switch result {
        case .failure(let error):
            return error.description
        case .success(let picture):
            let cells = picture.cells
            for row in 0..<cells.rows {
                for col in 0..<cells.cols {
                    let cell = cells[col, row]
                    let style = Style(.text, foreground: Self.color(cell.foreground), background: Self.color(cell.background))
                    grid.set(rect.x + picture.frame.x + col, rect.y + picture.frame.y + row,
                             Cell(text: String(cell.glyph), width: 1, style: style), clip: rect)
                }
            }
            return nil
        }
    }

    /// Where the picture sits inside a pane of `rect`'s size (for the laser
    /// pointer), or nil when there is nothing drawn there.
    func pictureFrame(for preview: Preview, slide: Int, in rect: Rect) -> Rect? {
        let key = PictureKey(slide: slide, content: PictureKey.contentID(of: preview.png),
                             cols: rect.width, rows: rect.height, depth: depth)
        guard case .success(let picture)? = cache.value(for: key) else { return nil }
        return Rect(x: rect.x + picture.frame.x, y: rect.y + picture.frame.y,
                    width: picture.frame.cols, height: picture.frame.rows)
    }

    static func color(_ color: TerminalColor) -> CellColor {
        switch color {
        case .rgb(let rgb): return .rgb(rgb.r, rgb.g, rgb.b)
        case .indexed(let n): return .indexed(Int(n))
        case .default: return .terminalDefault
        }
    }
}
