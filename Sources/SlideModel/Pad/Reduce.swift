/// Everything that can happen to the pad.
public enum PadEvent: Sendable, Equatable {
    case key(Key)
    case source(SourceEvent)
    /// A `controlpad send` that came through the pad (its local socket):
    /// carried out as its key would be, through the pad's heading and pacer.
    case remote(RemoteAction)
    /// The layout's sizes after a frame (see `Viewport`).
    case viewport(Viewport)
    /// A click on the slide list's `row`-th visible row.
    case listClicked(row: Int)
    /// A click on the overview's `cell`-th visible cell (row by row).
    case overviewClicked(cell: Int)
    /// The wheel over the overview: rows of cells (+ down, - up).
    case overviewWheel(Int)
    /// The mouse wheel over the notes (+ down, - up) or the list.
    case notesWheel(Int)
    /// A click on the notes pane: the notes take PgUp and PgDn.
    case notesClicked
    case listWheel(Int)
    /// The laser pointer over the current slide, x and y in 0...1 of it.
    case pointer(PointerPhase, x: Double, y: Double)
    /// Time passed: animations may have ended.
    case tick
    /// Ctrl-C as a signal (SIGINT): quits like the quit key, asking first
    /// while a show runs; a second one while asked quits.
    case interrupted
    /// SIGTERM, SIGHUP, Ctrl-\\ or the terminal hung up: quit now.
    case terminate
    /// The loop found this show's timer kept from a pad that ran before
    /// (with the time its sections took, when it kept them).
    case timerRestored(elapsed: Duration, running: Bool, sections: SectionClock? = nil, plan: KeptTalkTimer.Plan? = nil)
}

public enum PointerPhase: Sendable, Equatable { case down, move, up }

/// What the loop must do after a change of state.
public enum Effect: Sendable, Equatable {
    case send(SourceCommand)
    /// A slide visit ended: one row of the rehearsal log.
    case visitEnded(RehearsalRecorder.Visit)
    /// The link is down: try to reconnect now, not when the countdown ends.
    case retryNow
    /// The pad ends: the one way to quit.
    case quit
    /// A threshold the presenter asked for was crossed (`TalkAlerts`): the
    /// loop rings the bell when asked; `watch` prints it.
    case alert(TalkAlert)
}

extension PadState {
    /// The pad's one way to change: event in, state changed, effects out.
    /// Pure: `now` is the only clock.
    public mutating func reduce(_ event: PadEvent, now: Duration) -> [Effect] {
        let effects = react(to: event, now: now)
        return settle(quitting: effects.contains(.quit), now: now) + effects
    }

    /// `reduce`'s first half, for the loop that puts a key's command on the
    /// wire before anything else: what the event itself changes, and what
    /// it asks the loop to do. `settle` must follow before the state is read.
    public mutating func react(to event: PadEvent, now: Duration) -> [Effect] {
        let effects: [Effect]
        let topBefore = topOverlay
        switch event {
        case .key(let key):
            // A message is about the last key: the next one gets the status
            // line back (BLANK, the position), or says its own.
            flash = nil
            effects = handle(key, now: now)
        case .source(let event): apply(event, now: now); effects = []
        case .remote(let action):
            flash = nil
            effects = performRemote(action, now: now)
        case .viewport(let viewport):
            self.viewport = viewport.clamped
            clampScrolls()
            effects = []
        case .listClicked(let row):
            let onScreen = listOpen && topOverlay == .slideList && (0..<viewport.listRows).contains(row)
            effects = onScreen && listScrollTop + row < listCount ? gotoListSlide(listSlide(at: listScrollTop + row), now: now) : []
        case .overviewClicked(let cell):
            effects = overviewClicked(cell, now: now)
        case .overviewWheel(let delta): scrollOverview(byRows: delta); effects = []
        case .notesWheel(let delta): scrollNotes(by: delta); effects = []
        case .notesClicked:
            if overlays.isEmpty, notesOnScreen { focusNotes(true, now: now) }
            effects = []
        case .listWheel(let delta): moveSelection(by: delta); effects = []
        case .pointer(let phase, let x, let y):
            effects = pointer(phase, x: x, y: y)
        case .tick: expire(now: now); effects = []
        case .interrupted: effects = topOverlay == .confirmQuit ? [.quit] : perform(.quit, now: now)
        case .terminate: effects = [.quit]
        case .timerRestored(let elapsed, let running, let sections, let plan):
            restoreTimer(elapsed: elapsed, running: running, sections: sections, plan: plan, now: now)
            effects = []
        }
        animatePopovers(from: topBefore, now: now)
        if let unfold = listUnfold, unfold.isDone(at: now) { listUnfold = nil }
        if let unfold = popoverUnfold, unfold.unfold.isDone(at: now) { popoverUnfold = nil }
        return effects
    }

