import FoundationEssentials
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import SlideModel
import Pdfpc
import SourceKit

/// How to reach one pdfpc, and how patient to be with it.
public struct PdfpcConfiguration: Sendable {
    public var address: PdfpcAddress
    /// pdfpc's REST password (HTTP basic auth, user `pdfpc`).
    public var password: String
    /// For `pdfpcs://`: a PEM file of certificates trusted besides the system's.
    public var trustedCertificates: String?
    public var backoff = ReconnectBackoff()
    public var countdownStep: Duration = .seconds(1)
    public var connectTimeout: Duration = .seconds(3)
    /// How long a state, meta, notes or control call may take.
    public var requestTimeout: Duration = .seconds(4)
    /// How long one picture may take to render and arrive.
    public var imageTimeout: Duration = .seconds(15)
    /// Pictures larger than this are refused (a pane-sized PNG is a few MB at most).
    public var maxImageBytes = 32 << 20
    public var fastPoll: Duration = .milliseconds(100)
    public var slowPoll: Duration = .seconds(1)
    public var activeWindow: Duration = .seconds(2)
    public var prefetch = true

    public init(address: PdfpcAddress, password: String) {
        self.address = address
        self.password = password
    }
}

/// A running pdfpc, driven over its REST API (`pdfpc -V`), as a
/// `SlideSource`: its pure `PdfpcConnection` and its I/O (`IO`: one HTTP/1
/// exchange per request on NIO's codec, `HTTPExchange`) on the one
/// `SourceDriver`, which binds them to an event loop (the pad's by default,
/// `PadEventLoop`), keeps the timers and the gate, and gives the source its
/// `start`, `send`, `want`, `retryNow` and `shutdown`. Stopping is at once
/// (pdfpc has no stream to wait for): requests in flight are cancelled.
public final class PdfpcSource: DrivenSource {
    public let configuration: PdfpcConfiguration
    public let driver: SourceDriver<IO>

    public init(configuration: PdfpcConfiguration, logger: Logger = Logger(label: "controlpad.pdfpc"),
                group: any EventLoopGroup = PadEventLoop.group) {
        self.configuration = configuration
        let settings = PdfpcConnection.Settings(
            address: configuration.address.description, serverLabel: configuration.address.host,
            countdownStep: configuration.countdownStep, backoff: configuration.backoff,
            fastPoll: configuration.fastPoll, slowPoll: configuration.slowPoll,
            activeWindow: configuration.activeWindow, prefetch: configuration.prefetch)
        driver = SourceDriver(machine: PdfpcConnection(settings), io: IO(configuration: configuration),
                              eventLoop: group.next(), logger: logger)
    }

    /// What carries out the connection's requests, on the driver's loop.
    public final class IO: SourceIO {
        public typealias Machine = PdfpcConnection
        let configuration: PdfpcConfiguration
        /// For `pdfpcs://`: the TLS context, or why there is none.
        private let tls: Result<TLSClientContext, TLSFailure>?
        private let authorization: String
        /// Requests in flight: how to cancel each.
        private var tasks: [Int: @Sendable () -> Void] = [:]
        /// `send(_:whenWritten:)`'s reports, by the request that carries the press.
        private var whenAnswered: [Int: @Sendable (Bool) -> Void] = [:]

        init(configuration: PdfpcConfiguration) {
            self.configuration = configuration
            tls = configuration.address.secure
                ? Result { () throws(TLSFailure) in try TLSClientContext(trusting: configuration.trustedCertificates) } : nil
            authorization = "Basic " + Data("\(PdfpcAPI.user):\(configuration.password)".utf8).base64EncodedString()
        }

        /// A press is reported when pdfpc has answered its request (or it was
        /// taken into the presses already in flight: true at once), false if dropped.
        public func carryOut(_ actions: [PdfpcConnection.Action], driver: SourceDriver<IO>,
                             whenWritten: (@Sendable (Bool) -> Void)?) {
            var answered = whenWritten == nil
            for action in actions {
                switch action {
                case .request(let id, let request, let command):
                    if command != nil, let whenWritten, !answered {
                        whenAnswered[id] = whenWritten
                        answered = true
                    }
                    perform(id: id, request, driver: driver)
                case .abandonRequests:
                    for (_, cancel) in tasks { cancel() }
                    tasks = [:]
                    for (_, done) in whenAnswered { done(false) }
                    whenAnswered = [:]
                case .arm(let timer, let delay): driver.arm(timer, after: delay)
                case .cancel(let timer): driver.cancel(timer)
                case .emit(let event): driver.deliver(event)
                case .dropped:
                    if !answered { whenWritten?(false); answered = true }
                case .log(let level, let message): driver.log(level, message)
                }
            }
            // A press taken into the presses in flight is accepted.
            if !answered { whenWritten?(true) }
        }

