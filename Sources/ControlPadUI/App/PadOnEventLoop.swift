import PadTerminal
import SourceKit
import ControlPadScripting
import Logging
import NIOCore
import NIOPosix
import SlideModel

/// Runs the pad's turns on its NIO event loop, the loop its source's
/// channels, timers and state machine live on (`PadEventLoop`): the
/// terminal is a channel of that loop (`TerminalChannel`), what is due (the
/// timer's next second, an animation frame, a heading's expiry) a scheduled
/// task, and other threads (signals, a picture encoded in the background)
/// post with `execute`. A key is read, reduced and its command written by
/// the source in one turn, before anything is drawn; the frame is drawn once
/// per turn, after everything that came in the same wake-up (many previews
/// arriving: one frame).
///
/// Everything here but `post` and `wake` is touched on `loop` only.
final class PadOnEventLoop: @unchecked Sendable {
    let loop: any EventLoop
    private var pad: PadLoop?
    private var terminal: TerminalBackend?
    /// Source events and signals that came in this turn, taken before the frame.
    private var pending: [PadEvent] = []
    private var turnAsked = false
    private var due: Scheduled<Void>?
    /// Ends the wait for the rest of a sequence after a lone ESC.
    private var escape: Scheduled<Void>?
    private var input: Channel?
    private var over = false
    private var awaiting: [Awaiting] = []
    /// Made by `run` (a pad that never ran leaves no promise unkept).
    private var finished: EventLoopPromise<Void>?
    /// The `watch`es following the show through the pad's door (`PadDoor`):
    /// given every event of the source as it comes, and the pad's blank. Set before `run`.
    var followers: ShowFollowers?

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// From any thread: an event for the pad (a signal, a source's event).
    /// On the loop it waits for the end of this turn (never inside a
    /// source's own delivery), from elsewhere it hops there.
    func post(_ event: PadEvent) {
        if loop.inEventLoop {
            queue(event)
        } else {
            loop.execute { self.queue(event) }
        }
    }

    /// From any thread: a `controlpad send` that came through the pad
    /// (`PadDoor`), carried out in a turn of its own; `answer` gets what
    /// `send` prints: where the show is once it confirmed the press (no
    /// heading left: a move confirmed, or given up), or started or stopped,
    /// waiting `timeout` seconds at most (`awaiting`). A blank or resume
    /// waits for a move still on its way, so its answer is where the show is.
    func remote(_ action: RemoteAction, timeout: Double = 5, answer: @escaping @Sendable (SendConversation.Step) -> Void) {
        loop.execute {
            guard !self.over, let pad = self.pad else { return answer(.fail("the pad is quitting")) }
            if let refusal = pad.state.refusal(of: action) { return answer(.fail(refusal)) }
            pad.take(.remote(action))
            let confirmed: @Sendable (PadState) -> Bool = switch action {
            case .start: { $0.showRunning }
            case .stop: { !$0.showRunning }
            default: { $0.heading == nil }
            }
            if confirmed(pad.state) {
                answer(.succeed(pad.state.remoteReport))
            } else {
                let until = NIODeadline.now() + .milliseconds(Int64(timeout * 1000))
                self.awaiting.append(Awaiting(confirmed: confirmed, until: until, answer: answer))
                self.loop.scheduleTask(deadline: until) { self.settleRemotes() }
            }
            self.askForTurn()
        }
    }

    /// A `send` through the pad waiting for the show to confirm it (`remote`).
    private struct Awaiting {
        let confirmed: @Sendable (PadState) -> Bool
        let until: NIODeadline
        let answer: @Sendable (SendConversation.Step) -> Void
    }

    /// Answers the `send`s whose press the show confirmed, and those whose
    /// time ran out (sent, not yet confirmed: success, said as such).
    private func settleRemotes(quitting: Bool = false) {
        guard !awaiting.isEmpty, let pad else { return }
        let now = NIODeadline.now()
        awaiting.removeAll { waiting in
            if waiting.confirmed(pad.state) {
                waiting.answer(.succeed(pad.state.remoteReport))
            } else if quitting || now >= waiting.until {
                let stands = pad.state.showRunning ? "slide \(pad.state.current + 1)/\(pad.state.slideCount)" : "no show"
                waiting.answer(.succeed("sent (through the pad), not confirmed yet: the show stands on \(stands)"))
            } else {
                return false
            }
            return true
        }
    }

    /// From any thread: where the show is, as `send` through the pad says it.
    func report(_ answer: @escaping @Sendable (String) -> Void) {
        loop.execute {
            guard !self.over, let pad = self.pad else { return answer("quitting") }
            let report = pad.state.remoteReport, through = " (through the pad)"
            answer(report.hasSuffix(through) ? String(report.dropLast(through.count)) : report)
        }
    }

