import SlideModel

/// Impress over UNO as a pure machine: what the pad asks, what the bridge
/// says and the timers that fire go in; requests for the bridge, timers and
/// events for the pad come out. The transport (`ImpressUNOSource`) runs the
/// bridge process and carries out the actions. Everything that decides is
/// here and in `UNOShowFollower` (when a press goes, which step the show is
/// at), testable without LibreOffice; the bridge only carries out requests
/// and reports what LibreOffice says.
///
/// Pictures show each slide as the room sees it from where the show
/// stands: the current slide at its step, the slides ahead before their
/// first build, the slides behind with every build.
///
/// Pictures: one export at a time, in the order the pad wants them
/// (current and next first, then the list and the overview), and the room
/// after the next two → ahead of time (`UNOPictures`). An export runs on
/// LibreOffice's main thread, so a queue of them would hold up steps.
public struct UNOLink: Sendable {
    /// How the bridge finds the show.
    public enum Mode: Sendable, Equatable {
        /// `present`: open this deck (or find it open) and start its show.
        case present(deck: String, window: Bool)
        /// `connect uno:NAME`: join the show that runs, else the deck open.
        case attach
    }

    public enum Input: Sendable, Equatable {
        case start
        case line(UNOBridgeEvent)
        /// A line that is not the bridge's language (logged, never trusted).
        case garbage(String)
        /// The bridge's output ended (it exited, or was killed).
        case bridgeEnded
        case send(SourceCommand)
        case want([PictureWant])
        case retryNow
        case timerFired(Timer)
        /// The pad leaves: the bridge is asked to go (`end`/`close` as `UNOBridgeRequest.quit`).
        case stop(end: Bool, close: Bool)
    }

    public enum Action: Sendable, Equatable {
        /// Start LibreOffice on the pipe (present only), then the bridge.
        case launchOffice
        case spawnBridge
        case write(UNOBridgeRequest)
        case emit(SourceEvent)
        case arm(Timer, after: Duration)
        case cancel(Timer)
        /// End the bridge process (after `quit`, or when it can no longer be trusted).
        case endBridge
        case log(String)
    }

    public enum Timer: Sendable, Hashable {
        /// Asks where the show stands: a move or an end the listener missed,
        /// LibreOffice gone, another deck's show.
        case poll
        /// A press the show gave no sign of, an effect that never ends.
        case patience
        /// The deck takes long to open: LibreOffice asks something on its screen.
        case asking
        /// A moment with nothing heard from the show: its burst of lines is over.
        case calm
        /// The show `present` started has had time to come up (`startingGrace`).
        case started
        /// A show `present` started said it ended while coming up, and did
        /// not come back: now it is said.
        case endedWhileStarting
    }

    public static let pollEvery: Duration = .milliseconds(250)
    /// How long a press may go without a sign from the show (1 s), and a
    /// show just started before its first slide is up: it drops every press
    /// until then, and took 1.4 s on a warm LibreOffice, 4.4 s on its first
    /// show after a new profile (seen), hence 15 s.
    public static let patience: Duration = .seconds(1)
    public static let startPatience: Duration = .seconds(15)
    /// The lines of one burst come well under a millisecond apart (0.5–0.7 ms seen).
    public static let calm: Duration = .milliseconds(25)
    /// A load that takes this long is waiting on a question on LibreOffice's screen.
    public static let askingAfter: Duration = .seconds(3)
    /// A show `present` just started may say it ended and come back while
    /// it comes up (LibreOffice on a new profile, `--profile`): for this
    /// long after it started, an end waits `startingGrace` before the pad
    /// hears of it, so that "no show · F5 starts" never flashes before the
    /// show, and a presenter's F5 there never starts it twice.
    public static let startingWindow: Duration = .seconds(10)
    public static let startingGrace: Duration = .seconds(3)

    public let mode: Mode
    /// The pipe's name, as the address says it (`uno:NAME`).
    public let pipe: String

