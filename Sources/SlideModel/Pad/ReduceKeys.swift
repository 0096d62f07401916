/// Keys: what each overlay does with them, then the bound actions.
///
/// `KeyRule.swift` has the rule a presenter can predict: blank, start and
/// quit reach the show from anywhere; the go-to prompt gives way to a key
/// that moves the show; the list, the overview and the help keep the
/// moving keys and say the show did not move. Quitting (which asks while a
/// show runs), closing every overlay and the layout keys get past an
/// overlay too. Overlays open over full screen as over any layout.
extension PadState {
    /// A key goes to what is on top: a question, the go-to prompt, the
    /// list or the help; keys on the bare pad do their bound job.
    mutating func handle(_ key: Key, now: Duration) -> [Effect] {
        if let action = emergencyAction(for: key) {
            if topOverlay?.isQuestion == true { overlays.removeLast() }
            return perform(action, now: now)
        }
        let top = topOverlay
        let saysSo = movesTheShow(key) && !isSearchText(key)
        let effects: [Effect]
        switch top {
        case let question? where question.isQuestion: return answer(question, key: key, now: now)
        case .goto(let digits)?:
            if let moved = gotoGivesWay(to: key, digits: digits, now: now) { return moved }
            gotoTouchedAt = now
            return handleGoto(key, digits: digits, now: now)
        case .slideList?: effects = handleListKey(key, now: now) ?? passOverlay(key, now: now)
        case .overview?: effects = handleOverviewKey(key, now: now) ?? passOverlay(key, now: now)
        case .agenda?: effects = handleAgendaKey(key, now: now) ?? passOverlay(key, now: now)
        case .help?:
            let action = bindings.action(for: key)
            if key == .escape || key == .char("?") || action == .help {
                overlays.removeLast()
                return []
            }
            effects = handleHelpKey(key) ? [] : passOverlay(key, now: now)
        default: return handleOnPad(key, now: now)
        }
        // Still open, and the key would have moved the show on the bare pad.
        if saysSo, effects.isEmpty, topOverlay == top { sayTheShowDidNotMove(overlay: top, now: now) }
        return effects
    }

    /// What gets past an open overlay: quitting, closing them all, the
    /// layout keys. Everything else stops here.
    private mutating func passOverlay(_ key: Key, now: Duration) -> [Effect] {
        guard let action = bindings.action(for: key), Self.passingOverlays.contains(action) else { return [] }
        return perform(action, now: now)
    }

    /// The actions a key does even with an overlay open.
    static let passingOverlays: Set<Action> = [.quit, .closeAll, .fullScreen, .cycleLayout]

    /// y, Enter, or the key that asked (q q quits, S S stops) says yes;
    /// anything else says no and does nothing more.
    private mutating func answer(_ question: Overlay, key: Key, now: Duration) -> [Effect] {
        overlays.removeLast()
        let asking: Action
        switch question {
        case .confirmStop: asking = .stopShow
        case .confirmTimerReset: asking = .resetTimer
        default: asking = .quit
        }
        guard key == .char("y") || key == .char("Y") || key == .enter || bindings.action(for: key) == asking else {
            // A clicker's press on a question is a "no" it did not mean: say so.
            // `n` (which moves the show elsewhere) is the "no" it asks for.
            let meantNo = key == .char("n") || key == .char("N")
            if movesTheShow(key) && !meantNo {
                let what = question == .confirmStop ? "not stopped" : question == .confirmTimerReset ? "timer kept" : "not quitting"
                flash = Flash(text: "\(what): the show did not move; press \(key.name) again", until: now + Flash.duration)
            }
            return []
        }
        switch question {
        case .confirmStop:
            guard showRunning else { return [] }
            return isLinkUp ? [.send(.stop)] : refused(.stopShow, now: now)
        case .confirmTimerReset:
            resetTimer(now: now)
            return []
        default:
            return quitEndsTheShow && showRunning && isLinkUp ? [.send(.stop), .quit] : [.quit]
        }
    }

    /// Puts a question on top (one at a time); it shows over any layout.
    mutating func ask(_ question: Overlay) {
        overlays.removeAll { $0.isQuestion }
        overlays.append(question)
    }

    /// Digits, Backspace and Enter; Esc cancels. A number out of the show is
    /// refused in the prompt with the range, and the prompt stays open.
    private mutating func handleGoto(_ key: Key, digits: String, now: Duration) -> [Effect] {
        switch key {
        case .char(let c) where c.isASCII && c.isNumber:
            if digits.count < 6 { replaceTop(with: .goto(digits: digits + String(c))) }
            gotoProblem = nil
            return []
        case .backspace, .delete:
            // An empty prompt stays open: a second Backspace must not reach the show.
            replaceTop(with: .goto(digits: String(digits.dropLast())))
            gotoProblem = nil
            return []
        case .enter:
            guard let number = Int(digits) else {
                closeGoto()
                return []
            }
            if !isLinkUp {
                closeGoto()
                return refused(.first, now: now)
            }
            guard showRunning, slideCount > 0 else {
                // Nothing typed here can help: the prompt goes, and says why.
                closeGoto()
                flash = Flash(text: showRunning ? "the show has no slides: nothing to go to" : "no show is running: nothing to go to",
                              until: now + Flash.duration)
                return []
            }
            guard (1...slideCount).contains(number) else {
                gotoProblem = "no slide \(number): 1–\(slideCount)"
                return []
            }
            closeGoto()
            return go(to: number - 1, now: now)
        case .escape:
            closeGoto()
            return []
        default:
            // The layout keys change the layout under the prompt.
            if let action = bindings.action(for: key), Self.passingOverlays.contains(action) {
                return perform(action, now: now)
            }
            gotoProblem = "digits, then Enter · Esc cancels"
            return []
        }
    }

