/// Everything that can happen to the pad.
public enum PadEvent: Sendable, Equatable {
    case key(Key)
    case source(SourceEvent)
    /// The layout's sizes after a frame (see `Viewport`).
    case viewport(Viewport)
    /// A click on the slide list's `row`-th visible row.
    case listClicked(row: Int)
    /// The mouse wheel over the notes (+ down, - up) or the list.
    case notesWheel(Int)
    case listWheel(Int)
    /// The laser pointer over the current slide, x and y in 0...1 of it.
    case pointer(PointerPhase, x: Double, y: Double)
    /// Time passed: animations may have ended.
    case tick
    /// Ctrl-C as a signal (SIGINT): quits like the quit key, asking first
    /// while a show runs; a second one while asked quits.
    case interrupted
}

public enum PointerPhase: Sendable, Equatable { case down, move, up }

/// What the loop must do after a change of state.
public enum Effect: Sendable, Equatable {
    case send(SourceCommand)
    case quit
}

extension PadState {
    /// The pad's one way to change: event in, state changed, effects out.
    /// Pure: `now` is the only clock.
    public mutating func reduce(_ event: PadEvent, now: Millis) -> [Effect] {
        let effects: [Effect]
        let topBefore = topOverlay
        switch event {
        case .key(let key): effects = handle(key, now: now)
        case .source(let event): apply(event, now: now); effects = []
        case .viewport(let viewport):
            self.viewport = Viewport(listRows: max(0, viewport.listRows), notesRows: max(0, viewport.notesRows),
                                     notesMaxScroll: max(0, viewport.notesMaxScroll))
            clampScrolls()
            effects = []
        case .listClicked(let row):
            effects = listOpen && (0..<viewport.listRows).contains(row) ? gotoListSlide(listScrollTop + row, now: now) : []
        case .notesWheel(let delta): scrollNotes(by: delta); effects = []
        case .listWheel(let delta): moveSelection(by: delta); effects = []
        case .pointer(let phase, let x, let y):
            effects = pointer(phase, x: x, y: y)
        case .tick: effects = []
        case .interrupted:
            if topOverlay == .confirmQuit {
                quitRequested = true
                effects = [.quit]
            } else {
                effects = perform(.quit, now: now)
            }
        }
        animatePopovers(from: topBefore, now: now)
        if let reveal = listReveal, reveal.isDone(at: now) { listReveal = nil }
        if let reveal = popoverReveal, reveal.reveal.isDone(at: now) { popoverReveal = nil }
        syncRequests(now: now)
        return effects
    }

    // MARK: keys

    private mutating func handle(_ key: Key, now: Millis) -> [Effect] {
        notice = nil
        if fullScreen {
            // Overlays are hidden, untouched, until full screen ends.
            if key == .escape { fullScreen = false; return [] }
            guard let action = bindings.action(for: key) else { return [] }
            return perform(action, now: now)
        }
        if topOverlay == .confirmQuit {
            overlays.removeLast()
            if key == .char("y") || key == .enter || bindings.action(for: key) == .quit {
                quitRequested = true
                return [.quit]
            }
            return []
        }
        if let digits = gotoDigits, topOverlay == .goto(digits: digits) {
            switch key {
            case .char(let c) where c.isASCII && c.isNumber:
                if digits.count < 6 { replaceTop(with: .goto(digits: digits + String(c))) }
                return []
            case .backspace, .delete:
                if digits.count <= 1 { overlays.removeLast() } else { replaceTop(with: .goto(digits: String(digits.dropLast()))) }
                return []
            case .enter:
                overlays.removeLast()
                guard let n = Int(digits) else { return [] }
                return go(to: n - 1)
            case .escape:
                overlays.removeLast()
                return []
            default:
                // Full screen keeps the prompt, hidden, for when it ends;
                // any other key: the prompt goes, the key does its job.
                if bindings.action(for: key) == .fullScreen { return perform(.fullScreen, now: now) }
                overlays.removeLast()
            }
        }
        if topOverlay == .slideList, let effects = handleListKey(key, now: now) { return effects }
        if topOverlay == .help, key == .escape || key == .char("?") {
            overlays.removeLast()
            return []
        }
        if case .char(let c) = key, c.isASCII, c.isNumber, bindings.action(for: key) == nil {
            overlays.append(.goto(digits: String(c)))
            return []
        }
        if key == .escape, bindings.action(for: key) == nil {
            escape(now: now)
            return []
        }
        guard let action = bindings.action(for: key) else { return [] }
        return perform(action, now: now)
    }

