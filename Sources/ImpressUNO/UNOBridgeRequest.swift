import FoundationEssentials

/// One request to the bridge, written as one JSON line (docs/IMPRESS-UNO.md).
public enum UNOBridgeRequest: Sendable, Equatable {
    /// Opens `deck` in LibreOffice (or finds it open) and starts its show,
    /// in a window or full screen.
    case open(deck: String, window: Bool)
    /// Joins the show that runs, else the deck that is open.
    case attach
    case next
    case previous
    case goto(slide: Int)
    case blank
    case resume
    case start
    case stop
    /// Where the show stands (answered by `where`), and whether it still runs.
    case `where`
    /// Ends the shows of the other decks open in LibreOffice (the presenter's word).
    case endOtherShows
    /// Slide `slide` as a PNG of `width`×`height` after `step` clicks (nil:
    /// every build shown), from a hidden copy of the deck.
    case render(slide: Int, width: Int, height: Int, step: Int?)
    /// Leaves: `end` ends the show, `close` closes the deck (never one with
    /// unsaved changes) and LibreOffice if nothing else is open.
    case quit(end: Bool, close: Bool)
    /// The show's own laser pointer (`XSlideShow` properties `PointerPosition`,
    /// `PointerVisible`, as LibreOffice's remote sets them): at x, y (0…1 of
    /// the slide) and shown, or hidden. Answered by `pointer`.
    case pointer(x: Double, y: Double, shown: Bool)
    /// The show's pen (`XSlideShowController.UsePen`, red): its strokes come
    /// from the show window's mouse.
    case pen(on: Bool)
    /// The show's ink goes (`setEraseAllInk`).
    case eraseInk

    /// The request as one line, newline included.
    public var line: String {
        var fields: [String: Wire] = [:]
        let op: String
        switch self {
        case .open(let deck, let window):
            op = "open"
            fields["deck"] = .string(deck)
            fields["window"] = .bool(window)
        case .attach: op = "attach"
        case .next: op = "next"
        case .previous: op = "previous"
        case .goto(let slide):
            op = "goto"
            fields["slide"] = .int(slide)
        case .blank: op = "blank"
        case .resume: op = "resume"
        case .start: op = "start"
        case .stop: op = "stop"
        case .where: op = "where"
        case .endOtherShows: op = "end-others"
        case .render(let slide, let width, let height, let step):
            op = "render"
            if let step { fields["step"] = .int(step) }
            fields["slide"] = .int(slide)
            fields["width"] = .int(width)
            fields["height"] = .int(height)
        case .quit(let end, let close):
            op = "quit"
            fields["end"] = .bool(end)
            fields["close"] = .bool(close)
        case .pointer(let x, let y, let shown):
            op = "pointer"
            // Thousandths: whole numbers on the wire, finer than any screen's pixel the room sees.
            fields["x"] = .int(Int((min(1, max(0, x.isFinite ? x : 0)) * 10_000).rounded()))
            fields["y"] = .int(Int((min(1, max(0, y.isFinite ? y : 0)) * 10_000).rounded()))
            fields["shown"] = .bool(shown)
        case .pen(let on):
            op = "pen"
            fields["on"] = .bool(on)
        case .eraseInk: op = "erase-ink"
        }
        fields["op"] = .string(op)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(fields)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private enum Wire: Encodable {
        case string(String), int(Int), bool(Bool)
        func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .string(let s): try c.encode(s)
            case .int(let i): try c.encode(i)
            case .bool(let b): try c.encode(b)
            }
        }
    }
}
