import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RevealJS

/// A WebSocket to one page's DevTools URL (`ws://127.0.0.1:9222/devtools/page/ID`):
/// text frames in and out, continuation frames joined, pings answered. No
/// `Origin` header (Chromium refuses foreign origins). Every callback runs
/// on the channel's loop; `write` and `close` must be called there too
/// (so it is `@unchecked Sendable`: it is only ever touched on that loop).
public final class CDPSocket: @unchecked Sendable {
    /// Screenshots arrive as one message of base64: a 4K PNG is a few MB.
    static let maxMessage = 64 << 20

    public enum Event: Sendable {
        case opened
        case openFailed(RevealLink.Failure)
        case text(String)
        case closed
    }

    private var channel: Channel?
    private var closedByUs = false

    /// Parses `ws://host:port/path`; nil when it is not such a URL.
    static func parse(_ url: String) -> (host: String, port: Int, path: String)? {
        guard url.hasPrefix("ws://") else { return nil }
        let rest = url.dropFirst(5)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let path = slash == rest.endIndex ? "/" : String(rest[slash...])
        var host = String(authority)
        var port = 80
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { guard let p = Int(after.dropFirst()) else { return nil }; port = p }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            guard let p = Int(authority[authority.index(after: colon)...]) else { return nil }
            port = p
        }
        guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        return (host, port, path)
    }

    /// Connects; `onEvent` gets `.opened` or `.openFailed`, then texts, then `.closed` once.
    public init(url: String, timeout: TimeAmount, on loop: EventLoop, onEvent: @escaping @Sendable (Event) -> Void) {
        loop.preconditionInEventLoop()
        guard let (host, port, path) = Self.parse(url) else {
            loop.execute { onEvent(.openFailed(.other("not a ws:// URL"))) }
            return
        }
        // 0 connecting, 1 open, 2 over: one `opened` or `openFailed`, and `closed` only after `opened`.
        var stage = 0
        let report = NIOLoopBound({ (event: Event) in
            switch event {
            case .opened: guard stage == 0 else { return }; stage = 1
            case .openFailed: guard stage == 0 else { return }; stage = 2
            case .closed: guard stage == 1 else { return }; stage = 2
            case .text: guard stage == 1 else { return }
            }
            onEvent(event)
        }, eventLoop: loop)
        let timer = loop.scheduleTask(in: timeout) { report.value(.openFailed(.timedOut)) }
        ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                let upgrader = NIOWebSocketClientUpgrader(maxFrameSize: Self.maxMessage) { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            FrameHandler(report: { report.value($0) }))
                        // Open once NIO's upgrade handler has finished and left the pipeline:
                        // a frame written while it works would be refused.
                        channel.eventLoop.execute {
                            timer.cancel()
                            report.value(.opened)
                        }
                    }
                }
                let refusal = RefusalHandler(report: { report.value($0) })
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers(
                        withClientUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            // The upgrade went through: HTTP answers are over, frames go to `FrameHandler`.
                            context.pipeline.syncOperations.removeHandler(refusal, promise: nil)
                        }))
                    try channel.pipeline.syncOperations.addHandler(refusal)
                }
            }
            .connect(host: host, port: port)
            .whenComplete { [weak self] result in
                switch result {
                case .failure(let error):
                    timer.cancel()
                    report.value(.openFailed(CDPFailures.failure(error)))
                case .success(let channel):
                    guard let self, !self.closedByUs else { channel.close(promise: nil); return }
                    self.channel = channel
                    var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
                    head.headers.add(name: "Host", value: host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)")
                    head.headers.add(name: "Content-Length", value: "0")
                    channel.write(HTTPClientRequestPart.head(head), promise: nil)
                    channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
                    channel.closeFuture.whenComplete { _ in
                        timer.cancel()
                        report.value(.openFailed(.reset))
                        report.value(.closed)
                    }
                }
            }
    }

    /// One text frame (client frames are masked).
    public func write(_ text: String) {
        guard let channel else { return }
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer)
        channel.writeAndFlush(frame, promise: nil)
    }

    public func close() {
        closedByUs = true
        channel?.close(promise: nil)
        channel = nil
    }

    /// Text frames (joined across continuations), pings, the close frame.
    private final class FrameHandler: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame
        let report: (Event) -> Void
        var partial: ByteBuffer?
        init(report: @escaping (Event) -> Void) { self.report = report }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            switch frame.opcode {
            case .text:
                if frame.fin { report(.text(String(buffer: frame.unmaskedData))) } else { partial = frame.unmaskedData }
            case .continuation:
                guard var buffer = partial else { return }
                var more = frame.unmaskedData
                guard buffer.readableBytes + more.readableBytes <= CDPSocket.maxMessage else {
                    partial = nil
                    context.close(promise: nil)
                    return
                }
                buffer.writeBuffer(&more)
                if frame.fin { partial = nil; report(.text(String(buffer: buffer))) } else { partial = buffer }
            case .ping:
                let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
                context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
            case .connectionClose:
                context.close(promise: nil)
            default:
                break
            }
        }
    }

    /// The upgrade was refused: the status and the start of the body (Chromium says why there).
    private final class RefusalHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPClientResponsePart
        let report: (Event) -> Void
        var status = 0
        var body = ""
        init(report: @escaping (Event) -> Void) { self.report = report }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): status = Int(head.status.code)
            case .body(let buffer): if body.utf8.count < 400 { body += String(buffer: buffer) }
            case .end:
                report(.openFailed(.upgradeRefused(status: status, body: body)))
                context.close(promise: nil)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            report(.openFailed(CDPFailures.failure(error)))
            context.close(promise: nil)
        }
    }
}
