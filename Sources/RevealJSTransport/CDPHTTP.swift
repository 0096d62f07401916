import NIOCore
import NIOHTTP1
import NIOPosix
import RevealJS
import SourceKit

/// One `GET` on the DevTools port (`/json/version`, `/json/list`): one
/// HTTP/1.1 request per connection, the body collected up to a limit, a
/// deadline for the whole exchange. The answer is delivered on `loop`.
enum CDPHTTP {
    static let maxBody = 4 << 20

    static func get(host: String, port: Int, path: String, timeout: TimeAmount, on loop: EventLoop,
                    _ done: @escaping @Sendable (Result<(status: Int, body: [UInt8]), RevealLink.Failure>) -> Void) {
        let promise = loop.makePromise(of: (status: Int, body: [UInt8]).self)
        promise.futureResult.whenComplete { result in done(result.mapError { CDPFailures.failure($0) }) }
        // Out of time before a connection is no server at all; after it, a server that does not answer.
        let connected = NIOLoopBoundBox(false, eventLoop: loop)
        let timer = loop.scheduleTask(in: timeout) {
            promise.fail(connected.value ? RevealLink.Failure.timedOut : RevealLink.Failure.unreachable)
        }
        promise.futureResult.whenComplete { _ in timer.cancel() }
        ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(Collector(promise: promise))
                }
            }
            .connect(host: host, port: port)
            .whenComplete { result in
                switch result {
                case .failure(let error): promise.fail(error)
                case .success(let channel):
                    connected.value = true
                    promise.futureResult.whenComplete { _ in channel.close(promise: nil) }
                    var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
                    // Chromium refuses a Host that is not an IP address or `localhost`.
                    head.headers.add(name: "Host", value: host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)")
                    head.headers.add(name: "Connection", value: "close")
                    channel.write(HTTPClientRequestPart.head(head), promise: nil)
                    channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
                }
            }
    }

    private final class Collector: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPClientResponsePart
        let promise: EventLoopPromise<(status: Int, body: [UInt8])>
        var status = 0
        var body: [UInt8] = []
        init(promise: EventLoopPromise<(status: Int, body: [UInt8])>) { self.promise = promise }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): status = Int(head.status.code)
            case .body(let buffer):
                guard body.count + buffer.readableBytes <= CDPHTTP.maxBody else {
                    promise.fail(RevealLink.Failure.other("answer larger than \(CDPHTTP.maxBody >> 20) MB"))
                    return
                }
                body += buffer.readableBytesView
            case .end: promise.succeed((status, body))
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise.fail(RevealLink.Failure.reset)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            promise.fail(error)
            context.close(promise: nil)
        }
    }
}

/// NIO's errors in the link's words (`NetworkFailure.classifying`), and a
/// page list that is not HTTP.
enum CDPFailures {
    static func failure(_ error: Error) -> RevealLink.Failure {
        // A host that never connects (off, or a firewall that drops) is no
        // answer at all, not a slow one: reveal.js says so on its own.
        if let e = error as? NIOConnectionError, let first = e.connectionErrors.first { return failure(first.error) }
        if let e = error as? ChannelError, case .connectTimeout = e { return .unreachable }
        if let e = error as? IOError, [ETIMEDOUT, EHOSTUNREACH, ENETUNREACH].contains(e.errnoCode) { return .unreachable }
        if error is HTTPParserError { return .other("not HTTP") }
        return .classifying(error)
    }
}
