import SlideModel

/// Where a reveal.js show is (h, v, f), as `Reveal.getIndices()` gives it:
/// `v` is 0 outside a stack, `f` nil on a slide without fragments, -1 when
/// none is shown, 0 when the first is, and so on.
public struct RevealIndices: Sendable, Equatable {
    public var h: Int
    public var v: Int
    public var f: Int?

    public init(h: Int, v: Int = 0, f: Int? = nil) {
        self.h = h
        self.v = v
        self.f = f
    }

    /// From `{"h":2,"v":0,"f":1}` (keys of undefined values absent); nil when `h` is missing.
    public init?(_ value: JSONValue?) {
        guard let value, let h = value["h"]?.int else { return nil }
        self.init(h: h, v: value["v"]?.int ?? 0, f: value["f"]?.int)
    }
}

/// One slide of the deck in `Reveal.getSlides()` order: where it sits, and
/// how many fragment steps it has.
public struct RevealSlide: Sendable, Equatable {
    public var h: Int
    public var v: Int
    public var steps: Int
    /// Its first heading's text, "" when it has none.
    public var title: String
    /// Its `data-timing`, in seconds, when it has one.
    public var timing: Double?

    public init(h: Int, v: Int = 0, steps: Int = 0, title: String = "", timing: Double? = nil) {
        self.h = h
        self.v = v
        self.steps = steps
        self.title = title
        self.timing = timing
    }
}

/// The deck as the pad numbers it: slide n is the nth of `Reveal.getSlides()`
/// (vertical stacks flattened, the order → walks), and fragments are steps.
public struct RevealDeck: Sendable, Equatable {
    /// At most this many slides are taken (a hostile page cannot make the pad hold millions).
    public static let maxSlides = 10_000

    public var slides: [RevealSlide]
    private var numberOf: [Int: Int] = [:]

    public init(slides: [RevealSlide]) {
        self.slides = Array(slides.prefix(Self.maxSlides))
        for (n, s) in self.slides.enumerated() where numberOf[Self.key(s.h, s.v)] == nil {
            numberOf[Self.key(s.h, s.v)] = n
        }
    }

    /// From the `slides` of `RevealScripts.sync`: `[[h, v, steps], ...]`.
    public init?(_ value: JSONValue?) {
        guard let items = value?.array else { return nil }
        var slides: [RevealSlide] = []
        for item in items.prefix(Self.maxSlides) {
            guard let a = item.array, a.count >= 3, let h = a[0].int, let v = a[1].int, let steps = a[2].int else { return nil }
            let title = a.count > 3 ? a[3].string ?? "" : ""
            let timing = a.count > 4 ? a[4].double.flatMap { (0...86_400).contains($0) ? $0 : nil } : nil
            slides.append(RevealSlide(h: h, v: v, steps: max(0, min(steps, 1000)), title: title, timing: timing))
        }
        self.init(slides: slides)
    }

    private static func key(_ h: Int, _ v: Int) -> Int { h &* 100_003 &+ v }

    public var count: Int { slides.count }

    /// The flat number of the slide at (h, v); nil when the deck has none there.
    public func number(of indices: RevealIndices) -> Int? { numberOf[Self.key(indices.h, indices.v)] }

    /// Where → goes from `at`: the next fragment of the slide, else the
    /// next slide with none of its fragments shown; nil at the last step.
    public func nextStep(after at: RevealIndices) -> (slide: Int, indices: RevealIndices)? {
        guard let n = number(of: at) else { return nil }
        let slide = slides[n]
        let shown = at.f ?? -1
        if shown + 1 < slide.steps { return (n, RevealIndices(h: at.h, v: at.v, f: shown + 1)) }
        guard n + 1 < slides.count else { return nil }
        let next = slides[n + 1]
        return (n + 1, RevealIndices(h: next.h, v: next.v, f: next.steps > 0 ? -1 : nil))
    }

    /// The position in the pad's words.
    public func position(_ at: RevealIndices) -> RevealPosition? {
        guard let n = number(of: at) else { return nil }
        let stack = slides.filter { $0.h == at.h }
        let stackPlace = stack.count > 1 ? (stack.firstIndex { $0.v == at.v }.map { $0 + 1 } ?? 1, stack.count) : nil
        let steps = slides[n].steps
        return RevealPosition(slide: n, count: slides.count, step: steps > 0 ? min(steps, max(0, (at.f ?? -1) + 1)) : 0,
                              steps: steps, stack: stackPlace.map { RevealPosition.Stack(place: $0.0, size: $0.1) })
    }

    /// The fragment step a picture of slide `n` shows: the audience's own
    /// on the current slide, none on the slides ahead (as → arrives there),
    /// all of them on the slides behind (as ← arrives there).
    public func pictureStep(of n: Int, current: RevealIndices) -> Int {
        guard slides.indices.contains(n), slides[n].steps > 0 else { return 0 }
        let here = number(of: current) ?? 0
        if n == here { return current.f ?? -1 }
        return n > here ? -1 : slides[n].steps - 1
    }
}

/// "7/23 · step 2/3 · ↓ 2/3": the slide (1-based), the fragments shown of
/// the slide's, and the place in a vertical stack.
public struct RevealPosition: Sendable, Equatable, CustomStringConvertible {
    public struct Stack: Sendable, Equatable { public var place: Int; public var size: Int }
    /// 0-based flat number.
    public var slide: Int
    public var count: Int
    /// Fragments shown, 0...steps.
    public var step: Int
    public var steps: Int
    public var stack: Stack?

    public var description: String {
        var text = "\(slide + 1)/\(count)"
        if steps > 0 { text += " · step \(step)/\(steps)" }
        if let stack { text += " · ↓ \(stack.place)/\(stack.size)" }
        return text
    }
}

extension RevealPosition {
    /// The position as the pad's `SourceEvent.step`: fragments are steps, and
    /// the place in a vertical stack is the step's detail ("↓ 2/3").
    public var event: SourceEvent {
        .step(index: slide, SlideStep(shown: step, count: steps, detail: stack.map { "↓ \($0.place)/\($0.size)" }))
    }
}
