import ImpressRemote
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Opening a connection, and the news its channel brings (on `loop`).
extension ImpressRemoteSource {
    func open(_ link: Link) {
        link.generation += 1
        let generation = link.generation
        let address = configuration.address
        let bootstrap = Self.withLivenessChecks(ClientBootstrap(group: loop))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connectTimeout(.nanoseconds(configuration.connectTimeout.clampedNanoseconds))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ImpressChannelHandler(source: self, generation: generation))
                }
            }
        bootstrap.connect(host: address.host, port: address.port).hop(to: loop).whenComplete { result in
            let link = self.link.value
            guard generation == link.generation, !self.core.withLock({ $0.machine.isStopped }) else {
                if case .success(let channel) = result { channel.close(promise: nil) }
                return
            }
            switch result {
            case .success(let channel):
                link.channel = channel
                let writer = WireWriter.forConnected(channel)
                self.core.withLock { $0.writer = writer }
                self.handle(.connected)
            case .failure(let error):
                self.handle(.connectFailed(Self.problem(error)))
            }
        }
    }

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

    // MARK: news from the channel

    func received(_ buffer: ByteBuffer, generation: Int) {
        guard generation == link.value.generation else { return }
        handle(.received(Array(buffer.readableBytesView)))
    }

    func connectionFailed(_ error: Error, generation: Int) {
        guard generation == link.value.generation else { return }
        handle(.failed(Self.problem(error)))
    }

    func connectionClosed(generation: Int) {
        let link = self.link.value
        guard generation == link.generation else { return }
        letGo(link)
        handle(.closed)
        link.noteIfClosed(stopped: core.withLock { $0.machine.isStopped })
    }
}
