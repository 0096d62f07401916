import Dispatch
import FoundationEssentials
import PadGrid
import Syscalls
import SlideImages

/// Sixel pictures (xterm `-ti vt340`, foot, mlterm, WezTerm, Windows
/// Terminal, iTerm2). Prepare encodes the decoded preview for the pixels its
/// frame covers, cached by content and size (`PictureLimits.sixelEncodes`);
/// a large picture (a pane) is encoded on another thread, off the key →
/// screen path, and `wake` tells the loop when it is done (half-blocks stand
/// in until then). Render leaves the frame's cells blank and places the
/// encoded bytes there. Sixel bytes are large, so a picture is written only
/// when what its place shows changed or a cell under it was written; never
/// on a clock tick. Where a picture was and no longer is, the cells are
/// written again (the terminal keeps sixel pixels until text covers them).
/// (The pad's picture pipeline prepares and renders with it too:
/// ControlPadUI's `PictureProtocol`, through `prepare(_:image:)` and `placement(for:screenHeight:)`.)
package final class SixelPictures: PictureEncoder {
    package struct Key: Hashable { var content: UInt64; var width: Int; var height: Int }
    private struct Drawn: Equatable { var content: UInt64; var bytes: Int }
    /// The size of a cell in pixels, asked every frame (fonts and windows change).
    let cellSize: () -> (width: Int, height: Int)
    let registers: Int
    /// The largest picture the terminal draws (larger ones it drops).
    let maxSize: (width: Int, height: Int)?
    /// The most bytes one picture may take (tmux drops a longer sequence
    /// whole): a picture longer than that is drawn in half-blocks.
    let maxBytes: Int?
    /// Pictures of more pixels are encoded on another thread, half-blocks
    /// standing in meanwhile (`PictureLimits.sixelInlinePixels`; inside tmux
    /// every one is encoded at once: a stand-in written over a picture
    /// makes tmux drop it and redraw the whole pane, pictures and all).
    let inlinePixels: Int
    private let encodeLater: (@escaping @Sendable () -> Void) -> Void
    private let wake: @Sendable () -> Void
    private var cache: [Key: (bytes: [UInt8], at: Int)] = [:]
    private var pending: Set<Key> = []
    private let finished = FinishedEncodes()
    private var uses = 0
    private var drawn = DrawnPictures<Drawn>()
    /// How many pictures were encoded (cache misses), for tests and the bench.
    package private(set) var encodes = 0

    /// `encodeLater` runs a large encode (default: on a global queue);
    /// `wake` is called, on that thread, when one is done.
    package init(registers: Int = 256, maxSize: (width: Int, height: Int)? = nil, maxBytes: Int? = nil,
         inlinePixels: Int = PictureLimits.sixelInlinePixels,
         encodeLater: @escaping (@escaping @Sendable () -> Void) -> Void = { DispatchQueue.global(qos: .userInitiated).async(execute: $0) },
         wake: @escaping @Sendable () -> Void = {}, cellSize: @escaping () -> (width: Int, height: Int)) {
        self.registers = registers
        self.maxSize = maxSize
        self.maxBytes = maxBytes
        self.inlinePixels = inlinePixels
        self.encodeLater = encodeLater
        self.wake = wake
        self.cellSize = cellSize
    }

    // MARK: the encodes, for the pipeline's steps

    /// The pixel size a frame's picture is encoded at, and the columns it is indented by.
    private func size(_ request: PictureRequest, screenHeight: Int) -> (key: Key, indent: Int)? {
        let cell = cellSize(), r = request.frame
        // Never down to the last row: a sixel reaching it would scroll.
        let rows = min(r.height, screenHeight - 1 - r.y)
        guard rows > 0, r.width > 0, cell.width > 0, cell.height > 0 else { return nil }
        let box = (width: r.width * cell.width, height: rows * cell.height)
        let size = Self.fit(aspect: request.aspect, in: (min(box.width, maxSize?.width ?? .max), min(box.height, maxSize?.height ?? .max)))
        return (Key(content: request.content, width: size.width, height: size.height), (box.width - size.width) / 2 / cell.width)
    }

    /// The prepare step: whether `request`'s picture is encoded for its
    /// frame's pixels, encoding it if not (`image`: its decoded pixels, nil
    /// when it does not decode). False while a large one is encoded on
    /// another thread (`wake` says when it is done), and for a picture
    /// longer than `maxBytes`.
    package func prepare(_ request: PictureRequest, screenHeight: Int, image: () -> RGBAImage?) -> Bool {
        for (key, bytes) in finished.take() { pending.remove(key); store(bytes, for: key) }
        guard let (key, _) = size(request, screenHeight: screenHeight) else { return false }
        if cache[key] != nil { return fits(key) }
        if pending.contains(key) { return false }
        guard let picture = image() else { return false }
        let registers = self.registers
        encodes += 1
        guard key.width * key.height > inlinePixels else {
            store(SixelEncoder.encode(picture, width: key.width, height: key.height, registers: registers), for: key)
            return fits(key)
        }
        pending.insert(key)
        let finished = self.finished, wake = self.wake
        encodeLater {
            finished.add(key, SixelEncoder.encode(picture, width: key.width, height: key.height, registers: registers))
            wake()
        }
        for (key, bytes) in finished.take() { pending.remove(key); store(bytes, for: key) }
        return fits(key)
    }

    /// Encoded, and no longer than the terminal (or tmux) takes.
    private func fits(_ key: Key) -> Bool {
        guard let hit = cache[key] else { return false }
        return hit.bytes.count <= (maxBytes ?? .max)
    }

    /// The render step: the placement of `request`'s picture, once encoded.
    package func placement(for request: PictureRequest, screenHeight: Int) -> PicturePlacement? {
        guard let (key, indent) = size(request, screenHeight: screenHeight), fits(key), let hit = cache[key] else { return nil }
        uses += 1
        cache[key]?.at = uses
        return PicturePlacement(slide: request.slide, content: request.content, rect: request.frame,
                                aspect: request.aspect, encoded: hit.bytes, indent: indent)
    }

    private func store(_ bytes: [UInt8], for key: Key) {
        uses += 1
        if cache[key] == nil, cache.count >= PictureLimits.sixelEncodes,
           let oldest = cache.min(by: { $0.value.at < $1.value.at })?.key { cache[oldest] = nil }
        cache[key] = (bytes, uses)
    }

    // MARK: the terminal's

    package func prepare(_ placements: [PicturePlacement], fullRepaint: Bool) -> [Rect] {
        drawn.prepare(placements, fullRepaint: fullRepaint)
    }

    package func bytes(_ placements: [PicturePlacement], screenHeight: Int, repainted: (Rect) -> Bool) -> [UInt8] {
        var out: [UInt8] = []
        for (slot, placement) in placements.enumerated() where !placement.encoded.isEmpty {
            let want = Drawn(content: placement.content, bytes: placement.encoded.count)
            guard drawn.needsWriting(slot, want, at: placement.rect, repainted: repainted) else { continue }
            out += cursorTo(x: placement.rect.x + placement.indent, y: placement.rect.y) + placement.encoded
        }
        return out.isEmpty ? [] : saveCursor + out + restoreCursor
    }

    package func freeAll() -> [UInt8] {
        drawn.forget()
        cache = [:]
        return []
    }

    /// Nothing: sixel pixels go with the alternate screen.
    package var offScreen: [UInt8] { [] }

    package func take(_ answer: TerminalAnswer) -> (content: UInt64, message: String)? { nil }

    /// The largest size of `aspect` inside `box`, in pixels.
    package static func fit(aspect: Double, in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard aspect.isFinite, aspect > 0 else { return box }
        if Double(box.width) / Double(box.height) > aspect {
            return (max(1, Int((Double(box.height) * aspect).rounded())), box.height)
        }
        return (box.width, max(1, min(box.height, Int((Double(box.width) / aspect).rounded()))))
    }
}

/// Sixel encodes done on another thread, waiting for the loop to take them.
private final class FinishedEncodes: @unchecked Sendable {
    private let lock = PlainLock()
    private var done: [(SixelPictures.Key, [UInt8])] = []

    func add(_ key: SixelPictures.Key, _ bytes: [UInt8]) {
        lock.lock()
        done.append((key, bytes))
        lock.unlock()
    }

    func take() -> [(SixelPictures.Key, [UInt8])] {
        lock.lock()
        defer { done = []; lock.unlock() }
        return done
    }
}
