import SlideModel

/// Which picture the UNO link exports next, and the pictures it keeps.
///
/// An export runs on LibreOffice's main thread, like the show: one at a
/// time, none while presses wait or an effect runs (the room would see it
/// stutter). A self-running build holds exports back for its length, so a
/// picture asked only when the show reaches a step comes late (up to
/// 0.6 s). Hence pictures are exported ahead and kept:
/// - the room after the next two → is exported in a quiet moment, at the
///   current pane's size, whether or not a pane shows it yet;
/// - every export is kept (`KeptRenders`), so a pane that reaches a picture
///   exported before gets it at once, even while an effect runs, and one
///   export serves every pane that shows the same thing at that size or
///   smaller.
struct UNOPictures: Sendable {
    /// What an export makes: a slide at a size, showing `step` clicks (nil:
    /// every build).
    struct Render: Hashable, Sendable {
        var slide: Int
        var size: PixelSize
        var step: Int?
    }

    /// A picture a pane wants: a slide as the room sees it from where the
    /// show stands (`asked` nil), or at the step the next pane asked.
    private struct Shot: Hashable {
        var slide: Int
        var asked: Int?
        init(_ want: PictureWant) { (slide, asked) = (want.slide, want.step) }
    }

    /// What the pump decided: previews to hand the pad now, and the export to ask for.
    struct Turn {
        var previews: [(index: Int, preview: Preview)] = []
        var render: Render?
    }

    /// The slides' width / height, once LibreOffice said it.
    var aspect: Double?
    private var wants: [PictureWant] = []
    /// The export asked and not back yet, and the shot it is for (nil: ahead).
    private var exporting: (render: Render, shot: Shot?)?
    /// Exports that failed, until the pad's wants change.
    private var failed: Set<Render> = []
    /// The picture last sent for each shot, and the shots the pad said it
    /// took in (a want's `have`): a shot the pad let go is sent again, one
    /// just sent is not.
    private var delivered: [Shot: Render] = [:]
    private var takenIn: Set<Shot> = []
    private var kept = KeptRenders()

    var isExporting: Bool { exporting != nil }

    /// The pad's wants, most wanted first.
    mutating func want(_ pictures: [PictureWant]) {
        if pictures != wants { failed = [] }
        wants = pictures
        for want in pictures {
            let shot = Shot(want)
            if let have = want.have, have == delivered[shot]?.size { takenIn.insert(shot) }
            else if want.have == nil, takenIn.remove(shot) != nil { delivered[shot] = nil }
        }
    }

    /// A new bridge: what it was exporting is lost; what was sent and kept stays.
    mutating func bridgeChanged() { exporting = nil }

    /// The deck was (re)opened: its pictures may differ.
    mutating func deckOpened() {
        kept = KeptRenders()
        delivered = [:]
        takenIn = []
    }

    /// An export came back; nil when it answers no export asked (it is dropped).
    mutating func arrived(slide: Int, png: [UInt8]) -> Render? {
        guard let asked = exporting, asked.render.slide == slide else { return nil }
        exporting = nil
        kept.keep(asked.render, png: png)
        return asked.render
    }

    /// LibreOffice refused the export asked.
    mutating func refused() {
        if let asked = exporting { failed.insert(asked.render) }
        exporting = nil
    }