    /// Keys the open slide list takes; nil lets the key do its usual job.
    private mutating func handleListKey(_ key: Key, now: Millis) -> [Effect]? {
        let page = max(1, viewport.listRows - 1)
        switch key {
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .pageUp: moveSelection(by: -page)
        case .pageDown: moveSelection(by: page)
        case .home: moveSelection(by: -slideCount)
        case .end: moveSelection(by: slideCount)
        case .enter: return gotoListSlide(viewState(.slideList).selection, now: now)
        case .escape: closeList(now: now)
        default: return nil
        }
        return []
    }

    public mutating func perform(_ action: Action, now: Millis) -> [Effect] {
        switch action {
        case .next: return showRunning ? [.send(.next)] : []
        case .previous: return showRunning ? [.send(.previous)] : []
        case .first: return go(to: 0)
        case .last: return go(to: slideCount - 1)
        case .toggleList:
            if listOpen { closeList(now: now) } else { openList(now: now) }
            return []
        case .help:
            if topOverlay == .help { overlays.removeLast() } else { overlays.append(.help) }
            return []
        case .quit:
            if showRunning && !fullScreen {
                overlays.append(.confirmQuit)
                return []
            }
            quitRequested = true
            return [.quit]
        case .blank:
            guard showRunning else { return [] }
            blank.toggle()
            pauseTimer(blank, now: now)
            return [.send(blank ? .blank : .resume)]
        case .startShow: return showRunning ? [] : [.send(.start)]
        case .stopShow: return showRunning ? [.send(.stop)] : []
        case .notesUp: scrollNotes(by: -1)
        case .notesDown: scrollNotes(by: 1)
        case .notesPageUp: scrollNotes(by: -max(1, viewport.notesRows - 1))
        case .notesPageDown: scrollNotes(by: max(1, viewport.notesRows - 1))
        case .fullScreen: fullScreen.toggle()
        case .resetTimer:
            if showStartedAt != nil {
                showStartedAt = now
                pausedTotal = 0
                pausedSince = blank ? now : nil
            }
        case .closeAll:
            if listOpen { closeList(now: now) }
            overlays.removeAll()
        }
        return []
    }

    /// Esc with nothing bound to it: close the topmost overlay; a clicker's
    /// Esc on the bare pad does nothing. (Full screen is left before this.)
    private mutating func escape(now: Millis) {
        if topOverlay == .slideList {
            closeList(now: now)
        } else if !overlays.isEmpty {
            overlays.removeLast()
        }
    }

    /// The timer stands still while the screen is blank.
    private mutating func pauseTimer(_ pause: Bool, now: Millis) {
        if pause {
            pausedSince = pausedSince ?? now
        } else if let since = pausedSince {
            pausedTotal += now - since
            pausedSince = nil
        }
    }

    private func go(to index: Int) -> [Effect] {
        guard showRunning, (0..<slideCount).contains(index), index != current else { return [] }
        return [.send(.goto(index: index))]
    }

    private mutating func replaceTop(with overlay: Overlay) {
        overlays[overlays.count - 1] = overlay
    }

