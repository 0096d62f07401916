import Foundation
import SlideModel
import Syscalls

/// Where other threads (sources, signal handlers) leave events for the loop.
/// Posting also writes one byte to a pipe the loop polls beside the terminal,
/// so an idle loop sleeps in `poll` until something really arrives.
final class EventInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [PadEvent] = []
    private let pipe: (read: Int32, write: Int32)

    init() throws {
        pipe = try Syscalls.pipe()
    }

    deinit {
        close(pipe.read)
        close(pipe.write)
    }

    /// The descriptor that becomes readable when something was posted.
    var wakeDescriptor: Int32 { pipe.read }

    func post(_ event: PadEvent) {
        lock.lock()
        let wasEmpty = pending.isEmpty
        pending.append(event)
        lock.unlock()
        if wasEmpty { try? Syscalls.writeAll(pipe.write, [1]) }
    }

    /// Wakes the loop with nothing to reduce: it draws again (a picture
    /// encoded on another thread is ready).
    func wake() {
        try? Syscalls.writeAll(pipe.write, [1])
    }

    /// Everything posted so far, oldest first.
    func drain() -> [PadEvent] {
        Syscalls.drain(pipe.read)
        lock.lock()
        defer { lock.unlock() }
        let events = pending
        pending.removeAll(keepingCapacity: true)
        return events
    }
}
