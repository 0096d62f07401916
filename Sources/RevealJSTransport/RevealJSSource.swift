import Logging
import NIOCore
import NIOPosix
import RevealJS
import SlideModel
import SourceKit

/// A reveal.js deck in a browser, driven over the Chrome DevTools Protocol,
/// as a `SlideSource`: a thin driver on SwiftNIO (`CDPHTTP` for the page
/// list, `CDPSocket` for the page) that carries out what the pure
/// `RevealLink` decides and feeds it what happened and the clock.
///
/// Threads: the machine, the sockets and the timers are bound to the one
/// event loop given (`NIOLoopBound`, no lock around the machine). `send`
/// called on that loop writes in the same turn; from another thread it hops
/// there with `execute`. Events go out through a gate that `shutdown`
/// closes: no event arrives after it returns.
public final class RevealJSSource: SlideSource, Sendable {
    public let settings: RevealLink.Settings
    public let eventLoop: EventLoop
    private let logger: Logger
    private let gate = EventGate()
    private let stopping = SourceShutdown()
    private let state: NIOLoopBound<State>
    /// Where the show is, steps and stacks included (the pad's status line), on the loop.
    private let onPosition: (@Sendable (RevealPosition) -> Void)?
    public let connectTimeout: TimeAmount

    private final class State {
        var machine: RevealLink
        var sockets: [RevealLink.Channel: CDPSocket] = [:]
        var timers: [RevealLink.Timer: Scheduled<Void>] = [:]
        /// Which socket of a channel is current: a replaced one's callbacks say nothing.
        var generation: [RevealLink.Channel: Int] = [:]
        var stopped = false
        init(_ machine: RevealLink) { self.machine = machine }
    }

    public init(settings: RevealLink.Settings, eventLoop: EventLoop, logger: Logger = Logger(label: "controlpad.reveal"),
                connectTimeout: TimeAmount = .seconds(3), onPosition: (@Sendable (RevealPosition) -> Void)? = nil) {
        self.settings = settings
        self.connectTimeout = connectTimeout
        self.eventLoop = eventLoop
        self.logger = logger
        self.onPosition = onPosition
        state = eventLoop.inEventLoop
            ? NIOLoopBound(State(RevealLink(settings)), eventLoop: eventLoop)
            : try! eventLoop.submit { NIOLoopBound(State(RevealLink(settings)), eventLoop: eventLoop) }.wait()
    }

    // MARK: SlideSource

    public func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        gate.open(events)
        onLoop { self.handle(.start) }
    }

    public func send(_ command: SourceCommand) { onLoop { self.handle(.send(command)) } }

    /// `send`, and says whether the command went out to the browser (false:
    /// dropped, because the link is not open or reveal.js cannot do it).
    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        onLoop {
            let actions = self.handle(.send(command))
            whenWritten(actions.contains { if case .write = $0 { true } else { false } })
        }
    }
    public func retryNow() { onLoop { self.handle(.retryNow) } }
    public func want(_ pictures: [PictureWant]) { onLoop { self.handle(.want(pictures)) } }

    /// Stops at once: no event reaches the pad after this returns; the
    /// render window is closed, the audience's page is left as it is.
    public func shutdown() {
        stopping.stop(closing: gate, on: eventLoop) { self.handle(.stop) }
    }

    /// On the loop now (same turn), or hop there.
    private func onLoop(_ work: @escaping @Sendable () -> Void) {
        if eventLoop.inEventLoop { work() } else { eventLoop.execute(work) }
    }

    // MARK: carrying out the machine's decisions (on the loop)

    @discardableResult
    private func handle(_ input: RevealLink.Input) -> [RevealLink.Action] {
        let state = self.state.value
        guard !state.stopped else { return [] }
        let actions = state.machine.handle(input, now: Self.now())
        if state.machine.isStopped { state.stopped = true }
        for action in actions { perform(action, state) }
        return actions
    }

    private func perform(_ action: RevealLink.Action, _ state: State) {
        switch action {
        case .get(let path):
            let address = settings.address
            CDPHTTP.get(host: address.host, port: address.port, path: path.rawValue, timeout: connectTimeout, on: eventLoop) { result in
                switch result {
                case .success(let answer): self.handle(.http(path, status: answer.status, body: answer.body))
                case .failure(let failure): self.handle(.httpFailed(path, failure))
                }
            }
        case .open(let channel, let url):
            state.sockets.removeValue(forKey: channel)?.close()
            let generation = (state.generation[channel] ?? 0) + 1
            state.generation[channel] = generation
            let socket = CDPSocket(url: url, timeout: connectTimeout, on: eventLoop) { [weak self] event in
                guard let self else { return }
                // A socket replaced or closed by the machine says nothing more.
                guard self.state.value.generation[channel] == generation, !self.state.value.stopped else { return }
                switch event {
                case .opened: self.handle(.opened(channel))
                case .openFailed(let failure):
                    self.state.value.sockets[channel] = nil
                    self.state.value.generation[channel] = generation + 1
                    self.handle(.openFailed(channel, failure))
                case .text(let text): self.handle(.text(channel, text))
                case .closed:
                    self.state.value.sockets[channel] = nil
                    self.state.value.generation[channel] = generation + 1
                    self.handle(.closed(channel))
                }
            }
            state.sockets[channel] = socket
        case .close(let channel):
            state.generation[channel] = (state.generation[channel] ?? 0) + 1
            state.sockets.removeValue(forKey: channel)?.close()
        case .write(let channel, let text):
            logger.trace("→ \(channel) \(text.prefix(200))")
            state.sockets[channel]?.write(text)
        case .arm(let timer, let delay):
            state.timers[timer]?.cancel()
            state.timers[timer] = eventLoop.scheduleTask(in: .nanoseconds(Self.nanoseconds(delay))) {
                self.state.value.timers[timer] = nil
                self.handle(.timerFired(timer))
            }
        case .cancel(let timer):
            state.timers.removeValue(forKey: timer)?.cancel()
        case .emit(let event):
            gate.deliver(event)
        case .position(let position):
            gate.deliver(position.event)
            onPosition?(position)
        case .dropped(let command):
            logger.debug("dropped \(command)")
        case .log(let level, let message):
            logger.log(level: Logger.Level(level), "\(message)")
        }
        if state.stopped { for (_, t) in state.timers { t.cancel() }; state.timers = [:] }
    }

    static func now() -> Duration { .nanoseconds(Int64(truncatingIfNeeded: NIODeadline.now().uptimeNanoseconds)) }

    static func nanoseconds(_ d: Duration) -> Int64 {
        let (s, atto) = d.components
        return s > Int64.max / 1_000_000_000 - 1 ? Int64.max : s * 1_000_000_000 + atto / 1_000_000_000
    }
}
