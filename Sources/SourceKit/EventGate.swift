import FoundationEssentials
import SlideModel
import Syscalls

/// The one door a source's events go through to the pad (every source: the
/// network ones through their `SourceDriver`). Delivery happens under the
/// lock, so once `close()` returns no event is being delivered or will be;
/// a closed gate never opens again (a `start` racing a `shutdown` cannot
/// reopen it). The lock is recursive: a sink that calls `shutdown` from
/// inside a delivery closes the gate instead of deadlocking.
public final class EventGate: @unchecked Sendable {
    public init() {}

    private let lock = PlainLock(recursive: true)
    private var sink: (@Sendable (SourceEvent) -> Void)?
    private var closedForGood = false

    public func open(_ sink: @escaping @Sendable (SourceEvent) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        if !closedForGood { self.sink = sink }
    }

    public func close() {
        lock.lock()
        defer { lock.unlock() }
        sink = nil
        closedForGood = true
    }

    public func deliver(_ event: SourceEvent) {
        lock.lock()
        defer { lock.unlock() }
        sink?(event)
    }
}
