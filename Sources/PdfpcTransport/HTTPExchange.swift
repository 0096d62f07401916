import Pdfpc
import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP/1.1 request and its answer, on a connection of its own
/// (`Connection: close`), on NIO's own HTTP/1 codec: all that pdfpc's REST
/// API needs (a few small JSON calls a second and pane-sized PNGs, mostly
/// on loopback). An HTTP client library would add connection pools,
/// redirects, HTTP/2 and a TLS stack built from source, and most of the
/// pad's build time (docs/BENCHMARKS.md, "What each dependency costs").
enum HTTPExchange {
    struct Request: Sendable {
        var host: String
        var port: Int
        /// HTTPS when set.
        var tls: TLSClientContext?
        var method: HTTPMethod
        var path: String
        var headers: HTTPHeaders = [:]
        var body: [UInt8]?
        /// The largest answer body taken; a larger one fails with `tooLarge`.
        var limit: Int
        var connectTimeout: TimeAmount
        /// When the whole exchange must be done by.
        var deadline: NIODeadline
    }

    struct Response: Sendable {
        var status: Int
        var body: [UInt8]
    }

    enum Failure: Error, Equatable {
        case timedOut
        case tooLarge
        /// The server closed the connection before its answer was whole.
        case closedEarly
        case cancelled
    }

    /// Starts `request` on `loop`: the answer, or `Failure`, `TLSFailure`
    /// or NIO's connect errors; and how to cancel it. The connection is
    /// closed once the exchange is over, however it ended.
    static func start(_ request: Request, on loop: any EventLoop) -> (answer: EventLoopFuture<Response>, cancel: @Sendable () -> Void) {
        let promise = loop.makePromise(of: Response.self)
        let connected = ClientBootstrap(group: loop)
            .connectTimeout(request.connectTimeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tls = request.tls { try pipeline.addHandler(TLSClientHandler(tls, serverName: request.host)) }
                    try pipeline.addHTTPClientHandlers()
                    try pipeline.addHandler(ResponseCollector(limit: request.limit, promise: promise))
                }
            }
            .connect(host: request.host, port: request.port)
        connected.whenComplete { result in
            switch result {
            case .failure(let error):
                promise.fail(error)
            case .success(let channel):
                var head = HTTPRequestHead(version: .http1_1, method: request.method, uri: request.path, headers: request.headers)
                let host = request.host.contains(":") ? "[\(request.host)]" : request.host
                head.headers.replaceOrAdd(name: "Host", value: "\(host):\(request.port)")
                head.headers.replaceOrAdd(name: "Connection", value: "close")
                if let body = request.body { head.headers.replaceOrAdd(name: "Content-Length", value: "\(body.count)") }
                channel.write(HTTPClientRequestPart.head(head), promise: nil)
                if let body = request.body {
                    channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
                }
                channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            }
        }
        let timeout = loop.scheduleTask(deadline: request.deadline) { promise.fail(Failure.timedOut) }
        promise.futureResult.whenComplete { _ in
            timeout.cancel()
            connected.whenSuccess { $0.close(promise: nil) }
        }
        // A promise completed twice keeps its first result.
        return (promise.futureResult, { promise.fail(Failure.cancelled) })
    }
}

/// Collects one answer: its status, and its body up to a limit.
private final class ResponseCollector: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let limit: Int
    private let promise: EventLoopPromise<HTTPExchange.Response>
    private var status = 0
    private var body: [UInt8] = []

    init(limit: Int, promise: EventLoopPromise<HTTPExchange.Response>) {
        self.limit = limit
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = Int(head.status.code)
            if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                promise.fail(HTTPExchange.Failure.tooLarge)
            }
        case .body(let buffer):
            guard body.count + buffer.readableBytes <= limit else { return promise.fail(HTTPExchange.Failure.tooLarge) }
            body += buffer.readableBytesView
        case .end:
            promise.succeed(HTTPExchange.Response(status: status, body: body))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(HTTPExchange.Failure.closedEarly)
        context.fireChannelInactive()
    }
}
