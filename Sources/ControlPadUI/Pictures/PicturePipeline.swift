import PadGrid
import SlideImages
import SlideModel

/// The one picture pipeline. Views *request* a slide's picture in a
/// rectangle (its cells are left blank, `PicturePlacement.blank`); once the
/// whole screen is drawn, `render` decides from what the overlays covered
/// which picture is shown how, and renders each once:
/// - uncovered, in a kitty or sixel terminal: the real picture (`real`);
/// - covered (a popover, the list, a prompt), moving, rejected by the
///   terminal, not encoded yet, or in any other terminal: half-blocks, in
///   the cells the overlays left open.
final class PicturePipeline {
    let cellAspect: Double
    let images = DecodedSlides()
    let halfBlocks: HalfBlockPictures
    /// kitty graphics or sixel, when the terminal shows real pictures.
    let real: PictureProtocol?
    /// Thumbnails prepared on another thread while the pad idles.
    let ahead: PictureAhead
    /// Pictures the terminal rejected (by content): half-blocks from then on.
    private(set) var rejected: Set<UInt64> = []

    init(depth: ColorDepth, cellAspect: Double = 2.0, real: PictureProtocol? = nil, ahead: PictureAhead = PictureAhead()) {
        self.cellAspect = cellAspect
        self.ahead = ahead
        halfBlocks = HalfBlockPictures(depth: depth, cellAspect: cellAspect)
        self.real = real
    }

    /// How many half-block pictures were rendered (cache misses).
    var renders: Int { halfBlocks.renders }
    /// How many half-block pictures the cache holds.
    var cachedCount: Int { halfBlocks.cachedCount }

    /// Asks for `preview` in `rect`: nil when it will be drawn there (by
    /// `render`), else why it cannot (the view says so instead).
    func request(_ preview: Preview, slide: Int, in rect: Rect, grid: inout CellGrid, cellsOnly: Bool = false) -> String? {
        guard !rect.isEmpty else { return nil }
        let content = preview.id
        if !images.knows(content) { takePrepared() }
        switch images.aspect(of: preview, content: content) {
        case .failure(let error): return error.description
        case .success(let aspect):
            // The frame's cells are the picture's (the rest of the pane keeps
            // its looks): half-blocks fit the pane to the same frame.
            let frame = frame(aspect: aspect, in: rect)
            grid.fill(frame, cell: PicturePlacement.blank)
            let request = PictureRequest(slide: slide, content: content, preview: preview, pane: rect, frame: frame,
                                         aspect: aspect, clip: grid.bounds, cellsOnly: cellsOnly)
            grid.pictureRequests.append(request)
            // Half-blocks are made as they are asked for, while the pixels
            // just decoded (to know whether the picture can be drawn) are at
            // hand: a screen of thumbnails (72 in the overview at 200×60) is
            // more than `PictureLimits.decodedBytes` keeps, so making them
            // only once every view has asked would decode each PNG twice.
            if real == nil || cellsOnly {
                if !halfBlocks.has(slide: slide, content: content, cols: rect.width, rows: rect.height) { takePrepared() }
                _ = halfBlocks.prepare(request, images: images, screenHeight: grid.height)
            }
            return nil
        }
    }

    /// Requests and renders at once, on a grid of this picture alone (tests, benchmarks).
    func draw(_ preview: Preview, slide: Int, in rect: Rect, grid: inout CellGrid) -> String? {
        let problem = request(preview, slide: slide, in: rect, grid: &grid)
        render(&grid)
        return problem
    }

    /// Where the picture sits inside a pane of `rect`'s size (for the laser
    /// pointer), or nil when it cannot be drawn.
    func pictureFrame(for preview: Preview, in rect: Rect) -> Rect? {
        guard !rect.isEmpty, case .success(let aspect) = images.aspect(of: preview, content: preview.id)
        else { return nil }
        return frame(aspect: aspect, in: rect)
    }

    /// The terminal rejected a picture: it is drawn as half-blocks from now on.
    func reject(_ content: UInt64) { rejected.insert(content) }

    /// Renders every requested picture once, topmost last. A picture is
    /// covered when a cell of its frame is no longer blank (an overlay drew
    /// there), lies under a later picture, or is cut by its clip.
    func render(_ grid: inout CellGrid) {
        let requests = grid.pictureRequests
        grid.pictureRequests = []
        takePrepared()
        for (i, request) in requests.enumerated() {
            let above = requests[(i + 1)...].map(\.frame).filter { $0.intersects(request.pane) }
            // Which of the pane's cells are the picture's, decided before rendering it.
            let pane = request.pane, clip = request.clip.intersection(grid.bounds)
            var mask = [Bool](repeating: false, count: max(0, pane.width * pane.height))
            for y in pane.y..<pane.maxY {
                for x in pane.x..<pane.maxX where clip.contains(x: x, y: y) && grid[x, y] == PicturePlacement.blank {
                    mask[(y - pane.y) * pane.width + x - pane.x] = !above.contains { $0.contains(x: x, y: y) }
                }
            }
            let open = { (x: Int, y: Int) -> Bool in pane.contains(x: x, y: y) && mask[(y - pane.y) * pane.width + x - pane.x] }
            if let real, !request.cellsOnly, !rejected.contains(request.content), Self.isWhole(request.frame, open),
               real.prepare(request, images: images, screenHeight: grid.height) {
                real.render(request, open: open, grid: &grid)
            } else if halfBlocks.prepare(request, images: images, screenHeight: grid.height) {
                halfBlocks.render(request, open: open, grid: &grid)
            }
        }
    }

    private func frame(aspect: Double, in rect: Rect) -> Rect {
        let fit = fitPicture(aspect: aspect, paneCols: rect.width, paneRows: rect.height, cellAspect: cellAspect)
        return Rect(x: rect.x + fit.x, y: rect.y + fit.y, width: fit.cols, height: fit.rows)
    }

    private static func isWhole(_ frame: Rect, _ open: (Int, Int) -> Bool) -> Bool {
        guard !frame.isEmpty else { return false }
        for y in frame.y..<frame.maxY {
            for x in frame.x..<frame.maxX where !open(x, y) { return false }
        }
        return true
    }
}
