import SlideModel

/// What a process holding a show's link knows to tell a follower that comes
/// in late (`ShowFollowers`): where the show is (`ShowState`), its title,
/// every slide's notes, and the ink mode. `replay` is the events that bring
/// a new follower there; the events that follow it are the holder's own.
struct FollowedShow {
    private var show = ShowState()
    private var notes: [Int: SlideNotes] = [:]
    private var ink = false

    mutating func note(_ event: SourceEvent) {
        let before = show
        show.note(event)
        switch event {
        case .notes(let index, let text) where (0..<SlideLimits.maxSlideCount).contains(index): notes[index] = text
        case .showStarted(let count, _) where !before.isRunning || before.slideCount != count: notes = [:]
        case .showFinished: notes = [:]
        case .inkMode(let on): ink = on
        default: break
        }
    }

    /// The holder says blank or resume itself (Impress never does): the
    /// follower is told what the holder assumes (`ShowState.assumeBlank`).
    /// Returns the event to pass on, nil when nothing changed.
    mutating func assumeBlank(_ blank: Bool) -> SourceEvent? {
        guard show.isRunning, show.blank != blank else { return nil }
        show.assumeBlank(blank)
        return blank ? .blankStarted : .blankEnded
    }

    /// The link, the sections and steps, the show, its title, its current
    /// step, its blank and every slide's notes, then whether it answers.
    /// In Impress's order: the title after the show's start (a follower
    /// takes a show started as a new one, whose title is news again).
    var replay: [SourceEvent] {
        guard let link = show.link else { return [] }
        var events: [SourceEvent] = [.link(link)]
        if show.sections != .none { events.append(.sections(show.sections)) }
        if !show.stepCounts.isEmpty { events.append(.stepCounts(show.stepCounts)) }
        let title = show.title.map { [SourceEvent.showTitle($0)] } ?? []
        switch show.phase {
        case .running:
            events.append(.showStarted(slideCount: show.slideCount, current: show.current))
            events += title
            if let step = show.currentStep { events.append(.step(index: show.current, step)) }
            if show.blank { events.append(.blankStarted) }
            events += notes.sorted { $0.key < $1.key }.filter { $0.key < show.slideCount }.map { .notes(index: $0.key, $0.value) }
        case .none:
            events += title + [.showFinished]
        case .unknown:
            events += title
        }
        if let problem = show.unanswered { events.append(.unanswered(problem)) }
        if ink { events.append(.inkMode(true)) }
        return events
    }
}
