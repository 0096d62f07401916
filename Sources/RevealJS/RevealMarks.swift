import SlideModel

/// What the pad puts on the audience's page besides moving the show: the
/// laser pointer and the ink (`RevealScripts.marks`). Points are whole
/// numbers, 0…10000 of the page's viewport, which is the picture the pad
/// shows of a slide (`RevealLink+Pictures`): a place on the pad's picture
/// is the same place on the room's screen.
public enum RevealMark: Sendable, Equatable {
    case pointer(x: Int, y: Int)
    case pointerOff
    /// A stroke starts on the slide the page shows.
    case begin(x: Int, y: Int)
    /// The stroke goes on through these points (x, y, x, y, …).
    case to([Int])
    case end
    /// The slide the page shows loses its ink.
    case clear
    /// Slide (h, v)'s strokes, put back after a reload or a new connection.
    case restore(h: Int, v: Int, strokes: [[Int]])
    /// Everything the pad added goes (the pad quits).
    case remove
    /// The pad's ink mode, kept on the page and told to every link to it
    /// (a `watch` says it).
    case mode(Bool)

    /// 0…1 as the page's whole numbers.
    public static func scaled(_ value: Double) -> Int { Int((min(1, max(0, value.isFinite ? value : 0)) * 10_000).rounded()) }
}

/// The marks' side of a link: at most one script in flight; what comes
/// meanwhile waits in `queue`, where a newer pointer position replaces an
/// older one (the latest wins) and a stroke's points join (none is lost).
/// The strokes are kept here per slide, so a reload or a new connection
/// puts them back.
struct RevealMarks: Sendable, Equatable {
    var queue: [RevealMark] = []
    var inFlight = false
    var pointerShown = false
    /// The pad's ink mode is on (kept on the page for `watch`).
    var modeOn = false
    /// Each slide's strokes (by reveal.js's h, v), as page points.
    var strokes: [SlideKey: [[Int]]] = [:]
    /// The slide whose last stroke is being drawn.
    var drawing: SlideKey?

    struct SlideKey: Sendable, Hashable, Comparable {
        var h: Int
        var v: Int
        static func < (a: SlideKey, b: SlideKey) -> Bool { (a.h, a.v) < (b.h, b.v) }
    }

    /// Something on the page the pad must keep alive (`RevealScripts.marks` removes it after 4 s without word).
    var onPage: Bool { pointerShown || !strokes.isEmpty || modeOn }

    /// Adds `mark`, folding it into the last one where it may.
    mutating func enqueue(_ mark: RevealMark) {
        switch (queue.last, mark) {
        case (.pointer?, .pointer): queue[queue.count - 1] = mark
        case (.to(let before)?, .to(let more)): queue[queue.count - 1] = .to(before + more)
        default: queue.append(mark)
        }
    }

    /// Records a command's effect on the strokes; the marks it makes for the page.
    mutating func take(_ command: SourceCommand, at slide: SlideKey?) -> [RevealMark] {
        switch command {
        case .pointerStarted(let x, let y), .pointerMoved(let x, let y):
            pointerShown = true
            return [.pointer(x: RevealMark.scaled(x), y: RevealMark.scaled(y))]
        case .pointerDismissed:
            guard pointerShown else { return [] }
            pointerShown = false
            return [.pointerOff]
        case .ink(.began(let p)):
            guard let slide else { return [] }
            let point = [RevealMark.scaled(p.x), RevealMark.scaled(p.y)]
            var list = strokes[slide] ?? []
            list.append(point)
            if list.count > InkStrokes.maxStrokes { list.removeFirst(list.count - InkStrokes.maxStrokes) }
            strokes[slide] = list
            drawing = slide
            return [.begin(x: point[0], y: point[1])]
        case .ink(.moved(let p)):
            guard let slide = drawing, var list = strokes[slide], var last = list.popLast(),
                  last.count < 2 * InkStrokes.maxPoints else { return [] }
            let point = [RevealMark.scaled(p.x), RevealMark.scaled(p.y)]
            last += point
            list.append(last)
            strokes[slide] = list
            return [.to(point)]
        case .ink(.ended):
            guard drawing != nil else { return [] }
            drawing = nil
            return [.end]
        case .ink(.clear):
            if let slide { strokes[slide] = nil }
            drawing = nil
            return [.clear]
        case .ink(.mode(let on)):
            modeOn = on
            return [.mode(on)]
        default:
            return []
        }
    }

    /// What puts every kept stroke back on a page that lost them.
    var restoring: [RevealMark] {
        strokes.keys.sorted().map { .restore(h: $0.h, v: $0.v, strokes: strokes[$0] ?? []) } + (modeOn ? [.mode(true)] : [])
    }
}
