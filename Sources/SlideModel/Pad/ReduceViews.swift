/// The views' own state: laser pointer, popover animation, slide list, notes.
extension PadState {
    mutating func pointer(_ phase: PointerPhase, x: Double, y: Double) -> [Effect] {
        guard showRunning, !blank else { return [] }
        // A click meant for a popover (help, prompt, question) is not a
        // laser pointer on the show.
        if phase == .down, overlays.contains(where: \.isPopover) { return [] }
        let (x, y) = (min(1, max(0, x)), min(1, max(0, y)))
        switch phase {
        case .down:
            pointerShown = true
            return [.send(.pointerStarted(x: x, y: y))]
        case .move:
            return pointerShown ? [.send(.pointerMoved(x: x, y: y))] : []
        case .up:
            guard pointerShown else { return [] }
            pointerShown = false
            return [.send(.pointerDismissed)]
        }
    }

    /// A popover that appeared on top grows in; one that went away shrinks
    /// out (when animation is on).
    mutating func animatePopovers(from before: Overlay?, now: Millis) {
        guard animate else { return }
        let after = topOverlay
        if let after, after.isPopover, before.map({ !$0.isSameKind(as: after) }) ?? true {
            popoverReveal = PopoverReveal(overlay: after, reveal: Reveal(from: 0, to: 1, start: now))
        } else if let before, before.isPopover, !overlays.contains(where: { $0.isSameKind(as: before) }) {
            popoverReveal = PopoverReveal(overlay: before, reveal: Reveal(from: 1, to: 0, start: now))
        }
    }

    // MARK: slide list

    var listScrollTop: Int { viewState(.slideList).scroll }

    mutating func openList(now: Millis) {
        overlays.removeAll { $0 == .slideList }
        overlays.append(.slideList)
        viewStates[.slideList, default: ViewState()].selection = current
        keepSelectionVisible()
        listReveal = animate ? Reveal(from: listReveal?.fraction(at: now) ?? 0, to: 1, start: now) : nil
    }

    mutating func closeList(now: Millis) {
        overlays.removeAll { $0 == .slideList }
        listReveal = animate ? Reveal(from: listReveal?.fraction(at: now) ?? 1, to: 0, start: now) : nil
    }

    mutating func gotoListSlide(_ index: Int, now: Millis) -> [Effect] {
        guard (0..<slideCount).contains(index) else { return [] }
        viewStates[.slideList, default: ViewState()].selection = index
        closeList(now: now)
        return go(to: index, now: now)
    }

    mutating func moveSelection(by delta: Int) {
        guard slideCount > 0 else { return }
        var state = viewState(.slideList)
        state.selection = min(slideCount - 1, max(0, state.selection + Self.bounded(delta)))
        viewStates[.slideList] = state
        keepSelectionVisible()
    }

    /// Keeps the selection in view with a few slides before and after it
    /// (not on the list's last row when more follow).
    mutating func keepSelectionVisible() {
        var state = viewState(.slideList)
        let rows = max(1, viewport.listRows)
        let margin = Self.listMargin(rows: rows)
        if state.selection - margin < state.scroll { state.scroll = state.selection - margin }
        if state.selection + margin >= state.scroll + rows { state.scroll = state.selection + margin - rows + 1 }
        state.scroll = max(0, min(state.scroll, max(0, slideCount - rows)))
        viewStates[.slideList] = state
    }

    /// Slides kept in view beyond the selection: 1 in a short list, up to 3.
    static func listMargin(rows: Int) -> Int { max(0, min(3, (rows - 1) / 4)) }

    // MARK: notes

    mutating func scrollNotes(by delta: Int) {
        var state = viewState(.notes)
        state.scroll = max(0, min(viewport.notesMaxScroll, state.scroll + Self.bounded(delta)))
        viewStates[.notes] = state
    }

    /// A step that cannot overflow when added to a position.
    static func bounded(_ delta: Int) -> Int { min(max(delta, -maxSlideCount), maxSlideCount) }

    mutating func clampScrolls() {
        scrollNotes(by: 0)
        if slideCount > 0 {
            viewStates[.slideList, default: ViewState()].selection = min(viewState(.slideList).selection, slideCount - 1)
            keepSelectionVisible()
        }
    }

}
