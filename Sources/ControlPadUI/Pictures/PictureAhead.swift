import Dispatch
import FoundationEssentials
import PadGrid
import PadTerminal
import Syscalls
import SlideImages
import SlideModel

/// The prepare step off the key → screen path: once a frame is out, the
/// loop hands the pipeline the thumbnails the list and the overview would
/// show around where they are (`aheadWants`); another thread decodes each
/// preview (whether it decodes, and its aspect) and renders its half-block
/// thumbnail, and the next frame takes them in. Opening the list then draws
/// thumbnails already prepared instead of decoding 20 PNGs.
final class PictureAhead: @unchecked Sendable {
    struct Want: Sendable {
        var slide: Int
        var content: UInt64
        var preview: Preview
        var cols: Int
        var rows: Int
    }
    struct Done: Sendable {
        var want: Want
        var aspect: Result<Double, PictureError>
        var picture: PanePicture?
    }
    private let lock = PlainLock()
    private var done: [Done] = []
    private let run: (@escaping @Sendable () -> Void) -> Void
    /// Asked and not taken in yet, by content and size (the loop's thread only).
    var pending: Set<[UInt64]> = []

    /// `run` runs a batch (default: a background queue of its own, one batch at a time).
    init(run: @escaping (@escaping @Sendable () -> Void) -> Void = PictureAhead.background) {
        self.run = run
    }

    static func background(_ job: @escaping @Sendable () -> Void) {
        queue.async(execute: job)
    }
    private static let queue = DispatchQueue(label: "controlpad.pictures.ahead", qos: .utility)

    /// `depth`: the half-block thumbnails' (nil: real pictures, only whether each decodes).
    func start(_ wants: [Want], depth: ColorDepth?, cellAspect: Double) {
        guard !wants.isEmpty else { return }
        run { [self] in
            for want in wants {
                let decoded = DecodedSlides.decode(want.preview)
                let picture = (try? decoded.get()).flatMap { decoded in
                    depth.map { PanePicture.render(decoded: decoded, paneCols: want.cols, paneRows: want.rows, depth: $0, cellAspect: cellAspect) }
                }
                let finished = Done(want: want, aspect: decoded.map(\.aspect), picture: picture)
                lock.withLock { done.append(finished) }
            }
        }
    }

    func take() -> [Done] {
        lock.withLock {
            defer { done = [] }
            return done
        }
    }
}

extension PicturePipeline {
    /// Thumbnails worth preparing now: the list's rows and the overview's
    /// cells around where each is (or would open: the current slide), a
    /// screen before and two after, at their sizes, not prepared yet.
    func aheadWants(_ state: PadState, layout: PadLayout) -> [PictureAhead.Want] {
        var wants: [PictureAhead.Want] = []
        func add(around center: Int, before: Int, after: Int, size: Rect) {
            guard size.width > 0, size.height > 0, state.slideCount > 0 else { return }
            for slide in max(0, center - before)..<min(state.slideCount, center + after) {
                guard let preview = state.buffer.preview(of: slide), wants.count < PictureLimits.halfBlocks / 2 else { continue }
                let content = preview.id
                let key = [content, UInt64(size.width), UInt64(size.height)]
                if ahead.pending.contains(key) || isPrepared(slide: slide, content: content, size: size) { continue }
                ahead.pending.insert(key)
                wants.append(.init(slide: slide, content: content, preview: preview, cols: size.width, rows: size.height))
            }
        }
        let list = ListGeometry(list: layout.list, slideCount: state.slideCount, cellAspect: cellAspect)
        if list.thumbCols > 0 {
            let top = state.listOpen ? state.viewState(.slideList).scroll : state.current
            add(around: top, before: list.rows, after: 2 * list.rows, size: list.thumbnail(0))
        }
        let overview = OverviewGeometry(body: layout.body, cellAspect: cellAspect, slides: state.slideCount)
        let cells = overview.columns * overview.rows
        let first = state.overlays.contains(.overview) ? state.viewState(.overview).scroll * overview.columns : state.current
        add(around: first, before: cells, after: 2 * cells, size: overview.thumbnail(0))
        return wants
    }

    /// Prepares `wants` on another thread (`PictureAhead`).
    func prepareAhead(_ wants: [PictureAhead.Want]) {
        ahead.start(wants, depth: real == nil ? halfBlocks.depth : nil, cellAspect: cellAspect)
    }

    /// What was prepared on the other thread, taken into the caches.
    func takePrepared() {
        for done in ahead.take() {
            let want = done.want
            ahead.pending.remove([want.content, UInt64(want.cols), UInt64(want.rows)])
            images.learn(done.aspect, content: want.content)
            if let picture = done.picture {
                halfBlocks.insert(picture, slide: want.slide, content: want.content, cols: want.cols, rows: want.rows)
            }
        }
    }

    private func isPrepared(slide: Int, content: UInt64, size: Rect) -> Bool {
        guard images.knows(content) else { return false }
        return real != nil || halfBlocks.has(slide: slide, content: content, cols: size.width, rows: size.height)
    }
}
