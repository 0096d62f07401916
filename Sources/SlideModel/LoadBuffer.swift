/// The heart of the pad: which slide each view wants, and what has arrived.
///
/// Every view that shows slide content has a `ViewTag`. A view *requests* a
/// slide; for one tag only the last request counts. Previews and notes arrive
/// separately, in any order, late, twice or never; an arrival for slide k
/// fills every view whose current request is k, found through a reverse index
/// (`waiting`), so an arrival costs O(views waiting for k), not a scan of all
/// tags. A view that has moved on, or gone away, gets nothing stale: content
/// is only ever looked up through the tag's *current* request.
public struct LoadBuffer: Sendable {
    /// What one slide has so far.
    public struct Content: Sendable, Equatable {
        public var preview: Preview?
        /// The notes as plain text (`SlideNotes.plainText`): what the search,
        /// and plain notes on screen, read.
        public var notes: String?
        /// The notes read once, as they arrive, when they are Markdown or
        /// HTML (`SlideNotes.rich`); nil for plain text.
        public var richNotes: RichText?
        /// The notes folded for the search (`SlideSearch.fold`), once, as
        /// they arrive: a search key then costs no folding at all.
        public var foldedNotes: String?
        public init(preview: Preview? = nil, notes: String? = nil) {
            self.preview = preview
            self.notes = notes
            self.foldedNotes = notes.map(SlideSearch.fold)
        }

        /// The rich notes are counted as their text twice over (runs and blocks around it).
        var bytes: Int {
            let text = notes?.utf8.count ?? 0
            return (preview?.png.count ?? 0) + text + (richNotes == nil ? 0 : 2 * text) + (foldedNotes?.utf8.count ?? 0)
        }
    }

    private var wanted: [ViewTag: Int] = [:]
    /// The picture size a tag's view wants, when it said (see `PictureWant`).
    private var sizes: [ViewTag: PixelSize] = [:]
    private var waiting: [Int: Set<ViewTag>] = [:]
    private var arrived: [Int: Content] = [:]
    /// How many slides have their preview (kept, not counted, on every frame).
    public private(set) var previewCount = 0
    /// Bytes of previews and notes kept, and the most that may be: a server
    /// may declare 100 000 slides. Past the budget, the content of the slides
    /// farthest from every view is dropped (a typical preview is 20–40 kB, so
    /// the default keeps a few thousand slides).
    public private(set) var keptBytes = 0
    public let byteBudget: Int

    public init(byteBudget: Int = 128 << 20) {
        self.byteBudget = byteBudget
    }

    /// View `tag` now shows slide `slide`, `size` pixels big if it says (a
    /// source that renders on request fetches that size; any picture of the
    /// slide fills the view meanwhile, scaled). Returns what is already there
    /// for it (the view is filled at once), or an empty `Content` when nothing is.
    @discardableResult
    public mutating func request(_ tag: ViewTag, slide: Int, size: PixelSize? = nil) -> Content {
        if let old = wanted[tag], old != slide { stopWaiting(tag, for: old) }
        wanted[tag] = slide
        sizes[tag] = size
        waiting[slide, default: []].insert(tag)
        return arrived[slide] ?? Content()
    }

    /// View `tag` went away (list closed, row scrolled out): it stops waiting.
    public mutating func remove(_ tag: ViewTag) {
        sizes[tag] = nil
        guard let old = wanted.removeValue(forKey: tag) else { return }
        stopWaiting(tag, for: old)
    }

    /// Removes every tag that `keep` rejects (e.g. all list rows).
    public mutating func removeAll(where reject: (ViewTag) -> Bool) {
        for tag in wanted.keys where reject(tag) { remove(tag) }
    }

    /// Slide `slide`'s preview arrived. Returns the tags whose view changed:
    /// empty for a duplicate or for a slide nobody waits for (it is kept).
    /// A duplicate (the same bytes and aspect) leaves the preview kept, and
    /// so its `id`: an unchanged picture is not sent to the terminal again.
    public mutating func arrive(preview: Preview, for slide: Int) -> Set<ViewTag> {
        guard arrived[slide]?.preview != preview else { return [] }
        if arrived[slide]?.preview == nil { previewCount += 1 }
        keep(slide) { $0.preview = preview }
        return waiting[slide] ?? []
    }

