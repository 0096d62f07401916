import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Logging
import PadRuntime
import SlideModel
import SourceKit

/// A network source without a screen, for `send`,
/// `watch` and `doctor`: its events, the answers to `send(_:whenWritten:)`
/// and Ctrl-C arrive one at a time on the calling thread, in the order they
/// happened, through the pad's own inbox, signal trap and clocks.
package final class HeadlessLink: @unchecked Sendable {
    package enum Item: Equatable, Sendable {
        case event(SourceEvent)
        case written(Bool)
        /// SIGINT, SIGTERM or SIGHUP.
        case interrupted
    }

    private let source: any ConfirmingSource
    private let inbox: EventInbox<Item>
    /// Posted but not yet taken by `next`.
    private var taken: [Item] = []
    private var signals: SignalTrap?
    package let clocks: Clocks

    package init(source: any ConfirmingSource, clocks: Clocks = .system) throws {
        self.source = source
        self.clocks = clocks
        inbox = try EventInbox()
    }

    /// Now, on `clocks`: what `next(before:)` deadlines are measured on.
    package var now: Millis { clocks.monotonic() }

    /// Connects, and turns SIGINT/SIGTERM/SIGHUP into `.interrupted`.
    package func start() {
        signals = SignalTrap([SIGINT, SIGTERM, SIGHUP]) { [inbox] _ in inbox.post(.interrupted) }
        source.start { [inbox] in inbox.post(.event($0)) }
    }

    package func send(_ command: SourceCommand) {
        source.send(command) { [inbox] in inbox.post(.written($0)) }
    }

    /// The next item, or nil if none came before `deadline` (on `now`; nil:
    /// wait for ever).
    package func next(before deadline: Millis?) -> Item? {
        while taken.isEmpty {
            let left = deadline.map { $0 - now }
            if let left, left <= 0 {
                taken = inbox.drain()
                break
            }
            taken = inbox.wait(milliseconds: left)
        }
        return taken.isEmpty ? nil : taken.removeFirst()
    }

    /// Stops; what the source must still finish (a stream still coming) is
    /// finished in the background (`LinkLeaving`). Nothing is delivered after this returns.
    package func leave(logger: Logger) {
        signals?.cancel()
        LinkLeaving.leave(source, logger: logger)
    }

    /// Closes the connection at once; nothing is delivered after this returns.
    package func shutdown() {
        source.shutdown()
        signals?.cancel()
    }
}
