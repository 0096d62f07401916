/// Pace: the slides done against the time used. With a planned length, each
/// slide's turn is an even share of it (or its share in a rehearsal, when the
/// pad has one): the talk is on time while the clock is inside the current
/// slide's turn, ahead before it begins, behind after it ends.
public struct PaceReading: Sendable, Equatable {
    /// How far the talk is from its schedule: positive behind, negative
    /// ahead, zero inside the current slide's turn.
    public var offset: Duration
    /// On time, behind by less than a slide's turn (tight), or more (over).
    public var pace: PadState.Pace
    /// Which schedule it is measured against.
    public var rehearsed: Bool
    /// The slide it is measured at (1-based, where the presses are heading).
    public var slide = 1

    /// "on time", "0:42 ahead", "1:05 behind".
    public var words: String {
        if offset == .zero { return "on time" }
        return PaceReading.minutes(offset < .zero ? .zero - offset : offset) + (offset > .zero ? " behind" : " ahead")
    }

    /// Against a rehearsal, signed and where: "+0:42 behind at slide 7",
    /// "-0:15 ahead at slide 3", "on time at slide 2".
    public var rehearsalWords: String {
        let at = " at slide \(slide)"
        if offset == .zero { return "on time" + at }
        return (offset > .zero ? "+" : "-") + words + at
    }

    /// What the pad shows: `rehearsalWords` against a rehearsal, else `words`.
    public var shownWords: String { rehearsed ? rehearsalWords : words }

    /// `m:ss`, whole seconds rounded down.
    public static func minutes(_ length: Duration) -> String {
        let s = max(0, length.wholeMs) / 1000
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }
}

extension PadState {
    /// How the talk keeps to its schedule.
    public enum Pace: Sendable, Equatable { case onTime, tight, over }

    /// The pace's colour: on time until the talk is behind the current
    /// slide's turn; over once it is behind by more than one more turn, or
    /// past the planned length.
    public func pace(at now: Duration) -> Pace? { paceReading(at: now)?.pace }

    /// The timer's colour: red only when the talk is behind. With sections
    /// (and no rehearsal to pace against), the agenda says it, as its words
    /// do ("+1:05 behind", or past the talk's length); else the pace by slides.
    public func timerPace(at now: Duration) -> Pace? {
        if paceReading(at: now)?.rehearsed != true, let reading = agendaReading(at: now), reading.offset != nil || reading.talkLeft != nil {
            if let left = reading.talkLeft, left <= .seconds(-1) { return .over }
            return reading.isBehind ? .over : .onTime
        }
        return pace(at: now)
    }

    /// Where the talk stands against its schedule at `now`, or nil with no
    /// show, no timer, or neither a planned length nor a rehearsal.
    public func paceReading(at now: Duration) -> PaceReading? {
        guard showRunning, slideCount > 0, let elapsed = elapsed(at: now) else { return nil }
        let slide = min(max(0, heading?.target ?? current), slideCount - 1)
        let turns: (start: Duration, end: Duration)
        let rehearsed: Bool
        if let schedule = rehearsedSchedule, schedule.count >= 2 {
            // A rehearsal of another length: its turns, slide by slide (past its end, its end).
            let i = min(slide, schedule.count - 2)
            turns = (schedule[i], schedule[i + 1])
            rehearsed = true
        } else if let duration = talkDuration, duration > .zero {
            // Whole milliseconds, as the pad's schedule always counted.
            turns = ((duration * slide / slideCount).truncatedToWholeMs,
                     (duration * (slide + 1) / slideCount).truncatedToWholeMs)
            rehearsed = false
        } else {
            return nil
        }
        let offset = elapsed < turns.start ? elapsed - turns.start : elapsed > turns.end ? elapsed - turns.end : .zero
        let turn = max(.milliseconds(1), turns.end - turns.start)
        let pace: Pace
        if let duration = talkDuration, elapsed > duration { pace = .over }
        else if offset <= .zero { pace = .onTime }
        else { pace = offset > turn ? .over : .tight }
        return PaceReading(offset: offset, pace: pace, rehearsed: rehearsed, slide: slide + 1)
    }
}
