import ImpressUNO
import Logging
import NIOCore
import SlideModel
import SourceKit

/// Impress on this computer over UNO, as a `SlideSource`: a thin driver of
/// the pure `UNOLink` that runs the bridge process (`BridgeProcess`) and,
/// for `present`, starts LibreOffice on the pipe (`OfficeLauncher`).
///
/// Threads: the machine and the bridge are bound to the one event loop
/// given; calls from other threads hop there. Events go out through a gate
/// that `shutdown` closes: no event arrives after it returns.
public final class ImpressUNOSource: SlideSource, ConfirmingSource, Sendable {
    public let eventLoop: EventLoop
    private let logger: Logger
    private let gate = EventGate()
    private let stopping = SourceShutdown()
    private let state: NIOLoopBound<State>
    private let office: OfficeLauncher?
    private let connectSeconds: Int
    /// What quitting the pad does to the show: end it, close the deck.
    private let onQuit: (end: Bool, close: Bool)

    private final class State {
        var machine: UNOLink
        var bridge: BridgeProcess?
        /// Which bridge is current: an ended one's last words are not heard.
        var generation = 0
        var stopped = false
        var timers: [UNOLink.Timer: Scheduled<Void>] = [:]
        init(_ machine: UNOLink) { self.machine = machine }
    }

    init(link: UNOLink, office: OfficeLauncher?, connectSeconds: Int, onQuit: (end: Bool, close: Bool),
         eventLoop: EventLoop, logger: Logger) {
        self.eventLoop = eventLoop
        self.logger = logger
        self.office = office
        self.connectSeconds = connectSeconds
        self.onQuit = onQuit
        state = eventLoop.inEventLoop
            ? NIOLoopBound(State(link), eventLoop: eventLoop)
            : try! eventLoop.submit { NIOLoopBound(State(link), eventLoop: eventLoop) }.wait()
    }

    public func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        gate.open(events)
        onLoop { self.handle(.start) }
    }

    public func send(_ command: SourceCommand) { onLoop { self.handle(.send(command)) } }

    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        onLoop {
            let actions = self.handle(.send(command))
            whenWritten(actions.contains { if case .write = $0 { true } else { false } })
        }
    }

    public func retryNow() { onLoop { self.handle(.retryNow) } }
    public func want(_ pictures: [PictureWant]) { onLoop { self.handle(.want(pictures)) } }

    /// Stops at once: the bridge is asked to leave (ending the show and
    /// closing the deck only as `onQuit` says) and then ended.
    public func shutdown() {
        stopping.stop(closing: gate, on: eventLoop) { self.handle(.stop(end: self.onQuit.end, close: self.onQuit.close)) }
    }

    private func onLoop(_ work: @escaping @Sendable () -> Void) {
        if eventLoop.inEventLoop { work() } else { eventLoop.execute(work) }
    }

    @discardableResult
    private func handle(_ input: UNOLink.Input) -> [UNOLink.Action] {
        let state = self.state.value
        guard !state.stopped else { return [] }
        let actions = state.machine.handle(input)
        if state.machine.isStopped { state.stopped = true }
        for action in actions { perform(action, state) }
        return actions
    }

    private func perform(_ action: UNOLink.Action, _ state: State) {
        switch action {
        case .launchOffice:
            do { try office?.startListening() } catch {
                logger.warning("LibreOffice did not start: \(error)")
            }
        case .spawnBridge:
            state.bridge?.end()
            state.generation += 1
            let generation = state.generation
            let (program, arguments) = BridgeProcess.command(pipe: state.machine.pipe, connectSeconds: connectSeconds)
            do {
                let bridge = try BridgeProcess(program: program, arguments: arguments, on: eventLoop,
                    onLine: { [weak self] line in self?.heard(line, generation: generation) },
                    onEnd: { [weak self] in guard let self else { return }; self.onLoop { self.bridgeEnded(generation: generation) } })
                state.bridge = bridge
            } catch {
                logger.error("cannot start the bridge \(program): \(error)")
                handle(.line(.fatal(what: "no-uno", message: "\(program): \(error)")))
            }
        case .write(let request):
            if case .render = request {} else { logger.trace("→ \(request.line.dropLast())") }
            state.bridge?.write(request.line)
        case .emit(let event):
            gate.deliver(event)
        case .arm(let timer, let delay):
            state.timers[timer]?.cancel()
            state.timers[timer] = eventLoop.scheduleTask(in: .nanoseconds(Int64(delay / .nanoseconds(1)))) {
                self.state.value.timers[timer] = nil
                self.handle(.timerFired(timer))
            }
        case .cancel(let timer):
            state.timers.removeValue(forKey: timer)?.cancel()
        case .endBridge:
            let bridge = state.bridge
            state.bridge = nil
            // `quit` goes first: the bridge is given a moment to leave tidily.
            bridge?.end(grace: .seconds(10))
        case .log(let message):
            logger.debug("\(message)")
        }
    }

    private func heard(_ line: [UInt8], generation: Int) {
        guard state.value.generation == generation else { return }
        if line.count < 300 { logger.trace("← \(String(decoding: line, as: UTF8.self))") }
        if let event = UNOBridgeEvent.parse(line) {
            handle(.line(event))
        } else {
            handle(.garbage(String(decoding: line.prefix(200), as: UTF8.self)))
        }
    }

    private func bridgeEnded(generation: Int) {
        guard state.value.generation == generation else { return }
        handle(.bridgeEnded)
    }
}
