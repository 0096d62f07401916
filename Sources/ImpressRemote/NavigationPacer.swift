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
    /// A first step on a connection waits this long after the show was
    /// seen: the show may have just moved (see `showSeenAt`).
    public static let defaultFirstStepWait: Duration = .milliseconds(200)
    /// After the show started again while it ran (a resume, a blank ended),
    /// a first step waits for Impress to have sent this connection every
    /// preview again, this long at most (see `showSeen`).
    public static let defaultRestartWait: Duration = .seconds(10)
    /// While a first step waits for a restart's previews, the connection
    /// looks this often whether they still come; quiet for `restartQuiet`,
    /// the stream is taken as over (Impress sends one every 50–400 ms).
    public static let restartLook: Duration = .milliseconds(250)
    public static let restartQuiet: Duration = .seconds(1)

    public let quietGap: Duration
    public let settle: Duration
    /// How long after the show was seen (`showSeen`) a first step waits.
    public let firstStepWait: Duration
    public let restartWait: Duration
    public let ackTimeout: Duration
    private var lastNavigation: Duration?
    private var lastConfirmation: Duration?
    /// The last navigation sent, while it waits for its `slide_updated`.
    private var awaitingAck = false
    /// Where the presses since the show was last quiet are taking it.
    public private(set) var heading: Heading?
    /// A go-to held until the step in flight is confirmed (see above).
    private var held: Int?
    /// When this connection first heard of the show (`showSeen`): the show
    /// may have moved just before (another client's step, a fresh start),
    /// and a step sent right after that is dropped by LibreOffice
    /// (seen on 25.2: a `send next` 43 ms after another client's step never
    /// moved the show). The first step waits until then.
    private var showSeenAt: Duration?
    /// The first presses, held until `firstStepWait` after `showSeenAt`: their
    /// sum, and the show they were made on.
    private var heldSteps: (delta: Int, current: Int, count: Int)?
    /// The show started again while it ran, and Impress is still sending
    /// its previews: a first step waits for their end (`streamEnded`).
    private var restartStreaming = false

    public init(quietGap: Duration = defaultQuietGap, settle: Duration = defaultSettle,
                ackTimeout: Duration = defaultAckTimeout, firstStepWait: Duration = defaultFirstStepWait,
                restartWait: Duration = defaultRestartWait) {
        self.quietGap = quietGap
        self.settle = settle
        self.firstStepWait = firstStepWait
        self.restartWait = restartWait
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
        if let seen = showSeenAt, lastNavigation == nil, now - seen < holdsFirstStep {
            heldSteps = ((heldSteps?.delta ?? 0) + delta, show.current, show.slideCount)
            return nil
        }
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

    /// The hold is over (`holdTime` passed): a held go-to goes anyway; a
    /// held first step goes now.
    public mutating func expire(now: Duration) -> SourceCommand? {
        if let steps = heldSteps {
            heldSteps = nil
            note(now: now)
            guard abs(steps.delta) != 1 else { return steps.delta > 0 ? .next : .previous }
            // Several presses while held: one go-to to where they head.
            let target = heading.step(by: steps.delta, current: steps.current, count: steps.count, now: now)
            return target == steps.current ? nil : .goto(index: target)
        }
        defer { held = nil }
        return held.map { .goto(index: $0) }
    }

    /// A first step would wait for the previews of the show's restart (`showSeen`).
    public var waitsForRestartStream: Bool { restartStreaming }

    /// Whether a press waits (arm a timer for `holdTime`).
    public var isHolding: Bool { held != nil || heldSteps != nil }

    /// How long the press `wire` just held waits at most: a first step until
    /// `firstStepWait` after the show was seen; a go-to until its step is confirmed
    /// or `ackTimeout`.
    public func holdTime(now: Duration) -> Duration {
        if heldSteps != nil, let seen = showSeenAt { return max(.zero, holdsFirstStep - (now - seen)) }
        return ackTimeout
    }

    /// How long after the show was seen a first step is held.
    private var holdsFirstStep: Duration { restartStreaming ? restartWait : firstStepWait }

    /// This connection has just heard of a show (a new connection, a new
    /// show): forgets everything but presses still held, and holds a first
    /// step until `firstStepWait` later. A held press is kept: after a
    /// resume LibreOffice says the show started twice, late when it is busy
    /// rendering previews, and a `send next` held for its first step was
    /// lost there (25.2, an 80-slide deck: the step never went out).
    ///
    /// `restarted`: the show started again while it ran (a resume, a blank
    /// ended) and Impress now sends every preview again. A step sent while
    /// it does is often never carried out: on 25.2 with 40 slides, a `next`
    /// after `blank` and `resume` was lost 2 to 4 times in 30 when it went
    /// 200 ms after the restart, and none in 30 held 3 s; one sent before
    /// the restart was heard is carried out once the previews are sent. So
    /// a first step waits for the stream's end (`streamEnded`), `restartWait` at most.
    public mutating func showSeen(now: Duration, restarted: Bool = false) {
        let (steps, goto) = (heldSteps, held)
        reset()
        showSeenAt = now
        restartStreaming = restarted
        heldSteps = steps
        held = goto
    }

    /// Impress has sent every preview of the show's restart: a first step
    /// held for it goes once `firstStepWait` has passed too (nil: not yet,
    /// or none held; `holdTime` says how long).
    public mutating func streamEnded(now: Duration) -> SourceCommand? {
        guard restartStreaming else { return nil }
        restartStreaming = false
        guard heldSteps != nil, let seen = showSeenAt, now - seen >= firstStepWait else { return nil }
        return expire(now: now)
    }

    /// Forgets everything (a new connection, a new show).
    public mutating func reset() {
        showSeenAt = nil
        restartStreaming = false
        heldSteps = nil
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
