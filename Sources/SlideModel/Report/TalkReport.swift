/// Where the time went, over one or more runs of the same talk
/// (rehearsals, then the talk), read from their rehearsal logs: per
/// section its plan and each run's time, per slide each run's time, and
/// each run's total against the talk's length. Times are the talk's (a
/// blank's pause not counted), as the pad's timer counts them.
public struct TalkReport: Sendable, Equatable {
    public struct Run: Sendable, Equatable {
        /// "talk.csv", "talk.csv #2" when a file holds more than one.
        public var name: String
        public var total: Duration
        /// The talk's planned length the run was given, if any.
        public var length: Duration?
    }

    public struct SectionRow: Sendable, Equatable {
        public var name: String
        /// The plan, as the latest run that planned it had it.
        public var planned: Duration?
        /// Per run; nil where the run never came to it (no such section, or a run cut short).
        public var actual: [Duration?]

        /// The latest run's time against the plan: positive over.
        public var overrun: Duration? {
            guard let planned, let last = actual.last ?? nil else { return nil }
            return last - planned
        }
    }

    public struct SlideRow: Sendable, Equatable {
        /// 1-based.
        public var slide: Int
        public var title: String?
        /// Per run; nil where the run never showed it.
        public var actual: [Duration?]

        /// From the run before the latest to the latest: positive longer.
        public var change: Duration? {
            guard actual.count >= 2, let last = actual[actual.count - 1], let before = actual[actual.count - 2] else { return nil }
            return last - before
        }
    }

    public var runs: [Run]
    public var sections: [SectionRow]
    public var slides: [SlideRow]

    /// The talk's planned length: the latest run's that had one.
    public var length: Duration? { runs.last { $0.length != nil }?.length }

    /// The plan's sum, when every section has one.
    public var plannedTotal: Duration? {
        guard !sections.isEmpty, sections.allSatisfy({ $0.planned != nil }) else { return nil }
        return sections.compactMap(\.planned).reduce(.zero, +)
    }

    /// The slides the latest run spent longest on, longest first.
    public func longest(_ count: Int) -> [SlideRow] {
        Array(slides.filter { ($0.actual.last ?? nil) != nil }
            .sorted { (($0.actual.last ?? nil) ?? .zero, $1.slide) > (($1.actual.last ?? nil) ?? .zero, $0.slide) }.prefix(count))
    }

    /// The slides whose time changed most from the run before the latest
    /// to the latest (more or less), largest change first; none with one run.
    public func movedMost(_ count: Int) -> [SlideRow] {
        func size(_ row: SlideRow) -> Duration { row.change.map { $0 < .zero ? .zero - $0 : $0 } ?? .zero }
        return Array(slides.filter { size($0) > .zero }.sorted { (size($0), $1.slide) > (size($1), $0.slide) }.prefix(count))
    }

    /// `runs`: each run with its name, in the order they happened.
    public init(runs named: [(name: String, run: RehearsalLog.Run)]) {
        let measured = named.map { Measured($0.run) }
        runs = zip(named, measured).map { Run(name: $0.name, total: $1.total, length: $1.length) }
        // The sections in the latest plan's order, then any only earlier runs had.
        var order: [String] = []
        for run in measured.reversed() { for name in run.sectionOrder where !order.contains(name) { order.append(name) } }
        let laterFirst = order
        sections = laterFirst.map { name in
            SectionRow(name: name, planned: measured.last { $0.planned[name] != nil }?.planned[name] ?? nil,
                       actual: measured.map { $0.sections[name] })
        }
        let numbers = Set(measured.flatMap { $0.slides.keys }).sorted()
        slides = numbers.map { n in
            SlideRow(slide: n, title: measured.last { $0.titles[n] != nil }?.titles[n], actual: measured.map { $0.slides[n] })
        }
    }

    /// One run's figures.
    private struct Measured {
        var slides: [Int: Duration] = [:]
        var titles: [Int: String] = [:]
        var sections: [String: Duration] = [:]
        var sectionOrder: [String] = []
        var planned: [String: Duration?] = [:]
        var total: Duration = .zero
        var length: Duration?

        init(_ run: RehearsalLog.Run) {
            let plan = run.rows.filter { $0.event == .plan }
            for row in plan {
                guard let name = row.section, planned[name] == nil else { continue }
                planned[name] = row.unplanned ? nil : row.spent
                sectionOrder.append(name)
            }
            length = run.rows.last { $0.event == .length }?.spent
            let blanks = run.rows.filter { $0.event == .blank }
            for visit in run.visits {
                // A blank during the visit is no talk time (the pad's timer stood still).
                let start = visit.sinceStart
                let paused = blanks.filter { blank in
                    guard blank.slide == visit.slide, let start, let at = blank.sinceStart else { return false }
                    return at >= start && at < start + visit.spent
                }.map(\.spent).reduce(.zero, +)
                let net = max(.zero, visit.spent - paused)
                slides[visit.slide, default: .zero] += net
                if let title = visit.title { titles[visit.slide] = title }
                total += net
                let section = visit.section ?? plan.last { $0.slide <= visit.slide }?.section
                if let section {
                    sections[section, default: .zero] += net
                    if !sectionOrder.contains(section) { sectionOrder.append(section) }
                }
            }
        }
    }
}
