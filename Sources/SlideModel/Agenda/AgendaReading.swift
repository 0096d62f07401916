/// The talk by sections at one moment: each section's planned and actual
/// time, where the talk is, and how far ahead or behind its plan.
public struct AgendaReading: Sendable, Equatable {
    public enum Place: Sendable, Equatable { case done, current, coming }

    public struct Row: Sendable, Equatable {
        public var name: String
        /// 0-based, first and last slide of the section.
        public var firstSlide: Int
        public var lastSlide: Int
        public var planned: Duration?
        /// Talk time spent in it so far (a section never shown: zero).
        public var actual: Duration
        public var place: Place

        /// Actual against planned: positive over, negative under; nil without a plan.
        public var overrun: Duration? { planned.map { actual - $0 } }
    }

    public var rows: [Row]
    /// The section the show is in (or heading for), if any.
    public var current: Int?
    /// What is left of the current section's plan (negative: over it).
    public var sectionLeft: Duration?
    /// What is left of the talk's planned length (negative: over it).
    public var talkLeft: Duration?
    /// Against the plan up to the current section: positive behind, negative
    /// ahead, zero while the talk's time is inside the current section's share.
    public var offset: Duration?

    public var currentRow: Row? { current.map { rows[$0] } }

    /// "+1:05 behind", "-0:42 ahead", "on time": words and a sign that say
    /// it without colour.
    public var offsetWords: String? {
        guard let offset else { return nil }
        if offset == .zero { return "on time" }
        return offset > .zero ? "+" + PaceReading.minutes(offset) + " behind" : "-" + PaceReading.minutes(.zero - offset) + " ahead"
    }

    /// The talk is behind its plan: the one thing the pad shows in red. A
    /// section over its plan while the talk is on time or ahead is not
    /// (`sectionOver` has its own mark and colour).
    public var isBehind: Bool { (offset ?? .zero) > .zero }

    /// The current section is past its plan by a whole second (as `leftWords` says "over").
    public var sectionOver: Bool { (sectionLeft ?? .zero) <= .seconds(-1) }

    /// The mark before a section over its plan ("⚑ § 2/4 Demo · 0:11 over"):
    /// said in a mark and a word, in the tight colour, never in the talk's red.
    public static let overMark = "⚑ "

    /// "3:30 left", "0:42 over". Seconds left round up (the last second
    /// reads 0:01 left, then 0:00 left until a whole second is over), as
    /// the talk's time left does.
    public static func leftWords(_ left: Duration) -> String {
        left > .seconds(-1) ? PaceReading.minutes(max(.zero, left) + .milliseconds(999)) + " left"
            : PaceReading.minutes(.zero - left) + " over"
    }
}

extension PadState {
    /// Each section's planned time: written in the presenter's agenda; else
    /// what the rehearsal (`--pace-from`) took over its slides; else the
    /// source's own (a plan the deck carries, or its slide timings,
    /// reveal.js `data-timing`); else an even share, by slides, of what the
    /// talk's length leaves.
    public func plannedTimes(_ sections: [TalkSection]) -> [Duration?] {
        let written = agenda.written != nil
        let ends = sections.indices.map { $0 + 1 < sections.count ? sections[$0 + 1].firstSlide : max(slideCount, sections[$0].firstSlide + 1) }
        let timings = slidePlans
        var plans: [Duration?] = sections.indices.map { i in
            if written, let planned = sections[i].planned { return planned }
            if let schedule = rehearsedSchedule, schedule.count >= 2 {
                let last = schedule.count - 1
                return schedule[min(ends[i], last)] - schedule[min(sections[i].firstSlide, last)]
            }
            if let planned = sections[i].planned { return planned }
            let own = timings.indices.filter { $0 >= sections[i].firstSlide && $0 < ends[i] }.compactMap { timings[$0] }
            return own.isEmpty ? nil : own.reduce(.zero, +)
        }
        if let total = talkLength(plans), plans.contains(where: { $0 == nil }) {
            let left = max(.zero, total - plans.compactMap { $0 }.reduce(.zero, +))
            let unplanned = sections.indices.filter { plans[$0] == nil }
            let slides = unplanned.reduce(0) { $0 + max(1, ends[$1] - sections[$1].firstSlide) }
            for i in unplanned { plans[i] = (left * max(1, ends[i] - sections[i].firstSlide) / max(1, slides)).truncatedToWholeMs }
        }
        return plans
    }

    /// The talk's planned length: given (`--duration`, the config), else
    /// the deck's (reveal.js `totalTime`), else the sections' plans when
    /// every one has one.
    func talkLength(_ plans: [Duration?]) -> Duration? {
        if let talkDuration { return talkDuration }
        if let total = show.sections.totalTime { return total }
        guard !plans.isEmpty, plans.allSatisfy({ $0 != nil }) else { return nil }
        return plans.compactMap { $0 }.reduce(.zero, +)
    }

    /// The talk by sections at `now`; nil when the show has no sections.
    public func agendaReading(at now: Duration) -> AgendaReading? {
        let sections = self.sections
        guard showRunning, !sections.isEmpty else { return nil }
        let plans = plannedTimes(sections)
        let elapsed = elapsed(at: now)
        let here = currentSectionIndex
        let rows = sections.indices.map { i in
            AgendaReading.Row(name: sections[i].name, firstSlide: sections[i].firstSlide,
                              lastSlide: max(sections[i].firstSlide, (i + 1 < sections.count ? sections[i + 1].firstSlide : slideCount) - 1),
                              planned: plans[i], actual: agenda.clock.actual(i, elapsed: elapsed),
                              place: i == here ? .current : (here.map { i < $0 } ?? false) ? .done : .coming)
        }
        var reading = AgendaReading(rows: rows, current: here)
        if let total = talkLength(plans), let elapsed { reading.talkLeft = total - elapsed }
        if let here, let planned = plans[here] {
            reading.sectionLeft = planned - rows[here].actual
            if let elapsed, plans[..<here].allSatisfy({ $0 != nil }) {
                let start = plans[..<here].compactMap { $0 }.reduce(.zero, +)
                let end = start + planned
                reading.offset = elapsed < start ? elapsed - start : elapsed > end ? elapsed - end : .zero
            }
        }
        return reading
    }
}
