/// Pacing per slide where the deck plans time per slide (reveal.js's
/// `data-timing`, as its speaker view does): the current slide's turn
/// begins when the slides before it were planned to end, and the mark says
/// whether to move on.
public struct SlidePacing: Sendable, Equatable {
    /// What is left of the current slide's turn (negative: past it).
    public var left: Duration
    /// The turn has not begun yet: the talk is ahead of the slides' plan.
    public var early: Bool

    public var moveOn: Bool { left < .zero }

    /// "slide ▶ move on +0:15", "slide ✓ 0:42 to go": a mark and words, no colour needed.
    public var words: String {
        if moveOn { return "slide ▶ move on +" + PaceReading.minutes(.zero - left) }
        return "slide ✓ " + PaceReading.minutes(left) + " to go" + (early ? " (early)" : "")
    }
}

extension PadState {
    /// The current slide's pacing at `now`, when the deck plans its time.
    public func slidePacing(at now: Duration) -> SlidePacing? {
        let timings = show.sections.slideTimings
        let slide = heading?.target ?? current
        guard showRunning, let elapsed = elapsed(at: now), timings.indices.contains(slide), let turn = timings[slide] else { return nil }
        let start = timings[..<slide].compactMap { $0 }.reduce(.zero, +)
        let end = start + turn
        return SlidePacing(left: end - max(elapsed, start), early: elapsed < start)
    }
}
