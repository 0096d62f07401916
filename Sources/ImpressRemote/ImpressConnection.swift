import SlideModel

/// The life of one Impress Remote link, without sockets, threads or clocks:
/// connect, pair (PIN choice, pairing timeout), turn server messages into
/// events, put presses on the wire, and after a drop count down and
/// reconnect (its `LinkLife`, the same as every source's). It takes what happened and when (`handle(_:now:)`) and says
/// what to do; `ImpressRemoteSource` only carries that out with SwiftNIO,
/// and tests drive it on virtual time.
public struct ImpressConnection: Sendable, LinkLiving {
    /// The problem when the pair request goes unanswered.
    public static let noAnswerProblem = ImpressProblem.stuck.problem
    /// When the pair request is answered by something else (a web server
    /// answering HTTP 400, say): Impress answers it with `LO_SERVER_…`.
    public static let notImpressProblem = ImpressProblem.notImpress.problem

    public let settings: Settings
    /// Idle, connecting, open, counting down, waiting, stopped.
    package var life: LinkLife
    /// Set while open and closing once Impress's stream is done.
    var draining: Draining?
    var session: ImpressSession?
    var framer: ImpressFramer
    var pacer: NavigationPacer
    /// Why the connection is closing, when this side closes it.
    var closeReason: LinkProblem?
    var storedPin: String?
    /// Made up once per run: a reconnect while the user is still typing it
    /// into Impress must not change it under their fingers.
    var freshPin = "0000"
    /// Whether the pad was last told a show runs: a re-pairing that needs a
    /// PIN first clears it, so nothing stale stays on screen meanwhile.
    var padKnowsAShow = false
    /// Paired once this run: a failure after it is Impress going away, not
    /// a set-up problem (`ImpressProblem.attempt`).
    var linkWorked = false
    /// The show's previews Impress is streaming to this connection.
    var stream = PreviewStream()
    /// Whether Impress still answers.
    var answers = AnswerWatch()
    /// What Impress said about the show on this connection, for handing it over.
    var transcript = ShowTranscript()
    /// A link taken over from another process (`Input.adopt`): its messages
    /// are read, instead of pairing, once its socket is up.
    var adoption: Adoption?
    /// Stopped with the socket left open for another process (`Input.handOver`).
    public private(set) var handedOver = false

    public init(_ settings: Settings) {
        self.settings = settings
        framer = ImpressFramer(maxMessageBytes: settings.maxMessageBytes, maxLines: settings.maxMessageLines)
        pacer = settings.pacer
        life = LinkLife(backoff: settings.backoff, countdownStep: settings.countdownStep)
    }

    public var isStopped: Bool { life.isStopped }

    /// Where the presses are taking the show (the pacer's `Heading`).
    public var heading: Heading? { pacer.heading }

    /// While stopping: the stream Impress is still sending and when the wait
    /// ends at the latest (nil once closed, or when nothing streams).
    public var drainingStream: (stream: PreviewStream, until: Duration)? {
        if let draining, draining.then == .stop { (stream, draining.until) } else { nil }
    }

    /// After `handOver`: what the process that takes the socket over starts from.
    public var handOverState: Adoption? { handedOver ? adoptionState : nil }

    /// What a process that takes the socket over would start from now.
    public var adoptionState: Adoption { Adoption(transcript: transcript.bytes + framer.pendingBytes, stream: stream) }

    public mutating func handle(_ input: Input, now: Duration) -> [Action] {
        if isStopped { return input.command.map { [.dropped($0)] } ?? [] }
        if let draining { return drain(input, until: draining.until, then: draining.then, now: now) }
        switch input {
        case .start(let stored, let fresh):
            guard life.phase == .idle else { return [] }
            storedPin = stored
            freshPin = fresh
            return follow(life.start())
        case .adopt(let stored, let fresh, let adoption):
            guard life.phase == .idle else { return [] }
            storedPin = stored
            freshPin = fresh
            self.adoption = adoption
            return follow(life.start())
        case .handOver:
            guard life.isOpen, session?.isPaired == true, transcript.knowsTheShow else { return handle(.stop, now: now) }
            life.stop()
            session = nil
            handedOver = true
            return [.cancel(.pairing), .cancel(.countdown), .cancel(.heldNavigation), .cancel(.answer), .cancel(.drain),
                    .log(.info, "handing the link over")]
        case .connected: return pair(now: now)
        case .connectFailed(let failure):
            let port = try? ImpressServerAddress.parse(settings.address).port
            let problem = ImpressProblem.attempt(failure, linkWorkedBefore: linkWorked, port: port)
            return [.log(.notice, "cannot connect to \(settings.address): \(problem.reason)")] + follow(life.lost(problem))
        case .received(let bytes): return receive(bytes, now: now)
        case .failed(let problem):
            if closeReason == nil { closeReason = problem }
            return [.log(.notice, "connection error: \(problem.reason)")]
        case .closed: return lost()
        case .send(let command): return send(command, now: now)
        case .timerFired(.pairing):
            guard life.isOpen, session?.phase == .requested else { return [] }
            closeReason = Self.noAnswerProblem
            return [.log(.notice, "no answer to the pair request in \(settings.pairingTimeout): closing the connection"), .close]
        case .timerFired(.countdown):
            return follow(life.countdownFired())
        case .timerFired(.heldNavigation):
            return heldNavigationDue(now: now)
        case .timerFired(.drain):
            return []
        case .timerFired(.answer):
            return answerOverdue()
        case .retryNow:
            return follow(life.retryNow())
        case .stop:
            let cancels: [Action] = [.cancel(.pairing), .cancel(.countdown), .cancel(.heldNavigation), .cancel(.answer)]
            if life.isOpen, !stream.mayClose(at: now) { return cancels + startDraining(then: .stop, now: now) }
            life.stop()
            session = nil
            return cancels + [.close]
        }
    }
}
