import Logging
import NIOCore
import SlideModel

/// The one driver of a network source: it binds the source's pure machine
/// and its I/O to one event loop, feeds the machine its inputs with `now`
/// (a `Duration` on the loop's clock), and hands the actions to the I/O
/// (`SourceIO.carryOut`), which carries them out and leaves the driver's
/// part to it: timers armed and cancelled by name, events delivered through
/// the gate, lines logged. It also keeps which connection of each channel
/// is current (`newGeneration`), so news from one already replaced is
/// dropped, and writes with a report (`write(_:to:whenWritten:)`).
///
/// Threads: the machine, the I/O and the timers live on `eventLoop` (the
/// pad's, `PadEventLoop`, in the product) and nothing else touches them:
/// `handle`, `arm`, `io` and the rest of the loop's side trap elsewhere.
/// `send`, `submit`, `start` and `shutdown` may be called from any thread:
/// on the loop they act in the same turn, elsewhere they hop there with
/// `execute`, in order. Built anywhere without waiting: the loop-bound state
/// is handed to the loop (`NIOLoopBoundBox.makeBoxSendingValue`), not made there.
/// Events go out through `gate`, which `shutdown` closes: none arrives
/// after it returns (`SourceShutdown`).
public final class SourceDriver<IO: SourceIO>: Sendable {
    public typealias Machine = IO.Machine
    public typealias Input = Machine.Input
    public typealias Timer = Input.Timer

    public let eventLoop: any EventLoop
    /// Where the machine's lines go (`log`), and the I/O's.
    public let logger: Logger
    /// The one way events reach the pad.
    public let gate = EventGate()
    private let stopping = SourceShutdown()
    private let bound: NIOLoopBoundBox<Bound>

    /// What lives on the loop.
    private final class Bound {
        var machine: Machine
        let io: IO
        var timers: [Timer: Scheduled<Void>] = [:]
        /// Per channel, the number of its current connection.
        var generations: [AnyHashable: Int] = [:]
        init(machine: Machine, io: IO) {
            self.machine = machine
            self.io = io
        }
    }

    /// `io` is handed over: from here on only the loop touches it.
    public init(machine: Machine, io: sending IO, eventLoop: any EventLoop, logger: Logger) {
        self.eventLoop = eventLoop
        self.logger = logger
        bound = .makeBoxSendingValue(Bound(machine: machine, io: io), eventLoop: eventLoop)
    }

    // MARK: from any thread

    /// True once `shutdown` was called: what comes later is dropped.
    public var isStopped: Bool { stopping.isStopped }

    /// Opens the gate to `events`; false (and the gate stays shut) once stopped.
    @discardableResult
    public func open(_ events: @escaping @Sendable (SourceEvent) -> Void) -> Bool {
        guard !isStopped else { return false }
        gate.open(events)
        return true
    }

    /// Opens the gate, then gives the machine `input` on the loop (in a turn
    /// of its own, even when called there: never inside the caller's).
    public func start(_ events: @escaping @Sendable (SourceEvent) -> Void, with input: Input) {
        guard open(events) else { return }
        eventLoop.execute { self.handle(input) }
    }

    /// `input` on the loop: in this turn when called there, else after what
    /// is already on its way there. Nothing once stopped.
    public func submit(_ input: Input) {
        guard !isStopped else { return }
        onLoop { self.handle(input) }
    }

    /// A press: decided, and written if the machine says so, before this
    /// returns when called on the loop (the pad's key and its bytes in one turn).
    public func send(_ command: SourceCommand) { submit(.send(command)) }

