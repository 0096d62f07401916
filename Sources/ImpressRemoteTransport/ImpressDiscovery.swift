import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SlideModel
import ImpressRemote

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
        timeout: Duration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) -> EventLoopFuture<DiscoveryResult> {
        let loop = group.next()
        var notes: [String] = []
        var destinations: [(label: String, address: SocketAddress)] = []
        if multicast {
            do {
                let group = try SocketAddress(ipAddress: ImpressDiscoveryCodec.multicastGroup, port: ImpressDiscoveryCodec.port)
                destinations.append(("multicast \(ImpressDiscoveryCodec.multicastGroup)", group))
            } catch {
                notes.append("multicast: \(error)")
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
                notes.append("\(target.host): cannot resolve (\(error))")
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
        let sendTo = destinations
        let result = bootstrap.bind(host: "0.0.0.0", port: 0).flatMap { channel -> EventLoopFuture<DiscoveryResult> in
            let sends = sendTo.map { destination -> EventLoopFuture<String?> in
                let envelope = AddressedEnvelope(
                    remoteAddress: destination.address, data: ByteBuffer(bytes: ImpressDiscoveryCodec.search))
                return channel.writeAndFlush(envelope).map { nil as String? }.recover { error in
                    "\(destination.label): cannot send (\(error))"
                }
            }
            return EventLoopFuture.whenAllSucceed(sends, on: loop).flatMap { sendNotes in
                let wait = timeout.clampedNanoseconds
                let deadline = loop.scheduleTask(in: .nanoseconds(wait)) { collector.finish() }
                collector.finishIfEveryoneAnswered()
                return collector.finished.futureResult.flatMap {
                    deadline.cancel()
                    return channel.close().recover { _ in }
                }.map {
                    DiscoveryResult(servers: collector.servers, notes: initialNotes + sendNotes.compactMap { $0 })
                }
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
