/// The bound actions, whatever key they came from.
extension PadState {
    public mutating func perform(_ action: Action, now: Duration) -> [Effect] {
        if action.reachesTheShow, !isLinkUp { return refused(action, now: now) }
        switch action {
        case .next: return step(by: 1, now: now)
        case .previous: return step(by: -1, now: now)
        case .first: return go(to: 0, now: now)
        case .last: return go(to: slideCount - 1, now: now)
        case .nextSlide: return go(to: min(heading.target(or: current) + 1, slideCount - 1), now: now)
        case .nextSection: return goToSection(by: 1, now: now)
        case .previousSection: return goToSection(by: -1, now: now)
        case .agenda:
            if topOverlay == .agenda { closeAgenda() } else { openAgenda() }
            return []
        case .toggleList:
            if listOpen { closeList(now: now) } else { openList(now: now) }
            return []
        case .help:
            if topOverlay == .help { overlays.removeLast() } else { openHelp() }
            return []
        case .overview:
            if topOverlay == .overview { closeOverview() } else { openOverview() }
            return []
        case .quit:
            if showRunning {
                ask(.confirmQuit)
                return []
            }
            return [.quit]
        case .blank: return toggleBlank(now: now)
        case .startShow: return startShow(now: now)
        case .stopShow:
            // A source that always presents has nothing to stop: said, not asked.
            if let noStop = noShowToStop {
                flash = Flash(text: noStop, until: now + Flash.duration)
                return []
            }
            if showRunning { ask(.confirmStop) }
            return []
        case .notesUp: scrollNotes(by: -1)
        case .notesDown: scrollNotes(by: 1)
        case .notesPageUp: scrollNotes(by: -max(1, viewport.notesRows - 1))
        case .notesPageDown: scrollNotes(by: max(1, viewport.notesRows - 1))
        case .focusNotes: focusNotes(!notesFocused, now: now)
        case .notesZoomIn: zoomNotes(by: 1, now: now)
        case .notesZoomOut: zoomNotes(by: -1, now: now)
        case .fullScreen: toggleFullScreen(now: now)
        case .cycleLayout: cycleLayout(now: now)
        case .resetTimer:
            if showStartedAt != nil { ask(.confirmTimerReset) }
        case .closeAll:
            if listOpen { closeList(now: now) }
            overlays.removeAll()
            search = nil
            gotoProblem = nil
            notice = nil
            notesFocused = false
        case .toggleInk: return toggleInk(now: now)
        case .eraseInk: return eraseInk(now: now)
        case .retry:
            // The link is up: r answers what the show left unanswered, where the source offers it.
            guard unanswered?.retryAnswers == true else { return [] }
            return [.retryNow]
        }
        return []
    }

    private mutating func toggleBlank(now: Duration) -> [Effect] {
        guard showRunning else { return [] }
        setBlank(!blank, now: now)
        return [.send(blank ? .blank : .resume)]
    }

    private mutating func startShow(now: Duration) -> [Effect] {
        // A clicker's start key (F5, Shift-F5) brings a blanked show back.
        if showRunning && blank { return toggleBlank(now: now) }
        // Right after the link came up the source has not said whether a
        // show runs: a start then could restart a running show at slide 1.
        if !showRunning && !showStateKnown {
            flash = Flash(text: PadState.showStateUnknownRefusal, until: now + Flash.duration)
            return []
        }
        if showRunning { flash = Flash(text: "the show is already running", until: now + Flash.duration) }
        return showRunning ? [] : [.send(.start)]
    }

    /// What a start key says while the show's state is not known yet.
    public static let showStateUnknownRefusal = "wait: not known yet whether a show runs (nothing was sent)"

    /// A command while the link is down goes nowhere: said, never pretended.
    /// `retry` is the one that asks for the link itself.
    mutating func refused(_ action: Action, now: Duration) -> [Effect] {
        let retryKey = bindings.keys(for: .retry).first.map { " · \($0.name) retries now" } ?? ""
        switch link {
        case .pairing:
            flash = Flash(text: "not paired yet: type the PIN into the presenting app", until: now + Flash.duration)
            return []
        case .connecting where action == .retry:
            return []
        case _ where action == .retry:
            flash = Flash(text: "reconnecting now…", until: now + Flash.duration)
            return [.retryNow]
        default:
            flash = Flash(text: "not connected: nothing was sent" + retryKey, until: now + Flash.duration)
            return []
        }
    }
}
