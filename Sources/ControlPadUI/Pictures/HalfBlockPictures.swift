import PadConfig
import PadGrid
import PadTerminal
import SlideImages
import SlideModel

/// Half-block pictures (every terminal with colour): prepare renders the
/// decoded preview for the pane's size and colour depth, once, through a
/// cache (`PictureLimits.halfBlocks`); render writes its cells.
final class HalfBlockPictures: PictureProtocol {
    let depth: ColorDepth
    let cellAspect: Double
    private let cache = PictureCache<PanePicture>(capacity: PictureLimits.halfBlocks, byteLimit: PictureLimits.halfBlockBytes) {
        $0.cells.cells.count * MemoryLayout<QuantizedCell>.stride
    }
    /// How many pictures were rendered (cache misses): tests and
    /// `scripts/bench.sh` check that a slide step renders only what is new.
    private(set) var renders = 0
    var cachedCount: Int { cache.count }

    init(depth: ColorDepth, cellAspect: Double = 2.0) {
        self.depth = depth
        self.cellAspect = cellAspect
    }

    /// By content, not slide: slides showing the same picture share it.
    private func key(_ request: PictureRequest) -> PictureKey {
        PictureKey(slide: 0, content: request.content, cols: request.pane.width, rows: request.pane.height, depth: depth)
    }

    func has(slide: Int, content: UInt64, cols: Int, rows: Int) -> Bool {
        cache.contains(PictureKey(slide: 0, content: content, cols: cols, rows: rows, depth: depth))
    }

    /// A picture prepared elsewhere (`PictureAhead`).
    func insert(_ picture: PanePicture, slide: Int, content: UInt64, cols: Int, rows: Int) {
        cache.insert(picture, for: PictureKey(slide: 0, content: content, cols: cols, rows: rows, depth: depth))
    }

    func prepare(_ request: PictureRequest, images: DecodedSlides, screenHeight: Int) -> Bool {
        if cache.value(for: key(request)) != nil { return true }
        guard case .success(let image) = images.image(of: request.preview, content: request.content) else { return false }
        renders += 1
        cache.insert(PanePicture.render(decoded: image.picture, paneCols: request.pane.width, paneRows: request.pane.height,
                                        depth: depth, cellAspect: cellAspect), for: key(request))
        return true
    }

    func render(_ request: PictureRequest, open: (Int, Int) -> Bool, grid: inout CellGrid) {
        guard let picture = cache.value(for: key(request)) else { return }
        let cells = picture.cells
        let x0 = request.pane.x + picture.frame.x, y0 = request.pane.y + picture.frame.y
        for row in 0..<cells.rows {
            for col in 0..<cells.cols where open(x0 + col, y0 + row) {
                let cell = cells[col, row]
                let style = Style(.text, foreground: Self.color(cell.foreground), background: Self.color(cell.background))
                grid.set(x0 + col, y0 + row, Cell(text: String(cell.glyph), width: 1, style: style))
            }
        }
    }

    static func color(_ color: TerminalColor) -> CellColor {
        switch color {
        case .rgb(let rgb): return .rgb(rgb.r, rgb.g, rgb.b)
        case .indexed(let n): return .indexed(Int(n))
        case .default: return .terminalDefault
        }
    }
}
