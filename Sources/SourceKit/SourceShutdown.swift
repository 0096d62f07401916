import NIOCore
import Syscalls

/// The one way a driver that lives on an event loop stops
/// (`SourceDriver.shutdown(with:)`, and so every network source): once only; its `EventGate`
/// closed first, on every call, so no event reaches the pad after it
/// returns; then the driver's own stop run on its loop, in this turn when
/// called there, else waited for, so nothing of it is running when
/// `shutdown()` returns.
public final class SourceShutdown: @unchecked Sendable {
    private let lock = PlainLock()
    private var stopped = false

    public init() {}

    /// True once `stop` was called: commands that come later are dropped.
    public var isStopped: Bool { lock.withLock { stopped } }

    /// Closes `gate` and, the first time only, runs `body` on `loop`.
    /// Returns whether this call was the first (the one that stopped it).
    @discardableResult
    public func stop(closing gate: EventGate, on loop: any EventLoop, _ body: @escaping @Sendable () -> Void) -> Bool {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        // From here on no event reaches the pad (an event being delivered
        // right now finishes first: the gate's lock waits for it).
        gate.close()
        guard first else { return false }
        if loop.inEventLoop {
            body()
        } else {
            try? loop.submit(body).wait()
        }
        return true
    }
}
