/// The moves a key asks for, shown at once as where the show is heading.
extension PadState {
    /// A go-to: sent, and shown at once as where the show is heading.
    mutating func go(to index: Int, now: Duration) -> [Effect] {
        if !isLinkUp { return refused(.first, now: now) }
        guard showRunning, (0..<slideCount).contains(index), index != heading.target(or: current) || blank else { return [] }
        endBlankByMoving(now: now)
        stepHeading = nil
        heading.aim(at: index, current: current, now: now)
        return [.send(.goto(index: index))]
    }

    /// → or ←: always sent (the show may step an effect, not a slide), and
    /// shown at once as the slide the presses are heading for. While blank,
    /// a move ends the blank; ← then heads where the source says its show
    /// goes (`movesWhileBlank`): back, or nowhere (it stays).
    mutating func step(by delta: Int, now: Duration) -> [Effect] {
        guard showRunning else { return [] }
        // → where the show ends is said: over UNO nothing moves, and a
        // silent key reads as a pad that missed it (issue 52).
        if delta > 0, standsAtTheEnd {
            flash = Flash(text: "the last slide: the show ends here", until: now + Flash.duration)
        }
        let wasBlank = blank
        endBlankByMoving(now: now)
        if wasBlank && delta < 0 && movesWhileBlank == .backOnlyEndsBlank {
            heading.aim(at: heading.target(or: current), current: current, now: now)
        } else if let step = currentStep, !step.isKnown {
            // Whether → stays on this slide is the show's to say: nothing is predicted.
            stepHeading = nil
        } else if let step = currentStep, let aimed = aimedStep, delta > 0 ? aimed < step.count : aimed > 0 {
            // A step within the slide (a fragment, a build): the slide stays.
            stepHeading.aim(at: aimed + (delta > 0 ? 1 : -1), current: step.shown, now: now)
        } else if let place = steppedAcrossSlides(by: delta) {
            stepHeading = nil
            heading.aim(at: place.slide, step: place.step, current: current, now: now)
        } else {
            stepHeading = nil
            heading.step(by: delta, current: current, count: slideCount, now: now)
        }
        return [.send(delta > 0 ? .next : .previous)]
    }

    /// The show stands on its last slide, every step of it shown (or it
    /// has none), no press on the way and the screen not blanked.
    var standsAtTheEnd: Bool {
        guard !blank, heading == nil, slideCount > 0, current == slideCount - 1 else { return false }
        guard let step = currentStep else { return true }
        guard let aimed = aimedStep else { return false }
        return aimed >= step.count
    }

    /// Where a press takes the presses' aim when every slide's steps are
    /// known (`stepCounts`): a step of the slide aimed at, else the next
    /// slide at its start, or the previous one with all its builds (as
    /// LibreOffice's ← shows it). Nil when the steps are not known.
    private func steppedAcrossSlides(by delta: Int) -> (slide: Int, step: Int)? {
        guard stepCounts.count == slideCount, slideCount > 0 else { return nil }
        var slide = heading.target(or: current)
        var step = heading.map { $0.step ?? 0 } ?? aimedStep ?? 0
        if delta > 0 {
            if step < stepCounts[slide] { step += 1 } else if slide + 1 < slideCount { (slide, step) = (slide + 1, 0) }
        } else {
            if step > 0 { step -= 1 } else if slide > 0 { (slide, step) = (slide - 1, stepCounts[slide - 1]) }
        }
        return (slide, step)
    }

    /// A move while blank ends the blank, on every source (Impress never
    /// says so but by starting the show's stream again): the pad shows the
    /// slides and runs the talk's timer again at once.
    mutating func endBlankByMoving(now: Duration) {
        guard blank else { return }
        setBlank(false, now: now)
        flash = Flash(text: "the screen is back: a move ends the blank", until: now + Flash.duration)
    }
}