    /// A press whose fate is reported: `whenWritten` is called once, on the
    /// loop and outside the event sink (in a turn of its own), as the I/O
    /// decides (true once on the wire, or taken in; false if dropped). False
    /// at once when stopped.
    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        guard !isStopped else { return whenWritten(false) }
        eventLoop.execute { self.handle(.send(command), whenWritten: whenWritten) }
    }

    /// Stops once: the gate closed (no event reaches the pad after this
    /// returns), then `input` given to the machine on the loop, in this turn
    /// when called there, else waited for. Returns whether this call stopped it.
    @discardableResult
    public func shutdown(with input: Input) -> Bool {
        stopping.stop(closing: gate, on: eventLoop) { self.handle(input) }
    }

    /// `body` on the loop: now when called there, else after what is already on its way.
    public func onLoop(_ body: @escaping @Sendable () -> Void) {
        if eventLoop.inEventLoop { body() } else { eventLoop.execute(body) }
    }

    // MARK: on the loop

    /// The machine decides, and the I/O carries it out at once (a write goes
    /// to the socket before this returns). Once the machine has stopped, no
    /// timer is left armed.
    public func handle(_ input: Input, whenWritten: (@Sendable (Bool) -> Void)? = nil) {
        let bound = self.bound.value
        let actions = bound.machine.handle(input, now: now)
        bound.io.carryOut(actions, driver: self, whenWritten: whenWritten)
        if bound.machine.isStopped, !bound.timers.isEmpty {
            for (_, timer) in bound.timers { timer.cancel() }
            bound.timers = [:]
        }
    }

    /// The source's I/O.
    public var io: IO { bound.value.io }

    /// The machine as it stands (a copy).
    public var machine: Machine { bound.value.machine }

    /// Now on the loop's clock (NIO's monotonic clock; an `EmbeddedEventLoop`'s
    /// own time in tests), as the machines count time.
    public var now: Duration { .nanoseconds(Int64(truncatingIfNeeded: eventLoop.now.uptimeNanoseconds)) }

    /// Arms `timer` to fire after `delay` (`.timerFired(timer)` to the
    /// machine), replacing the one of that name if armed.
    public func arm(_ timer: Timer, after delay: Duration) {
        let bound = self.bound.value
        bound.timers[timer]?.cancel()
        bound.timers[timer] = eventLoop.scheduleTask(in: .nanoseconds(delay.clampedNanoseconds)) {
            self.bound.value.timers[timer] = nil
            self.handle(.timerFired(timer))
        }
    }

    /// Cancels `timer` if armed.
    public func cancel(_ timer: Timer) {
        bound.value.timers.removeValue(forKey: timer)?.cancel()
    }

    /// The timers armed now, by name.
    public var armedTimers: Set<Timer> { Set(bound.value.timers.keys) }

    /// Hands `event` to the pad, through the gate.
    public func deliver(_ event: SourceEvent) { gate.deliver(event) }

    /// A machine's line, at its level (said to come from the caller's file).
    public func log(_ level: SourceLogLevel, _ message: String,
                    file: String = #fileID, function: String = #function, line: UInt = #line) {
        logger.log(level: Logger.Level(level), "\(message)", file: file, function: function, line: line)
    }

    /// Writes and flushes `data` on `channel`; `whenWritten`, if given, says
    /// once whether it reached the socket.
    public func write<Data: Sendable>(_ data: Data, to channel: any Channel, whenWritten: (@Sendable (Bool) -> Void)?) {
        guard let whenWritten else { return channel.writeAndFlush(data, promise: nil) }
        let written = channel.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenComplete { whenWritten((try? $0.get()) != nil) }
        channel.writeAndFlush(data, promise: written)
    }

    // MARK: which connection is current

    /// A new connection of `channel` (a socket, a child process, a page's
    /// WebSocket) replaces the one before: callbacks tagged with an earlier
    /// generation are not heard any more (`ifCurrent`).
    public func newGeneration<Channel: Hashable & Sendable>(of channel: Channel) -> Generation<Channel> {
        let bound = self.bound.value
        let number = (bound.generations[channel] ?? 0) + 1
        bound.generations[channel] = number
        return Generation(channel: channel, number: number)
    }

    /// The same for a source with one channel.
    public func newGeneration() -> Generation<OneChannel> { newGeneration(of: .only) }

    /// `channel`'s connection is over (closed, or it said it ended): nothing
    /// it says later is heard.
    public func endGeneration<Channel: Hashable & Sendable>(of channel: Channel) {
        bound.value.generations[channel, default: 0] += 1
    }

    /// Whether `generation` is its channel's current connection.
    public func isCurrent<Channel>(_ generation: Generation<Channel>) -> Bool {
        bound.value.generations[generation.channel] == generation.number
    }

    /// A callback from a connection: `body` with the I/O on the loop (in this
    /// turn when called there), if that connection is still its channel's
    /// current one; dropped otherwise.
    public func ifCurrent<Channel>(_ generation: Generation<Channel>, _ body: @escaping @Sendable (IO) -> Void) {
        onLoop {
            guard self.isCurrent(generation) else { return }
            body(self.io)
        }
    }
}

/// Which connection of a channel a callback comes from (`SourceDriver.newGeneration`).
public struct Generation<Channel: Hashable & Sendable>: Hashable, Sendable {
    public let channel: Channel
    let number: Int
}

/// The channel of a source that has one.
public enum OneChannel: Hashable, Sendable { case only }
