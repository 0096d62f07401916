/// The life of one Impress Remote link, without sockets, threads or clocks:
/// connect, pair (PIN choice, pairing timeout), turn server messages into
/// events, put presses on the wire, and after a drop count down and
/// reconnect. It takes what happened and when (`handle(_:now:)`) and says
/// what to do; `ImpressRemoteSource` only carries that out with SwiftNIO,
/// and tests drive it on virtual time.
public struct ImpressConnection: Sendable {
    public struct Settings: Sendable {
        public var clientName: String
        /// How the status line names the peer, e.g. "127.0.0.1".
        public var serverLabel: String
        /// The address as the user wrote it, e.g. "127.0.0.1:1599".
        public var address: String
        /// `--pin`: used instead of a stored or random PIN.
        public var pinOverride: String?
        /// How long the pair request may go unanswered (zero: forever).
        public var pairingTimeout: Duration
        /// How often "reconnecting in N s" is refreshed.
        public var countdownStep: Duration
        public var backoff: ReconnectBackoff
        public var pacer: NavigationPacer
        public var maxMessageBytes: Int
        public var maxMessageLines: Int

        public init(clientName: String, serverLabel: String, address: String, pinOverride: String? = nil,
                    pairingTimeout: Duration = .seconds(4), countdownStep: Duration = .seconds(1),
                    backoff: ReconnectBackoff = ReconnectBackoff(), pacer: NavigationPacer = NavigationPacer(),
                    maxMessageBytes: Int = ImpressFramer.defaultMaxMessageBytes,
                    maxMessageLines: Int = ImpressFramer.defaultMaxLines) {
            self.clientName = clientName
            self.serverLabel = serverLabel
            self.address = address
            self.pinOverride = pinOverride
            self.pairingTimeout = pairingTimeout
            self.countdownStep = countdownStep
            self.backoff = backoff
            self.pacer = pacer
            self.maxMessageBytes = maxMessageBytes
            self.maxMessageLines = maxMessageLines
        }
    }

    public enum Timer: Sendable, Hashable { case pairing, countdown, heldNavigation, drain }

    /// What happened.
    public enum Input: Sendable {
        /// Begin; `storedPin` is the PIN this server accepted before (read
        /// by the driver off its event loop), `freshPin` one to use if none.
        case start(storedPin: String?, freshPin: String)
        case connected
        case connectFailed(reason: String)
        case received([UInt8])
        /// An error on the open connection (it closes next).
        case failed(reason: String)
        case closed
        case send(SourceCommand)
        case timerFired(Timer)
        /// The presenter asks to reconnect now.
        case retryNow
        case stop
    }

    /// What to do.
    public enum Action: Sendable, Equatable {
        case connect
        /// Bytes for the socket, in one write: the pair request, or `command`.
        case write([UInt8], command: SourceCommand?)
        case close
        case arm(Timer, after: Duration)
        case cancel(Timer)
        case emit(SourceEvent)
        /// The server accepted this PIN for our name: keep it for this server.
        case storePin(String)
        /// A command that could not go out (not paired, stopped).
        case dropped(SourceCommand)
        case log(ImpressLogLevel, String)
    }

    enum Phase: Sendable {
        case idle, connecting, open, countingDown(left: Duration, reason: String), stopped
        /// Pairing was refused: no retry until the presenter asks (`retryNow`).
        case waitingForRetry
        /// Open, but closing as soon as Impress has finished streaming the
        /// show's previews (`PreviewStream`), then stopping or reconnecting.
        case draining(until: Duration, then: AfterDraining)
    }

    enum AfterDraining: Sendable, Equatable {
        case stop
        case reconnect(reason: String)
    }

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
    private var backoff: ReconnectBackoff
    /// Why the connection is closing, when this side closes it.
    var closeReason: String?
    private var storedPin: String?
    /// Made up once per run: a reconnect while the user is still typing it
    /// into Impress must not change it under their fingers.
    private var freshPin = "0000"
    /// Whether the pad was last told a show runs: a re-pairing that needs a
    /// PIN first clears it, so nothing stale stays on screen meanwhile.
    private var padKnowsAShow = false
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
        case .connectFailed(let reason):
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

    // MARK: connection life

    private mutating func connect() -> [Action] {
        phase = .connecting
        return [.emit(.link(.connecting(to: settings.address))), .log(.info, "connecting to \(settings.address)"), .connect]
    }

    private mutating func pair() -> [Action] {
        guard case .connecting = phase else { return [] }
        framer.reset()
        pacer.reset()
        closeReason = nil
        let pin = ImpressPin.choose(override: settings.pinOverride, stored: storedPin, fresh: freshPin)
        var session = ImpressSession(clientName: settings.clientName, pin: pin, serverLabel: settings.serverLabel)
        // One write: the server reads the request with blocking reads on its
        // only accepting thread (see PROTOCOL.md).
        let request = session.start()
        self.session = session
        phase = .open
        var actions: [Action] = [.log(.info, "connected to \(settings.address); pairing as \(settings.clientName.debugDescription)"),
                                 .write(request, command: nil)]
        if settings.pairingTimeout > .zero { actions.append(.arm(.pairing, after: settings.pairingTimeout)) }
        return actions
    }

