import ImpressRemote
import NIOCore
import NIOPosix
import SourceKit
import Syscalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Opening a connection, and the news its channel brings (on the driver's loop).
extension ImpressRemoteSource.IO {
    /// The socket is connected on NIO's thread pool (a blocking `connect`
    /// within the connect timeout) and then handed to NIO: the driver knows
    /// its descriptor, so a connection still streaming previews can be handed
    /// to another process (`handOff`) without looking for it. Each attempt
    /// is a new generation: news from an earlier one is not heard.
    func open(_ driver: SourceDriver<ImpressRemoteSource.IO>) {
        let generation = driver.newGeneration()
        if let adopted {
            self.adopted = nil
            return register(adopted, generation: generation, driver)
        }
        let address = configuration.address
        let timeout = Double(configuration.connectTimeout.clampedNanoseconds) / 1e9
        let connected = NIOThreadPool.singleton.runIfActive(eventLoop: driver.eventLoop) { () throws -> Int32 in
            do throws(ConnectError) {
                return try Syscalls.connectTCP(host: address.host, port: address.port, timeout: timeout)
            } catch {
                throw error
            }
        }
        connected.whenComplete { result in
            guard driver.isCurrent(generation), !driver.machine.isStopped else {
                if case .success(let fd) = result { close(fd) }
                return
            }
            switch result {
            case .success(let fd):
                driver.io.register(fd, generation: generation, driver)
            case .failure(let error):
                driver.handle(.connectFailed(ImpressRemoteSource.problem(error)))
            }
        }
    }

    /// NIO takes the connected socket over.
    private func register(_ fd: Int32, generation: Generation<OneChannel>, _ driver: SourceDriver<ImpressRemoteSource.IO>) {
        let bootstrap = Self.withLivenessChecks(ClientBootstrap(group: driver.eventLoop))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ImpressChannelHandler(driver: driver, generation: generation))
                }
            }
        bootstrap.withConnectedSocket(fd).hop(to: driver.eventLoop).whenComplete { result in
            guard driver.isCurrent(generation), !driver.machine.isStopped else {
                if case .success(let channel) = result { channel.close(promise: nil) }
                return
            }
            switch result {
            case .success(let channel):
                let io = driver.io
                io.channel = channel
                io.descriptor = fd
                driver.handle(.connected)
            case .failure(let error):
                driver.handle(.connectFailed(ImpressRemoteSource.problem(error)))
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

    /// The current connection closed: the machine hears it once the socket is let go.
    func connectionClosed(_ driver: SourceDriver<ImpressRemoteSource.IO>) {
        letGo()
        driver.handle(.closed)
    }
}
