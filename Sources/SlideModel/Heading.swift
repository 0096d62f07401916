/// Where the presses are taking the show: the slide the presses since the
/// show was last quiet aim at, one rule for everyone who works it out. The
/// pad shows it the moment a key is read (`PadState.heading`, "→ 6/12"),
/// Impress's `NavigationPacer` sends a `goto_slide` to it when presses come
/// too quickly for steps, and `PdfpcConnection` adds up the presses made
/// while a command is in flight into one `gotoPage` to it. So the pad and
/// the source agree on where the show ends (`HeadingAgreementTests`).
///
/// - A step goes one slide on from the heading (or from the slide the show
///   stands on, when nothing is on the way), never past either end.
/// - A press that leaves the aim where the show stands, with nothing on the
///   way, heads nowhere (nil): nothing is pending. With a press on the way
///   it is kept (← then → quickly: the ← lands first, then the show must
///   come back).
/// - The show reporting the target settles it (nil); another slide on the
///   way leaves it pending, awaited afresh from then (`since`).
///
/// The holder keeps a `Heading?` and changes it with the methods on
/// `Optional<Heading>` below. Pure: time is the caller's monotonic `Duration`.
public struct Heading: Sendable, Equatable {
    public var target: Int
    /// The last press or confirmation on the way.
    public var since: Duration
    /// The step of `target` the presses aim at, where every slide's steps
    /// are known (`PadState.stepCounts`); nil: its start, or not known.
    public var step: Int? = nil
    /// When the show was last heard busy since the press (`heardBusy`).
    public var busy: Duration? = nil

    /// How long the pad shows a heading the show says nothing about (it
    /// refused, or the step was an animation, which sends nothing) before it
    /// shows the truth again: longer than one step takes LibreOffice (the
    /// pacer waits 200 ms at most for a confirmation), shorter than a person
    /// notices a wrong number.
    public static let timeout: Duration = .milliseconds(600)

    /// How long after the press a busy show is waited for at most.
    public static let busyLimit: Duration = .seconds(10)

    public func hasExpired(at now: Duration) -> Bool { now >= expiresAt }

    /// The pad's loop wakes then: `timeout` after the press, or after the
    /// show was last heard busy.
    public var expiresAt: Duration { max(since, busy ?? since) + Self.timeout }

    /// The show is still sending (a slide's picture or notes it pushed): a
    /// busy show, not one that refused. LibreOffice renders every preview
    /// again after a show restarts (a resume, a blank ended), seconds on a
    /// big deck, and carries a press out only then: the heading waits while
    /// it sends, `busyLimit` after the press at most, as `send`'s kept link
    /// does (`SendConversation`). Seen on LibreOffice 25.2 with 80 slides:
    /// a step carried out 4.4 s after it was sent.
    public mutating func heardBusy(at now: Duration) {
        if now - since < Self.busyLimit { busy = now }
    }

    /// `index` within a show of `count` slides.
    public static func clamp(_ index: Int, count: Int) -> Int { min(max(0, index), max(0, count - 1)) }
}

extension Optional where Wrapped == Heading {
    /// Where the presses aim: the heading, or `current` when none is pending.
    public func target(or current: Int) -> Int { self?.target ?? current }

    /// Where a step of `delta` would take the show (`count` slides, standing on `current`).
    public func stepped(by delta: Int, current: Int, count: Int) -> Int {
        let (sum, overflow) = target(or: current).addingReportingOverflow(delta)
        return Heading.clamp(overflow ? (delta < 0 ? .min : .max) : sum, count: count)
    }

    /// A step of `delta` (±1 for → and ←): the heading moves on, within the
    /// show. Returns where it now aims.
    @discardableResult
    public mutating func step(by delta: Int, current: Int, count: Int, now: Duration) -> Int {
        let target = stepped(by: delta, current: current, count: count)
        aim(at: target, current: current, now: now)
        return target
    }

    /// A press that aims at `target` (a go-to, or a step worked out by the caller).
    public mutating func aim(at target: Int, step: Int? = nil, current: Int?, now: Duration) {
        self = self == nil && target == current ? nil : Heading(target: target, since: now, step: step)
    }

    /// The show reported slide `index`: arrived, or still on the way.
    public mutating func reached(_ index: Int, now: Duration) {
        guard let heading = self else { return }
        self = heading.target == index ? nil : Heading(target: heading.target, since: now, step: heading.step)
    }
}