    /// Slide `slide`'s notes arrived; as `arrive(preview:for:)`.
    /// They are read here, once (`SlideNotes.rich`, `plainText`).
    public mutating func arrive(notes: SlideNotes, for slide: Int) -> Set<ViewTag> {
        let rich = notes.rich
        let plain = rich?.plainText ?? Notes.sanitized(notes.source)
        guard arrived[slide]?.notes != plain || arrived[slide]?.richNotes != rich else { return [] }
        let folded = SlideSearch.fold(plain)
        keep(slide) {
            $0.notes = plain
            $0.richNotes = rich
            $0.foldedNotes = folded
        }
        return waiting[slide] ?? []
    }

    /// Changes one slide's content, keeping the byte count, then makes room.
    private mutating func keep(_ slide: Int, _ change: (inout Content) -> Void) {
        var content = arrived[slide] ?? Content()
        keptBytes -= content.bytes
        change(&content)
        keptBytes += content.bytes
        arrived[slide] = content
        if keptBytes > byteBudget { makeRoom(keeping: slide) }
    }

    /// Drops the content of the slides farthest from every view until the
    /// kept bytes are down to 3/4 of the budget (so this runs rarely).
    /// Slides a view shows, and `slide`, stay.
    private mutating func makeRoom(keeping slide: Int) {
        let shown = Set(wanted.values).union([slide])
        func distance(_ s: Int) -> Int { shown.map { abs($0 - s) }.min() ?? 0 }
        let candidates = arrived.keys.filter { !shown.contains($0) }.sorted { distance($0) > distance($1) }
        for victim in candidates where keptBytes > byteBudget / 4 * 3 {
            guard let content = arrived.removeValue(forKey: victim) else { continue }
            keptBytes -= content.bytes
            if content.preview != nil { previewCount -= 1 }
        }
    }

    /// The slide view `tag` currently asks for, if any.
    public func slide(for tag: ViewTag) -> Int? { wanted[tag] }

    /// The picture size view `tag` asked for, if it said.
    public func size(for tag: ViewTag) -> PixelSize? { wanted[tag] == nil ? nil : sizes[tag] }

    /// The pictures views want, most wanted first: by tag (current, next,
    /// then list rows top down), one per slide; a view that gave no size
    /// (a list row) wants the current view's size, so a go-to there shows
    /// a sharp picture at once. The notes view wants no picture.
    public func pictureWants() -> [PictureWant] {
        let fallback = sizes[.current] ?? sizes.values.max { $0.width * $0.height < $1.width * $1.height }
        var out: [PictureWant] = []
        var seen = Set<Int>()
        for tag in wanted.keys.sorted() where tag != .notes && !tag.isContainer {
            guard let slide = wanted[tag], let size = sizes[tag] ?? fallback, seen.insert(slide).inserted else { continue }
            out.append(PictureWant(slide: slide, size: size, have: arrived[slide]?.preview?.pixelSize))
        }
        return out
    }

    /// A view shows a slide whose picture has not arrived.
    public var waitsForAPicture: Bool {
        wanted.contains { tag, slide in tag != .notes && !tag.isContainer && arrived[slide]?.preview == nil }
    }

    /// What view `tag` shows now: only ever its current request's content.
    public func content(for tag: ViewTag) -> Content? {
        guard let slide = wanted[tag] else { return nil }
        return arrived[slide] ?? Content()
    }

    /// The notes slide `slide` has, when they arrived (the search reads them).
    public func notes(of slide: Int) -> String? { arrived[slide]?.notes }
    /// The same notes folded for the search.
    public func foldedNotes(of slide: Int) -> String? { arrived[slide]?.foldedNotes }
    /// The slide's preview, if it arrived (whichever view asked for it).
    public func preview(of slide: Int) -> Preview? { arrived[slide]?.preview }

    /// The tags currently waiting for `slide`.
    public func tags(waitingFor slide: Int) -> Set<ViewTag> { waiting[slide] ?? [] }

    /// Forget every arrival (a new show, a reconnect): nothing stale survives.
    /// Requests stay, so views refill as the new content arrives. Returns the
    /// tags whose view changed.
    public mutating func forgetContent() -> Set<ViewTag> {
        arrived.removeAll()
        previewCount = 0
        keptBytes = 0
        return Set(wanted.keys)
    }

    private mutating func stopWaiting(_ tag: ViewTag, for slide: Int) {
        waiting[slide]?.remove(tag)
        if waiting[slide]?.isEmpty == true { waiting[slide] = nil }
    }
}