    private enum Phase: Equatable { case idle, starting, linked, failed, stopped }
    private var phase = Phase.idle
    private var show = UNOShowFollower()
    private var deckKnown = false
    /// Where the show stood when LibreOffice went away: started again there.
    private var resumeAt: Int?
    private var pictures = UNOPictures()
    private var ended = false
    /// LibreOffice asked something on its screen while the deck opened.
    private var asking = false
    /// The show `present` started is still coming up (`startingWindow`).
    private var starting = false
    /// It said it ended while coming up: said to the pad only if it does not come back.
    private var endHeld = false
    /// Other decks whose show runs in the same LibreOffice, as last said.
    private var otherShows: [String] = []
    /// The deck's sections, from the slide names the presenter gave.
    private var sections = SourceSections.none
    /// The notes heard: a show that starts is a reset for the pad, so they are told again.
    private var notes: [Int: SlideNotes] = [:]
    /// A pointer request is with the bridge; `pointerNext` waits for its answer (the latest wins).
    private var pointerInFlight = false
    private var pointerNext: UNOBridgeRequest?
    /// The pen was switched on: its ink is erased before the pad leaves, so
    /// LibreOffice's "keep the ink?" question never reaches the room.
    private var penUsed = false

    public init(mode: Mode, pipe: String) {
        self.mode = mode
        self.pipe = pipe
    }

    public var isStopped: Bool { phase == .stopped }

    public mutating func handle(_ input: Input) -> [Action] {
        guard phase != .stopped else { return [] }
        switch input {
        case .retryNow where phase == .linked && !otherShows.isEmpty:
            // The presenter's word on another deck's show: end it.
            return [.log("ending the show of \(otherShows.joined(separator: ", ")) (r)"), .write(.endOtherShows)]
        case .start, .retryNow:
            guard phase == .idle || phase == .failed else { return [] }
            return begin()
        case .line(let event): return heard(event)
        case .garbage(let text): return [.log("not the bridge's language: \(text.prefix(120))")]
        case .bridgeEnded: return bridgeEnded()
        case .send(let command): return send(command)
        case .want(let wants):
            pictures.want(wants)
            return pump()
        case .timerFired(let timer): return fired(timer)
        case .stop(let end, let close):
            let linked = phase == .linked
            phase = .stopped
            let quiet: [Action] = [.cancel(.poll), .cancel(.patience), .cancel(.asking), .cancel(.calm)]
            // The pad's marks leave with it: the pointer hidden, the pen's ink erased (no "keep the ink?" question).
            let marks: [Action] = linked && (pointerInFlight || pointerNext != nil) ? [.write(.pointer(x: 0, y: 0, shown: false))] : []
            let ink: [Action] = linked && penUsed ? [.write(.pen(on: false)), .write(.eraseInk)] : []
            return quiet + (linked ? marks + ink + [.write(.quit(end: end, close: close)), .endBridge] : [.endBridge])
        }
    }

    private mutating func begin() -> [Action] {
        phase = .starting
        ended = false
        deckKnown = false
        pictures.bridgeChanged()
        var actions: [Action] = [.emit(.link(.connecting(to: "uno:\(pipe)")))]
        if case .present = mode { actions.append(.launchOffice) }
        actions.append(.spawnBridge)
        switch mode {
        case .present(let deck, let window):
            // LibreOffice may ask on its own screen before it opens the deck
            // (locked, a password, document recovery), and the load waits:
            // counted from the bridge's hello (`askingAfter`).
            actions.append(.write(.open(deck: deck, window: window)))
        case .attach: actions.append(.write(.attach))
        }
        return actions
    }

    private mutating func fired(_ timer: Timer) -> [Action] {
        switch timer {
        case .poll:
            guard phase == .linked else { return [] }
            return [.write(.where), .arm(.poll, after: Self.pollEvery)]
        case .patience:
            return perform(show.patienceRanOut())
        case .calm:
            return perform(show.calmed())
        case .started:
            starting = false
            return []
        case .endedWhileStarting:
            guard endHeld else { return [] }
            endHeld = false
            return [.emit(.showFinished)]
        case .asking:
            guard phase == .starting || phase == .linked, !deckKnown, !asking else { return [] }
            asking = true
            return [.emit(.unanswered(UNOProblem.asking.linkProblem))]
        }
    }

