import SlideModel

/// How the demo's mock source misbehaves: the knobs of `controlpad demo`.
public struct MockKnobs: Sendable, Equatable {
    public var seed: UInt64 = 1
    /// Each preview/notes item and each command's answer comes after a
    /// random delay in this range (drawn in whole milliseconds).
    public var latency: ClosedRange<Duration> = .milliseconds(20) ... .milliseconds(400)
    /// Chance that an item is dropped and re-sent later.
    public var dropRate: Double = 0.1
    /// Chance that an item is delivered twice.
    public var duplicateRate: Double = 0.1
    /// How much later a dropped item is re-sent.
    public var resendDelay: ClosedRange<Duration> = .milliseconds(800) ... .milliseconds(2500)

    public init() {}
}

/// The demo show as a pure, seeded state machine: given the same seed and the
/// same commands at the same times, it schedules the same events. It behaves
/// the way a real Impress does over a real network: previews and notes come
/// out of order, some twice, some dropped and re-sent later; a command is
/// answered (if at all) by "the current slide is now k" after a latency.
public struct MockShow: Sendable {
    /// One event, due `at` after the show's clock started.
    public struct Timed: Sendable, Equatable {
        public var at: Duration
        public var event: SourceEvent
    }

    public let deck: DemoDeck
    public let knobs: MockKnobs
    private var random: SeededRandom
    public private(set) var current = 0
    public private(set) var running = false
    /// The screen is blank (Impress never says so; a move ends it).
    public private(set) var blank = false
    /// Answers to commands travel one connection, as with Impress: in order.
    private var lastAnswerAt: Duration = .zero

    /// The demo's link: none to make, always there.
    public static let link = LinkState.local("demo")

    public init(deck: DemoDeck, knobs: MockKnobs) {
        self.deck = deck
        self.knobs = knobs
        self.random = SeededRandom(seed: knobs.seed)
    }

    /// The link comes up and the show is already running, as when a presenter
    /// connects to a show in progress.
    public mutating func begin(at now: Duration) -> [Timed] {
        [Timed(at: now, event: .link(Self.link)), Timed(at: now, event: .showTitle(deck.title))]
            + startShow(at: now)
    }

    public mutating func handle(_ command: SourceCommand, at now: Duration) -> [Timed] {
        switch command {
        case .start:
            return startShow(at: now + delay())
        case .stop:
            guard running else { return [] }
            running = false
            blank = false
            return [Timed(at: now + delay(), event: .showFinished)]
        case .next:
            return endBlank(at: now) + move(to: current + 1, at: now)
        case .previous:
            // LibreOffice 25.2: ← on a blank screen ends the blank and stays.
            if blank { return endBlank(at: now) }
            return move(to: current - 1, at: now)
        case .goto(let index):
            return endBlank(at: now) + move(to: index, at: now)
        case .blank, .resume:
            if running { blank = command == .blank }
            return []  // like Impress: silence
        case .pointerStarted, .pointerMoved, .pointerDismissed, .ink:
            return []
        }
    }

    private mutating func startShow(at now: Duration) -> [Timed] {
        running = true
        blank = false
        current = 0
        return [Timed(at: now, event: .sections(SourceSections(sections: deck.sections))),
                Timed(at: now, event: .showStarted(slideCount: deck.slides.count, current: current))] + stream(after: now)
    }

    /// A move while blank ends the blank, as LibreOffice 25.2 does: it says
    /// so only by starting the show's stream again, `slideshow_started`
    /// twice (on the slide it was on) and every preview and note anew; the
    /// move's own answer follows. The pad hears that the blank ended, as
    /// the Impress source tells it.
    private mutating func endBlank(at now: Duration) -> [Timed] {
        guard running, blank else { return [] }
        blank = false
        lastAnswerAt = max(lastAnswerAt + Self.tick, now + delay() / 4)
        let started = SourceEvent.showStarted(slideCount: deck.slides.count, current: current)
        let out = [Timed(at: lastAnswerAt, event: .blankEnded), Timed(at: lastAnswerAt, event: started),
                   Timed(at: lastAnswerAt + Self.tick, event: started)]
        lastAnswerAt += Self.tick
        return out + stream(after: lastAnswerAt)
    }

    /// Every slide's preview and notes, as a new client (or a show that
    /// started again) gets them.
    private mutating func stream(after now: Duration) -> [Timed] {
        var out: [Timed] = []
        for (index, slide) in deck.slides.enumerated() {
            out += deliver(.preview(index: index, slide.preview), after: now)
            if let markup = slide.notesMarkup {
                out += deliver(.notes(index: index, .plain(OfficeNotesMarkup.plainText(from: markup))), after: now)
            }
        }
        return out.sorted { $0.at < $1.at }
    }

    /// Moves the show; out of range or no show running: nothing happens and
    /// nothing is said, as in Impress.
    private mutating func move(to index: Int, at now: Duration) -> [Timed] {
        guard running, deck.slides.indices.contains(index), index != current else { return [] }
        current = index
        lastAnswerAt = max(lastAnswerAt + Self.tick, now + delay() / 4)
        return [Timed(at: lastAnswerAt, event: .slideChanged(index: index))]
    }

    /// One item: after a random delay, or dropped and re-sent much later,
    /// and sometimes twice.
    private mutating func deliver(_ event: SourceEvent, after now: Duration) -> [Timed] {
        var at = now + delay()
        if chance(knobs.dropRate) { at += random(in: knobs.resendDelay) }
        var out = [Timed(at: at, event: event)]
        if chance(knobs.duplicateRate) { out.append(Timed(at: at + delay(), event: event)) }
        return out
    }

    private mutating func delay() -> Duration { random(in: knobs.latency) }

    /// A whole number of milliseconds in `range`, from the seeded generator.
    private mutating func random(in range: ClosedRange<Duration>) -> Duration {
        .milliseconds(Int.random(in: range.lowerBound.wholeMs...range.upperBound.wholeMs, using: &random))
    }

    /// The least time between two answers on the one connection: they stay in order.
    private static let tick: Duration = .milliseconds(1)

    private mutating func chance(_ p: Double) -> Bool {
        p > 0 && Double.random(in: 0..<1, using: &random) < p
    }
}
