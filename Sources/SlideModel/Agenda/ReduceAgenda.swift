/// The section keys and the agenda overlay.
extension PadState {
    /// `next-section` / `previous-section`: a go-to to the section's first
    /// slide, from where the presses are heading. Said when there is none.
    mutating func goToSection(by delta: Int, now: Duration) -> [Effect] {
        guard showRunning else { return [] }
        let sections = self.sections
        guard !sections.isEmpty else {
            flash = Flash(text: "no sections: give the talk an agenda (--agenda FILE)", until: now + Flash.duration)
            return []
        }
        guard let slide = sections.target(from: heading?.target ?? current, by: delta) else {
            flash = Flash(text: delta > 0 ? "already in the last section" : "already at the first section", until: now + Flash.duration)
            return []
        }
        return go(to: slide, now: now)
    }

    mutating func openAgenda() {
        overlays.removeAll { $0 == .agenda }
        overlays.append(.agenda)
        viewStates[.agenda, default: ViewState()].selection = currentSectionIndex ?? 0
    }

    mutating func closeAgenda() { overlays.removeAll { $0 == .agenda } }

    /// Keys the open agenda takes: the moving keys move its selection (the
    /// rule for overlays: the show did not move), Enter goes to the
    /// selected section's first slide, Esc or the agenda key closes it.
    /// Nil for keys it leaves.
    mutating func handleAgendaKey(_ key: Key, now: Duration) -> [Effect]? {
        let count = sections.count
        func move(_ delta: Int) {
            let selection = viewState(.agenda).selection
            viewStates[.agenda, default: ViewState()].selection = Swift.min(Swift.max(0, count - 1), Swift.max(0, selection + Self.bounded(delta)))
        }
        switch key {
        case .up, .left, .pageUp: move(-1)
        case .down, .right, .pageDown: move(1)
        case .home: move(-count)
        case .end: move(count)
        case .escape: closeAgenda()
        case .enter:
            let sections = self.sections
            let selection = viewState(.agenda).selection
            guard sections.indices.contains(selection) else { return [] }
            closeAgenda()
            return go(to: sections[selection].firstSlide, now: now)
        default:
            switch bindings.action(for: key) {
            case .next?, .nextSection?: move(1)
            case .previous?, .previousSection?: move(-1)
            case .first?: move(-count)
            case .last?: move(count)
            case .agenda?: closeAgenda()
            case .help?: openHelp()
            default: return nil
            }
        }
        return []
    }
}
