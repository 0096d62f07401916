import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Syscalls

/// Where other threads (sources, signal handlers) leave events for the one
/// thread that handles them: the pad's loop, or `send`/`watch`. Posting also
/// writes one byte to a pipe the handler polls (beside the terminal, for the
/// pad), so an idle handler sleeps in `poll` until something really arrives.
public final class EventInbox<Event: Sendable>: @unchecked Sendable {
    private let lock = PlainLock()
    private var pending: [Event] = []
    private let pipe: (read: Int32, write: Int32)

    public init() throws {
        pipe = try Syscalls.pipe()
    }

    deinit {
        close(pipe.read)
        close(pipe.write)
    }

    /// The descriptor that becomes readable when something was posted.
    public var wakeDescriptor: Int32 { pipe.read }

    public func post(_ event: Event) {
        lock.lock()
        let wasEmpty = pending.isEmpty
        pending.append(event)
        lock.unlock()
        if wasEmpty { try? Syscalls.writeAll(pipe.write, [1]) }
    }

    /// Wakes the handler with nothing to take: the pad draws again (a
    /// picture encoded on another thread is ready).
    public func wake() {
        try? Syscalls.writeAll(pipe.write, [1])
    }

    /// Everything posted so far, oldest first.
    public func drain() -> [Event] {
        Syscalls.drain(pipe.read)
        lock.lock()
        defer { lock.unlock() }
        let events = pending
        pending.removeAll(keepingCapacity: true)
        return events
    }

    /// Waits up to `milliseconds` (for ever when nil) for something to be
    /// posted, then drains; empty when nothing came in time.
    public func wait(milliseconds: Int?) -> [Event] {
        _ = Syscalls.poll([wakeDescriptor], timeout: Int32(clamping: milliseconds.map { max(0, $0) } ?? -1))
        return drain()
    }
}
