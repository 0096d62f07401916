import FoundationEssentials
import Logging
import NIOConcurrencyHelpers
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
/// `SlideSource`: a thin driver on NIO's HTTP/1 codec (`HTTPExchange`) that carries out what
/// the pure `PdfpcConnection` decides (requests, timers, events) and feeds
/// it the answers and the clock.
///
/// Threads: the connection's state is bound to one event loop (`link`),
/// the pad's by default (`PadEventLoop`); every answer is delivered there.
/// `send`, `want` and `retryNow` called on that loop act in the same turn;
/// from any other thread they hop onto it (`execute`), in order. Events go out
/// through a gate that `shutdown` closes: no event arrives after it returns.
public final class PdfpcSource: SlideSource, Sendable {
    public let configuration: PdfpcConfiguration
    private let loop: EventLoop
    /// For `pdfpcs://`: the TLS context, or why there is none.
    private let tls: Result<TLSClientContext, TLSFailure>?
    private let logger: Logger
    private let gate = EventGate()
    private let stopping = SourceShutdown()
    private let link: NIOLoopBoundBox<Link>
    private let authorization: String

    private final class Link {
        var machine: PdfpcConnection
        var timers: [PdfpcConnection.Timer: Scheduled<Void>] = [:]
        /// Requests in flight: how to cancel each.
        var tasks: [Int: @Sendable () -> Void] = [:]
        var whenAnswered: [Int: @Sendable (Bool) -> Void] = [:]
        init(_ machine: PdfpcConnection) { self.machine = machine }
    }

    public init(configuration: PdfpcConfiguration, logger: Logger = Logger(label: "controlpad.pdfpc"),
                group: any EventLoopGroup = PadEventLoop.group) {
        self.configuration = configuration
        self.logger = logger
        loop = group.next()
        tls = configuration.address.secure
            ? Result { () throws(TLSFailure) in try TLSClientContext(trusting: configuration.trustedCertificates) } : nil
        authorization = "Basic " + Data("\(PdfpcAPI.user):\(configuration.password)".utf8).base64EncodedString()
        let settings = PdfpcConnection.Settings(
            address: configuration.address.description, serverLabel: configuration.address.host,
            countdownStep: configuration.countdownStep, backoff: configuration.backoff,
            fastPoll: configuration.fastPoll, slowPoll: configuration.slowPoll,
            activeWindow: configuration.activeWindow, prefetch: configuration.prefetch)
        link = .makeBoxSendingValue(Link(PdfpcConnection(settings)), eventLoop: loop)
    }

    // MARK: SlideSource

    public func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        guard !stopping.isStopped else { return }
        gate.open(events)
        loop.execute { self.handle(.start) }
    }

    public func retryNow() {
        guard !stopping.isStopped else { return }
        onTheLoop { self.handle(.retryNow) }
    }

    public func send(_ command: SourceCommand) {
        guard !stopping.isStopped else { return }
        onTheLoop { self.handle(.send(command)) }
    }

    /// Sends `command`, then calls `whenWritten` with true once pdfpc has
    /// answered it (or taken it into the presses already in flight), false
    /// if it was dropped (not connected, no such thing in pdfpc, refused).
    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        guard !stopping.isStopped else { return whenWritten(false) }
        loop.execute { self.handle(.send(command), whenWritten: whenWritten) }
    }

    public func want(_ pictures: [PictureWant]) {
        guard !stopping.isStopped else { return }
        onTheLoop { self.handle(.want(pictures)) }
    }

    /// `body` now when called on the loop, else on the loop after what is already on its way there.
    private func onTheLoop(_ body: @escaping @Sendable () -> Void) {
        if loop.inEventLoop { body() } else { loop.execute(body) }
    }

    /// Stops at once (pdfpc has no stream to wait for): no event reaches the
    /// pad after this returns; requests in flight are cancelled.
    public func shutdown() {
        stopping.stop(closing: gate, on: loop) { self.handle(.stop) }
    }

    // MARK: carrying out the connection's decisions (on `loop`)

    private func handle(_ input: PdfpcConnection.Input, whenWritten: (@Sendable (Bool) -> Void)? = nil) {
        let link = self.link.value
        let actions = link.machine.handle(input, now: Self.monotonicNow())
        var answered = whenWritten == nil
        for action in actions {
            switch action {
            case .request(let id, let request, let command):
                if command != nil, let whenWritten, !answered {
                    link.whenAnswered[id] = whenWritten
                    answered = true
                }
                perform(id: id, request, link: link)
            case .abandonRequests:
                for (_, cancel) in link.tasks { cancel() }
                link.tasks = [:]
                for (_, done) in link.whenAnswered { done(false) }
                link.whenAnswered = [:]
            case .arm(let timer, let delay):
                link.timers[timer]?.cancel()
                link.timers[timer] = loop.scheduleTask(in: .nanoseconds(delay.clampedNanoseconds)) {
                    self.link.value.timers[timer] = nil
                    self.handle(.timerFired(timer))
                }
            case .cancel(let timer): link.timers.removeValue(forKey: timer)?.cancel()
            case .emit(let event): gate.deliver(event)
            case .dropped:
                if !answered { whenWritten?(false); answered = true }
            case .log(let level, let message): logger.log(level: Logger.Level(level), "\(message)")
            }
        }
        // A press taken into the presses in flight is accepted.
        if !answered { whenWritten?(true) }
    }

    private func perform(id: Int, _ request: PdfpcAPI.Request, link: Link) {
        let isImage: Bool
        if case .image = request { isImage = true } else { isImage = false }
        let limit = isImage ? configuration.maxImageBytes : PdfpcNotes.maxBytes
        var tlsContext: TLSClientContext?
        if case .failure(let failure) = tls {
            return loop.execute { self.handle(.failed(id: id, .tls("\(failure)"))) }
        } else if case .success(let context) = tls {
            tlsContext = context
        }
        var exchange = HTTPExchange.Request(
            host: configuration.address.host, port: configuration.address.port, tls: tlsContext,
            method: HTTPMethod(rawValue: request.method), path: request.path, body: request.body, limit: limit,
            connectTimeout: .nanoseconds(configuration.connectTimeout.clampedNanoseconds),
            deadline: .now() + .nanoseconds((isImage ? configuration.imageTimeout : configuration.requestTimeout).clampedNanoseconds))
        exchange.headers.add(name: "Authorization", value: authorization)
        if request.body != nil { exchange.headers.add(name: "Content-Type", value: "application/json") }
        let (answer, cancel) = HTTPExchange.start(exchange, on: loop)
        link.tasks[id] = cancel
        logger.trace("→ \(request)")
        answer.whenComplete { result in
            let link = self.link.value
            guard link.tasks.removeValue(forKey: id) != nil else { return }
            let done = link.whenAnswered.removeValue(forKey: id)
            switch result {
            case .success(let response):
                done?(response.status == 200)
                self.logger.trace("← \(response.status) \(request) (\(response.body.count) bytes)")
                self.handle(.answered(id: id, status: response.status, body: response.body))
            case .failure(let error):
                done?(false)
                self.logger.debug("✗ \(request): \(error)")
                self.handle(.failed(id: id, Self.failure(error, limit: limit)))
            }
        }
    }

    // MARK: helpers

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

    private static func monotonicNow() -> Duration {
        .nanoseconds(Int64(truncatingIfNeeded: NIODeadline.now().uptimeNanoseconds))
    }
}
