/// What the sources say, folded into the pad's state.
extension PadState {
    /// What a source said. The pad knows no source: what one source's show
    /// does of its own (LibreOffice ending a blank, naming a show only on
    /// connect) that source tells as events (`blankEnded`, `showTitle`).
    mutating func apply(_ event: SourceEvent, now: Duration) {
        switch event {
        case .link(let link): linkChanged(to: link)
        case .unanswered(let problem): unanswered = problem
        case .showTitle(let title): self.title = Notes.sanitized(title).replacing("\n", with: " ")
        case .showStarted(let count, let current): showStarted(count: count, current: current, now: now)
        case .slideChanged(let index): slideChanged(to: index, now: now)
        case .step(let index, let step):
            guard showRunning, (0..<slideCount).contains(index) else { return }
            slideStep = (index, step)
            // A step of this slide arrived: the presses' step is reached, or still on the way.
            if index == current { stepHeading.reached(step.shown, now: now) } else { stepHeading = nil }
            // The next pane's picture of this step is the room's now: the
            // current pane shows it (scaled) until the source's own arrives.
            if step.isKnown, let picture = stepPicture, picture.slide == index, picture.preview.step == step.shown {
                _ = buffer.arrive(preview: picture.preview, for: index)
            }
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
        case .sections(let given): sectionsArrived(given)
        case .stepCounts(let counts): stepCounts = Array(counts.prefix(SlideLimits.maxSlideCount))
        case .showFinished: showFinished(now: now)
        case .blankEnded:
            guard showRunning, blank else { return }
            blank = false
            pauseTimer(false, now: now)
        case .blankStarted:
            guard showRunning, !blank else { return }
            blank = true
            pauseTimer(true, now: now)
        }
    }

    private mutating func linkChanged(to link: LinkState) {
        // A link that comes up has not said yet whether a show runs (a
        // second `connected`, naming the version, changes nothing); a local
        // source's show is known at once.
        switch link {
        case .connected: if case .connected = self.link {} else { showStateKnown = false }
        case .local: showStateKnown = true
        default: break
        }
        switch link {
        case .reconnecting(_, let problem) where !problem.reason.isEmpty: lastLinkProblem = problem
        case .failed(let problem): lastLinkProblem = problem
        case .connecting, .reconnecting: break
        case .local, .connected, .pairing: lastLinkProblem = nil
        }
        self.link = link
        unanswered = nil
        if isLinkUp { flash = nil }
    }

    /// A show runs: always a reset of what the pad knew of the slides.
    private mutating func showStarted(count: Int, current: Int, now: Duration) {
        // Running already when the link came up: joined, not started.
        let joined = !showStateKnown && !showRunning
        showStateKnown = true
        _ = buffer.forgetContent()
        stepPicture = nil
        if !showRunning {
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
        showRunning = true
        heading = nil
        stepHeading = nil
        // Every count and index is clamped here, once: the rest of the
        // reducer may add and compare them without overflow or traps.
        slideCount = min(max(0, count), PadState.maxSlideCount)
        setCurrent(min(max(0, current), max(0, slideCount - 1)))
        refreshSearch()
        clampScrolls()
    }

    private mutating func slideChanged(to index: Int, now: Duration) {
        guard showRunning, (0..<slideCount).contains(index) else { return }
        if timerWaitsForFirstMove, index != current {
            // The talk goes on: its timer starts now.
            timerWaitsForFirstMove = false
            showStartedAt = now
            pausedTotal = .zero
            pausedSince = blank ? now : nil
        }
        setCurrent(index)
        // Arrived, or still on the way: the next confirmation is awaited afresh.
        let stepAimed = heading.flatMap { $0.target == index ? $0.step : nil }
        heading.reached(index, now: now)
        if index != slideStep?.index { stepHeading = nil }
        // Presses aimed further, at a step of this slide: still on their way.
        if let stepAimed, stepAimed > 0 { stepHeading = Heading(target: stepAimed, since: now) }
    }

    private mutating func showFinished(now: Duration) {
        showStateKnown = true
        _ = buffer.forgetContent()
        stepPicture = nil
        showRunning = false
        heading = nil
        stepHeading = nil
        slideStep = nil
        slideCount = 0
        current = 0
        blank = false
        // The timer stands still until a show runs again.
        pauseTimer(true, now: now)
        overlays.removeAll { $0 == .slideList || $0 == .overview || $0 == .agenda || $0 == .confirmQuit || $0 == .confirmStop }
        listUnfold = nil
        search = nil
    }
}