        /// The HTTP exchange for `request`, answered within `timeout`; the TLS failure when there is no context.
        func exchange(for request: PdfpcAPI.Request, limit: Int, timeout: Duration) -> Result<HTTPExchange.Request, TLSFailure> {
            var tlsContext: TLSClientContext?
            switch tls {
            case .failure(let failure)?: return .failure(failure)
            case .success(let context)?: tlsContext = context
            case nil: break
            }
            var exchange = HTTPExchange.Request(
                host: configuration.address.host, port: configuration.address.port, tls: tlsContext,
                method: HTTPMethod(rawValue: request.method), path: request.path, body: request.body, limit: limit,
                connectTimeout: .nanoseconds(configuration.connectTimeout.clampedNanoseconds),
                deadline: .now() + .nanoseconds(timeout.clampedNanoseconds))
            exchange.headers.add(name: "Authorization", value: authorization)
            if request.body != nil { exchange.headers.add(name: "Content-Type", value: "application/json") }
            return .success(exchange)
        }

        private func perform(id: Int, _ request: PdfpcAPI.Request, driver: SourceDriver<IO>) {
            let isImage: Bool
            if case .image = request { isImage = true } else { isImage = false }
            let limit = isImage ? configuration.maxImageBytes : PdfpcNotes.maxBytes
            let exchange: HTTPExchange.Request
            switch self.exchange(for: request, limit: limit, timeout: isImage ? configuration.imageTimeout : configuration.requestTimeout) {
            case .success(let made): exchange = made
            case .failure(let failure): return driver.eventLoop.execute { driver.handle(.failed(id: id, .tls("\(failure)"))) }
            }
            let (answer, cancel) = HTTPExchange.start(exchange, on: driver.eventLoop)
            tasks[id] = cancel
            let logger = driver.logger
            logger.trace("→ \(request)")
            answer.whenComplete { result in
                let io = driver.io
                guard io.tasks.removeValue(forKey: id) != nil else { return }
                let done = io.whenAnswered.removeValue(forKey: id)
                switch result {
                case .success(let response):
                    done?(response.status == 200)
                    logger.trace("← \(response.status) \(request) (\(response.body.count) bytes)")
                    driver.handle(.answered(id: id, status: response.status, body: response.body))
                case .failure(let error):
                    done?(false)
                    logger.debug("✗ \(request): \(error)")
                    driver.handle(.failed(id: id, PdfpcSource.failure(error, limit: limit)))
                }
            }
        }
    }

    /// Stops. pdfpc stays in the pointer or pen mode the pad switched it
    /// to after the pad is gone (its presenter would find the mouse drawing):
    /// switched back to normal first, waiting 1 s at most.
    public func leave() -> SourceHandOff? {
        guard !driver.eventLoop.inEventLoop else {
            shutdown()
            return nil
        }
        let driver = driver
        let switchedBack = driver.eventLoop.flatSubmit { () -> EventLoopFuture<Void> in
            guard driver.machine.modeLeftOn != nil,
                  case .success(let exchange) = driver.io.exchange(for: .control(action: "switchMode", argument: "normal"),
                                                                    limit: PdfpcNotes.maxBytes, timeout: .seconds(1)) else {
                return driver.eventLoop.makeSucceededVoidFuture()
            }
            driver.logger.info("switching pdfpc back to normal from \(driver.machine.modeLeftOn ?? "")")
            return HTTPExchange.start(exchange, on: driver.eventLoop).0.map { _ in }
        }
        shutdown()
        _ = try? switchedBack.wait()
        return nil
    }

    static func failure(_ error: Error, limit: Int) -> PdfpcConnection.Failure {
        if let e = error as? TLSFailure { return .tls(e.description) }
        if let e = error as? HTTPExchange.Failure {
            switch e {
            case .tooLarge: return .tooLarge(limit: limit)
            case .timedOut: return .timedOut
            case .closedEarly: return .reset
            case .cancelled: return .other("cancelled")
            }
        }
        return .classifying(error)
    }
}

/// The driver takes pdfpc's connection as it is.
extension PdfpcConnection: SourceMachine {}
extension PdfpcConnection.Input: PlainStartAndStop, WantsPictures {}