    /// `reduce`'s second half: the load buffer asks for what the panes now
    /// show, and the slide visits this change ended come out (all of them
    /// when the pad is `quitting`), to go out before the quit itself.
    public mutating func settle(quitting: Bool, now: Duration) -> [Effect] {
        syncRequests(now: now)
        trackSection(now: now)
        return visitsEnded(quitting: quitting, now: now) + checkAlerts(now: now).map(Effect.alert)
    }

    /// Time passed: what was due to go by itself goes.
    private mutating func expire(now: Duration) {
        if let heading, heading.hasExpired(at: now) { self.heading = nil }
        if let stepHeading, stepHeading.hasExpired(at: now) { self.stepHeading = nil }
        if let flash, flash.until <= now { self.flash = nil }
        closeGotoIfExpired(now: now)
        endSearchTypingIfExpired(now: now)
        endNotesFocusIfExpired(now: now)
    }

    private mutating func visitsEnded(quitting: Bool, now: Duration) -> [Effect] {
        var recorder = rehearsal
        var visits = recorder.observe(self, now: now)
        if quitting { visits += recorder.finish(now: now, state: self) }
        rehearsal = recorder
        return visits.map(Effect.visitEnded)
    }


    /// The current slide moved from `old`: the notes start at their top, and
    /// an open list whose selection still sat on `old` follows (the user had
    /// not moved it).
    mutating func currentMoved(from old: Int) {
        guard current != old else { return }
        viewStates[.notes] = ViewState()
        if listOpen, viewState(.slideList).selection == old {
            viewStates[.slideList, default: ViewState()].selection = current
            keepSelectionVisible()
        }
    }

    // MARK: load buffer requests

    /// Points every view's tag at the slide it shows now; rows that left the
    /// screen stop waiting.
    private mutating func syncRequests(now: Duration) {
        if showRunning && slideCount > 0 {
            buffer.request(.current, slide: current, size: viewport.currentPixels)
            buffer.request(.notes, slide: current)
            if let next = nextSlide { buffer.request(.next, slide: next, size: viewport.nextPixels) } else { buffer.remove(.next) }
        } else {
            buffer.removeAll { _ in true }
        }
        let rows = showRunning && listFraction(at: now) > 0 ? max(0, viewport.listRows) : 0
        let top = listScrollTop
        for row in 0..<rows {
            let position = top + row
            if position < listCount {
                buffer.request(.listRow(row), slide: listSlide(at: position), size: viewport.thumbnailPixels)
            } else {
                buffer.remove(.listRow(row))
            }
        }
        buffer.removeAll { ($0.listRowIndex ?? -1) >= rows }
        let cells = showRunning && overviewOpen ? viewport.overviewColumns * viewport.overviewRows : 0
        let first = viewState(.overview).scroll * viewport.overviewColumns
        for cell in 0..<cells {
            let position = first + cell
            if position < listCount {
                buffer.request(.overviewCell(cell), slide: listSlide(at: position), size: viewport.overviewPixels)
            } else {
                buffer.remove(.overviewCell(cell))
            }
        }
        buffer.removeAll { $0.isOverviewCell && $0.rawValue - 1001 >= cells }
    }
}
