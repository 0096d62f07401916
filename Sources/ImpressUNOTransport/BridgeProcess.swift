import Dispatch
import NIOCore
import NIOPosix
import Syscalls

/// The bridge (`uno_bridge.py`) as a child process on the pad's event
/// loop: lines written to its standard input, each line of its output
/// handed to `onLine`, and `onEnd` once when its output ends (it exited or
/// was killed). A line longer than `maxLine` ends it: the bridge is ours,
/// but its bytes cross a pipe.
final class BridgeProcess: Sendable {
    let pid: Int32
    private let channel: EventLoopFuture<Channel>

    /// The bridge's program: CONTROLPAD_UNO_BRIDGE (tests: a fake), else
    /// Python with the bridge's text.
    static func command(pipe: String, connectSeconds: Int) -> (program: String, arguments: [String]) {
        if let fake = UNOEnvironment.value("CONTROLPAD_UNO_BRIDGE") {
            return (fake, [pipe, String(connectSeconds)])
        }
        return (UNOPython.program, ["-c", UNOBridgeScript.text, pipe, String(connectSeconds)])
    }

    static let maxLine = 64 << 20

    init(program: String, arguments: [String], on loop: EventLoop,
         onLine: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void) throws {
        let child = try Syscalls.spawnWithPipes(program, arguments: arguments)
        pid = child.pid
        channel = NIOPipeBootstrap(group: loop)
            .channelInitializer { channel in
                channel.pipeline.addHandlers([
                    ByteToMessageHandler(LineSplitter(maxLine: Self.maxLine)),
                    LineHandler(onLine: onLine, onEnd: onEnd),
                ])
            }
            .takingOwnershipOfDescriptors(input: child.output, output: child.input)
        channel.whenFailure { _ in onEnd() }
    }

    /// Writes `line` (a whole line, newline included).
    func write(_ line: String) {
        channel.whenSuccess { channel in
            channel.writeAndFlush(channel.allocator.buffer(string: line), promise: nil)
        }
    }

    /// Closes the pipes (the bridge reads what was written, then its
    /// input's end) and, off the loop, gives it `grace` to leave by itself
    /// before SIGTERM and SIGKILL.
    func end(grace: Duration = .zero) {
        channel.whenSuccess { $0.close(promise: nil) }
        let pid = self.pid
        DispatchQueue.global().async { Syscalls.end(pid, grace: grace) }
    }
}

/// Splits the bridge's output into lines (without the newline).
struct LineSplitter: ByteToMessageDecoder {
    typealias InboundOut = [UInt8]
    let maxLine: Int

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > maxLine { throw LineTooLong() }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        let line = buffer.readBytes(length: length) ?? []
        buffer.moveReaderIndex(forwardBy: 1)
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }

    struct LineTooLong: Error {}
}

/// Hands each line on, and says once that the output ended.
final class LineHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = [UInt8]
    let onLine: @Sendable ([UInt8]) -> Void
    let onEnd: @Sendable () -> Void

    init(onLine: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void) {
        self.onLine = onLine
        self.onEnd = onEnd
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        onLine(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        onEnd()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The output's end (half-closure): the bridge is gone.
        if let event = event as? ChannelEvent, case .inputClosed = event { context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }
}
