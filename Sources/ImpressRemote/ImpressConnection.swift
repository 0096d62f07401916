import SlideModel

/// The life of one Impress Remote link, without sockets, threads or clocks:
/// connect, pair (PIN choice, pairing timeout), turn server messages into
/// events, put presses on the wire, and after a drop count down and
/// reconnect. It takes what happened and when (`handle(_:now:)`) and says
/// what to do; `ImpressRemoteSource` only carries that out with SwiftNIO,
/// and tests drive it on virtual time.
public struct ImpressConnection: Sendable {
    /// The status line's reason when the pair request goes unanswered.
    public static let noAnswerReason = LinkProblem.stuck.reason
    /// When the pair request is answered by something else (a web server
    /// answering HTTP 400, say): Impress answers it with `LO_SERVER_…`.
    public static let notImpressReason = LinkProblem.notImpress.reason

    public let settings: Settings
    var phase: Phase = .idle
    var session: ImpressSession?
    var framer: ImpressFramer
    var pacer: NavigationPacer
    var backoff: ReconnectBackoff
    /// Why the connection is closing, when this side closes it.
    var closeReason: String?
    var storedPin: String?
    /// Made up once per run: a reconnect while the user is still typing it
    /// into Impress must not change it under their fingers.
    var freshPin = "0000"
    /// Whether the pad was last told a show runs: a re-pairing that needs a
    /// PIN first clears it, so nothing stale stays on screen meanwhile.
    var padKnowsAShow = false
    /// Paired once this run: a failure after it is Impress going away, not
    /// a set-up problem (`LinkProblem.attemptReason`).
    var linkWorked = false
    /// The show's previews Impress is streaming to this connection.
    var stream = PreviewStream()

    public init(_ settings: Settings) {
        self.settings = settings
        framer = ImpressFramer(maxMessageBytes: settings.maxMessageBytes, maxLines: settings.maxMessageLines)
        pacer = settings.pacer
        backoff = settings.backoff
    }

    public var isStopped: Bool { if case .stopped = phase { true } else { false } }

    /// While stopping: the stream Impress is still sending and when the wait
    /// ends at the latest (nil once closed, or when nothing streams).
    public var drainingStream: (stream: PreviewStream, until: Duration)? {
        if case .draining(let until, .stop) = phase { (stream, until) } else { nil }
    }

    public mutating func handle(_ input: Input, now: Duration) -> [Action] {
        if isStopped { return input.command.map { [.dropped($0)] } ?? [] }
        if case .draining(let until, let then) = phase { return drain(input, until: until, then: then, now: now) }
        switch input {
        case .start(let stored, let fresh):
            guard case .idle = phase else { return [] }
            storedPin = stored
            freshPin = fresh
            return connect()
        case .connected: return pair()
        case .connectFailed(let failure):
            let port = try? ImpressServerAddress.parse(settings.address).port
            let reason = LinkProblem.attemptReason(failure, linkWorkedBefore: linkWorked, port: port)
            return [.log(.notice, "cannot connect to \(settings.address): \(reason)")] + scheduleReconnect(reason: reason)
        case .received(let bytes): return receive(bytes, now: now)
        case .failed(let reason):
            if closeReason == nil { closeReason = reason }
            return [.log(.notice, "connection error: \(reason)")]
        case .closed: return lost()
        case .send(let command): return send(command, now: now)
        case .timerFired(.pairing):
            guard case .open = phase, session?.phase == .requested else { return [] }
            closeReason = Self.noAnswerReason
            return [.log(.notice, "no answer to the pair request in \(settings.pairingTimeout): closing the connection"), .close]
        case .timerFired(.countdown):
            guard case .countingDown(let left, let reason) = phase else { return [] }
            return countDown(left: left, reason: reason)
        case .timerFired(.heldNavigation):
            return pacer.expire().map { write($0, for: nil) } ?? []
        case .timerFired(.drain):
            return []
        case .retryNow:
            switch phase {
            case .countingDown, .waitingForRetry:
                backoff.reset()
                return [.cancel(.countdown), .log(.info, "reconnecting now, as asked")] + connect()
            default:
                return []
            }
        case .stop:
            let cancels: [Action] = [.cancel(.pairing), .cancel(.countdown), .cancel(.heldNavigation)]
            if case .open = phase, !stream.mayClose(at: now) { return cancels + startDraining(then: .stop, now: now) }
            phase = .stopped
            session = nil
            return cancels + [.close]
        }
    }
}