    private mutating func heard(_ event: UNOBridgeEvent) -> [Action] {
        guard phase == .starting || phase == .linked else { return [] }
        switch event {
        case .hello(let office):
            phase = .linked
            let name = office.isEmpty ? "LibreOffice" : office
            // The deck's load waits from now: a LibreOffice that took long to
            // start is not asking (and what is said before the link is up is not shown).
            let asks: [Action] = if case .present = mode { [.arm(.asking, after: Self.askingAfter)] } else { [] }
            return [.emit(.link(.connected(server: "\(name) · uno:\(pipe)"))), .arm(.poll, after: Self.pollEvery)] + asks
        case .deck(let title, let steps, let names, let aspect):
            sections = Self.sections(names: names)
            show.deck(steps: steps)
            deckKnown = true
            notes = [:]
            pictures.deckOpened()
            pictures.aspect = aspect.flatMap { $0.isFinite && $0 > 0.1 && $0 < 10 ? $0 : nil }
            let answered: [Action] = asking ? [.emit(.unanswered(nil))] : []
            asking = false
            return [.cancel(.asking)] + answered + [.emit(.showTitle(title))]
        case .show(let slides, let at, let blank, let fresh):
            // Before the show: its sections and steps are in force when it starts.
            var actions: [Action] = [.emit(.sections(sections)), .emit(.stepCounts(show.steps)),
                                     .emit(.showStarted(slideCount: slides, current: at))]
            if endHeld {
                endHeld = false
                actions.insert(.cancel(.endedWhileStarting), at: 0)
            }
            if fresh, case .present = mode {
                starting = true
                actions.insert(.arm(.started, after: Self.startingWindow), at: 0)
            }
            actions += perform(show.followed(slides: slides, at: at, blank: blank, fresh: fresh))
            if blank { actions.append(.emit(.blankStarted)) }
            actions += notes.keys.sorted().map { .emit(.notes(index: $0, notes[$0]!)) }
            if let target = resumeAt.take(), target != at, (0..<slides).contains(target) {
                actions += perform(show.press(.goto(target)))
            }
            return actions + pump()
        case .whereAnswer(let at, let blank, let others):
            var actions = perform(show.stands(at: at, blank: blank))
            if others != otherShows {
                otherShows = others
                actions.append(.emit(.unanswered(others.isEmpty ? nil : UNOProblem.otherShow(others[0]).linkProblem)))
            }
            return actions + pump()
        case .heard(let heard):
            return perform(show.heard(heard)) + pump()
        case .ended:
            let was = show.running
            show.ended()
            // The show present started, still coming up: its end waits to see if it comes back.
            if was, starting {
                endHeld = true
                return [.cancel(.patience), .arm(.endedWhileStarting, after: Self.startingGrace),
                        .log("the show said it ended while it came up: waiting \(Self.startingGrace) for it")]
            }
            // `present` starts the show it opened: its "none yet" is not said.
            // Joined (`connect`, `send`, `watch`), no show is an answer.
            let said = was || !deckKnown || mode == .attach
            return said ? [.cancel(.patience), .emit(.showFinished)] : [.cancel(.patience)]
        case .notes(let index, let html):
            guard (0..<SlideStep.maxCount * 100).contains(index) else { return [] }
            let said: SlideNotes = html.isEmpty ? .plain("") : .html(html)
            notes[index] = said
            return show.running ? [.emit(.notes(index: index, said))] : []
        case .picture(let index, let width, let height, _, let png):
            // One export at a time: this one answers the export asked.
            guard pictures.arrived(slide: index, png: png) != nil else {
                return [.log("dropped a picture of slide \(index + 1) (\(width)×\(height)) that no export asked")]
            }
            return pump()
        case .refused(let op, let why):
            var actions: [Action] = [.log("LibreOffice did not \(op): \(why)")]
            if op == "pointer" {
                pointerInFlight = false
                pointerNext = nil
            }
            if op == "render", pictures.isExporting {
                pictures.refused()
                actions += pump()
            }
            return actions
        case .fatal(let what, let message, let python):
            return fail(UNOProblem.fatal(what: what, message: message, python: python, mode: mode, pipe: pipe))
        case .gone:
            resumeAt = show.slide >= 0 ? show.slide : nil
            return fail(UNOProblem.gone(mode: mode, slide: show.slide))
        case .bye:
            ended = true
            return []
        case .pointerDone:
            pointerInFlight = false
            guard let next = pointerNext else { return [] }
            pointerNext = nil
            return pointer(next)
        case .log(let text):
            return [.log("the bridge: \(text)")]
        }
    }