    /// From any thread: draw again (a picture is ready).
    func wake() {
        loop.execute { self.askForTurn() }
    }

    /// Starts the pad on the loop and blocks the calling thread until it
    /// quits (a key, a signal, the terminal hung up); then stops the source
    /// here, off the loop (it waits for a pairing file being written).
    func run(_ pad: PadLoop, terminal: TerminalBackend) throws {
        let finished = start(pad, terminal: terminal)
        defer { pad.finish() }
        try finished.wait()
    }

    /// Starts the pad on the loop (its first frame in the first task from
    /// here) without waiting: the future completes when it quits. Whoever
    /// calls this stops the source afterwards, off the loop (`PadLoop.finish`).
    func start(_ pad: PadLoop, terminal: TerminalBackend) -> EventLoopFuture<Void> {
        // Made on this thread, touched on the loop only until the pad quits.
        let handed = Handed(pad: pad, terminal: terminal)
        let finished = loop.makePromise(of: Void.self)
        self.finished = finished
        loop.execute { self.begin(handed.pad, terminal: handed.terminal) }
        return finished.futureResult
    }

    private func begin(_ pad: PadLoop, terminal: TerminalBackend) {
        self.pad = pad
        self.terminal = terminal
        let followers = followers
        pad.start(post: { [self] event in
            if case .source(let said) = event { followers?.note(said) }
            post(event)
        })
        // Keys typed during the start-up queries.
        take(terminal.earlyInputs())
        TerminalChannel.open(terminal: terminal.inputDescriptor, on: loop, read: { [weak self] bytes in
            self?.terminalRead(bytes)
        }, ended: { [weak self] in
            self?.queue(.terminate)  // the terminal went away
        }).whenComplete { result in
            switch result {
            case .success(let channel):
                if self.over { channel.close(promise: nil) } else { self.input = channel }
            case .failure(let error):
                self.over = true
                self.due?.cancel()
                self.finished?.fail(error)
            }
        }
        scheduleDue()
    }

    /// A read of the terminal: a key goes to the pad (and its command to the
    /// wire) now; the frame at the end of the turn.
    private func terminalRead(_ bytes: UnsafeRawBufferPointer) {
        guard !over, let terminal else { return }
        escape?.cancel()
        escape = nil
        take(terminal.readInputs(bytes: bytes))
        // A lone ESC: the Escape key, unless the rest of a sequence follows soon.
        if terminal.holdsInput {
            escape = loop.scheduleTask(in: .nanoseconds(terminal.escapeDelay.clampedNanoseconds)) { [self] in
                escape = nil
                take(terminal.flushInput())
            }
        }
    }

    /// From any thread, after SIGTSTP (Ctrl-Z): the terminal is given back
    /// and the process stops; after `fg` the size is asked again (it may
    /// have changed meanwhile) and the frame drawn whole.
    func suspend() {
        loop.execute {
            guard !self.over, let terminal = self.terminal else { return }
            terminal.suspend()
            self.resized()
            self.askForTurn()
        }
    }

    /// From any thread, after SIGWINCH: the terminal's new size is read on the loop.
    func terminalResized() {
        loop.execute { self.resized() }
    }

    private func resized() {
        guard !over, let resize = terminal?.resized() else { return }
        take([resize])
    }

    private func take(_ inputs: [TerminalInput]) {
        guard !over, !inputs.isEmpty else { return }
        pad?.take(inputs)
        askForTurn()
    }

    private func queue(_ event: PadEvent) {
        guard !over else { return }
        pending.append(event)
        askForTurn()
    }

    /// The turn's end runs after what this wake-up brought (NIO runs tasks
    /// after the channels' reads).
    private func askForTurn() {
        guard !turnAsked, !over else { return }
        turnAsked = true
        loop.execute { self.endTurn() }
    }

    private func endTurn() {
        turnAsked = false
        guard !over, let pad else { return }
        let events = pending
        pending.removeAll(keepingCapacity: true)
        for event in events { pad.take(event) }
        let goesOn = pad.endTurn()
        // Impress never says blank or resume: the followers are told the pad's.
        followers?.assumeBlank(pad.state.blank)
        settleRemotes(quitting: !goesOn)
        if goesOn {
            scheduleDue()
        } else {
            stop()
        }
    }

    /// The next thing due (at least 1 ms away) ends a turn of its own.
    private func scheduleDue() {
        guard let pad else { return }
        due?.cancel()
        due = loop.scheduleTask(in: .nanoseconds(max(.milliseconds(1), pad.untilDue()).clampedNanoseconds)) { self.askForTurn() }
    }

    private struct Handed: @unchecked Sendable {
        let pad: PadLoop
        let terminal: TerminalBackend
    }

    private func stop() {
        over = true
        due?.cancel()
        due = nil
        escape?.cancel()
        input?.close(promise: nil)
        input = nil
        finished?.succeed()
    }
}
