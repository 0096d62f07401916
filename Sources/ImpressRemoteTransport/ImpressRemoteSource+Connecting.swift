import ImpressRemote
import NIOCore
import NIOPosix
import Syscalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Opening a connection, and the news its channel brings (on `loop`).
extension ImpressRemoteSource {
    /// The socket is connected on NIO's thread pool (a blocking `connect`
    /// within the connect timeout) and then handed to NIO: the driver knows
    /// its descriptor, so a connection still streaming previews can be handed
    /// to another process (`handOff`) without looking for it.
    func open(_ link: Link) {
        link.generation += 1
        let generation = link.generation
        let address = configuration.address
        let timeout = Double(configuration.connectTimeout.clampedNanoseconds) / 1e9
        let connected = NIOThreadPool.singleton.runIfActive(eventLoop: loop) { () throws -> Int32 in
            do throws(ConnectError) {
                return try Syscalls.connectTCP(host: address.host, port: address.port, timeout: timeout)
            } catch {
                throw error
            }
        }
        connected.whenComplete { result in
            let link = self.link.value
            guard generation == link.generation, !link.machine.isStopped else {
                if case .success(let fd) = result { close(fd) }
                return
            }
            switch result {
            case .success(let fd):
                self.register(fd, generation: generation)
            case .failure(let error):
                self.handle(.connectFailed(Self.problem(error)))
            }
        }
    }

    /// On `loop`: NIO takes the connected socket over.
    private func register(_ fd: Int32, generation: Int) {
        let bootstrap = Self.withLivenessChecks(ClientBootstrap(group: loop))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ImpressChannelHandler(source: self, generation: generation))
                }
            }
        bootstrap.withConnectedSocket(fd).hop(to: loop).whenComplete { result in
            let link = self.link.value
            guard generation == link.generation, !link.machine.isStopped else {
                if case .success(let channel) = result { channel.close(promise: nil) }
                return
            }
            switch result {
            case .success(let channel):
                link.channel = channel
                link.descriptor = fd
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
        link.noteIfClosed()
    }
}
