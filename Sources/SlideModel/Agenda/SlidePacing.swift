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
        let timings = slidePlans
        let slide = heading?.target ?? current
        guard showRunning, let elapsed = elapsed(at: now), timings.indices.contains(slide), let turn = timings[slide] else { return nil }
        let start = timings[..<slide].compactMap { $0 }.reduce(.zero, +)
        let end = start + turn
        return SlidePacing(left: end - max(elapsed, start), early: elapsed < start)
    }
}

extension PadState {
    /// Each slide's planned turn where the deck plans time per slide
    /// (`SourceSections.slideTimings`), fitted to the talk's length
    /// (`SourceSections.spread`); empty when the deck plans nothing.
    public var slidePlans: [Duration?] {
        SourceSections.spread(show.sections.slideTimings, over: talkDuration ?? show.sections.totalTime)
    }
}

extension SourceSections {
    /// The deck's slide timings fitted to a talk of `length`: what the
    /// length leaves beyond the timings is shared by the timed slides in
    /// proportion to their timings (a slide without one gets none of it),
    /// never given to one slide: `--duration 4m` on a deck whose content
    /// slides plan 3:00 makes each of them a third longer, and leaves the
    /// title slide's turn at nothing. A length shorter than the timings
    /// changes nothing (the deck's plan runs over, and says so).
    public static func spread(_ timings: [Duration?], over length: Duration?) -> [Duration?] {
        let planned = timings.compactMap { $0 }.reduce(Duration.zero, +)
        guard let length, planned > .zero, length > planned else { return timings }
        let scale = length / planned
        var spread = timings.map { $0.map { ($0 * scale).truncatedToWholeMs } }
        // Whole milliseconds: the last timed slide takes what rounding left, so they add up to the length.
        if let last = spread.lastIndex(where: { $0 != nil }) {
            spread[last] = spread[last]! + (length - spread.compactMap { $0 }.reduce(.zero, +))
        }
        return spread
    }
}
