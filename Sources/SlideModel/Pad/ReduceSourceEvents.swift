/// What the sources say, folded into the pad's state.
extension PadState {
    /// What a source said. The pad knows no source: what one source's show
    /// does of its own (LibreOffice ending a blank, naming a show only on
    /// connect) that source tells as events (`blankEnded`, `showTitle`).
    /// Where the show is, `show` folds (`ShowState`); the pad does here
    /// what it shows of that: its timer, its heading, its views.
    mutating func apply(_ event: SourceEvent, now: Duration) {
        let before = show
        let heard = show.note(event)
        if heard.contains(.link) { linkChanged() }
        if heard.contains(.title) { title = Notes.sanitized(show.title ?? "").replacing("\n", with: " ") }
        if heard.contains(.sections) { sectionsArrived(before: before) }
        if heard.contains(.show) {
            if show.isRunning { showStarted(before: before, now: now) } else { showFinished(now: now) }
        }
        if heard.contains(.slide) { slideChanged(from: before, now: now) }
        if heard.contains(.step), let step = show.step {
            // A step of this slide arrived: the presses' step is reached, or still on the way.
            if step.index == current { stepHeading.reached(step.step.shown, now: now) } else { stepHeading = nil }
            // The next pane's picture of this step is the room's now: the
            // current pane shows it (scaled) until the source's own arrives.
            if step.step.isKnown, let picture = stepPicture, picture.slide == step.index, picture.preview.step == step.step.shown {
                _ = buffer.arrive(preview: picture.preview, for: step.index)
            }
        }
        if heard.contains(.blank) { pauseTimer(blank, now: now) }
        // The slides' content, not where the show is: the load buffer's.
        switch event {
        case .preview, .notes:
            // A show that sends is busy, not refusing: a press on its way is waited for.
            heading?.heardBusy(at: now)
            stepHeading?.heardBusy(at: now)
        default:
            break
        }
        switch event {
        case .preview(let index, let preview):
            guard index >= 0, slideCount == 0 || index < slideCount else { return }
            // A slide at a step the next pane asked for is not the slide's own picture.
            if preview.step != nil {
                stepPicture = (index, preview)
                return
            }
            _ = buffer.arrive(preview: preview, for: index)
            noteAspect(of: preview)
        case .notes(let index, let text):  // sanitized and read by the buffer
            guard index >= 0, slideCount == 0 || index < slideCount else { return }
            _ = buffer.arrive(notes: text, for: index)
            if search != nil { refreshSearch(changedSlide: index) }
        case .inkMode(let on):
            inkMode = on
        default:
            break
        }
    }

    /// The pad blanked the screen or brought it back itself: the timer
    /// stands still while it is blank.
    mutating func setBlank(_ on: Bool, now: Duration) {
        show.assumeBlank(on)
        pauseTimer(blank, now: now)
    }

    private mutating func linkChanged() {
        switch link {
        case .reconnecting(_, let problem) where !problem.reason.isEmpty: lastLinkProblem = problem
        case .failed(let problem): lastLinkProblem = problem
        case .connecting, .reconnecting: break
        case .local, .connected, .pairing: lastLinkProblem = nil
        }
        if isLinkUp { flash = nil }
    }

    /// A show runs: always a reset of what the pad knew of the slides.
    private mutating func showStarted(before: ShowState, now: Duration) {
        // Running already when the link came up: joined, not started.
        let joined = !before.isKnown && !before.isRunning
        _ = buffer.forgetContent()
        stepPicture = nil
        if !before.isRunning {
            // A show started again (F5, or a stop and start in Impress)
            // keeps the talk's timer: only the presenter resets it.
            if showStartedAt == nil && (joined || timerWaitsForFirstMove) {
                timerWaitsForFirstMove = true
            } else if showStartedAt == nil {
                showStartedAt = now
                pausedTotal = .zero
                pausedSince = nil
            } else {
                pauseTimer(false, now: now)
            }
        }
        heading = nil
        stepHeading = nil
        currentMoved(from: before.current)
        refreshSearch()
        clampScrolls()
    }

    private mutating func slideChanged(from before: ShowState, now: Duration) {
        if timerWaitsForFirstMove, current != before.current {
            // The talk goes on: its timer starts now.
            timerWaitsForFirstMove = false
            showStartedAt = now
            pausedTotal = .zero
            pausedSince = blank ? now : nil
        }
        currentMoved(from: before.current)
        // Arrived, or still on the way: the next confirmation is awaited afresh.
        let stepAimed = heading.flatMap { $0.target == current ? $0.step : nil }
        heading.reached(current, now: now)
        if current != slideStep?.index { stepHeading = nil }
        // Presses aimed further, at a step of this slide: still on their way.
        if let stepAimed, stepAimed > 0 { stepHeading = Heading(target: stepAimed, since: now) }
    }

    private mutating func showFinished(now: Duration) {
        _ = buffer.forgetContent()
        stepPicture = nil
        heading = nil
        stepHeading = nil
        // The timer stands still until a show runs again.
        pauseTimer(true, now: now)
        overlays.removeAll { $0 == .slideList || $0 == .overview || $0 == .agenda || $0 == .confirmQuit || $0 == .confirmStop }
        listUnfold = nil
        search = nil
    }
}
