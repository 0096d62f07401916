/// A place on a slide: x and y in 0...1 of the slide's picture, from its
/// top left corner (the room's screen shows the same picture).
public struct SlidePoint: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x.isFinite ? min(1, max(0, x)) : 0
        self.y = y.isFinite ? min(1, max(0, y)) : 0
    }
}

/// What the pad asks of the ink on the room's screen. A stroke is
/// `began`, `moved`…, `ended`; it belongs to the slide the show is on.
public enum InkCommand: Sendable, Equatable {
    case began(SlidePoint)
    case moved(SlidePoint)
    case ended
    /// Erase the current slide's ink.
    case clear
    /// The pad's ink mode went on or off: a source with a pen mode of its
    /// own (pdfpc) switches it; the others draw only what they are sent.
    case mode(Bool)
}

/// What a source does with ink, for the pad's words (set from its kind's
/// capabilities; nil on a source without ink).
public struct InkOffer: Sendable, Equatable {
    /// "reveal.js", for "ink on reveal.js".
    public var sourceName: String
    /// A drag on the pad draws on the room's screen (reveal.js); false: ink
    /// mode is the source's own pen, drawn with its computer's mouse (pdfpc).
    public var placesStrokes: Bool
    public init(sourceName: String, placesStrokes: Bool = true) {
        self.sourceName = sourceName
        self.placesStrokes = placesStrokes
    }
}

/// The strokes drawn on each slide, in the pad: the current pane shows
/// them, and they follow their slide (hidden while another is shown, back
/// on return). Bounded: a stroke keeps at most `maxPoints`, a slide at
/// most `maxStrokes` (the oldest go first).
public struct InkStrokes: Sendable, Equatable {
    public static let maxPoints = 2_000
    public static let maxStrokes = 200
    /// Moves shorter than this (of the slide's width or height) add no point.
    public static let minStep = 0.002

    public private(set) var strokes: [Int: [[SlidePoint]]] = [:]
    /// The slide whose last stroke is being drawn (nil: none).
    public private(set) var drawingOn: Int?

    public init() {}

    /// Slide `slide`'s strokes, oldest first.
    public func on(_ slide: Int) -> [[SlidePoint]] { strokes[slide] ?? [] }

    public var isEmpty: Bool { strokes.isEmpty }

    /// A new stroke on `slide`, from `point`.
    public mutating func begin(_ point: SlidePoint, on slide: Int) {
        var list = strokes[slide] ?? []
        list.append([point])
        if list.count > Self.maxStrokes { list.removeFirst(list.count - Self.maxStrokes) }
        strokes[slide] = list
        drawingOn = slide
    }

    /// The stroke being drawn goes on to `point`; false when the move is
    /// too small to keep (nothing to send either), or none is drawn.
    @discardableResult
    public mutating func extend(to point: SlidePoint) -> Bool {
        guard let slide = drawingOn, var list = strokes[slide], var last = list.popLast(), let end = last.last else { return false }
        guard abs(point.x - end.x) >= Self.minStep || abs(point.y - end.y) >= Self.minStep, last.count < Self.maxPoints
        else { return false }
        last.append(point)
        list.append(last)
        strokes[slide] = list
        return true
    }

    /// The stroke being drawn is done.
    public mutating func end() { drawingOn = nil }

    public mutating func clear(_ slide: Int) {
        strokes[slide] = nil
        if drawingOn == slide { drawingOn = nil }
    }
    public mutating func clearAll() { strokes = [:] }
}
