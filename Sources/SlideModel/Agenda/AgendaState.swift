/// What the pad knows of the talk's parts: the agenda the presenter wrote
/// (`--agenda`, the config's `agenda`), which wins over the sections the
/// source gave (`ShowState.sections`), and the talk's time spent in each.
public struct AgendaState: Sendable, Equatable {
    /// The presenter's own agenda, nil when none was given.
    public var written: [TalkSection]?
    public var clock = SectionClock()

    public init(written: [TalkSection]? = nil) { self.written = written }
}

/// The talk's time spent in each section, counted on the talk's timer (a
/// blank's pause does not count), whichever order the sections were shown in.
public struct SectionClock: Sendable, Equatable {
    /// Per section (index into `PadState.sections`), stays that ended.
    public var spent: [Duration] = []
    /// The section the show is in while the timer runs, and the talk's
    /// time when it came there.
    public var inSection: Int?
    public var enteredAt: Duration = .zero

    public init(spent: [Duration] = [], inSection: Int? = nil, enteredAt: Duration = .zero) {
        self.spent = spent
        self.inSection = inSection
        self.enteredAt = enteredAt
    }

    /// Time in section `index` at the talk's time `elapsed`, the stay in progress included.
    public func actual(_ index: Int, elapsed: Duration?) -> Duration {
        let ended = spent.indices.contains(index) ? spent[index] : .zero
        guard index == inSection, let elapsed else { return ended }
        return ended + max(.zero, elapsed - enteredAt)
    }

    /// The show came to section `index` (nil: none) at the talk's time `elapsed`.
    mutating func enter(_ index: Int?, elapsed: Duration, sections: Int) {
        if spent.count < sections { spent += Array(repeating: .zero, count: sections - spent.count) }
        guard index != inSection else { return }
        if let old = inSection, spent.indices.contains(old) { spent[old] += max(.zero, elapsed - enteredAt) }
        inSection = index
        enteredAt = elapsed
    }
}

extension PadState {
    /// The sections in force: the written agenda, else the source's, in
    /// slide order and inside the show.
    public var sections: [TalkSection] { show.sections(written: agenda.written) }

    /// The section slide `slide` belongs to (slides before the first
    /// section's belong to none).
    public func sectionIndex(of slide: Int, in sections: [TalkSection]? = nil) -> Int? {
        let sections = sections ?? self.sections
        return sections.lastIndex { $0.firstSlide <= slide }
    }

    /// The section the presses are heading for, else the show's.
    public var currentSectionIndex: Int? { sectionIndex(of: heading?.target ?? current) }

    /// Keeps the section clock up with the show: called after every change.
    mutating func trackSection(now: Duration) {
        guard showRunning, let elapsed = elapsed(at: now) else {
            if showStartedAt == nil { agenda.clock = SectionClock() }
            return
        }
        let sections = self.sections
        agenda.clock.enter(sectionIndex(of: current, in: sections), elapsed: elapsed, sections: sections.count)
    }

    /// The source said what sections the show has (`before`: the show
    /// before it said so). Times already counted stay with their sections
    /// while the sections stay the same.
    mutating func sectionsArrived(before: ShowState) {
        guard show.sections != before.sections else { return }
        if sections != before.sections(written: agenda.written) { agenda.clock = SectionClock() }
    }
}

extension PadState {
    /// The presenter's sections that begin past the show's last slide: left
    /// out of `sections`, and said in the agenda (a section on slide 40 of
    /// a 13-slide deck was dropped without a word).
    public var sectionsPastTheDeck: [TalkSection] {
        guard showRunning, slideCount > 0, let written = agenda.written else { return [] }
        return written.filter { $0.firstSlide >= slideCount }
    }

    /// Section names by their first slide, for the list's and the overview's headings.
    public var sectionHeadings: [Int: String] {
        Dictionary(sections.map { ($0.firstSlide, $0.name) }, uniquingKeysWith: { a, _ in a })
    }
}

extension TalkSection {
    /// What keeps a section's time across runs: its name and first slide
    /// (not its place in the list: an agenda that changed between two runs
    /// does not hand one section's time to another).
    public var key: String { name + "\u{1F}" + String(firstSlide) }
}

extension SectionClock {
    /// The same times for other sections: each kept under `old[i]`'s key
    /// goes to the section of that key in `new`; a new section starts at 0,
    /// a section gone takes its time with it.
    public func rekeyed(from old: [String], to new: [String]) -> SectionClock {
        var index: [String: Int] = [:]
        for (i, key) in old.enumerated() where index[key] == nil { index[key] = i }
        let kept = self.spent
        let moved: [Duration] = new.map { key -> Duration in
            guard let i = index[key], kept.indices.contains(i) else { return .zero }
            return kept[i]
        }
        let here = inSection.flatMap { old.indices.contains($0) ? new.firstIndex(of: old[$0]) : nil }
        return SectionClock(spent: moved, inSection: here, enteredAt: enteredAt)
    }
}
