import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SlideModel
import SlideSources
import Syscalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A running LibreOffice Impress, driven over the network (Impress Remote,
/// TCP 1599), as a `SlideSource`: a thin SwiftNIO driver that carries out
/// what the pure `ImpressConnection` decides (connect, write, close, timers,
/// events, PIN storage) and feeds it what the network and the clock say.
///
/// Threads: the connection's state is bound to one event loop (`link`, a
/// `NIOLoopBoundBox`: touching it elsewhere traps); `send` and `shutdown` may be
/// called from any thread and hop onto it. The pairing file is read and
/// written on NIO's thread pool, never on the loop. Events go out through
/// `EventGate`, which `shutdown` closes, so no event arrives after it returns.
public final class ImpressRemoteSource: SlideSource, Sendable {
    public let configuration: ImpressRemoteConfiguration
    private let loop: EventLoop
    private let logger: Logger
    private let gate = EventGate()
    /// Set once by `shutdown`; read by `send` from any thread.
    private let stopped = NIOLockedValueBox(false)
    private let link: NIOLoopBoundBox<Link>

    /// What the driver keeps on its loop beside the connection's decisions.
    private final class Link {
        var machine: ImpressConnection
        var channel: Channel?
        /// Bumped for every connection attempt; news from older ones is ignored.
        var generation = 0
        var timers: [ImpressConnection.Timer: Scheduled<Void>] = [:]
        /// Completed once stopped and the socket is closed (or handed off).
        let closed: EventLoopPromise<Void>
        private var isClosed = false
        init(_ machine: ImpressConnection, closed: EventLoopPromise<Void>) {
            self.machine = machine
            self.closed = closed
        }

        /// Once the machine has stopped and no socket is left open.
        func noteIfClosed() {
            guard machine.isStopped, channel == nil, !isClosed else { return }
            isClosed = true
            closed.succeed()
        }
    }

    /// The status line's reason when the pair request goes unanswered.
    public static let noAnswerReason = ImpressConnection.noAnswerReason

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
        loop = group.next()
        let settings = ImpressConnection.Settings(
            clientName: configuration.clientName, serverLabel: configuration.address.host,
            address: configuration.address.description, pinOverride: configuration.pinOverride,
            pairingTimeout: configuration.pairingTimeout, countdownStep: configuration.countdownStep,
            backoff: configuration.backoff,
            pacer: NavigationPacer(quietGap: configuration.navigationQuietGap, ackTimeout: configuration.navigationAckTimeout),
            maxMessageBytes: configuration.maxMessageBytes, maxMessageLines: configuration.maxMessageLines)
        link = .makeBoxSendingValue(Link(ImpressConnection(settings), closed: loop.makePromise()), eventLoop: loop)
    }

    // MARK: SlideSource

    public func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        guard !stopped.withLockedValue({ $0 }) else { return }
        gate.open(events)
        let store = configuration.pairingStore
        let key = configuration.address.description
        NIOThreadPool.singleton.runIfActive(eventLoop: loop) { store?.pin(forServer: key) }.whenComplete { result in
            let stored = (try? result.get()) ?? nil
            self.handle(.start(storedPin: stored, freshPin: self.configuration.makePin()))
        }
    }

    public func retryNow() {
        guard !stopped.withLockedValue({ $0 }) else { return }
        loop.execute { self.handle(.retryNow) }
    }

    public func send(_ command: SourceCommand) {
        guard !stopped.withLockedValue({ $0 }) else { return }
        loop.execute { self.handle(.send(command)) }
    }

    /// Sends `command` like `send`, then calls `whenWritten` (on the source's
    /// loop, outside the event sink) with true once its bytes are written to
    /// the socket, or false if it was dropped (not paired, link lost, shut
    /// down). For `controlpad send`, which must not close the connection
    /// before its command has gone out.
    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        guard !stopped.withLockedValue({ $0 }) else { return whenWritten(false) }
        loop.execute { self.handle(.send(command), whenWritten: whenWritten) }
    }

    /// Stops: no event reaches the pad after this returns. The socket
    /// closes at once, unless Impress is still streaming this connection a
    /// show's previews: then it closes when the stream is done (bounded;
    /// see `PreviewStream`), on the source's loop, and `closed` tells when.
    /// `handOff()` gives that wait to another process.
    public func shutdown() {
        let first = stopped.withLockedValue { wasStopped -> Bool in
            defer { wasStopped = true }
            return !wasStopped
        }
        // From here on no event reaches the pad (an event being delivered
        // right now finishes first: the gate's lock waits for it).
        gate.close()
        guard first else { return }
        if loop.inEventLoop {
            stop()
        } else {
            try? loop.submit { self.stop() }.wait()
        }
    }

    /// Completes once the source has stopped and let go of its socket.
    public var closed: EventLoopFuture<Void> {
        loop.flatSubmit { self.link.value.closed.futureResult }
    }

    /// After `shutdown`, while Impress is still streaming previews to this
    /// connection: a duplicate of its socket and the stream's state, for
    /// another process to finish the wait (`StreamFinisher`); this source
    /// stops reading and lets go of its own copy. Nil when nothing is left
    /// to wait for (the socket is closed, or closes at once).
    public func handOff() -> StreamHandOff? {
        guard stopped.withLockedValue({ $0 }) else { return nil }
        return try? loop.submit { () -> StreamHandOff? in
            let link = self.link.value
            let now = Self.monotonicNow()
            guard let (stream, until) = link.machine.drainingStream, let channel = link.channel,
                  let local = channel.localAddress?.port, let remote = channel.remoteAddress?.port,
                  let descriptor = Syscalls.duplicateTCPConnection(localPort: local, remotePort: remote)
            else { return nil }
            link.channel = nil
            self.handle(.closed)
            channel.close(promise: nil)
            return StreamHandOff(descriptor: descriptor, stream: stream.rebased(from: now, to: .zero),
                                 remaining: until - now)
        }.wait() ?? nil
    }

    private func stop() {
        handle(.stop)
        link.value.noteIfClosed()
    }

    // MARK: carrying out the connection's decisions (on `loop`)

    private func handle(_ input: ImpressConnection.Input, whenWritten: (@Sendable (Bool) -> Void)? = nil) {
        let link = self.link.value
        let actions = link.machine.handle(input, now: Self.monotonicNow())
        // A press the pacer holds for a moment is accepted: it goes out later.
        if !actions.contains(where: { if case .write(_, .some) = $0 { true } else if case .dropped = $0 { true } else { false } }) {
            whenWritten?(true)
        }
        for action in actions {
            switch action {
            case .connect: open(link)
            case .write(let bytes, let command):
                guard let channel = link.channel else {
                    if command != nil { whenWritten?(false) }
                    continue
                }
                let promise = command == nil ? nil : whenWritten.map { done in
                    let promise = loop.makePromise(of: Void.self)
                    promise.futureResult.whenComplete { done((try? $0.get()) != nil) }
                    return promise
                }
                channel.writeAndFlush(ByteBuffer(bytes: bytes), promise: promise)
            case .close:
                if link.machine.isStopped, let channel = link.channel {
                    link.channel = nil
                    channel.close(promise: nil)
                } else {
                    link.channel?.close(promise: nil)
                }
                link.noteIfClosed()
            case .arm(let timer, let delay):
                link.timers[timer]?.cancel()
                link.timers[timer] = loop.scheduleTask(in: .nanoseconds(Self.nanoseconds(delay))) {
                    link.timers[timer] = nil
                    self.handle(.timerFired(timer))
                }
            case .cancel(let timer): link.timers.removeValue(forKey: timer)?.cancel()
            case .emit(let event): gate.deliver(event)
            case .storePin(let pin): remember(pin)
            case .dropped: whenWritten?(false)
            case .log(let level, let message): logger.log(level: Self.level(level), "\(message)")
            }
        }
    }

    private func open(_ link: Link) {
        link.generation += 1
        let generation = link.generation
        let address = configuration.address
        let bootstrap = Self.withLivenessChecks(ClientBootstrap(group: loop))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connectTimeout(.nanoseconds(Self.nanoseconds(configuration.connectTimeout)))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ImpressChannelHandler(source: self, generation: generation))
                }
            }
        bootstrap.connect(host: address.host, port: address.port).hop(to: loop).whenComplete { result in
            let link = self.link.value
            guard generation == link.generation, !link.machine.isStopped else {
                if case .success(let channel) = result { channel.close(promise: nil) }
                return
            }
            switch result {
            case .success(let channel):
                link.channel = channel
                self.handle(.connected)
            case .failure(let error):
                self.handle(.connectFailed(reason: Self.describe(error)))
            }
        }
    }

    /// The pairing file is written off the loop.
    private func remember(_ pin: String) {
        guard let store = configuration.pairingStore else { return }
        let (server, name) = (configuration.address.description, configuration.clientName)
        let logger = self.logger
        NIOThreadPool.singleton.runIfActive(eventLoop: loop) {
            try store.remember(server: server, clientName: name, pin: pin)
        }.whenFailure { error in
            logger.error("cannot remember the PIN for \(server): \(error)")
        }
    }

    // MARK: news from the channel (on `loop`)

    func received(_ buffer: ByteBuffer, generation: Int) {
        guard generation == link.value.generation else { return }
        handle(.received(Array(buffer.readableBytesView)))
    }

    func connectionFailed(_ error: Error, generation: Int) {
        guard generation == link.value.generation else { return }
        handle(.failed(reason: Self.describe(error)))
    }

    func connectionClosed(generation: Int) {
        let link = self.link.value
        guard generation == link.generation else { return }
        link.channel = nil
        handle(.closed)
        link.noteIfClosed()
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
        case .trace: return .trace
        case .debug: return .debug
        case .info: return .info
        case .notice: return .notice
        case .warning: return .warning
        case .error: return .error
        }
    }

    /// A short reason for the status line.
    static func describe(_ error: Error) -> String {
        if let e = error as? ChannelError, case .connectTimeout = e { return LinkProblem.timedOut.reason }
        if let e = error as? NIOConnectionError {
            if e.dnsAError != nil && e.dnsAAAAError != nil && e.connectionErrors.isEmpty {
                return LinkProblem.hostNotFound.reason
            }
            if let first = e.connectionErrors.first { return describe(first.error) }
        }
        if let e = error as? IOError {
            switch e.errnoCode {
            case ECONNREFUSED: return LinkProblem.refused.reason
            case ECONNRESET: return LinkProblem.reset.reason
            case EHOSTUNREACH, ENETUNREACH: return LinkProblem.unreachable.reason
            case ETIMEDOUT: return LinkProblem.timedOut.reason
            default: return e.description
            }
        }
        if error is ChannelError { return "connection error: \(error)" }
        return "\(error)"
    }
}
