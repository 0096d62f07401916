import Dispatch
import Logging
import NIOCore
import NIOPosix
import SlideModel
import ImpressRemote
import SourceKit
import Syscalls

/// A running LibreOffice Impress, driven over the network (Impress Remote,
/// TCP 1599), as a `SlideSource`: the pure `ImpressConnection` and its I/O
/// (`IO`: the socket, the press a pacer holds, the PIN storage) on the one
/// `SourceDriver`, which binds them to an event loop, keeps the timers, the
/// gate and which connection is current, and gives the source its `send`
/// and `retryNow`.
///
/// Threads: the pad runs on that same loop (`PadEventLoop`), so a press it
/// sends is decided and written (`writeAndFlush`, which writes at once on
/// the channel's own loop) in the turn that read the key: no hop, no lock.
/// A call from another thread (`send`/`watch`, tests) hops to the loop with
/// `execute`, in order. The pairing file is read and written on NIO's
/// thread pool, never on the loop.
public final class ImpressRemoteSource: DrivenSource {
    public let configuration: ImpressRemoteConfiguration
    public let driver: SourceDriver<IO>
    /// The pairing file being written (off the loop): a command that pairs
    /// and leaves at once (`send`) must not exit before it is on disk.
    private let pairingWrites: DispatchGroup

    /// The problem when the pair request goes unanswered.
    public static let noAnswerProblem = ImpressConnection.noAnswerProblem

    /// - Parameters:
    ///   - logger: where protocol trouble is written (never the terminal).
    ///   - group: the event loops to run on; the pad's one loop by default.
    /// A link another controlpad kept, taken over instead of connecting (once).
    private let adopting: (descriptor: Int32, adoption: ImpressConnection.Adoption)?

    /// - Parameters:
    ///   - adopting: a connected, paired socket another process handed over, and what it knew (`LinkHandOver`).
    public init(
        configuration: ImpressRemoteConfiguration,
        logger: Logger = Logger(label: "controlpad.impress"),
        group: any EventLoopGroup = PadEventLoop.group,
        adopting: (descriptor: Int32, adoption: ImpressConnection.Adoption)? = nil
    ) {
        self.configuration = configuration
        self.adopting = adopting
        let loop = group.next()
        let settings = ImpressConnection.Settings(
            clientName: configuration.clientName, serverLabel: configuration.address.host,
            address: configuration.address.description, pinOverride: configuration.pinOverride,
            pairingTimeout: configuration.pairingTimeout, countdownStep: configuration.countdownStep,
            backoff: configuration.backoff,
            pacer: NavigationPacer(quietGap: configuration.navigationQuietGap, ackTimeout: configuration.navigationAckTimeout,
                                   firstStepWait: configuration.navigationFirstStepWait),
            maxMessageBytes: configuration.maxMessageBytes, maxMessageLines: configuration.maxMessageLines)
        let writes = DispatchGroup()
        pairingWrites = writes
        driver = SourceDriver(machine: ImpressConnection(settings),
                              io: IO(configuration: configuration, pairingWrites: writes, closed: loop.makePromise(),
                                     adopted: adopting?.descriptor),
                              eventLoop: loop, logger: logger)
    }

    // MARK: SlideSource

    /// The PIN this server accepted before is read off the loop first.
    public func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        guard driver.open(events) else { return }
        let (store, key, driver, configuration) = (configuration.pairingStore, configuration.address.description, driver, configuration)
        let adoption = adopting?.adoption
        NIOThreadPool.singleton.runIfActive(eventLoop: driver.eventLoop) { store?.pin(forServer: key) }.whenComplete { result in
            let stored = (try? result.get()) ?? nil
            if let adoption {
                driver.handle(.adopt(storedPin: stored, freshPin: configuration.makePin(), adoption))
            } else {
                driver.handle(.start(storedPin: stored, freshPin: configuration.makePin()))
            }
        }
    }

    /// Stops: no event reaches the pad after this returns. The socket
    /// closes at once, unless Impress is still streaming this connection a
    /// show's previews: then it closes when the stream is done (bounded;
    /// see `PreviewStream`), on the source's loop, and `closed` tells when.
    /// `handOff()` gives that wait to another process.
    public func shutdown() {
        guard driver.shutdown(with: .stop) else { return }
        if !driver.eventLoop.inEventLoop { waitForThePairingFile() }
    }

    /// Until a PIN Impress accepted is on disk (at most 2 s: a file system
    /// that hangs must not keep the shell waiting).
    private func waitForThePairingFile() {
        if pairingWrites.wait(timeout: .now() + .seconds(2)) == .timedOut {
            driver.logger.warning("the pairing file is still being written; leaving without waiting for it")
        }
    }

    /// Completes once the source has stopped and let go of its socket.
    public var closed: EventLoopFuture<Void> {
        let driver = self.driver
        return driver.eventLoop.flatSubmit { driver.io.closed.futureResult }
    }

    /// After `shutdown`, while Impress is still streaming previews to this
    /// connection: a duplicate of its socket and the stream's state, for
    /// another process to finish the wait (`StreamFinisher`); this source
    /// stops reading and lets go of its own copy. Nil when nothing is left
    /// to wait for (the socket is closed, or closes at once).
    public func handOff() -> StreamHandOff? {
        guard driver.isStopped else { return nil }
        let driver = self.driver
        return try? driver.eventLoop.submit { () -> StreamHandOff? in
            let io = driver.io
            let now = driver.now
            guard let (stream, until) = driver.machine.drainingStream, let channel = io.channel,
                  let socket = io.descriptor, let descriptor = Syscalls.duplicate(socket)
            else { return nil }
            let transcript = driver.machine.adoptionState.transcript
            io.letGo()
            driver.handle(.closed)
            channel.close(promise: nil)
            return StreamHandOff(descriptor: descriptor, stream: stream.rebased(from: now, to: .zero),
                                 remaining: until - now, transcript: transcript)
        }.wait() ?? nil
    }

    /// Stops, leaving the connection open for another process to take over
    /// (`LinkHandOver`): a duplicate of its socket and what Impress told it.
    /// Nil when it was not paired and told the show's state (it stopped as `shutdown` does).
    /// Never call it on the loop.
    public func handOverLink() -> (descriptor: Int32, adoption: ImpressConnection.Adoption)? {
        let driver = self.driver
        // One turn of the loop: stopped, then the socket let go, with nothing read from it in between.
        let given = try? driver.eventLoop.submit { () -> (descriptor: Int32, adoption: ImpressConnection.Adoption)? in
            guard driver.shutdown(with: .handOver) else { return nil }
            let io = driver.io
            guard let adoption = driver.machine.handOverState, let channel = io.channel,
                  let socket = io.descriptor, let descriptor = Syscalls.duplicate(socket) else { return nil }
            io.letGo()
            driver.handle(.closed)
            channel.close(promise: nil)
            return (descriptor, adoption.rebased(from: driver.now, to: .zero))
        }.wait()
        waitForThePairingFile()
        return given ?? nil
    }
}

/// The driver takes the connection as it is (its start carries the PIN, so
/// the source starts it itself).
extension ImpressConnection: SourceMachine {}
extension ImpressConnection.Input: SourceMachineInput {}