    private mutating func bridgeEnded() -> [Action] {
        guard phase == .starting || phase == .linked else { return [] }
        if ended { return [] }
        resumeAt = show.slide >= 0 ? show.slide : nil
        return fail(UNOProblem.bridgeEnded(mode: mode))
    }

    private mutating func fail(_ problem: UNOProblem) -> [Action] {
        phase = .failed
        // The room sees no show while LibreOffice is gone: the talk's timer stands still.
        let ended: [Action] = show.running || endHeld ? [.emit(.showFinished)] : []
        starting = false
        endHeld = false
        show.ended()
        pictures.bridgeChanged()
        return ended + [.cancel(.poll), .cancel(.patience), .cancel(.asking), .cancel(.calm), .endBridge, .emit(.link(.failed(problem.linkProblem)))]
    }

    /// The follower's effects as the link's actions.
    private func perform(_ effects: [UNOShowFollower.Effect]) -> [Action] {
        effects.map { effect in
            switch effect {
            case .send(.next): .write(.next)
            case .send(.previous): .write(.previous)
            case .send(.goto(let index)): .write(.goto(slide: index))
            case .ask: .write(.where)
            case .armPatience(let long): .arm(.patience, after: long ? Self.startPatience : Self.patience)
            case .awaitCalm: .arm(.calm, after: Self.calm)
            case .event(let event): .emit(event)
            case .log(let text): .log(text)
            }
        }
    }

    private mutating func send(_ command: SourceCommand) -> [Action] {
        guard phase == .linked else { return [.log("dropped \(command): not linked")] }
        switch command {
        case .next: return perform(show.press(.next))
        case .previous: return perform(show.press(.previous))
        case .goto(let index): return perform(show.press(.goto(index))) + pump()
        case .start: return [.write(.start)]
        case .stop: return [.write(.stop)]
        case .blank: return [.write(.blank)]
        case .resume: return [.write(.resume)]
        case .pointerStarted(let x, let y), .pointerMoved(let x, let y): return pointer(.pointer(x: x, y: y, shown: true))
        case .pointerDismissed: return pointer(.pointer(x: 0, y: 0, shown: false))
        case .ink(.mode(let on)):
            penUsed = penUsed || on
            return [.write(.pen(on: on))]
        case .ink(.clear): return [.write(.eraseInk)]
        case .ink: return [.log("dropped \(command): LibreOffice's pen follows only the show window's mouse")]
        }
    }

    /// One pointer request with the bridge at a time: a move made meanwhile
    /// waits, and a newer one replaces it.
    private mutating func pointer(_ request: UNOBridgeRequest) -> [Action] {
        guard !pointerInFlight else {
            pointerNext = request
            return []
        }
        pointerInFlight = true
        return [.write(request)]
    }

    /// Pictures kept are handed over at once; an export runs on
    /// LibreOffice's main thread, like the show: none starts while presses
    /// wait or an effect runs (the room would see it stutter).
    private mutating func pump() -> [Action] {
        guard phase == .linked, !show.steps.isEmpty else { return [] }
        let quiet = !show.running || (show.isIdle && show.pending == 0)
        let turn = pictures.pump(show, mayExport: quiet)
        let previews: [Action] = turn.previews.map { .emit(.preview(index: $0.index, $0.preview)) }
        guard let render = turn.render else { return previews }
        return previews + [.write(.render(slide: render.slide, width: render.size.width, height: render.size.height, step: render.step))]
    }

    /// A slide the presenter named (Slide ▸ Rename Slide) begins a section
    /// of that name, running to the next named slide; a deck with no names
    /// (LibreOffice's own "page3" are told as "") has none.
    static func sections(names: [String]) -> SourceSections {
        SourceSections(sections: names.prefix(SlideLimits.maxSlideCount).enumerated().compactMap { index, name in
            name.isEmpty ? nil : TalkSection(name: name, firstSlide: index)
        })
    }
}

extension Optional {
    /// The value, leaving nil behind.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
