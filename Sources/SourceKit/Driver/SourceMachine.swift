import SlideModel

/// What `SourceDriver` needs of a source's pure machine (`ImpressConnection`,
/// `PdfpcConnection`, `RevealLink`): inputs and `now` in, actions out, and
/// whether it has stopped. The pure targets import `SlideModel` only, so a
/// source declares the conformance in its transport target, where nothing
/// but the declaration is needed: the machine's own `handle(_:now:)`,
/// `isStopped` and its `Input`'s cases already fit.
public protocol SourceMachine: Sendable {
    associatedtype Input: SourceMachineInput
    associatedtype Action
    mutating func handle(_ input: Input, now: Duration) -> [Action]
    /// Stopped for good: the driver cancels every timer still armed.
    var isStopped: Bool { get }
}

/// The inputs every driven machine takes. An enum's cases fit as they are:
/// `case send(SourceCommand)`, `case timerFired(Timer)`, `case retryNow`.
public protocol SourceMachineInput: Sendable {
    /// The machine's timers, by name (`.countdown`, `.poll`…): the driver
    /// keeps at most one of each armed.
    associatedtype Timer: Hashable & Sendable
    static func send(_ command: SourceCommand) -> Self
    static func timerFired(_ timer: Timer) -> Self
    static var retryNow: Self { get }
}

/// A machine started and stopped by plain `start` and `stop` inputs: its
/// source's `start(events:)` and `shutdown()` come from `DrivenSource`.
public protocol PlainStartAndStop: SourceMachineInput {
    static var start: Self { get }
    static var stop: Self { get }
}

/// A machine that renders pictures on request: its source's `want(_:)`
/// comes from `DrivenSource`.
public protocol WantsPictures: SourceMachineInput {
    static func want(_ pictures: [PictureWant]) -> Self
}

/// A source's I/O: what carries out its machine's actions (connect, write,
/// close, requests), and the state that needs (its channel, its requests in
/// flight). It lives on the driver's loop, inside the driver, and is only
/// touched there (`driver.io`), so it needs no lock and need not be
/// `Sendable`; callbacks from its channels reach it through the driver
/// (`driver.ifCurrent`, `driver.io`).
public protocol SourceIO: AnyObject, SendableMetatype {
    associatedtype Machine: SourceMachine
    /// On the loop: carries out `actions`, all of them, in order; the
    /// driver's own part through the driver (`arm`, `cancel`, `deliver`,
    /// `log`). `whenWritten` is `send(_:whenWritten:)`'s report for the
    /// command that made these actions (nil for every other input): call it
    /// once, now or when the command is on the wire (or was dropped).
    func carryOut(_ actions: [Machine.Action], driver: SourceDriver<Self>, whenWritten: (@Sendable (Bool) -> Void)?)
}

/// A source that is a `SourceDriver` and its I/O: `send`, `send(_:whenWritten:)`,
/// `retryNow` (and `start`, `shutdown`, `want` when its machine's inputs
/// allow) come from here; the source writes only what is its own.
public protocol DrivenSource: ConfirmingSource {
    associatedtype IO: SourceIO
    var driver: SourceDriver<IO> { get }
}

extension DrivenSource {
    public func send(_ command: SourceCommand) { driver.send(command) }

    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        driver.send(command, whenWritten: whenWritten)
    }

    public func retryNow() { driver.submit(.retryNow) }
}

extension DrivenSource where IO.Machine.Input: PlainStartAndStop {
    public func start(events: @escaping @Sendable (SourceEvent) -> Void) { driver.start(events, with: .start) }

    public func shutdown() { driver.shutdown(with: .stop) }
}

extension DrivenSource where IO.Machine.Input: WantsPictures {
    public func want(_ pictures: [PictureWant]) { driver.submit(.want(pictures)) }
}

/// An I/O that carries out its machine's actions one by one, and reports a
/// command written when the actions it made hold a write (`writes`).
public protocol ActionByActionIO: SourceIO {
    func perform(_ action: Machine.Action, driver: SourceDriver<Self>)
    /// The action puts a command on the wire.
    static func writes(_ action: Machine.Action) -> Bool
}

extension ActionByActionIO {
    public func carryOut(_ actions: [Machine.Action], driver: SourceDriver<Self>, whenWritten: (@Sendable (Bool) -> Void)?) {
        for action in actions { perform(action, driver: driver) }
        whenWritten?(actions.contains(where: Self.writes))
    }
}
