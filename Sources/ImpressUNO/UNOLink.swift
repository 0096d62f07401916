import SlideModel

/// Impress over UNO as a pure machine: what the pad asks and what the
/// bridge says go in, requests for the bridge and events for the pad come
/// out. The transport (`ImpressUNOSource`) runs the bridge process and
/// carries out the actions; everything that decides is here, and testable
/// without LibreOffice.
///
/// Pictures: one export at a time, in the order the pad wants them
/// (current and next first, then the list and the overview). An export runs
/// on LibreOffice's main thread, so a queue of them would hold up steps.
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
        /// The pad leaves: the bridge is asked to go (`end`/`close` as `UNOBridgeRequest.quit`).
        case stop(end: Bool, close: Bool)
    }

    public enum Action: Sendable, Equatable {
        /// Start LibreOffice on the pipe (present only), then the bridge.
        case launchOffice
        case spawnBridge
        case write(UNOBridgeRequest)
        case emit(SourceEvent)
        /// End the bridge process (after `quit`, or when it can no longer be trusted).
        case endBridge
        case log(String)
    }

    public let mode: Mode
    /// The pipe's name, as the address says it (`uno:NAME`).
    public let pipe: String

    private enum Phase: Equatable { case idle, starting, linked, failed, stopped }
    private var phase = Phase.idle
    private var steps: [Int] = []
    private var aspect: Double?
    private var running = false
    private var slide = -1
    private var step = 0
    /// Where the show stood when LibreOffice went away: started again there.
    private var resumeAt: Int?
    private var wants: [PictureWant] = []
    private var exporting: PictureWant?
    /// Exports that failed, until the pad's wants change.
    private var failedExports: Set<Int> = []
    /// The size last sent of each slide, and the slides the pad said it
    /// took in (a want's `have`): a slide the pad let go is exported again,
    /// one just sent is not.
    private var delivered: [Int: PixelSize] = [:]
    private var takenIn: Set<Int> = []
    private var ended = false
    /// LibreOffice asked something on its screen while the deck opened.
    private var asking = false
    /// The deck's sections, from the slide names the presenter gave.
    private var sections = SourceSections.none
    /// The notes heard: a show that starts is a reset for the pad, so they are told again.
    private var notes: [Int: SlideNotes] = [:]

    public init(mode: Mode, pipe: String) {
        self.mode = mode
        self.pipe = pipe
    }

    public var isStopped: Bool { phase == .stopped }

    public mutating func handle(_ input: Input) -> [Action] {
        guard phase != .stopped else { return [] }
        switch input {
        case .start, .retryNow:
            guard phase == .idle || phase == .failed else { return [] }
            delivered = [:]
            takenIn = []
            return begin()
        case .line(let event): return heard(event)
        case .garbage(let text): return [.log("not the bridge's language: \(text.prefix(120))")]
        case .bridgeEnded: return bridgeEnded()
        case .send(let command): return send(command)
        case .want(let pictures):
            if pictures != wants { failedExports = [] }
            wants = pictures
            for want in pictures {
                if let have = want.have, have == delivered[want.slide] { takenIn.insert(want.slide) }
                else if want.have == nil, takenIn.remove(want.slide) != nil { delivered[want.slide] = nil }
            }
            return pump()
        case .stop(let end, let close):
            let linked = phase == .linked
            phase = .stopped
            return linked ? [.write(.quit(end: end, close: close)), .endBridge] : [.endBridge]
        }
    }

    private mutating func begin() -> [Action] {
        phase = .starting
        ended = false
        exporting = nil
        var actions: [Action] = [.emit(.link(.connecting(to: "uno:\(pipe)")))]
        if case .present = mode { actions.append(.launchOffice) }
        actions.append(.spawnBridge)
        switch mode {
        case .present(let deck, let window): actions.append(.write(.open(deck: deck, window: window)))
        case .attach: actions.append(.write(.attach))
        }
        return actions
    }

    private mutating func heard(_ event: UNOBridgeEvent) -> [Action] {
        guard phase == .starting || phase == .linked else { return [] }
        switch event {
        case .hello(let office):
            phase = .linked
            let name = office.isEmpty ? "LibreOffice" : office
            return [.emit(.link(.connected(server: "\(name) · uno:\(pipe)")))]
        case .asking:
            asking = true
            return [.emit(.unanswered(UNOProblem.asking.linkProblem))]
        case .deck(let title, let steps, let names, let aspect):
            sections = Self.sections(names: names)
            self.steps = steps.map { min(max(0, $0), SlideStep.maxCount) }
            notes = [:]
            self.aspect = aspect.flatMap { $0.isFinite && $0 > 0.1 && $0 < 10 ? $0 : nil }
            let answered: [Action] = asking ? [.emit(.unanswered(nil))] : []
            asking = false
            return answered + [.emit(.showTitle(title))]
        case .show(let slides, let at, let shown, let blank):
            running = true
            slide = at
            step = shown
            // Before the show: its sections are in force when it starts.
            var actions: [Action] = [.emit(.sections(sections)), .emit(.showStarted(slideCount: slides, current: at)), stepEvent()]
            if blank { actions.append(.emit(.blankStarted)) }
            actions += notes.keys.sorted().map { .emit(.notes(index: $0, notes[$0]!)) }
            if let target = resumeAt.take(), target != at, (0..<slides).contains(target) {
                actions.append(.write(.goto(slide: target)))
            }
            return actions + pump()
        case .position(let at, let shown):
            guard running else { return [] }
            var actions: [Action] = []
            if at != slide { actions.append(.emit(.slideChanged(index: at))) }
            slide = at
            step = shown
            actions.append(stepEvent())
            return actions
        case .blank(let on):
            return running ? [.emit(on ? .blankStarted : .blankEnded)] : []
        case .ended:
            let was = running
            running = false
            return was || slide < 0 ? [.emit(.showFinished)] : []
        case .notes(let index, let html):
            guard (0..<SlideStep.maxCount * 100).contains(index) else { return [] }
            let said: SlideNotes = html.isEmpty ? .plain("") : .html(html)
            notes[index] = said
            return running ? [.emit(.notes(index: index, said))] : []
        case .picture(let index, let width, let height, let png):
            if exporting?.slide == index { exporting = nil }
            delivered[index] = PixelSize(width: width, height: height)
            takenIn.remove(index)
            let preview = Preview(png: png, aspect: aspect ?? Double(width) / Double(max(1, height)))
            return [.emit(.preview(index: index, preview))] + pump()
        case .refused(let op, let why):
            var actions: [Action] = [.log("LibreOffice did not \(op): \(why)")]
            if op == "render", let failed = exporting {
                failedExports.insert(failed.slide)
                exporting = nil
                actions += pump()
            }
            return actions
        case .fatal(let what, let message):
            return fail(UNOProblem.fatal(what: what, message: message, mode: mode, pipe: pipe))
        case .gone:
            resumeAt = slide >= 0 ? slide : nil
            return fail(UNOProblem.gone(mode: mode, slide: slide))
        case .bye:
            ended = true
            return []
        }
    }

    private mutating func bridgeEnded() -> [Action] {
        guard phase == .starting || phase == .linked else { return [] }
        if ended { return [] }
        resumeAt = slide >= 0 ? slide : nil
        return fail(UNOProblem.bridgeEnded(mode: mode))
    }

    private mutating func fail(_ problem: UNOProblem) -> [Action] {
        phase = .failed
        running = false
        exporting = nil
        return [.endBridge, .emit(.link(.failed(problem.linkProblem)))]
    }

    private func stepEvent() -> Action {
        let count = (0..<steps.count).contains(slide) ? steps[slide] : 0
        return .emit(.step(index: slide, SlideStep(shown: step, count: count)))
    }

    private mutating func send(_ command: SourceCommand) -> [Action] {
        guard phase == .linked else { return [.log("dropped \(command): not linked")] }
        switch command {
        case .next: return [.write(.next)]
        case .previous: return [.write(.previous)]
        case .goto(let index): return [.write(.goto(slide: index))]
        case .start: return [.write(.start)]
        case .stop: return [.write(.stop)]
        case .blank: return [.write(.blank)]
        case .resume: return [.write(.resume)]
        case .pointerStarted, .pointerMoved, .pointerDismissed: return []
        }
    }

    /// The next export the pad wants, if none runs.
    private mutating func pump() -> [Action] {
        guard phase == .linked, exporting == nil, !steps.isEmpty else { return [] }
        for want in wants where (0..<steps.count).contains(want.slide) && !failedExports.contains(want.slide) {
            let size = fitted(want.size)
            guard want.have != size, delivered[want.slide] != size else { continue }
            exporting = want
            return [.write(.render(slide: want.slide, width: size.width, height: size.height))]
        }
        return []
    }

    /// A slide the presenter named (Slide ▸ Rename Slide) begins a section
    /// of that name, running to the next named slide; a deck with no names
    /// (LibreOffice's own "page3" are told as "") has none.
    static func sections(names: [String]) -> SourceSections {
        SourceSections(sections: names.prefix(SlideLimits.maxSlideCount).enumerated().compactMap { index, name in
            name.isEmpty ? nil : TalkSection(name: name, firstSlide: index)
        })
    }

    /// The largest picture of the slides' shape within `size`.
    private func fitted(_ size: PixelSize) -> PixelSize {
        size.fitting(aspect: aspect ?? Double(size.width) / Double(max(1, size.height)))
    }
}

extension Optional {
    /// The value, leaving nil behind.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
