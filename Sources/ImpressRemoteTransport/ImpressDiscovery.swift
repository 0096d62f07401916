#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SlideModel
import ImpressRemote

extension ImpressDiscovery {
    /// What went wrong, in words: the system's for a failed call (NIO's own
    /// text, "sendmsg: Network is unreachable) (errno: 101)", has a bracket
    /// too many), and a name that does not resolve said so (NIO's is
    /// `SocketAddressError.UnknownHost: … (error -2) for host …`).
    static func words(_ error: any Error) -> String {
        if let failure = error as? IOError { return String(cString: strerror(failure.errnoCode)) }
        if error is SocketAddressError.UnknownHost { return "\(ImpressProblem.hostNotFound.reason): no computer has this name" }
        if let failure = error as? SocketAddressError, case .unsupported = failure { return "not an address this computer can use" }
        return "\(error)"
    }
}

/// One Impress that answered a search.
public struct DiscoveredServer: Sendable, Equatable {
    /// The host name it advertised.
    public var name: String
    /// The IP address the answer came from: connect there, TCP 1599.
    public var address: String

    public init(name: String, address: String) {
        self.name = name
        self.address = address
    }
}

/// What a search found, and what went wrong on the way (a multicast without
/// a route, a host that does not resolve), to show as notes.
public struct DiscoveryResult: Sendable, Equatable {
    public var servers: [DiscoveredServer] = []
    public var notes: [String] = []
}

/// Finds Impress Remote servers over UDP: `LOREMOTE_SEARCH\n` to the
/// multicast group and to each given host, answers collected until the
/// timeout. IPv4 only (LibreOffice listens on 0.0.0.0:1598).
public enum ImpressDiscovery {
    public struct Target: Sendable, Equatable {
        public var host: String
        public var port: Int

        public init(host: String, port: Int = ImpressDiscoveryCodec.port) {
            self.host = host
            self.port = port
        }
    }

    /// Sends the searches and completes with every distinct answer, in
    /// order of arrival: after `timeout`, or as soon as every host asked
    /// directly has answered (anything at all) when no multicast search
    /// went out (a multicast may be answered by anyone, any time).
    public static func search(
        targets: [Target],
        multicast: Bool,
        multicastGroup: Target = Target(host: ImpressDiscoveryCodec.multicastGroup),
        timeout: Duration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) -> EventLoopFuture<DiscoveryResult> {
        let loop = group.next()
        var notes: [String] = []
        var destinations: [(label: String, address: SocketAddress)] = []
        if multicast {
            do {
                let group = try SocketAddress(ipAddress: multicastGroup.host, port: multicastGroup.port)
                destinations.append(("multicast \(multicastGroup.host)", group))
            } catch {
                notes.append("multicast: \(words(error))")
            }
        }
        for target in targets {
            do {
                let address = try SocketAddress.makeAddressResolvingHost(target.host, port: target.port)
                guard address.protocol == .inet else {
                    notes.append("\(target.host): only IPv4 hosts can be searched")
                    continue
                }
                destinations.append((target.host, address))
            } catch {
                notes.append("\(target.host): \(words(error))")
            }
        }
        let collector = DiscoveryCollector(
            waitingFor: multicast ? nil : Set(destinations.map { DiscoveryCollector.key($0.address) }),
            finished: loop.makePromise())
        let bootstrap = DatagramBootstrap(group: loop)
            .channelOption(.socketOption(.so_broadcast), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(DiscoveryHandler(collector: collector))
                }
            }
        let initialNotes = notes
        // One socket for each destination: a send that fails (a multicast
        // with no route, on a laptop that is offline) closes its socket in
        // NIO, and must not take the direct searches with it.
        let sendTo = destinations
        let searches = sendTo.map { destination -> EventLoopFuture<(any Channel)?> in
            bootstrap.bind(host: "0.0.0.0", port: 0).flatMap { channel in
                let envelope = AddressedEnvelope(
                    remoteAddress: destination.address, data: ByteBuffer(bytes: ImpressDiscoveryCodec.search))
                return channel.writeAndFlush(envelope).map { channel as (any Channel)? }.recover { error in
                    collector.note("\(destination.label): cannot send (\(words(error)))")
                    channel.close(promise: nil)
                    return nil
                }
            }.recover { error in
                collector.note("\(destination.label): cannot open a socket (\(words(error)))")
                return nil
            }
        }
        let result = EventLoopFuture.whenAllSucceed(searches, on: loop).flatMap { channels -> EventLoopFuture<DiscoveryResult> in
            let open = channels.compactMap { $0 }
            let deadline = loop.scheduleTask(in: .nanoseconds(timeout.clampedNanoseconds)) { collector.finish() }
            // Nothing can answer on a socket that could not send.
            collector.forget(sendTo.indices.filter { channels[$0] == nil }.map { DiscoveryCollector.key(sendTo[$0].address) })
            if open.isEmpty { collector.finish() }
            return collector.finished.futureResult.flatMap {
                deadline.cancel()
                return EventLoopFuture.andAllComplete(open.map { $0.close() }, on: loop)
            }.map {
                DiscoveryResult(servers: collector.servers, notes: initialNotes + collector.notes)
            }
        }
        // A search that never got going (no socket) leaves no promise pending.
        result.whenComplete { _ in collector.finish() }
        return result
    }
}

