import SlideModel

/// Puts presses on the wire at once, in the form LibreOffice carries out
/// exactly: a press alone is a step (`transition_next`/`_previous`, which
/// also steps through animations); a press that follows another navigation
/// closely becomes a `goto_slide` to where the presses are heading.
///
/// Measured on LibreOffice 7.4 (peer.sh, a 30-slide deck, 2 runs each):
///
/// | what the client sends | the show ends on | time |
/// |---|---|---|
/// | 5 × `transition_next`, 40 ms apart (a bare client's lossless pace) | slide 6 | 201 ms |
/// | 5 × `transition_next`, 25 ms apart | slide 3 or 4: steps lost | — |
/// | `transition_next`, then 4 × `goto_slide` at once | slide 6 | 53 ms |
/// | the same, presses 30 ms apart | slide 6 | 122 ms (2 ms after the last press) |
/// | `transition_next`, then 19 × `goto_slide` at once | slide 21 | 252 ms |
/// | `transition_next` 10 ms after a `goto_slide` | dropped | — |
/// | `transition_next` 30 ms or more after a `goto_slide` | carried out | +22 ms |
/// | `transition_next` right after a `goto_slide`'s `slide_updated` | carried out 1 s late, or (on a busy show) never | — |
/// | `transition_previous`, then at once `goto_slide` to the slide it leaves | the goto is a no-op: the show ends one slide short | — |
///
/// `scripts/bench.sh --only show` (scripts/real-show-bench.sh, a 60-slide
/// deck, 3 runs) measures the rule as a presenter meets it: 5 → typed 30 ms
/// apart land in 125–151 ms, 20 in 571–574 ms, against a bare client's 192
/// and 792 ms at its fastest lossless pace (40 ms; 25 and 30 ms lost steps
/// there); → held for 2 s lands exactly, the show's last move 2–5 ms after
/// the last repeat.
///
/// A step within ~25 ms of the previous navigation is dropped; `goto_slide`
/// is never dropped and costs ~13 ms a slide. So: a press is a step when
/// the last navigation went out at least `quietGap` (40 ms) ago and was
/// confirmed (`slide_updated`) at least `settle` (75 ms) ago, or has had
/// `ackTimeout` to be; otherwise it
/// is a `goto_slide` to the heading: the slide the previous presses aimed at
/// plus or minus one, clamped to the show (`Heading`, the pad's own rule, so
/// the pad shows where the show will land). A go-to to the very slide the
/// show stands on while a step is still in flight would be a no-op (the
/// show has not left it yet; seen on the real show: ← then → within 11 ms
/// ended on the wrong slide), so that one waits for the step's
/// `slide_updated` (or `ackTimeout`) and goes then. Nothing else waits, so
/// no press is lost, none overshoots, and a held key stops the show the
/// moment the last repeat has gone out. The price: quick presses count
/// slides, not animation steps.
///
/// Pure: time is whatever monotonic `Duration` the caller passes in.
public struct NavigationPacer: Sendable {
    public static let defaultQuietGap: Duration = .milliseconds(40)
    /// After a `slide_updated`, before a step may follow it (25 ms was not
    /// always enough after a go-to; see the table).
    public static let defaultSettle: Duration = .milliseconds(75)
    /// How long a step may go unconfirmed before the next press may be a
    /// step again (an animation step or the end screen never confirms).
    public static let defaultAckTimeout: Duration = .milliseconds(200)

    public let quietGap: Duration
    public let settle: Duration
    public let ackTimeout: Duration
    private var lastNavigation: Duration?
    private var lastConfirmation: Duration?
    /// The last navigation sent, while it waits for its `slide_updated`.
    private var awaitingAck = false
    /// Where the presses since the show was last quiet are taking it.
    public private(set) var heading: Heading?
    /// A go-to held until the step in flight is confirmed (see above).
    private var held: Int?

    public init(quietGap: Duration = defaultQuietGap, settle: Duration = defaultSettle,
                ackTimeout: Duration = defaultAckTimeout) {
        self.quietGap = quietGap
        self.settle = settle
        self.ackTimeout = max(ackTimeout, quietGap)
    }

    /// What to send for `command` now, or nil when it is held until the
    /// show confirms the step in flight (`confirmed` or `expire` gives it).
    /// `show` is the show as the server last described it (slide count,
    /// current slide); nil when none runs.
    public mutating func wire(_ command: SourceCommand, show: (slideCount: Int, current: Int)?, now: Duration) -> SourceCommand? {
        let delta: Int
        switch command {
        case .next: delta = 1
        case .previous: delta = -1
        case .goto(let index):
            note(now: now)
            heading.aim(at: index, current: show?.current, now: now)
            return command
        default: return command
        }
        guard let show, show.slideCount > 0 else { return command }
        // Quiet: whatever was heading somewhere has landed (or never will).
        let quiet = isQuiet(now: now)
        if quiet { heading = nil }
        note(now: now)
        let target = heading.step(by: delta, current: show.current, count: show.slideCount, now: now)
        if quiet { return command }
        if target == show.current && awaitingAck {
            held = target
            return nil
        }
        return .goto(index: target)
    }

    /// The show reported slide `index` (`slide_updated`): a held go-to goes
    /// now, unless the show already stands there.
    public mutating func confirmed(_ index: Int, now: Duration) -> SourceCommand? {
        awaitingAck = false
        lastConfirmation = now
        heading.reached(index, now: now)
        defer { held = nil }
        return held.flatMap { $0 == index ? nil : .goto(index: $0) }
    }

    /// `ackTimeout` passed without a confirmation: a held go-to goes anyway.
    public mutating func expire() -> SourceCommand? {
        defer { held = nil }
        return held.map { .goto(index: $0) }
    }

    /// Whether a go-to waits for the show (arm a timer for `ackTimeout`).
    public var isHolding: Bool { held != nil }

    /// Forgets everything (a new connection, a new show).
    public mutating func reset() {
        lastNavigation = nil
        lastConfirmation = nil
        awaitingAck = false
        heading = nil
        held = nil
    }

    private func isQuiet(now: Duration) -> Bool {
        if let confirmed = lastConfirmation, now - confirmed < settle { return false }
        guard let last = lastNavigation else { return true }
        let since = now - last
        return since >= quietGap && (!awaitingAck || since >= ackTimeout)
    }

    /// A navigation goes out (or is held): it replaces any go-to still held.
    private mutating func note(now: Duration) {
        held = nil
        lastNavigation = now
        awaitingAck = true
    }
}
