/// `controlpad send` through a running pad: the same actions as the keys,
/// whatever overlay is open (the sender cannot see it), and an answer for
/// the sender in `send`'s words.
extension PadState {
    /// Why `action` cannot be carried out now, in `send`'s words; nil: it can.
    package func refusal(of action: RemoteAction) -> String? {
        guard isLinkUp else {
            return "the pad is not linked to the show" + (lastLinkProblem.map { ": \($0.reason)" } ?? "")
        }
        if case .start = action { return showStateKnown ? nil : PadState.showStateUnknownRefusal }
        if case .stop = action { return nil }
        guard showRunning else { return "no show is running: start one with `controlpad send … start`" }
        if case .goto(let slide) = action, slide > slideCount {
            return "slide \(slide) is out of range: the show has \(slideCount) slides"
        }
        if case .section(let word) = action { return sectionTarget(word).failure }
        if case .inkClear = action, inkOffer == nil { return "this source takes no ink from the pad" }
        if blank, case .pointer = action { return "the screen is blank: no pointer shows (resume first)" }
        return nil
    }

    mutating func performRemote(_ action: RemoteAction, now: Duration) -> [Effect] {
        switch action {
        case .next: return perform(Action.next, now: now)
        case .previous: return perform(Action.previous, now: now)
        case .first: return go(to: 0, now: now)
        case .last: return go(to: slideCount - 1, now: now)
        case .goto(let slide): return go(to: slide - 1, now: now)
        case .section(let word):
            guard case .success(let slide) = sectionTarget(word) else { return [] }
            return go(to: slide, now: now)
        case .blank: return blank ? [] : perform(Action.blank, now: now)
        case .resume: return blank ? perform(Action.blank, now: now) : []
        case .start: return showRunning ? [] : perform(Action.startShow, now: now)
        // The sender asked: no question on the pad's screen.
        case .stop: return showRunning ? [.send(.stop)] : []
        case .pointer(let x, let y):
            defer { pointerShown = true }
            return [.send(pointerShown ? .pointerMoved(x: x, y: y) : .pointerStarted(x: x, y: y))]
        case .pointerOff:
            guard pointerShown else { return [] }
            pointerShown = false
            return [.send(.pointerDismissed)]
        case .inkClear: return eraseInk(now: now)
        }
    }

    /// What `send` prints once the pad has carried out a command: where the
    /// show is heading, e.g. "slide 4/14 (through the pad)".
    package var remoteReport: String {
        guard showRunning else { return "no show (through the pad)" }
        let target = heading?.target ?? current
        return "slide \(target + 1)/\(slideCount)" + (blank ? " · blank" : "") + " (through the pad)"
    }

    /// The slide `section …` goes to, or why there is none (in `send`'s words).
    package func sectionTarget(_ word: RemoteAction.SectionWord) -> Result<Int, SectionNameProblem> {
        sections.slide(for: word, from: heading?.target ?? current)
    }
}

extension Array where Element == TalkSection {
    /// The first slide `section next|previous|NAME` goes to from `slide`.
    public func slide(for word: RemoteAction.SectionWord, from slide: Int) -> Result<Int, SectionNameProblem> {
        if isEmpty { return .failure(SectionNameProblem(description: "the show has no sections (give it an agenda with --agenda FILE)")) }
        switch word {
        case .next, .previous:
            let delta = word == .next ? 1 : -1
            guard let target = target(from: slide, by: delta) else {
                return .failure(SectionNameProblem(description: delta > 0 ? "already in the last section" : "already at the first section"))
            }
            return .success(target)
        case .named(let name):
            return named(name).map(\.firstSlide)
        }
    }
}

extension Result {
    /// The error's words, nil on success.
    var failure: String? {
        if case .failure(let error) = self { return "\(error)" }
        return nil
    }
}
