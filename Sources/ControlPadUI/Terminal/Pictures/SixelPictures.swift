import SlideImages

/// Sixel pictures (xterm `-ti vt340`, foot, mlterm, WezTerm, Windows
/// Terminal, iTerm2): each picture is encoded for the pixels its cells cover
/// and cached per slide, content and size. Sixel bytes are large, so a
/// picture is written only when what its pane shows changed or curses wrote
/// over its cells; never on a clock tick. Where a picture was and no longer
/// is, curses repaints those cells (the terminal keeps sixel pixels until
/// text covers them).
final class SixelPictures: PictureWriter {
    private struct Key: Hashable { var slide: Int; var content: UInt64; var width: Int; var height: Int }
    private struct Drawn: Equatable { var key: Key; var rect: Rect }
    /// The size of a cell in pixels, asked every frame (fonts and windows change).
    let cellSize: () -> (width: Int, height: Int)
    let registers: Int
    /// The largest picture the terminal draws (larger ones it drops).
    let maxSize: (width: Int, height: Int)?
    private var cache: [Key: (bytes: [UInt8], at: Int)] = [:]
    private var uses = 0
    private var drawn: [Int: Drawn] = [:]
    /// How many pictures were encoded (cache misses), for tests and the bench.
    private(set) var encodes = 0

    init(registers: Int = 256, maxSize: (width: Int, height: Int)? = nil, cellSize: @escaping () -> (width: Int, height: Int)) {
        self.registers = registers
        self.maxSize = maxSize
        self.cellSize = cellSize
    }

    func prepare(_ placements: [PicturePlacement], fullRepaint: Bool) -> [Rect] {
        if fullRepaint { drawn = [:]; return [] }
        var gone: [Rect] = []
        for (slot, old) in drawn {
            let new = placements.indices.contains(slot - 1) ? placements[slot - 1].rect : nil
            if new != old.rect { gone.append(old.rect); drawn[slot] = nil }
        }
        return gone
    }

    func bytes(_ placements: [PicturePlacement], screenHeight: Int, repainted: (Rect) -> Bool) -> [UInt8] {
        var out: [UInt8] = []
        let cell = cellSize()
        for (i, placement) in placements.enumerated() {
            let slot = i + 1
            let r = placement.rect
            // Never down to the last row: a sixel reaching it would scroll.
            let rows = min(r.height, screenHeight - 1 - r.y)
            guard rows > 0, r.width > 0 else { continue }
            let box = (width: r.width * cell.width, height: rows * cell.height)
            let size = Self.fit(aspect: placement.aspect, in: (min(box.width, maxSize?.width ?? .max),
                                                               min(box.height, maxSize?.height ?? .max)))
            let key = Key(slide: placement.slide, content: placement.content, width: size.width, height: size.height)
            let want = Drawn(key: key, rect: r)
            if drawn[slot] == want && !repainted(r) { continue }
            guard let sixel = encoded(placement, key: key) else { continue }
            let dx = (box.width - size.width) / 2 / cell.width
            out += cursorTo(x: r.x + dx, y: r.y) + sixel
            drawn[slot] = want
        }
        return out.isEmpty ? [] : saveCursor + out + restoreCursor
    }

    func clearAll() -> [UInt8] {
        drawn = [:]
        cache = [:]
        return []
    }

    func take(_ answer: TerminalAnswer) -> (content: UInt64, message: String)? { nil }

    /// The largest size of `aspect` inside `box`, in pixels.
    static func fit(aspect: Double, in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard aspect.isFinite, aspect > 0 else { return box }
        if Double(box.width) / Double(box.height) > aspect {
            return (max(1, Int((Double(box.height) * aspect).rounded())), box.height)
        }
        return (box.width, max(1, min(box.height, Int((Double(box.width) / aspect).rounded()))))
    }

    private func encoded(_ placement: PicturePlacement, key: Key) -> [UInt8]? {
        uses += 1
        if let hit = cache[key] {
            cache[key]?.at = uses
            return hit.bytes
        }
        guard let image = placement.image ?? (try? PNGDecoder.decode(placement.png))?.image else { return nil }
        encodes += 1
        let bytes = SixelEncoder.encode(image, width: key.width, height: key.height, registers: registers)
        if cache.count >= 8, let oldest = cache.min(by: { $0.value.at < $1.value.at })?.key { cache[oldest] = nil }
        cache[key] = (bytes, uses)
        return bytes
    }
}
