import Dispatch
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SlideModel
import ImpressRemote
import SourceKit
import Syscalls

/// A running LibreOffice Impress, driven over the network (Impress Remote,
/// TCP 1599), as a `SlideSource`: a thin SwiftNIO driver that carries out
/// what the pure `ImpressConnection` decides (connect, write, close, timers,
/// events, PIN storage) and feeds it what the network and the clock say.
///
/// Threads: the machine and everything the driver keeps (channel, timers)
/// live on one event loop (`link`, a `NIOLoopBoundBox`: touching it
/// elsewhere traps); nothing else touches them. The pad runs on that same
/// loop (`PadEventLoop`), so a press it sends is decided and written
/// (`writeAndFlush`, which writes at once on the channel's own loop) in the
/// turn that read the key: no hop, no lock. A call from another thread
/// (`send`/`watch`, tests) hops to the loop with `execute`, in order. The
/// pairing file is read and written on NIO's thread pool, never on the
/// loop. Events go out through `EventGate`, which `shutdown` closes, so no
/// event arrives after it returns.
public final class ImpressRemoteSource: SlideSource, Sendable {
    public let configuration: ImpressRemoteConfiguration
    let loop: EventLoop
    let logger: Logger
    let gate = EventGate()
    /// Stopped once by `shutdown`; read by `send` from any thread.
    private let stopping = SourceShutdown()
    /// The pairing file being written (off the loop): a command that pairs
    /// and leaves at once (`send`) must not exit before it is on disk.
    let pairingWrites = DispatchGroup()
    /// The machine and the driver's state, on `loop` only.
    let link: NIOLoopBoundBox<Link>

    /// What lives on the loop: the machine and what carries its decisions out.
    final class Link {
        var machine: ImpressConnection
        var channel: Channel?
        /// The open connection's socket (NIO's), for `handOff` to duplicate.
        var descriptor: Int32?
        /// Bumped for every connection attempt; news from older ones is ignored.
        var generation = 0
        var timers: [ImpressConnection.Timer: Scheduled<Void>] = [:]
        /// `send(_:whenWritten:)`'s report for a press the pacer holds: made
        /// when the held press goes out (or the link drops it).
        var heldWritten: (@Sendable (Bool) -> Void)?
        /// Completed once stopped and the socket is closed (or handed off).
        let closed: EventLoopPromise<Void>
        private var isClosed = false
        init(machine: ImpressConnection, closed: EventLoopPromise<Void>) {
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

    /// The problem when the pair request goes unanswered.
    public static let noAnswerProblem = ImpressConnection.noAnswerProblem

    /// - Parameters:
    ///   - logger: where protocol trouble is written (never the terminal).
    ///   - group: the event loops to run on; the pad's one loop by default.
    public init(
        configuration: ImpressRemoteConfiguration,
        logger: Logger = Logger(label: "controlpad.impress"),
        group: any EventLoopGroup = PadEventLoop.group
    ) {
        self.configuration = configuration
        self.logger = logger
        loop = group.next()
        let settings = ImpressConnection.Settings(
            clientName: configuration.clientName, serverLabel: configuration.address.host,
            address: configuration.address.description, pinOverride: configuration.pinOverride,
            pairingTimeout: configuration.pairingTimeout, countdownStep: configuration.countdownStep,
            backoff: configuration.backoff,
            pacer: NavigationPacer(quietGap: configuration.navigationQuietGap, ackTimeout: configuration.navigationAckTimeout,
                                   firstStepWait: configuration.navigationFirstStepWait),
            maxMessageBytes: configuration.maxMessageBytes, maxMessageLines: configuration.maxMessageLines)
        link = .makeBoxSendingValue(Link(machine: ImpressConnection(settings), closed: loop.makePromise()), eventLoop: loop)
    }

    // MARK: SlideSource

    public func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        guard !isStopped else { return }
        gate.open(events)
        let store = configuration.pairingStore
        let key = configuration.address.description
        NIOThreadPool.singleton.runIfActive(eventLoop: loop) { store?.pin(forServer: key) }.whenComplete { result in
            let stored = (try? result.get()) ?? nil
            self.handle(.start(storedPin: stored, freshPin: self.configuration.makePin()))
        }
    }

    public func retryNow() {
        guard !isStopped else { return }
        loop.execute { self.handle(.retryNow) }
    }

    /// On the source's loop (the pad's), decided and written before this
    /// returns; from another thread, on the loop after whatever is already
    /// on its way there.
    public func send(_ command: SourceCommand) {
        guard !isStopped else { return }
        if loop.inEventLoop {
            handle(.send(command))
        } else {
            loop.execute { self.handle(.send(command)) }
        }
    }

    /// Sends `command` like `send`, then calls `whenWritten` (on the source's
    /// loop, outside the event sink) with true once its bytes are written to
    /// the socket, or false if it was dropped (not paired, link lost, shut
    /// down). For `controlpad send`, which must not close the connection
    /// before its command has gone out.
    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        guard !isStopped else { return whenWritten(false) }
        loop.execute { self.handle(.send(command), whenWritten: whenWritten) }
    }

    /// Stops: no event reaches the pad after this returns. The socket
    /// closes at once, unless Impress is still streaming this connection a
    /// show's previews: then it closes when the stream is done (bounded;
    /// see `PreviewStream`), on the source's loop, and `closed` tells when.
    /// `handOff()` gives that wait to another process.
    public func shutdown() {
        guard stopping.stop(closing: gate, on: loop, { self.stop() }) else { return }
        if !loop.inEventLoop { waitForThePairingFile() }
    }

    /// Until a PIN Impress accepted is on disk (at most 2 s: a file system
    /// that hangs must not keep the shell waiting).
    private func waitForThePairingFile() {
        if pairingWrites.wait(timeout: .now() + .seconds(2)) == .timedOut {
            logger.warning("the pairing file is still being written; leaving without waiting for it")
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
        guard isStopped else { return nil }
        return try? loop.submit { () -> StreamHandOff? in
            let link = self.link.value
            let now = Self.monotonicNow()
            guard let (stream, until) = link.machine.drainingStream, let channel = link.channel,
                  let socket = link.descriptor, let descriptor = Syscalls.duplicate(socket)
            else { return nil }
            self.letGo(link)
            self.handle(.closed)
            channel.close(promise: nil)
            return StreamHandOff(descriptor: descriptor, stream: stream.rebased(from: now, to: .zero),
                                 remaining: until - now)
        }.wait() ?? nil
    }

    private var isStopped: Bool { stopping.isStopped }

    private func stop() {
        handle(.stop)
        link.value.noteIfClosed()
    }
}
