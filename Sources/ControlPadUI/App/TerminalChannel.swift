import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import NIOCore
import NIOPosix

/// The terminal's input as a channel of the pad's event loop: each read is
/// handed to `read` on the loop, the moment it arrives; the end of the
/// terminal (a hang-up, an error) to `ended`.
///
/// NIO makes the descriptor it owns non-blocking. A duplicate would share
/// the open file description, and so that flag, with the pad's output (the
/// same terminal), whose writes must block: the terminal is opened afresh
/// (`ttyname`), a description of the pad's own.
enum TerminalChannel {
    static func open(terminal fd: Int32, on loop: any EventLoop,
                     read: @escaping (UnsafeRawBufferPointer) -> Void, ended: @escaping () -> Void) -> EventLoopFuture<Channel> {
        let own: Int32
        if let name = ttyname(fd) {
            own = Glibc.open(name, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        } else {
            own = fcntl(fd, F_DUPFD_CLOEXEC, 3)  // not a terminal (a pipe in a test): nothing shares its flags
        }
        guard own >= 0 else {
            return loop.makeFailedFuture(IOError(errnoCode: errno, reason: "opening the terminal for reading"))
        }
        let handler = NIOLoopBound(Reader(read: read, ended: ended), eventLoop: loop)
        return NIOPipeBootstrap(group: loop)
            .channelOption(.maxMessagesPerRead, value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler.value) }
            }
            .takingOwnershipOfDescriptor(input: own)
    }

    private final class Reader: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private let read: (UnsafeRawBufferPointer) -> Void
        private let ended: () -> Void
        private var over = false

        init(read: @escaping (UnsafeRawBufferPointer) -> Void, ended: @escaping () -> Void) {
            self.read = read
            self.ended = ended
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            unwrapInboundIn(data).withUnsafeReadableBytes { read($0) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            end()
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            end()
            context.close(promise: nil)
        }

        private func end() {
            guard !over else { return }
            over = true
            ended()
        }
    }
}
