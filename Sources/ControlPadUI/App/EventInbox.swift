import Foundation
import SlideModel

/// Where other threads (sources, signal handlers) leave events for the loop.
/// Posting also writes one byte to a pipe the loop polls beside the terminal,
/// so an idle loop sleeps in `poll` until something really arrives.
final class EventInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [PadEvent] = []
    private var quit = false
    private let readFD: Int32
    private let writeFD: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw CursesTerminal.StartError(description: "could not create a pipe: \(String(cString: strerror(errno)))") }
        readFD = fds[0]
        writeFD = fds[1]
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// The descriptor that becomes readable when something was posted.
    var wakeFD: Int32 { readFD }

    func post(_ event: PadEvent) {
        lock.lock()
        let wasEmpty = pending.isEmpty
        pending.append(event)
        lock.unlock()
        if wasEmpty { wake() }
    }

    /// Asks the loop to end (a signal arrived).
    func postQuit() {
        lock.lock()
        quit = true
        lock.unlock()
        wake()
    }

    /// Everything posted so far, oldest first, and whether quit was asked.
    func drain() -> (events: [PadEvent], quit: Bool) {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(readFD, &sink, sink.count) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let events = pending
        pending.removeAll(keepingCapacity: true)
        return (events, quit)
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }
}
