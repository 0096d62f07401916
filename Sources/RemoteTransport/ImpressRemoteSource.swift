import Logging
import NIOCore
import NIOPosix
import SlideModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A running LibreOffice Impress, driven over the network (Impress Remote,
/// TCP 1599), as a `SlideSource`.
///
/// It connects, pairs (stored PIN, `--pin`, or a fresh random one shown to
/// the user while Impress asks for it), turns server messages into
/// `SourceEvent`s, paces navigation so LibreOffice drops none, and after a
/// drop reconnects with backoff, counting down on the status line.
///
/// Threads: all mutable state lives on one event loop (`loop`) and is only
/// touched there; `send` and `shutdown` may be called from any thread and hop
/// onto it. Events are delivered from that loop, through a lock that
/// `shutdown` also takes, so no event arrives after `shutdown` returns. The
/// sink may call `send`, and even `shutdown`, from inside a delivery.
public final class ImpressRemoteSource: SlideSource, @unchecked Sendable {
    public let configuration: ImpressRemoteConfiguration
    private let loop: EventLoop
    private let logger: Logger

    /// Delivery gate: open from `start` until `shutdown`.
    private let gate = EventGate()
    /// Set once by `shutdown`; read by `send` without touching the sink's lock.
    private let stopped = Locked(false)

    // MARK: state confined to `loop`

    private var started = false
    private var finished = false
    /// Bumped for every connection attempt; callbacks from older ones are ignored.
    private var generation = 0
    private var channel: Channel?
    private var session: ImpressSession?
    private var framer: ImpressFramer
    private var pacer: NavigationPacer
    /// Beside each command in `pacer`, in the same order: who wants to know
    /// when its bytes are written (`send(_:whenWritten:)`).
    private var writeWaiters: [(@Sendable (Bool) -> Void)?] = []
    private var pacerTimer: Scheduled<Void>?
    private var reconnectTimer: Scheduled<Void>?
    /// Drops a connection whose pair request the server never answers.
    private var pairingTimer: Scheduled<Void>?
    private var backoff: ReconnectBackoff
    /// Why the current connection is being closed, when we close it ourselves.
    private var closeReason: String?
    /// A PIN made up earlier in this run: a reconnect while the user is still
    /// typing it into Impress must not change it under their fingers.
    private var generatedPin: String?
    /// Whether the pad was last told a show runs (across connections): a
    /// re-pairing that needs a PIN first clears it, so nothing stale stays
    /// on screen while Impress waits for the PIN.
    private var padKnowsAShow = false

    /// - Parameters:
    ///   - logger: where protocol trouble is written (never the terminal).
    ///   - group: the event loops to run on; the shared singleton by default.
    public init(
        configuration: ImpressRemoteConfiguration,
        logger: Logger = Logger(label: "controlpad.impress"),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.configuration = configuration
        self.logger = logger
        self.loop = group.next()
        self.framer = ImpressFramer(
            maxMessageBytes: configuration.maxMessageBytes, maxLines: configuration.maxMessageLines)
        self.pacer = NavigationPacer(
            spacing: configuration.navigationSpacing,
            settle: configuration.navigationSettle,
            ackTimeout: configuration.navigationAckTimeout)
        self.backoff = configuration.backoff
    }

    // MARK: SlideSource

    public func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        guard !stopped.current else { return }
        gate.open(events)
        loop.execute {
            guard !self.started, !self.finished else { return }
            self.started = true
            self.connect()
        }
    }

    public func send(_ command: SourceCommand) {
        guard !stopped.current else { return }
        loop.execute { self.enqueue(command, whenWritten: nil) }
    }

    /// Sends `command` like `send`, then calls `whenWritten` (on the source's
    /// loop, outside the event sink) with true once its bytes are written to
    /// the socket, or false if it was dropped (not paired, queue full, link
    /// lost, shut down). For `controlpad send`, which must not close the
    /// connection before its command has gone out.
    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        guard !stopped.current else { return whenWritten(false) }
        loop.execute { self.enqueue(command, whenWritten: whenWritten) }
    }

    public func shutdown() {
        let first = stopped.withLock { wasStopped -> Bool in
            defer { wasStopped = true }
            return !wasStopped
        }
        // From here on no event reaches the pad (an event being delivered
        // right now finishes first: the lock waits for it).
        gate.close()
        guard first else { return }
        if loop.inEventLoop {
            _ = teardown()
        } else {
            // Wait until the socket is closed, so nothing outlives the call.
            _ = try? loop.flatSubmit { self.teardown() }.wait()
        }
    }

    // MARK: connection life (on `loop`)

    private func teardown() -> EventLoopFuture<Void> {
        finished = true
        generation += 1
        reconnectTimer?.cancel()
        reconnectTimer = nil
        pairingTimer?.cancel()
        pairingTimer = nil
        pacerTimer?.cancel()
        pacerTimer = nil
        clearQueue()
        session = nil
        guard let channel else { return loop.makeSucceededVoidFuture() }
        self.channel = nil
        logger.info("closing the connection to \(configuration.address)")
        return channel.close().recover { _ in }
    }

    private func connect() {
        guard !finished else { return }
        generation += 1
        let gen = generation
        let address = configuration.address
        emit(.link(.connecting(to: address.description)))
        logger.info("connecting to \(address)")
        let bootstrap = Self.withLivenessChecks(ClientBootstrap(group: loop))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connectTimeout(.nanoseconds(Int64(Self.nanoseconds(configuration.connectTimeout))))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ImpressChannelHandler(source: self, generation: gen))
                }
            }
        bootstrap.connect(host: address.host, port: address.port).hop(to: loop).whenComplete { result in
            switch result {
            case .success(let channel):
                guard gen == self.generation, !self.finished else {
                    channel.close(promise: nil)
                    return
                }
                self.connected(channel)
            case .failure(let error):
                guard gen == self.generation, !self.finished else { return }
                let reason = Self.describe(error)
                self.logger.notice("cannot connect to \(address): \(reason)")
                self.scheduleReconnect(reason: reason)
            }
        }
    }

    private func connected(_ channel: Channel) {
        self.channel = channel
        closeReason = nil
        framer.reset()
        clearQueue()
        let key = configuration.address.description
        var pin = configuration.pinOverride.flatMap { ImpressPin.isValid($0) ? $0 : nil }
        if pin == nil, let stored = configuration.pairingStore?.pin(forServer: key), ImpressPin.isValid(stored) {
            pin = stored
        }
        if pin == nil {
            if generatedPin == nil { generatedPin = configuration.makePin() }
            pin = generatedPin
        }
        var session = ImpressSession(
            clientName: configuration.clientName, pin: pin ?? "0000", serverLabel: configuration.address.host)
        let request = session.start()
        self.session = session
        logger.info("connected to \(key); pairing as \(configuration.clientName.debugDescription)")
        // One write: the server reads the request with blocking reads on its
        // only accepting thread (see PROTOCOL.md).
        channel.writeAndFlush(ByteBuffer(bytes: request), promise: nil)
        armPairingTimer(for: channel)
    }

    /// A server that accepts the connection but never answers the pair
    /// request (a stuck LibreOffice, or something else on the port) would
    /// leave the pad "connecting" forever: after `pairingTimeout` without an
    /// answer, drop the connection and try again, saying why.
    private func armPairingTimer(for channel: Channel) {
        pairingTimer?.cancel()
        pairingTimer = nil
        guard configuration.pairingTimeout > .zero else { return }
        let gen = generation
        let timeout = configuration.pairingTimeout
        pairingTimer = loop.scheduleTask(in: .nanoseconds(Int64(Self.nanoseconds(timeout)))) {
            self.pairingTimer = nil
            guard gen == self.generation, !self.finished, self.channel === channel,
                  self.session?.phase == .requested else { return }
            self.logger.notice("no answer to the pair request in \(timeout): closing the connection")
            self.closeReason = Self.noAnswerReason
            channel.close(promise: nil)
        }
    }

    /// The status line's reason when the pair request goes unanswered.
    public static let noAnswerReason = "no answer from Impress"

    func received(_ buffer: ByteBuffer, generation gen: Int) {
        guard gen == generation, !finished, session != nil else { return }
        var messages: [[String]] = []
        var failure: ImpressFramingError?
        do {
            try framer.feed(buffer.readableBytesView, into: &messages)
        } catch {
            failure = error
        }
        // Messages completed before a framing error still count.
        for lines in messages {
            guard gen == generation, var session = self.session else { return }
            logger.trace("received \(lines.first ?? "") \(lines.count > 1 && lines[1].count < 16 ? lines[1] : "…")")
            let outputs = session.receive(lines)
            self.session = session
            for output in outputs { perform(output) }
        }
        if let failure, gen == generation {
            logger.error("\(failure); closing the connection")
            closeReason = failure.description
            channel?.close(promise: nil)
        }
    }

    private func perform(_ output: ImpressSessionOutput) {
        switch output {
        case .event(let event):
            switch event {
            case .link(.connected): backoff.reset()
            case .link(.pairing) where padKnowsAShow:
                padKnowsAShow = false
                emit(.showFinished)
            case .showStarted: padKnowsAShow = true
            case .showFinished: padKnowsAShow = false
            default: break
            }
            emit(event)
        case .rememberPin(let pin):
            guard let store = configuration.pairingStore else { return }
            do {
                try store.remember(
                    server: configuration.address.description, clientName: configuration.clientName, pin: pin)
            } catch {
                logger.error("cannot remember the PIN for \(configuration.address): \(error)")
            }
        case .navigationConfirmed:
            pacer.acknowledge(now: Self.monotonicNow())
            if !pacer.isEmpty { pump() }
        case .log(let level, let message):
            logger.log(level: Self.level(level), "\(message)")
        }
    }

    func connectionFailed(_ error: Error, generation gen: Int) {
        guard gen == generation, !finished else { return }
        logger.notice("connection error: \(error)")
        if closeReason == nil { closeReason = Self.describe(error) }
    }

    func connectionClosed(generation gen: Int) {
        guard gen == generation, !finished else { return }
        let phase = session?.phase
        var reason = closeReason ?? "connection closed"
        if closeReason == nil {
            if framer.isMidMessage {
                reason = "connection closed in the middle of a message"
            } else if phase == .validatingPin {
                reason = "pairing was not confirmed in Impress"
            } else if phase == .requested {
                reason = "the server refused the pairing request"
            }
        }
        logger.notice("lost \(configuration.address): \(reason)")
        channel = nil
        pairingTimer?.cancel()
        pairingTimer = nil
        session = nil
        framer.reset()
        clearQueue()
        pacerTimer?.cancel()
        pacerTimer = nil
        scheduleReconnect(reason: reason)
    }

    // MARK: reconnecting (on `loop`)

    private func scheduleReconnect(reason: String) {
        guard !finished else { return }
        generation += 1
        let delay = backoff.nextDelay()
        countDown(remaining: delay, reason: reason)
    }

    /// Emits "reconnecting in N s" every `countdownStep`, then connects.
    private func countDown(remaining: Duration, reason: String) {
        guard remaining > .zero else {
            connect()
            return
        }
        emit(.link(.reconnecting(inSeconds: ReconnectBackoff.countdownSeconds(remaining), reason: reason)))
        let step = min(configuration.countdownStep > .zero ? configuration.countdownStep : remaining, remaining)
        let gen = generation
        reconnectTimer = loop.scheduleTask(in: .nanoseconds(Int64(Self.nanoseconds(step)))) {
            guard gen == self.generation, !self.finished else { return }
            self.countDown(remaining: remaining - step, reason: reason)
        }
    }

    // MARK: commands (on `loop`)

    private func enqueue(_ command: SourceCommand, whenWritten: (@Sendable (Bool) -> Void)?) {
        guard !finished else {
            whenWritten?(false)
            return
        }
        guard session?.isPaired == true, channel != nil else {
            logger.debug("not paired: dropped \(command)")
            whenWritten?(false)
            return
        }
        guard pacer.enqueue(command) else {
            logger.notice("too many commands waiting: dropped \(command)")
            whenWritten?(false)
            return
        }
        writeWaiters.append(whenWritten)
        pump()
    }

    /// Drops every queued command, telling whoever waits for one.
    private func clearQueue() {
        pacer.clear()
        let waiters = writeWaiters
        writeWaiters = []
        for waiter in waiters { waiter?(false) }
    }

    /// Sends what the pacer lets go now and wakes up when the next may go.
    private func pump() {
        guard let channel else { return }
        pacerTimer?.cancel()
        pacerTimer = nil
        let now = Self.monotonicNow()
        let due = pacer.release(now: now)
        for command in due {
            let waiter = writeWaiters.isEmpty ? nil : writeWaiters.removeFirst()
            guard let bytes = ImpressClientEncoding.encode(command) else {
                logger.notice("cannot send \(command)")
                waiter?(false)
                continue
            }
            logger.trace("sending \(command)")
            let promise = waiter.map { waiter in
                let promise = loop.makePromise(of: Void.self)
                promise.futureResult.whenComplete { waiter((try? $0.get()) != nil) }
                return promise
            }
            channel.write(ByteBuffer(bytes: bytes), promise: promise)
        }
        if !due.isEmpty { channel.flush() }
        if let next = pacer.nextRelease {
            let wait = max(next - now, .zero)
            pacerTimer = loop.scheduleTask(in: .nanoseconds(Int64(Self.nanoseconds(wait)))) {
                self.pacerTimer = nil
                self.pump()
            }
        }
    }

    // MARK: helpers

    /// A presenter's Wi-Fi can vanish without a FIN. TCP keepalive after 5 s
    /// of silence (3 probes, 2 s apart) and a 10 s limit on unacknowledged
    /// writes turn a dead peer into a closed connection, and so into the
    /// reconnect countdown, within seconds instead of hours.
    private static func withLivenessChecks(_ bootstrap: ClientBootstrap) -> ClientBootstrap {
        var b = bootstrap.channelOption(.socketOption(.so_keepalive), value: 1)
        #if os(Linux)
        func tcp(_ name: Int32) -> ChannelOptions.Types.SocketOption {
            .tcpOption(NIOBSDSocket.Option(rawValue: name))
        }
        b = b.channelOption(tcp(TCP_KEEPIDLE), value: 5)
            .channelOption(tcp(TCP_KEEPINTVL), value: 2)
            .channelOption(tcp(TCP_KEEPCNT), value: 3)
            .channelOption(tcp(TCP_USER_TIMEOUT), value: 10_000)
        #endif
        return b
    }

    private func emit(_ event: SourceEvent) {
        gate.deliver(event)
    }

    private static func monotonicNow() -> Duration {
        .nanoseconds(Int64(truncatingIfNeeded: NIODeadline.now().uptimeNanoseconds))
    }

    static func nanoseconds(_ d: Duration) -> Int64 {
        let (s, atto) = d.components
        let (ns, overflow) = s.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return s < 0 ? 0 : Int64.max }
        return max(0, ns + atto / 1_000_000_000)
    }

    private static func level(_ level: ImpressLogLevel) -> Logger.Level {
        switch level {
        case .debug: return .debug
        case .info: return .info
        case .notice: return .notice
        case .warning: return .warning
        case .error: return .error
        }
    }

    /// A short reason for the status line.
    static func describe(_ error: Error) -> String {
        if let e = error as? ChannelError, case .connectTimeout = e { return "no answer (timed out)" }
        if let e = error as? NIOConnectionError {
            if e.dnsAError != nil && e.dnsAAAAError != nil && e.connectionErrors.isEmpty {
                return "host not found"
            }
            if let first = e.connectionErrors.first { return describe(first.error) }
        }
        if let e = error as? IOError {
            switch e.errnoCode {
            case ECONNREFUSED: return "connection refused (is Impress running with the remote enabled?)"
            case ECONNRESET: return "connection reset"
            case EHOSTUNREACH, ENETUNREACH: return "host unreachable"
            case ETIMEDOUT: return "timed out"
            default: return e.description
            }
        }
        if error is ChannelError { return "connection error: \(error)" }
        return "\(error)"
    }
}
