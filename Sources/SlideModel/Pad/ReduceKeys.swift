/// Keys: what each overlay does with them, then the bound actions.
extension PadState {
    /// A key goes to what is on top: full screen, the quit question, the
    /// go-to prompt, the list or help; what they leave does its bound job.
    mutating func handle(_ key: Key, now: Millis) -> [Effect] {
        notice = nil
        if fullScreen { return handleInFullScreen(key, now: now) }
        switch topOverlay {
        case .confirmQuit: return answerQuit(key)
        case .goto(let digits): return handleGoto(key, digits: digits, now: now)
        case .slideList: return handleListKey(key, now: now) ?? handleOnPad(key, now: now)
        case .help where key == .escape || key == .char("?"):
            overlays.removeLast()
            return []
        default: return handleOnPad(key, now: now)
        }
    }

    /// Overlays are hidden, untouched, until full screen ends.
    private mutating func handleInFullScreen(_ key: Key, now: Millis) -> [Effect] {
        if key == .escape { fullScreen = false; return [] }
        guard let action = bindings.action(for: key) else { return [] }
        return perform(action, now: now)
    }

    private mutating func answerQuit(_ key: Key) -> [Effect] {
        overlays.removeLast()
        return key == .char("y") || key == .enter || bindings.action(for: key) == .quit ? [.quit] : []
    }

    private mutating func handleGoto(_ key: Key, digits: String, now: Millis) -> [Effect] {
        switch key {
        case .char(let c) where c.isASCII && c.isNumber:
            if digits.count < 6 { replaceTop(with: .goto(digits: digits + String(c))) }
            return []
        case .backspace, .delete:
            if digits.count <= 1 { overlays.removeLast() } else { replaceTop(with: .goto(digits: String(digits.dropLast()))) }
            return []
        case .enter:
            overlays.removeLast()
            return Int(digits).map { go(to: $0 - 1, now: now) } ?? []
        case .escape:
            overlays.removeLast()
            return []
        default:
            // Full screen keeps the prompt, hidden, for when it ends;
            // any other key: the prompt goes, the key does its job.
            if bindings.action(for: key) == .fullScreen { return perform(.fullScreen, now: now) }
            overlays.removeLast()
            return handle(key, now: now)
        }
    }

    /// The bare pad (or help, for keys other than its own): digits open the
    /// go-to prompt, an unbound Esc closes the topmost overlay, bound keys act.
    private mutating func handleOnPad(_ key: Key, now: Millis) -> [Effect] {
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
    mutating func handleListKey(_ key: Key, now: Millis) -> [Effect]? {
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
        if action.reachesTheShow, !isLinkUp { return refused(action, now: now) }
        switch action {
        case .next: return step(by: 1, now: now)
        case .previous: return step(by: -1, now: now)
        case .first: return go(to: 0, now: now)
        case .last: return go(to: slideCount - 1, now: now)
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
        case .retry:
            return []
        }
        return []
    }

    /// A command while the link is down goes nowhere: said, never pretended.
    /// `retry` is the one that asks for the link itself.
    private mutating func refused(_ action: Action, now: Millis) -> [Effect] {
        let retryKey = bindings.keys(for: .retry).first.map { " · \($0.name) retries now" } ?? ""
        switch link {
        case .pairing:
            flash = Flash(text: "not paired yet: type the PIN into Impress", until: now + Flash.duration)
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

    /// Esc with nothing bound to it: close the topmost overlay; a clicker's
    /// Esc on the bare pad does nothing. (Full screen is left before this.)
    mutating func escape(now: Millis) {
        if topOverlay == .slideList {
            closeList(now: now)
        } else if !overlays.isEmpty {
            overlays.removeLast()
        }
    }

    /// The timer stands still while the screen is blank.
    mutating func pauseTimer(_ pause: Bool, now: Millis) {
        if pause {
            pausedSince = pausedSince ?? now
        } else if let since = pausedSince {
            pausedTotal += now - since
            pausedSince = nil
        }
    }

    /// A go-to: sent, and shown at once as where the show is heading.
    mutating func go(to index: Int, now: Millis) -> [Effect] {
        if !isLinkUp { return refused(.first, now: now) }
        guard showRunning, (0..<slideCount).contains(index), index != (heading?.target ?? current) else { return [] }
        heading = Heading(target: index, since: now)
        return [.send(.goto(index: index))]
    }

    /// → or ←: always sent (the show may step an effect, not a slide), and
    /// shown at once as the slide the presses are heading for.
    mutating func step(by delta: Int, now: Millis) -> [Effect] {
        guard showRunning else { return [] }
        let target = min(max(0, (heading?.target ?? current) + delta), max(0, slideCount - 1))
        heading = target == current ? nil : Heading(target: target, since: now)
        return [.send(delta > 0 ? .next : .previous)]
    }

    mutating func replaceTop(with overlay: Overlay) {
        overlays[overlays.count - 1] = overlay
    }

}