    private mutating func receive(_ bytes: [UInt8], now: Duration) -> [Action] {
        guard case .open = phase else { return [] }
        var messages: [[String]] = []
        var failure: ImpressFramingError?
        do { try framer.feed(bytes, into: &messages) } catch { failure = error }
        // Messages completed before a framing error still count.
        var actions: [Action] = []
        for lines in messages {
            stream.note(lines, now: now)
            guard var session else { break }
            if session.phase == .requested, !(lines.first ?? "").hasPrefix("LO_SERVER_") {
                closeReason = Self.notImpressReason
                let first = TerminalText.escaped(String((lines.first ?? "").prefix(60)))
                return actions + [.log(.notice, "the answer to the pair request was \"\(first)\": not Impress Remote"), .close]
            }
            actions.append(.log(.trace, "received \(lines.first ?? "") \(lines.count > 1 && lines[1].count < 16 ? lines[1] : "…")"))
            let outputs = session.receive(lines)
            let wasRequested = session.phase != .requested && self.session?.phase == .requested
            self.session = session
            if wasRequested { actions.append(.cancel(.pairing)) }
            for output in outputs { actions += perform(output, now: now) }
        }
        if let failure {
            closeReason = failure.description
            actions.append(.log(.error, "\(failure); closing the connection"))
            if !stream.mayClose(at: now) {
                framer.reset()
                return actions + startDraining(then: .reconnect(reason: failure.description), now: now)
            }
            actions.append(.close)
        }
        return actions
    }

    private mutating func perform(_ output: ImpressSessionOutput, now: Duration) -> [Action] {
        switch output {
        case .event(let event):
            var actions: [Action] = []
            switch event {
            case .link(.connected): backoff.reset()
            case .link(.pairing) where padKnowsAShow:
                padKnowsAShow = false
                actions.append(.emit(.showFinished))
            case .showStarted:
                padKnowsAShow = true
                pacer.reset()
            case .showFinished: padKnowsAShow = false
            default: break
            }
            return actions + [.emit(event)]
        case .rememberPin(let pin):
            storedPin = pin
            return [.storePin(pin)]
        case .navigationConfirmed(let index):
            return pacer.confirmed(index, now: now).map { [.cancel(.heldNavigation)] + write($0, for: nil) } ?? []
        case .log(let level, let message):
            return [.log(level, message)]
        }
    }

    mutating func lost() -> [Action] {
        guard case .open = phase else { return [] }
        var reason = closeReason ?? LinkProblem.closed.reason
        if closeReason == nil {
            if framer.isMidMessage {
                reason = "connection closed in the middle of a message"
            } else if session?.phase == .validatingPin {
                reason = LinkProblem.pairingUnconfirmed.reason
            } else if session?.phase == .requested {
                reason = LinkProblem.pairingRefused.reason
            }
        }
        let refusedPairing = closeReason == nil && (session?.phase == .validatingPin || session?.phase == .requested)
        session = nil
        closeReason = nil
        framer.reset()
        pacer.reset()
        stream = PreviewStream()
        let lost: [Action] = [.log(.notice, "lost \(settings.address): \(reason)"), .cancel(.pairing)]
        guard !refusedPairing else {
            // Asking again and again would pop up Impress's dialog forever.
            phase = .waitingForRetry
            return lost + [.emit(.link(.failed(message: reason)))]
        }
        return lost + scheduleReconnect(reason: reason)
    }

    private mutating func scheduleReconnect(reason: String) -> [Action] {
        countDown(left: backoff.nextDelay(), reason: reason)
    }

    /// "reconnecting in N s" every `countdownStep`, then connect.
    private mutating func countDown(left: Duration, reason: String) -> [Action] {
        guard left > .zero else { return connect() }
        let step = min(settings.countdownStep > .zero ? settings.countdownStep : left, left)
        phase = .countingDown(left: left - step, reason: reason)
        return [.emit(.link(.reconnecting(inSeconds: ReconnectBackoff.countdownSeconds(left), reason: reason))),
                .arm(.countdown, after: step)]
    }

    // MARK: commands

    private mutating func send(_ command: SourceCommand, now: Duration) -> [Action] {
        guard case .open = phase, session?.isPaired == true else {
            return [.dropped(command), .log(.debug, "not paired: dropped \(command)")]
        }
        stream.commandSent(command, now: now)
        guard let wire = pacer.wire(command, show: session?.show, now: now) else {
            return [.log(.trace, "holding \(command) until the show confirms its step"),
                    .arm(.heldNavigation, after: pacer.ackTimeout)]
        }
        return write(wire, for: command)
    }

    /// A command's bytes; `command` is what was pressed (nil: sent for the
    /// pacer, after the fact).
    private func write(_ wire: SourceCommand, for command: SourceCommand?) -> [Action] {
        guard let bytes = ImpressClientEncoding.encode(wire) else {
            return command.map { [.dropped($0), .log(.notice, "cannot send \($0)")] } ?? []
        }
        // The bytes first: the log line after them is off the key's path to the wire.
        return [.write(bytes, command: command), .log(.trace, "sending \(wire)" + (command.map { " for \($0)" } ?? ""))]
    }
}

extension ImpressConnection.Input {
    var command: SourceCommand? { if case .send(let c) = self { c } else { nil } }
    var isClosed: Bool { if case .closed = self { true } else { false } }
}
