import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SlideModel

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

    /// Sends the searches and completes after `timeout` with every distinct
    /// answer, in order of arrival.
    public static func search(
        targets: [Target],
        multicast: Bool,
        timeout: Duration,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) -> EventLoopFuture<DiscoveryResult> {
        let loop = group.next()
        let collector = DiscoveryCollector()
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
        let bootstrap = DatagramBootstrap(group: loop)
            .channelOption(.socketOption(.so_broadcast), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(DiscoveryHandler(collector: collector))
                }
            }
        let initialNotes = notes
        let sendTo = destinations
        return bootstrap.bind(host: "0.0.0.0", port: 0).flatMap { channel -> EventLoopFuture<DiscoveryResult> in
            let sends = sendTo.map { destination -> EventLoopFuture<String?> in
                let envelope = AddressedEnvelope(
                    remoteAddress: destination.address, data: ByteBuffer(bytes: ImpressDiscoveryCodec.search))
                return channel.writeAndFlush(envelope).map { nil as String? }.recover { error in
                    "\(destination.label): cannot send (\(error))"
                }
            }
            return EventLoopFuture.whenAllSucceed(sends, on: loop).flatMap { sendNotes in
                let wait = ImpressRemoteSource.nanoseconds(timeout)
                return loop.scheduleTask(in: .nanoseconds(wait)) {}.futureResult.flatMap {
                    channel.close().recover { _ in }
                }.map {
                    DiscoveryResult(servers: collector.servers, notes: initialNotes + sendNotes.compactMap { $0 })
                }
            }
        }
    }
}

/// Answers gathered so far, deduplicated by address.
final class DiscoveryCollector: Sendable {
    private let found = NIOLockedValueBox<[DiscoveredServer]>([])

    var servers: [DiscoveredServer] { found.withLockedValue { $0 } }

    func add(_ server: DiscoveredServer) {
        found.withLockedValue { list in
            if !list.contains(where: { $0.address == server.address }) { list.append(server) }
        }
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
        guard let name = ImpressDiscoveryCodec.advertisedName(envelope.data.readableBytesView),
              let ip = envelope.remoteAddress.ipAddress
        else { return }
        collector.add(DiscoveredServer(name: name, address: ip))
    }

    /// A send to an unreachable destination may come back as an error on the
    /// socket (ICMP); the search goes on with the other destinations.
    func errorCaught(context: ChannelHandlerContext, error: Error) {}
}