    private mutating func pointer(_ phase: PointerPhase, x: Double, y: Double) -> [Effect] {
        guard showRunning, !blank else { return [] }
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
    private mutating func animatePopovers(from before: Overlay?, now: Millis) {
        guard animate else { return }
        let after = topOverlay
        if let after, after.isPopover, before.map({ !$0.isSameKind(as: after) }) ?? true {
            popoverReveal = PopoverReveal(overlay: after, reveal: Reveal(from: 0, to: 1, start: now))
        } else if let before, before.isPopover, !overlays.contains(where: { $0.isSameKind(as: before) }) {
            popoverReveal = PopoverReveal(overlay: before, reveal: Reveal(from: 1, to: 0, start: now))
        }
    }

    // MARK: slide list

    private var listScrollTop: Int { viewState(.slideList).scroll }

    private mutating func openList(now: Millis) {
        overlays.removeAll { $0 == .slideList }
        overlays.append(.slideList)
        viewStates[.slideList, default: ViewState()].selection = current
        keepSelectionVisible()
        listReveal = animate ? Reveal(from: listReveal?.fraction(at: now) ?? 0, to: 1, start: now) : nil
    }

    private mutating func closeList(now: Millis) {
        overlays.removeAll { $0 == .slideList }
        listReveal = animate ? Reveal(from: listReveal?.fraction(at: now) ?? 1, to: 0, start: now) : nil
    }

    private mutating func gotoListSlide(_ index: Int, now: Millis) -> [Effect] {
        guard (0..<slideCount).contains(index) else { return [] }
        viewStates[.slideList, default: ViewState()].selection = index
        closeList(now: now)
        return go(to: index)
    }

    private mutating func moveSelection(by delta: Int) {
        guard slideCount > 0 else { return }
        var state = viewState(.slideList)
        state.selection = min(slideCount - 1, max(0, state.selection + Self.bounded(delta)))
        viewStates[.slideList] = state
        keepSelectionVisible()
    }

    private mutating func keepSelectionVisible() {
        var state = viewState(.slideList)
        let rows = max(1, viewport.listRows)
        if state.selection < state.scroll { state.scroll = state.selection }
        if state.selection >= state.scroll + rows { state.scroll = state.selection - rows + 1 }
        state.scroll = max(0, min(state.scroll, max(0, slideCount - rows)))
        viewStates[.slideList] = state
    }

    // MARK: notes

    private mutating func scrollNotes(by delta: Int) {
        var state = viewState(.notes)
        state.scroll = max(0, min(viewport.notesMaxScroll, state.scroll + Self.bounded(delta)))
        viewStates[.notes] = state
    }

    /// A step that cannot overflow when added to a position.
    private static func bounded(_ delta: Int) -> Int { min(max(delta, -maxSlideCount), maxSlideCount) }

    private mutating func clampScrolls() {
        scrollNotes(by: 0)
        if slideCount > 0 {
            viewStates[.slideList, default: ViewState()].selection = min(viewState(.slideList).selection, slideCount - 1)
            keepSelectionVisible()
        }
    }

    // MARK: source events

    private mutating func apply(_ event: SourceEvent, now: Millis) {
        switch event {
        case .link(let link):
            self.link = link
        case .showTitle(let title):
            self.title = Notes.sanitized(title).replacing("\n", with: " ")
        case .showStarted(let count, let current):
            _ = buffer.forgetContent()
            if !showRunning {
                showStartedAt = now
                pausedTotal = 0
                pausedSince = nil
            }
            showRunning = true
            // Every count and index is clamped here, once: the rest of the
            // reducer may add and compare them without overflow or traps.
            slideCount = min(max(0, count), PadState.maxSlideCount)
            setCurrent(min(max(0, current), max(0, slideCount - 1)))
            clampScrolls()
        case .slideChanged(let index):
            guard showRunning, (0..<slideCount).contains(index) else { return }
            setCurrent(index)
        case .preview(let index, let preview):
            guard index >= 0, slideCount == 0 || index < slideCount else { return }
            _ = buffer.arrive(preview: preview, for: index)
        case .notes(let index, let text):
            guard index >= 0, slideCount == 0 || index < slideCount else { return }
            _ = buffer.arrive(notes: Notes.sanitized(text), for: index)
        case .showFinished:
            _ = buffer.forgetContent()
            showRunning = false
            slideCount = 0
            current = 0
            blank = false
            showStartedAt = nil
            pausedSince = nil
            overlays.removeAll { $0 == .slideList || $0 == .confirmQuit }
            listReveal = nil
        }
    }

    /// Moves the current slide. An open list whose selection still sits on
    /// the old current slide follows it (the user had not moved it).
    private mutating func setCurrent(_ index: Int) {
        guard index != current else { return }
        viewStates[.notes] = ViewState()
        if listOpen, viewState(.slideList).selection == current {
            viewStates[.slideList, default: ViewState()].selection = index
            keepSelectionVisible()
        }
        current = index
    }

    // MARK: load buffer requests

    /// Points every view's tag at the slide it shows now; rows that left the
    /// screen stop waiting.
    private mutating func syncRequests(now: Millis) {
        if showRunning && slideCount > 0 {
            buffer.request(.current, slide: current)
            buffer.request(.notes, slide: current)
            if let next = nextSlide { buffer.request(.next, slide: next) } else { buffer.remove(.next) }
        } else {
            buffer.removeAll { _ in true }
        }
        let rows = showRunning && !fullScreen && listFraction(at: now) > 0 ? max(0, viewport.listRows) : 0
        let top = listScrollTop
        for row in 0..<rows {
            let slide = top + row
            if slide < slideCount { buffer.request(.listRow(row), slide: slide) } else { buffer.remove(.listRow(row)) }
        }
        buffer.removeAll { $0.isListRow && $0.rawValue - 11 >= rows }
    }
}
