/// What a rendered picture depends on. `content` tells two pictures of the
/// same slide apart (LibreOffice resends previews after edits): the
/// preview's identity, `Preview.id`, given once as it arrived.
public struct PictureKey: Hashable, Sendable {
    public var slide: Int
    public var content: UInt64
    public var cols: Int
    public var rows: Int
    public var depth: ColorDepth
    public var background: RGB

    public init(slide: Int, content: UInt64, cols: Int, rows: Int, depth: ColorDepth, background: RGB = .black) {
        self.slide = slide
        self.content = content
        self.cols = cols
        self.rows = rows
        self.depth = depth
        self.background = background
    }
}

/// A small least-recently-used cache of rendered pictures, bounded by a
/// count and, when given a cost, by bytes.
///
/// Keep the PNG bytes of every slide (a few kB each) and cache only what is
/// on screen, rendered: 1000 decoded 320×240 previews would be 300 MB, while
/// 64 quantized 160×50 panes stay in single megabytes.
///
/// Not thread-safe by design: it belongs to the one loop that renders.
public final class PictureCache<Value> {
    public let capacity: Int
    /// At most this many bytes by `cost` (nil: only the count bounds it).
    /// The newest value stays even when it alone is over.
    public let byteLimit: Int?
    private let cost: (Value) -> Int
    private var entries: [PictureKey: (value: Value, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    public private(set) var bytes = 0

    public init(capacity: Int = 64, byteLimit: Int? = nil, cost: @escaping (Value) -> Int = { _ in 0 }) {
        self.capacity = max(1, capacity)
        self.byteLimit = byteLimit
        self.cost = cost
    }

    public var count: Int { entries.count }

    /// The cached value, marking it as just used.
    public func value(for key: PictureKey) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, clock)
        return entry.value
    }

    /// Whether a value is cached (not marking it used).
    public func contains(_ key: PictureKey) -> Bool { entries[key] != nil }

    /// Stores a value, evicting the least recently used ones while over
    /// the count or the bytes.
    public func insert(_ value: Value, for key: PictureKey) {
        clock += 1
        if let old = entries[key] { bytes -= cost(old.value) }
        entries[key] = (value, clock)
        bytes += cost(value)
        while entries.count > capacity || (byteLimit.map { bytes > $0 } ?? false), entries.count > 1,
              let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            entries[oldest.key] = nil
            bytes -= cost(oldest.value.value)
        }
    }

    /// The cached value, or `make()`'s result, cached.
    public func value<E: Error>(for key: PictureKey, orMake make: () throws(E) -> Value) throws(E) -> Value {
        if let hit = value(for: key) { return hit }
        let made = try make()
        insert(made, for: key)
        return made
    }

    /// Forgets every picture of one slide (e.g. its preview changed).
    public func removeAll(slide: Int) {
        entries = entries.filter { $0.key.slide != slide }
        bytes = entries.values.reduce(0) { $0 + cost($1.value) }
    }

    public func removeAll() {
        entries.removeAll()
        bytes = 0
    }
}