/// Answers gathered so far, deduplicated by address; and whether every
/// host asked directly has answered, which ends the search early.
final class DiscoveryCollector: Sendable {
    private struct State {
        var servers: [DiscoveredServer] = []
        /// Hosts asked directly that have not answered (nil: a multicast
        /// went out, so only the timeout ends the search).
        var silent: Set<String>?
        var notes: [String] = []
        var isFinished = false
    }

    private let state: NIOLockedValueBox<State>
    /// Completed once, by the timeout or by the last answer awaited.
    let finished: EventLoopPromise<Void>

    init(waitingFor hosts: Set<String>?, finished: EventLoopPromise<Void>) {
        state = NIOLockedValueBox(State(silent: hosts))
        self.finished = finished
    }

    /// How an address is matched with the answer that comes from it.
    static func key(_ address: SocketAddress) -> String { "\(address.ipAddress ?? "?"):\(address.port ?? 0)" }

    var servers: [DiscoveredServer] { state.withLockedValue { $0.servers } }
    var notes: [String] { state.withLockedValue { $0.notes } }

    /// Something went wrong on the way, to show as a note.
    func note(_ text: String) {
        state.withLockedValue { $0.notes.append(text) }
    }

    /// Hosts no search reached: not waited for.
    func forget(_ keys: [String]) {
        state.withLockedValue { state in
            for key in keys { state.silent?.remove(key) }
        }
        finishIfEveryoneAnswered()
    }

    func add(_ server: DiscoveredServer) {
        state.withLockedValue { state in
            if !state.servers.contains(where: { $0.address == server.address }) { state.servers.append(server) }
        }
    }

    /// Something came from `address`: an answer, whatever it says.
    func heard(from address: SocketAddress) {
        _ = state.withLockedValue { $0.silent?.remove(Self.key(address)) }
        finishIfEveryoneAnswered()
    }

    func finishIfEveryoneAnswered() {
        if state.withLockedValue({ $0.silent?.isEmpty ?? false }) { finish() }
    }

    func finish() {
        let first = state.withLockedValue { state -> Bool in
            defer { state.isFinished = true }
            return !state.isFinished
        }
        if first { finished.succeed() }
    }
}

final class DiscoveryHandler: ChannelInboundHandler {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>

    private let collector: DiscoveryCollector

    init(collector: DiscoveryCollector) {
        self.collector = collector
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        defer { collector.heard(from: envelope.remoteAddress) }
        guard let name = ImpressDiscoveryCodec.advertisedName(envelope.data.readableBytesView),
              let ip = envelope.remoteAddress.ipAddress
        else { return }
        collector.add(DiscoveredServer(name: name, address: ip))
    }

    /// A send to an unreachable destination may come back as an error on the
    /// socket (ICMP); the search goes on with the other destinations.
    func errorCaught(context: ChannelHandlerContext, error: Error) {}
}