    mutating func closeGoto() {
        if case .goto? = topOverlay { overlays.removeLast() }
        gotoProblem = nil
    }

    /// The bare pad: digits open the go-to prompt, an unbound Esc closes the
    /// notice, bound keys act.
    private mutating func handleOnPad(_ key: Key, now: Duration) -> [Effect] {
        if case .char(let c) = key, c.isASCII, c.isNumber, bindings.action(for: key) == nil {
            openGoto(c, now: now)
            return []
        }
        if key == .escape, bindings.action(for: key) == nil {
            escape(now: now)
            return []
        }
        if pageNotesIfFocused(key, now: now) { return [] }
        guard let action = bindings.action(for: key) else { return unboundOnPad(key, now: now) }
        return perform(action, now: now)
    }

    /// A key the pad has no use for on the bare pad is never silent: `/`
    /// searches the notes (in the slide list, where the matches show), and
    /// any other says so and which key shows them all.
    private mutating func unboundOnPad(_ key: Key, now: Duration) -> [Effect] {
        if key == .char("/"), bindings.action(for: .char("/")) == nil {
            openList(now: now)
            startSearch(now: now)
            return []
        }
        let help = bindings.keys(for: .help).first.map { ": \($0.name) shows every key" } ?? ""
        flash = Flash(text: "\(key.name) does nothing here\(help)", until: now + Flash.duration)
        return []
    }

    /// Keys the open slide list takes; nil for keys it leaves (which then
    /// go nowhere, unless they quit or close). The keys that move the show
    /// move the selection instead; digits open the go-to prompt over it.
    mutating func handleListKey(_ key: Key, now: Duration) -> [Effect]? {
        if handleSearchKey(key, now: now) { return [] }
        let page = max(1, viewport.listRows - 1)
        switch key {
        case .char("/"): startSearch(now: now)
        case .char("n") where search?.filters == true: moveSelection(by: 1)
        case .char("N") where search?.filters == true: moveSelection(by: -1)
        case .escape where search != nil:
            search = nil
            refreshSelectionsAfterSearch()
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .pageUp: moveSelection(by: -page)
        case .pageDown: moveSelection(by: page)
        case .home: moveSelection(by: -slideCount)
        case .end: moveSelection(by: slideCount)
        case .enter:
            if saidNoMatch(now: now) { return [] }
            return gotoListSlide(viewState(.slideList).selection, now: now)
        case .escape: closeList(now: now)
        case .char(let c) where c.isASCII && c.isNumber && bindings.action(for: key) == nil:
            openGoto(c, now: now)
        default:
            switch bindings.action(for: key) {
            case .next?: moveSelection(by: 1)
            case .previous?: moveSelection(by: -1)
            case .first?: moveSelection(by: -slideCount)
            case .last?: moveSelection(by: slideCount)
            case .toggleList?: closeList(now: now)
            case .overview?: openOverview()
            case .help?: openHelp()
            default: return nil
            }
        }
        return []
    }

    /// Esc with nothing bound to it: close the topmost overlay; on the bare
    /// pad it gives PgUp/PgDn back to the show, leaves full screen, then
    /// puts the notice away, and a clicker's Esc does nothing more.
    mutating func escape(now: Duration) {
        if topOverlay == .slideList {
            closeList(now: now)
        } else if topOverlay == .overview {
            closeOverview()
        } else if topOverlay == .agenda {
            closeAgenda()
        } else if !overlays.isEmpty {
            overlays.removeLast()
        } else if notesFocused {
            notesFocused = false
        } else if isFullScreen {
            toggleFullScreen(now: now)
        } else {
            notice = nil
        }
    }

    /// The timer starts again from zero (standing still while blank); with
    /// no show running it starts when the next one does.
    mutating func resetTimer(now: Duration) {
        guard showStartedAt != nil else { return }
        agenda.clock = SectionClock()
        if showRunning {
            showStartedAt = now
            pausedTotal = .zero
            pausedSince = blank ? now : nil
        } else {
            showStartedAt = nil
            pausedTotal = .zero
            pausedSince = nil
        }
    }

    /// The timer stands still while the screen is blank.
    mutating func pauseTimer(_ pause: Bool, now: Duration) {
        if pause {
            pausedSince = pausedSince ?? now
        } else if let since = pausedSince {
            pausedTotal += now - since
            pausedSince = nil
        }
    }

    mutating func replaceTop(with overlay: Overlay) {
        overlays[overlays.count - 1] = overlay
    }

}
