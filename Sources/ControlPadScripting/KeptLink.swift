import Dispatch
import Logging
import SlideModel
import Syscalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One link to a show, kept by a process of its own, that every
/// `controlpad send` for that show goes through (`SourceCapabilities.oneKeptLink`).
///
/// Why: LibreOffice's remote server crashes when clients come and go around
/// a blank and a resume (docs/IMPRESS-REMOTE.md, "Clients that come and
/// go"), and a pedal or a Stream Deck sends each press from a process of
/// its own. So the first `send` starts this process; it pairs once, listens
/// on an owner-only local socket, and carries out the requests one after
/// another, each as a `SendConversation` that starts from what the link
/// already knows (paired, the show's state). It stays while a show runs
/// (a client that leaves after a blank ended is what breaks Impress), and
/// leaves `idleWithoutShow` after its last request once none runs, or when
/// the link is lost: never in the middle of a stream (`LinkLeaving`).
/// A leaving pad hands it a link that must stay until the show ends
/// (`LinkHandOver`), and a new pad takes the link over from it (`adopt`):
/// one link per show. `watch`es follow the show through it
/// (`ShowFollowers`): while one does, it stays, and a lost link is made
/// again by the source itself. One started for a `watch` (`forWatch`)
/// leaves soon after its last follower unless a `send` used it.
/// `controlpad links` asks it `about` and `close`; SIGTERM ends it at once
/// (a stream still coming is finished in the background, a link held until
/// the show ends is closed).
package final class KeptLink {
    package struct Policy: Sendable {
        /// How long it stays unused while no show runs.
        package var idleWithoutShow: Duration = .seconds(60)
        /// How long it stays unused while a show runs (a talk, and more).
        package var idleWithShow: Duration = .seconds(4 * 3600)
        /// How long it stays while it must (a blank ended while it was open):
        /// longer than any talk, as Impress's `PreviewStream.showHoldLimit`.
        package var holdLimit: Duration = .seconds(12 * 3600)

        package init() {}
    }

    private let link: HeadlessLink
    private let listener: Int32
    private let path: String
    private let server: String
    private let peer: SendConversation.Peer
    /// The agenda of the `send` that started it (`--agenda`, the config's): `section …` goes by it.
    private let agenda: [TalkSection]?
    private let policy: Policy
    private let logger: Logger
    /// `send`'s arguments for this show, given with the link to whoever takes it over.
    private let arguments: [String]
    private let kindName: String
    private let since = LinkAbout.now()
    private var listening = true
    private var known = KnownShow()
    private let followers = ShowFollowers()
    /// Started by a `watch` (`DoorFollower`): without a `send`, it stays only while followed.
    private let forWatch: Bool
    private var servedASend = false
    private var waiting: [(request: DoorRequest, reply: Int32)] = []
    private var active: (conversation: SendConversation, reply: Int32, timeout: Duration, deadline: Duration)?
    private var lastUse: Duration
    /// Requests answered: the `send` that started this process must get
    /// its answer, even when the link fails before its request is read.
    private var answered = 0

    package init(link: HeadlessLink, listener: Int32, path: String, server: String, peer: SendConversation.Peer,
                 agenda: [TalkSection]? = nil, policy: Policy = Policy(), arguments: [String] = [],
                 holdsUntilShowEnds: Bool = false, forWatch: Bool = false, logger: Logger) {
        self.agenda = agenda
        self.forWatch = forWatch
        self.arguments = arguments
        kindName = peer.name
        known.holdsUntilShowEnds = holdsUntilShowEnds
        self.link = link
        self.listener = listener
        self.path = path
        self.server = server
        self.peer = peer
        self.policy = policy
        self.logger = logger
        // A link handed over by a leaving pad stays while the show holds it,
        // and not a moment longer once it ends, unless a `send` uses it.
        lastUse = holdsUntilShowEnds ? link.now - policy.idleWithoutShow : link.now
    }

    /// Runs until it leaves (see above); blocks the calling thread.
    package func run() {
        acceptRequests()
        link.start()
        logger.notice("keeping the link to \(server) for send, at \(path)")
        while true {
            let idleLimit = known.holdsUntilShowEnds ? policy.holdLimit
                : forWatch && !servedASend ? Self.firstRequestWait
                : known.showRuns ? policy.idleWithShow : policy.idleWithoutShow
            let followed = followers.count > 0
            let idleEnd = followed ? nil
                : known.isGone ? lastUse + Self.firstRequestWait
                : waiting.isEmpty && active == nil ? lastUse + idleLimit : nil
            // While followed, whether the followers are still there is looked at now and then.
            let look = followed ? link.now + Self.followerLook : nil
            let deadline = [active?.deadline, idleEnd, look].compactMap { $0 }.min()
            guard let item = link.next(before: deadline) else {
                if followed {
                    if followers.prune() == 0 { lastUse = link.now }
                    if active.map({ link.now < $0.deadline }) ?? true { continue }
                }
                if let active, link.now >= active.deadline {
                    // Overdue: a confirmation gets as long again (`SendConversation`).
                    self.active?.deadline = link.now + active.timeout
                    feed { $0.timedOut(after: active.timeout.inSeconds) }
                    continue
                }
                if !known.isGone { logger.notice("unused for \(idleLimit) with \(known.showRuns ? "a" : "no") show running: leaving") }
                break
            }
            switch item {
            case .interrupted:
                // Ends now: a stream still coming is finished by a short
                // `finish-stream` (seconds); a link held until the show ends closes.
                guard known.holdsUntilShowEnds else {
                    logger.notice("interrupted: leaving")
                    answerAll(.fail("the process that kept the link to \(server) was stopped"))
                    return leave()
                }
                return closeNow("stopped by a signal")
            case .request(.about, let reply):
                LocalSocket.writeLine(reply, about.answerLine)
                close(reply)
            case .request(.close(let force), let reply):
                if known.holdsUntilShowEnds, !force {
                    answer(.fail("""
                        the link to \(server) stays until the show ends: a blank ended while it was open, and closing it \
                        now would crash LibreOffice's remote at the next slide change. Stop the show first, or close it \
                        anyway with --force
                        """), to: reply)
                    continue
                }
                answer(.succeed("closed the link to \(server) (pid \(getpid()))"), to: reply)
                return force ? closeNow("closed by `controlpad links --close --force`") : leave()
            case .request(.follow, let reply):
                followers.add(reply)
                lastUse = link.now
            case .request(let request, let reply):
                waiting.append((request, reply))
                lastUse = link.now
            case .written(let ok):
                feed { $0.written(ok) }
            case .event(let event):
                known.note(event)
                followers.note(event)
                feed { $0.handle(event) }
            }
            // A link that is gone fails every request in the conversation's
            // own words (`KnownShow.replay` ends with what ended it).
            if startNext() == .handedOver { return }
            if known.isGone, active == nil, waiting.isEmpty, answered > 0, followers.count == 0 {
                logger.notice("the link is gone: leaving")
                break
            }
        }
        leave()
    }

    private enum Going { case on, handedOver }

    /// The next waiting request, started from what the link knows; a
    /// request to take the link over hands it over.
    private func startNext() -> Going {
        while active == nil, !waiting.isEmpty {
            let (door, reply) = waiting.removeFirst()
            guard case .send(let request) = door else {
                if door == .adopt { return handOver(to: reply) }
                answer(.fail("not a send request"), to: reply)
                continue
            }
            let action: RemoteAction
            do { action = try RemoteAction(words: request.words) } catch {
                answer(.fail(error.description), to: reply)
                continue
            }
            let timeout = Duration.milliseconds(Int64(request.timeout * 1000))
            servedASend = true
            active = (SendConversation(action: action, waitForConfirmation: request.waitForConfirmation,
                                       server: server, peer: peer, agenda: agenda), reply, timeout, link.now + timeout)
            logger.info("send \(request.words.joined(separator: " "))")
            for event in known.replay where active != nil {
                feed { $0.handle(event) }
            }
        }
        return .on
    }

    /// Gives the link to the process that asked (a new pad, `LinkHandOver`)
    /// and leaves; it now listens at the door. Requests still waiting are
    /// told to send again.
    private func handOver(to reply: Int32) -> Going {
        stopListening()
        guard let handOff = link.handOver() else {
            LinkHandOver.refuse("the kept link to \(server) had nothing to hand over", on: reply)
            close(reply)
            logger.notice("asked to hand the link over, but it was not paired: leaving")
            answerAll(.fail("the link to \(server) closed: send again"))
            return .handedOver
        }
        LinkHandOver(handOff, arguments: arguments).send(on: reply)
        close(reply)
        close(handOff.descriptor)
        followers.end(.handedOver)
        logger.notice("handed the link to \(server) over to a new controlpad: leaving")
        answerAll(.fail("the link to \(server) went to a new pad just now: send again"))
        return .handedOver
    }

    /// What `controlpad links` shows of it.
    private var about: LinkAbout {
        LinkAbout(role: "kept link", pid: getpid(), since: since, server: server, kind: kindName,
                  show: known.show.isRunning ? "slide \(known.show.current + 1)/\(known.show.slideCount)" : known.show.isKnown ? "no show" : "pairing",
                  holdsUntilShowEnds: known.holdsUntilShowEnds, followers: followers.count)
    }

    /// Closes the link at once (SIGTERM, `links --close --force`).
    private func closeNow(_ why: String) {
        if known.holdsUntilShowEnds {
            logger.warning("\(why): closing the link to \(server) although a blank ended while it was open (LibreOffice's remote may crash at the next slide change)")
        } else {
            logger.notice("\(why): closing the link to \(server)")
        }
        answerAll(.fail("the process that kept the link to \(server) was stopped"))
        stopListening()
        followers.end(.left)
        link.shutdown()
    }

    /// Gives the active conversation something, and does what it says.
    private func feed(_ give: (inout SendConversation) -> SendConversation.Step?) {
        guard var conversation = active?.conversation else { return }
        let step = give(&conversation)
        active?.conversation = conversation
        if let step { act(step) }
    }

    private func act(_ step: SendConversation.Step) {
        guard let active else { return }
        switch step {
        case .send(let command):
            link.send(command)
            self.active?.deadline = link.now + active.timeout
        case .succeed, .fail:
            finish(step)
        }
    }

    private func finish(_ step: SendConversation.Step) {
        guard let active else { return }
        // Impress never says blank or resume: the followers are told what the link made.
        if case .succeed = step, let blank = active.conversation.blanks { followers.assumeBlank(blank) }
        answer(step, to: active.reply)
        self.active = nil
        lastUse = link.now
    }

    /// How long a link that failed at once waits for the request of the
    /// `send` that started it, and one started for a `watch` for its follower.
    static let firstRequestWait: Duration = .seconds(5)
    /// How often it looks whether its followers are still there.
    static let followerLook: Duration = .seconds(2)

    private func answer(_ step: SendConversation.Step, to reply: Int32) {
        answered += 1
        KeptLinkDoor.answer(step, to: reply)
    }

    private func answerAll(_ step: SendConversation.Step) {
        if let active { answer(step, to: active.reply) }
        active = nil
        for (_, reply) in waiting { answer(step, to: reply) }
        waiting = []
    }

    /// Stops listening first, so the next `send` starts a new keeper.
    private func leave() {
        stopListening()
        followers.end(.left)
        link.leave(logger: logger)
    }

    private func stopListening() {
        guard listening else { return }
        listening = false
        unlink(path)
        close(listener)
    }

    /// Takes requests on a thread of its own, for the link's loop.
    private func acceptRequests() {
        let link = link
        KeptLinkDoor.serve(listener, label: "controlpad.kept-link.accept") { request, client in
            link.post(.request(request, reply: client))
        }
    }
}

