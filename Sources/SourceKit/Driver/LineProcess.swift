import Dispatch
import NIOCore
import NIOPosix
import Syscalls

/// A child process that speaks lines, on an event loop: lines written to
/// its standard input, each line of its output handed to `onLine` (without
/// the newline), and `onEnd` once when its output ends (it exited or was
/// killed). A line longer than `maxLine` ends it: a helper may be ours, but
/// its bytes cross a pipe. For a source whose app is reached through a
/// helper (Impress over UNO's Python bridge; an `osascript` or a COM helper
/// would be the same): its I/O starts one per `newGeneration`, and both
/// callbacks go through `SourceDriver.ifCurrent`.
public final class LineProcess: Sendable {
    public let pid: Int32
    private let channel: EventLoopFuture<Channel>

    /// Starts `program` with `arguments` (a path; its standard error stays
    /// ours), its pipes on `loop`; `onLine` and `onEnd` are called there.
    public init(program: String, arguments: [String], on loop: any EventLoop, maxLine: Int = 64 << 20,
                onLine: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void) throws {
        let child = try Syscalls.spawnWithPipes(program, arguments: arguments)
        pid = child.pid
        channel = NIOPipeBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(Splitter(maxLine: maxLine)), Handler(onLine: onLine, onEnd: onEnd))
                }
            }
            .takingOwnershipOfDescriptors(input: child.output, output: child.input)
        channel.whenFailure { _ in onEnd() }
    }

    /// Writes `line` (a whole line, newline included); `whenWritten`, if
    /// given, says once whether it reached the pipe.
    public func write(_ line: String, whenWritten: (@Sendable (Bool) -> Void)? = nil) {
        channel.whenComplete { result in
            guard case .success(let channel) = result else { whenWritten?(false); return }
            let promise = whenWritten.map { report in
                let written = channel.eventLoop.makePromise(of: Void.self)
                written.futureResult.whenComplete { report((try? $0.get()) != nil) }
                return written
            }
            channel.writeAndFlush(channel.allocator.buffer(string: line), promise: promise)
        }
    }

    /// Closes its input only: the child reads what was written, then its
    /// input's end, and what it says as it leaves is still heard (`end` then
    /// closes the rest).
    public func closeInput() {
        channel.whenSuccess { $0.close(mode: .output, promise: nil) }
    }

    /// Closes the pipes (the child reads what was written, then its
    /// input's end) and, off the loop, gives it `grace` to leave by itself
    /// before SIGTERM and SIGKILL.
    public func end(grace: Duration = .zero) {
        channel.whenSuccess { $0.close(promise: nil) }
        let pid = self.pid
        DispatchQueue.global().async { Syscalls.end(pid, grace: grace) }
    }

    /// Splits the output into lines (without the newline).
    struct Splitter: ByteToMessageDecoder {
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
    final class Handler: ChannelInboundHandler, Sendable {
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
            // The output's end (half-closure): the child is gone.
            if let event = event as? ChannelEvent, case .inputClosed = event { context.close(promise: nil) }
            context.fireUserInboundEventTriggered(event)
        }
    }
}