    /// The pictures the pad wants that are kept, handed over now, and the
    /// next export (the most wanted picture missing, else the room ahead)
    /// when `mayExport`.
    mutating func pump(_ show: UNOShowFollower, mayExport: Bool) -> Turn {
        var turn = Turn()
        let mayExport = mayExport && exporting == nil
        let ahead = Self.ahead(of: show, presses: 2)
        let paneSize = wants.first { $0.slide == show.slide && $0.step == nil }.map { fitted($0.size) }
        for want in wants where show.steps.indices.contains(want.slide) {
            let shot = Shot(want)
            let step = Self.clicks(want.step.map { max(0, $0) } ?? Self.stepShown(on: want.slide, show), on: want.slide, show)
            let size = fitted(want.size)
            if let sent = delivered[shot], sent.step == step, sent.size.covers(size) { continue }
            // Held from before this bridge (a restart): kept if it shows every build.
            if delivered[shot] == nil, want.have.map({ $0.covers(size) }) == true, step == nil { continue }
            if let (render, png) = kept.best(slide: want.slide, step: step, covering: size) {
                delivered[shot] = render
                takenIn.remove(shot)
                let preview = Preview(png: png, aspect: aspect ?? Double(render.size.width) / Double(max(1, render.size.height)), step: want.step)
                turn.previews.append((want.slide, preview))
                continue
            }
            let isAhead = ahead.contains { $0.slide == want.slide && $0.step == step }
            let render = Render(slide: want.slide, size: isAhead ? size.union(paneSize) : size, step: step)
            guard mayExport, turn.render == nil, !failed.contains(render) else { continue }
            exporting = (render, shot)
            turn.render = render
        }
        guard mayExport, turn.render == nil, let paneSize else { return turn }
        for place in ahead {
            let render = Render(slide: place.slide, size: paneSize, step: place.step)
            guard !failed.contains(render), kept.best(slide: render.slide, step: render.step, covering: paneSize) == nil else { continue }
            exporting = (render, nil)
            turn.render = render
            break
        }
        return turn
    }

    /// The clicks the room sees on slide `index` from where the show
    /// stands (nil: every build).
    private static func stepShown(on index: Int, _ show: UNOShowFollower) -> Int? {
        let count = show.steps[index]
        guard count > 0, show.running else { return nil }
        if index > show.slide { return 0 }
        if index < show.slide { return nil }
        return show.shownCount
    }

    /// `step` clicks on slide `index` as an export says them: every build is nil.
    private static func clicks(_ step: Int?, on index: Int, _ show: UNOShowFollower) -> Int? {
        guard let step, step < show.steps[index] else { return nil }
        return step
    }

    /// Where the room will be after each of the next `presses` →, while a show runs at a known step.
    static func ahead(of show: UNOShowFollower, presses: Int) -> [(slide: Int, step: Int?)] {
        guard show.running, show.steps.indices.contains(show.slide), var shown = show.shownCount else { return [] }
        var slide = show.slide
        var out: [(slide: Int, step: Int?)] = []
        for _ in 0..<presses {
            if shown < show.steps[slide] { shown += 1 } else { (slide, shown) = (slide + 1, 0) }
            guard show.steps.indices.contains(slide) else { break }
            out.append((slide, clicks(shown, on: slide, show)))
        }
        return out
    }

    /// The largest picture of the slides' shape within `size`.
    private func fitted(_ size: PixelSize) -> PixelSize {
        size.fitting(aspect: aspect ?? Double(size.width) / Double(max(1, size.height)))
    }
}

/// The PNGs exported, by what they show, the oldest let go first past a
/// count and a byte budget (a 1600×900 slide is 50–500 KB).
struct KeptRenders: Sendable {
    static let maxCount = 24
    static let maxBytes = 48 << 20
    private var pngs: [UNOPictures.Render: [UInt8]] = [:]
    private var order: [UNOPictures.Render] = []
    private var bytes = 0

    mutating func keep(_ render: UNOPictures.Render, png: [UInt8]) {
        if let old = pngs.updateValue(png, forKey: render) {
            bytes -= old.count
            order.removeAll { $0 == render }
        }
        order.append(render)
        bytes += png.count
        while order.count > Self.maxCount || bytes > Self.maxBytes, order.count > 1 {
            let gone = order.removeFirst()
            bytes -= pngs.removeValue(forKey: gone)?.count ?? 0
        }
    }

    /// The smallest kept picture of `slide` at `step` that covers `size`.
    func best(slide: Int, step: Int?, covering size: PixelSize) -> (UNOPictures.Render, [UInt8])? {
        order.filter { $0.slide == slide && $0.step == step && $0.size.covers(size) }
            .compactMap { render in pngs[render].map { (render, $0) } }
            .min { $0.0.size.width * $0.0.size.height < $1.0.size.width * $1.0.size.height }
    }
}

extension PixelSize {
    /// At least as wide and as tall as `other`.
    func covers(_ other: PixelSize) -> Bool { width >= other.width && height >= other.height }

    /// The smallest size that covers both.
    func union(_ other: PixelSize?) -> PixelSize {
        guard let other else { return self }
        return PixelSize(width: max(width, other.width), height: max(height, other.height))
    }
}