/// What the kept link knows of the show, to start each request's
/// conversation from: the show as the link said it (`ShowState`), and
/// what ended the link.
struct KnownShow {
    private(set) var show = ShowState()
    /// The show started again while the link was open (a blank ended): it
    /// must stay open until the show ends (`PreviewStream.holdsUntilShowEnds`).
    var holdsUntilShowEnds = false
    /// What ended the link (lost, failed, not paired): the end of every replay.
    private var gone: SourceEvent?
    var isGone: Bool { gone != nil }

    var showRuns: Bool { show.isRunning }

    mutating func note(_ event: SourceEvent) {
        switch event {
        // A show said again on the same link (not the first word of a link made again).
        case .showStarted where show.isRunning && show.isKnown: holdsUntilShowEnds = true
        case .showFinished: holdsUntilShowEnds = false
        case .link(.reconnecting), .link(.failed), .link(.pairing): holdsUntilShowEnds = false
        default: break
        }
        show.note(event)
        switch event {
        case .link(.reconnecting), .link(.failed), .link(.pairing):
            if gone == nil { gone = event }
        case .link(.connected):
            // Made again (the source reconnects while a `watch` follows).
            gone = nil
        default: break
        }
    }

    /// The events that bring a new conversation to where the link stands:
    /// paired, the show's sections, the show and its current slide's step.
    var replay: [SourceEvent] {
        let end = gone.map { [$0] } ?? []
        guard let server = show.server else { return end }
        let connected = SourceEvent.link(.connected(server: server))
        // Paired, the show's state still to come: the conversation must
        // know it is paired, or the state that follows decides nothing.
        guard show.isKnown, show.phase != .unknown else { return [connected] + end }
        var events = [connected]
        if show.sections != .none { events.append(.sections(show.sections)) }
        if show.isRunning {
            events.append(.showStarted(slideCount: show.slideCount, current: show.current))
            if let step = show.step, step.index == show.current { events.append(.step(index: step.index, step.step)) }
        } else {
            events.append(.showFinished)
        }
        return events + end
    }
}
