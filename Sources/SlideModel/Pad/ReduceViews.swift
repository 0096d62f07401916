/// The views' own state: laser pointer, popover animation, slide list, notes.
extension PadState {
    mutating func pointer(_ phase: PointerPhase, x: Double, y: Double) -> [Effect] {
        guard showRunning, !blank else { return [] }
        // A click meant for a popover (help, prompt, question) is not a
        // laser pointer on the show.
        if phase == .down, overlays.contains(where: { $0.isPopover || $0 == .overview }) { return [] }
        let (x, y) = (min(1, max(0, x)), min(1, max(0, y)))
        if inkMode {
            // A source whose pen follows only its own mouse takes no stroke from the pad.
            return inkOffer?.placesStrokes == true ? inkStroke(phase, at: SlidePoint(x: x, y: y)) : []
        }
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
    mutating func animatePopovers(from before: Overlay?, now: Duration) {
        guard animate else { return }
        let after = topOverlay
        if let after, after.isPopover, before.map({ !$0.isSameKind(as: after) }) ?? true {
            popoverUnfold = PopoverUnfold(overlay: after, unfold: Unfold(from: 0, to: 1, start: now))
        } else if let before, before.isPopover, !overlays.contains(where: { $0.isSameKind(as: before) }) {
            popoverUnfold = PopoverUnfold(overlay: before, unfold: Unfold(from: 1, to: 0, start: now))
        }
    }

    // MARK: slide list

    var listScrollTop: Int { viewState(.slideList).scroll }

    /// How many slides the list and the overview show: every slide, or the
    /// search's matches. Positions below count in these.
    public var listCount: Int { search?.filters == true ? search!.matches.count : slideCount }

    /// The slide at `position` in the list (or the overview).
    public func listSlide(at position: Int) -> Int {
        guard let search, search.filters else { return position }
        return search.matches[min(max(0, position), search.matches.count - 1)]
    }

    /// Where `slide` is in the list, or the nearest match after it (before
    /// it, past the last).
    public func listPosition(of slide: Int) -> Int {
        guard let search, search.filters else { return slide }
        let matches = search.matches
        var (low, high) = (0, matches.count)
        while low < high {
            let mid = (low + high) / 2
            if matches[mid] < slide { low = mid + 1 } else { high = mid }
        }
        return min(low, max(0, matches.count - 1))
    }

    mutating func openList(now: Duration) {
        overlays.removeAll { $0 == .slideList }
        overlays.append(.slideList)
        selectSlide(current)
        keepSelectionVisible()
        listUnfold = animate ? Unfold(from: listUnfold?.fraction(at: now) ?? 0, to: 1, start: now) : nil
    }

    mutating func closeList(now: Duration) {
        overlays.removeAll { $0 == .slideList }
        listUnfold = animate ? Unfold(from: listUnfold?.fraction(at: now) ?? 1, to: 0, start: now) : nil
        if !overviewOpen { search = nil }
    }

    mutating func gotoListSlide(_ index: Int, now: Duration) -> [Effect] {
        guard (0..<slideCount).contains(index) else { return [] }
        viewStates[.slideList, default: ViewState()].selection = index
        closeList(now: now)
        return go(to: index, now: now)
    }

    /// The selection (a slide) of the list, or of the overview: with a
    /// search, always a match (the nearest one).
    mutating func selectSlide(_ slide: Int, in tag: ViewTag = .slideList) {
        let chosen = listCount > 0 ? listSlide(at: listPosition(of: slide)) : slide
        viewStates[tag, default: ViewState()].selection = chosen
    }

    mutating func moveSelection(by delta: Int) {
        guard listCount > 0 else { return }
        let position = listPosition(of: viewState(.slideList).selection)
        let moved = min(listCount - 1, max(0, position + Self.bounded(delta)))
        viewStates[.slideList, default: ViewState()].selection = listSlide(at: moved)
        keepSelectionVisible()
    }

    /// Keeps the selection in view with a few slides before and after it
    /// (not on the list's last row when more follow).
    mutating func keepSelectionVisible() {
        var state = viewState(.slideList)
        let rows = max(1, viewport.listRows)
        let margin = Self.listMargin(rows: rows)
        let position = listPosition(of: state.selection)
        if position - margin < state.scroll { state.scroll = position - margin }
        if position + margin >= state.scroll + rows { state.scroll = position + margin - rows + 1 }
        state.scroll = max(0, min(state.scroll, max(0, listCount - rows)))
        viewStates[.slideList] = state
    }

    /// Slides kept in view beyond the selection: 1 in a short list, up to 3.
    static func listMargin(rows: Int) -> Int { max(0, min(3, (rows - 1) / 4)) }

    // MARK: search

    /// The matches again, for the query and the notes there are now; the
    /// selections move to a match.
    /// `changedSlide`: only that slide's notes arrived.
    mutating func refreshSearch(notesChanged: Bool = true, changedSlide: Int? = nil) {
        guard var search else { return }
        // Not shared while it changes: its arrays are not copied on a key.
        self.search = nil
        let buffer = self.buffer
        if let changedSlide {
            search.update(slide: changedSlide, folded: buffer.foldedNotes(of: changedSlide))
        } else {
            search.refresh(slideCount: slideCount, notesChanged: notesChanged) { buffer.foldedNotes(of: $0) }
        }
        self.search = search
        if slideCount > 0 {
            selectSlide(viewState(.slideList).selection)
            keepSelectionVisible()
            selectSlide(viewState(.overview).selection, in: .overview)
            keepOverviewSelectionVisible()
        }
    }

    /// Enter on a search that matches nothing: the selection is a slide the
    /// presenter never chose (the last one the filter showed), so nothing
    /// goes and the status line says why. True when it was said.
    mutating func saidNoMatch(now: Duration) -> Bool {
        guard let search, search.filters, search.matches.isEmpty else { return false }
        flash = Flash(text: "no match for “\(search.query)”: the show did not move", until: now + Flash.duration)
        return true
    }

    // MARK: overview

    mutating func openOverview() {
        overlays.removeAll { $0 == .overview }
        overlays.append(.overview)
        selectSlide(heading?.target ?? current, in: .overview)
        keepOverviewSelectionVisible()
    }

    mutating func closeOverview() {
        overlays.removeAll { $0 == .overview }
        if !listOpen { search = nil }
    }

    /// Moves the overview's selection by `delta` cells (a row is `columns`).
    mutating func moveOverviewSelection(by delta: Int) {
        guard listCount > 0 else { return }
        let position = listPosition(of: viewState(.overview).selection)
        let moved = min(listCount - 1, max(0, position + Self.bounded(delta)))
        viewStates[.overview, default: ViewState()].selection = listSlide(at: moved)
        keepOverviewSelectionVisible()
    }

    /// The grid scrolls by whole rows of cells so the selection's row is in view.
    mutating func keepOverviewSelectionVisible() {
        var state = viewState(.overview)
        let columns = max(1, viewport.overviewColumns), rows = max(1, viewport.overviewRows)
        let row = listPosition(of: state.selection) / columns
        if row < state.scroll { state.scroll = row }
        if row >= state.scroll + rows { state.scroll = row - rows + 1 }
        let lastRow = max(0, (listCount + columns - 1) / columns - 1)
        state.scroll = max(0, min(state.scroll, max(0, lastRow - rows + 1)))
        viewStates[.overview] = state
    }

    /// The wheel: the grid scrolls, the selection stays in view.
    mutating func scrollOverview(byRows delta: Int) {
        guard overviewOpen, topOverlay == .overview, listCount > 0 else { return }
        moveOverviewSelection(by: Self.bounded(delta) * max(1, viewport.overviewColumns))
    }

    mutating func overviewClicked(_ cell: Int, now: Duration) -> [Effect] {
        let columns = max(1, viewport.overviewColumns)
        guard topOverlay == .overview, cell >= 0, cell / columns < max(1, viewport.overviewRows) else { return [] }
        let position = viewState(.overview).scroll * columns + cell
        guard position < listCount else { return [] }
        return gotoOverviewSlide(listSlide(at: position), now: now)
    }

    mutating func gotoOverviewSlide(_ slide: Int, now: Duration) -> [Effect] {
        guard (0..<slideCount).contains(slide) else { return [] }
        viewStates[.overview, default: ViewState()].selection = slide
        closeOverview()
        if listOpen { closeList(now: now) }
        return go(to: slide, now: now)
    }

    /// Keys the open overview takes; nil for keys it leaves.
    mutating func handleOverviewKey(_ key: Key, now: Duration) -> [Effect]? {
        if handleSearchKey(key, now: now) { return [] }
        let columns = max(1, viewport.overviewColumns)
        let page = columns * max(1, viewport.overviewRows - 1)
        switch key {
        case .left: moveOverviewSelection(by: -1)
        case .right: moveOverviewSelection(by: 1)
        case .up: moveOverviewSelection(by: -columns)
        case .down: moveOverviewSelection(by: columns)
        case .pageUp: moveOverviewSelection(by: -page)
        case .pageDown: moveOverviewSelection(by: page)
        case .home: moveOverviewSelection(by: -listCount)
        case .end: moveOverviewSelection(by: listCount)
        case .enter:
            if saidNoMatch(now: now) { return [] }
            return gotoOverviewSlide(viewState(.overview).selection, now: now)
        case .escape:
            if search != nil { search = nil; refreshSelectionsAfterSearch() } else { closeOverview() }
        case .char("/"): startSearch(now: now)
        case .char("n") where search?.filters == true: moveOverviewSelection(by: 1)
        case .char("N") where search?.filters == true: moveOverviewSelection(by: -1)
        case .char(let c) where c.isASCII && c.isNumber && bindings.action(for: key) == nil:
            openGoto(c, now: now)
        default:
            switch bindings.action(for: key) {
            case .next?: moveOverviewSelection(by: 1)
            case .previous?: moveOverviewSelection(by: -1)
            case .overview?: closeOverview()
            case .help?: overlays.append(.help)
            default: return nil
            }
        }
        return []
    }

    /// The search went: the views keep their selections, in view.
    mutating func refreshSelectionsAfterSearch() {
        keepSelectionVisible()
        keepOverviewSelectionVisible()
    }

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
        scrollHelp(by: 0)
        notesZoom = min(notesZoom, max(1, viewport.notesZoomLimit))
        if slideCount > 0 {
            viewStates[.slideList, default: ViewState()].selection = min(viewState(.slideList).selection, slideCount - 1)
            keepSelectionVisible()
            viewStates[.overview, default: ViewState()].selection = min(viewState(.overview).selection, slideCount - 1)
            keepOverviewSelectionVisible()
        }
    }

}
