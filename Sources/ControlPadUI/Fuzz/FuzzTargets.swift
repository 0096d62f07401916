import SlideImages
import SlideModel

/// What the fuzzers feed with arbitrary bytes: the wire (framer, message
/// parser, session, connection), notes (markup → text → wrapped → drawn),
/// pictures (pHYs, libpng decode, fit, raster) and the config loader. Each
/// checks what a user relies on and traps (a fuzzer finding) when it fails.
/// Run by `scripts/fuzz.sh` under libFuzzer, and in seconds by the tests.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case wire, notes, picture, config

    public func run(_ bytes: [UInt8]) {
        switch self {
        case .wire: Self.wire(bytes)
        case .notes: Self.notes(bytes)
        case .picture: Self.picture(bytes)
        case .config: Self.config(bytes)
        }
    }

    /// Bytes from a server, in chunks whose sizes the input's first byte
    /// chooses: the framer keeps under its cap, and nothing the pad would
    /// show holds a control character.
    static func wire(_ bytes: [UInt8]) {
        let cap = 4096
        var connection = ImpressConnection(.init(clientName: "fuzz", serverLabel: "h", address: "h:1599",
                                                 maxMessageBytes: cap, maxMessageLines: 16))
        _ = connection.handle(.start(storedPin: "1234", freshPin: "0042"), now: .zero)
        _ = connection.handle(.connected, now: .zero)
        // Chunks of 1 to 256 bytes (the first byte says), as TCP may cut them.
        let chunk = Int(bytes.first ?? 0) + 1
        var now = Duration.zero
        for (n, start) in stride(from: 0, to: bytes.count, by: chunk).enumerated() {
            now += .milliseconds(7)
            let actions = connection.handle(.received(Array(bytes[start..<min(bytes.count, start + chunk)])), now: now)
            for case .emit(let event) in actions { check(event) }
            if actions.contains(.close) {
                _ = connection.handle(.closed, now: now)
                _ = connection.handle(.timerFired(.countdown), now: now + .seconds(20))
                _ = connection.handle(.connected, now: now + .seconds(20))
            }
            if n % 16 == 0 { _ = connection.handle(.send(n % 32 == 0 ? .next : .previous), now: now) }
        }
    }

    private static func check(_ event: SourceEvent) {
        switch event {
        case .notes(_, let text), .showTitle(let text): precondition(!hasControl(text, allowingNewlines: true))
        case .link(.connected(let server)): precondition(!hasControl(server, allowingNewlines: false))
        case .showStarted(let count, let current):
            precondition((0...ImpressServerMessage.maxSlideCount).contains(count) && current >= 0 && (count == 0 || current < count))
        default: break
        }
    }

    private static func hasControl(_ text: String, allowingNewlines: Bool) -> Bool {
        text.unicodeScalars.contains { Notes.isControl($0) && !(allowingNewlines && $0 == "\n") }
    }

    /// Notes markup: plain text without controls, wrapped within every
    /// width, drawn into a grid of its size.
    static func notes(_ bytes: [UInt8]) {
        let text = Notes.plainText(fromImpressMarkup: String(decoding: bytes, as: UTF8.self))
        precondition(!hasControl(text, allowingNewlines: true))
        for width in [1, 2, 7, 40] {
            let lines = TextWrap.lines(text, width: width)
            var grid = CellGrid(width: width, height: 3)
            for line in lines.prefix(3) {
                precondition(DisplayWidth.of(line) <= width || line.count == 1, "only a lone wide character may be wider")
                grid.put(line, x: 0, y: 0)
            }
            precondition(grid.cells.count == width * 3)
            precondition(grid.cells.allSatisfy { !hasControl($0.text, allowingNewlines: false) })
        }
    }

    /// A preview: its true aspect is sane when there is one, and decoding,
    /// fitting and rasterizing either work or say why; never a crash.
    static func picture(_ bytes: [UInt8]) {
        if let aspect = PNGPhysicalAspect.aspect(ofPNG: bytes) { precondition(aspect.isFinite && aspect > 0) }
        guard let picture = try? PanePicture.render(png: bytes, paneCols: 24, paneRows: 8, depth: .palette256) else { return }
        precondition(picture.frame.cols <= 24 && picture.frame.rows <= 8)
    }

    /// A config file: a config or a problem whose text is safe to print.
    static func config(_ bytes: [UInt8]) {
        let loaded = ConfigLoader(file: "config.toml", text: String(decoding: bytes, as: UTF8.self)).parse()
        for problem in loaded.problems { precondition(!hasControl(problem.description, allowingNewlines: false)) }
        let lines = loaded.problems.compactMap(\.line)
        precondition(lines == lines.sorted(), "problems in line order")
    }
}
