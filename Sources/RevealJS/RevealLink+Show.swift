import SlideModel

/// Following the show: the sync, pushed events, reloads, notes and commands.
extension RevealLink {
    mutating func synced(_ result: Result<JSONValue, Failure>) -> [Action] {
        guard phase == .syncing || phase == .open else { return [] }
        guard case .success(let raw) = result, let value = CDPEvaluation(result: raw).value,
              let deck = RevealDeck(value["slides"]), deck.count > 0,
              let at = RevealIndices(value["indices"]), let n = deck.number(of: at)
        else { return lost(.noReveal(title: page?.title ?? "")) }
        phase = .open
        life.opened()
        life.worked()
        let first = !wasConnected
        wasConnected = true
        self.deck = deck
        self.at = at
        // Pictures are taken at the deck's configured size (reveal.js's
        // `width` and `height`, 960×700 by default), so they have the slide's
        // shape whatever the audience's window is (a 1050×880 window gave
        // nearly square panes); the window's where the config gives none in
        // pixels ("100%").
        func size(_ key: String) -> PixelSize? {
            guard let v = value[key]?.array, v.count == 2, let w = v[0].int, let h = v[1].int,
                  (1...16384).contains(w), (1...16384).contains(h) else { return nil }
            return PixelSize(width: w, height: h)
        }
        if let deckSize = size("configured") ?? size("viewport") { viewport = deckSize }
        deckURL = value["url"]?.string ?? page?.url ?? ""
        let version = Notes.sanitized(value["version"]?.string ?? "")
        let title = Notes.sanitized(value["title"]?.string ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
        let timing = value["timing"]?.array
        delivered = [:]
        unconfirmed = []
        failedPictures = []
        var actions: [Action] = [
            .log(.info, "\(first ? "connected" : "connected again"): reveal.js \(version), \(deck.count) slides, at \(n)"),
            .emit(.link(.connected(server: "reveal.js \(version) · \(Self.shortBrowser(browser)) · \(settings.address.hostAndPort)"))),
            // Before the show: its sections are in force when it starts.
            .emit(.sections(deck.sections(totalTime: timing?.first?.double ?? 0, defaultTiming: timing?.dropFirst().first?.double))),
            .emit(.showStarted(slideCount: deck.count, current: n)),
        ]
        // The pad's BLANK is reveal.js's pause, whoever made it: a pause the
        // pad kept from before ended (a reload unpauses), one made in the
        // browser before the pad came is shown (after the show: the pad
        // blanks only a running show).
        if value["paused"]?.bool == true { actions.append(.emit(.blankStarted)) }
        else { actions.insert(.emit(.blankEnded), at: actions.count - 1) }
        if !title.isEmpty { actions.append(.emit(.showTitle(title))) }
        if value["ink"]?.bool == true { actions.append(.emit(.inkMode(true))) }
        if let position = deck.position(at) { actions.append(.position(position)) }
        let waiting = afterReload
        afterReload = []
        return actions + askNotes(n) + waiting.flatMap { send($0) } + restoreMarks() + pumpPictures()
    }

    mutating func audienceEvent(_ method: String, _ params: JSONValue, now: Duration) -> [Action] {
        switch method {
        case "Runtime.bindingCalled":
            guard params["name"]?.string == RevealScripts.bindingName, phase == .open,
                  let payload = params["payload"]?.string, let event = JSONValue.parse(payload),
                  let indices = RevealIndices(event["indices"]) else { return [] }
            // A pause made in the browser (its `b` or `.`, its "Resume
            // presentation" button) shows on the pad as BLANK, and its end as
            // the screen back: reveal.js pushes both.
            switch event["type"]?.string {
            case "paused": return [.emit(.blankStarted)] + moved(to: indices)
            case "resumed": return [.emit(.blankEnded)] + moved(to: indices)
            case "ink": return [.emit(.inkMode(event["ink"]?.bool == true))]
            default: return moved(to: indices)
            }
        case "Runtime.executionContextsCleared":
            // A reload (or the page went elsewhere): listeners gone; attach again.
            guard phase == .open || phase == .installing || phase == .syncing || phase == .attaching else { return [] }
            // Chromium clears twice per reload: once said is enough.
            let first = phase != .attaching
            pending = pending.filter { if case .command = $0.value { false } else if case .marks = $0.value { false } else { true } }
            marks.inFlight = false
            phase = .attaching
            waitingSince = now
            deck = nil
            notesAsked = []
            var actions: [Action] = first ? [.log(.info, RevealProblem.reloaded.reason),
                                             .emit(.link(.connecting(to: settings.address.description)))] : []
            // The deck may have changed: the render window loads it again too.
            actions += closeRender()
            return actions + [.arm(.readyPoll, after: settings.readyPoll)]
        case "Inspector.detached":
            sawDetached = true
            return [.log(.info, "the page detached: \(Notes.sanitized(params["reason"]?.string ?? ""))")]
        default:
            return []
        }
    }

    /// A pushed event: the show is at `indices` now, whoever moved it.
    mutating func moved(to indices: RevealIndices) -> [Action] {
        guard let deck else { return [] }
        guard let n = deck.number(of: indices) else {
            // A slide the pad does not know: the deck changed under it. The
            // link stays open (presses still go out) while it reads the show again.
            return [.log(.info, "a slide the pad did not know: reading the show again"),
                    request(.audience, .evaluate(id: 0, RevealScripts.sync), .sync)]
        }
        let before = at.flatMap { deck.number(of: $0) }
        at = indices
        var actions: [Action] = []
        if before != n { actions.append(.emit(.slideChanged(index: n))) }
        if let position = deck.position(indices) { actions.append(.position(position)) }
        // A step within the slide changes its picture: take it now. A new
        // slide changes what the panes show: the pad's next `want` says so,
        // and a picture taken before it would be of the old panes.
        return actions + askNotes(n) + (before == n ? pumpPictures() : [])
    }

    mutating func askNotes(_ n: Int) -> [Action] {
        guard !notesAsked.contains(n) else { return [] }
        notesAsked.insert(n)
        return [request(.audience, .evaluate(id: 0, RevealScripts.notes(slide: n)), .notes(n))]
    }

    mutating func notesArrived(_ n: Int, _ result: Result<JSONValue, Failure>) -> [Action] {
        guard phase == .open, case .success(let raw) = result,
              let html = CDPEvaluation(result: raw).value?.string else {
            notesAsked.remove(n)
            return []
        }
        return [.emit(RevealNotes.event(index: n, html: html))]
    }

    mutating func send(_ command: SourceCommand) -> [Action] {
        // During a reload (a page that was open, read again), a press waits
        // for the show and then goes, in order: ~200 ms, and dropping it
        // would leave the pad heading somewhere the show never goes.
        switch command {
        case .pointerStarted, .pointerMoved, .pointerDismissed, .ink: return mark(command)
        default: break
        }
        if phase != .open, wasConnected, [.attaching, .installing, .syncing].contains(phase), afterReload.count < 8 {
            afterReload.append(command)
            return [.log(.debug, "\(command) waits for the reloaded page")]
        }
        guard phase == .open, let deck else { return [.dropped(command)] }
        let script: RevealScript
        switch command {
        case .next: script = RevealScripts.next
        case .previous: script = RevealScripts.previous
        case .blank: script = RevealScripts.blank
        case .resume: script = RevealScripts.resume
        case .goto(let index):
            let slide = deck.slides[max(0, min(index, deck.count - 1))]
            script = RevealScripts.move(h: slide.h, v: slide.v, f: -1)
        case .start, .stop:
            // reveal.js always presents (`RevealCapabilities`).
            return [.dropped(command)]
        case .pointerStarted, .pointerMoved, .pointerDismissed, .ink:
            return mark(command)
        }
        return [request(.audience, .evaluate(id: 0, script), .command(command))]
    }
}

extension RevealLink {
    /// "Chrome 156" of "Chrome/156.0.8078.108" (`/json/version`'s Browser): the status line's room is for the show.
    static func shortBrowser(_ browser: String) -> String {
        guard let slash = browser.firstIndex(of: "/") else { return browser }
        let major = browser[browser.index(after: slash)...].prefix { $0.isNumber }
        return major.isEmpty ? browser : "\(browser[..<slash]) \(major)"
    }
}
