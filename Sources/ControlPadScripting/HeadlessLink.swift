import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Logging
import NIOCore
import PadRuntime
import SlideModel
import SourceKit

/// A network source without a screen, for `send`,
/// `watch` and `doctor`: its events, the answers to `send(_:whenWritten:)`
/// and Ctrl-C arrive one at a time on the calling thread, in the order they
/// happened. The same model as the pad: what came waits on the one event
/// loop the source lives on (`PadEventLoop`), where the source delivers it
/// directly and other threads (the signal trap) post with `execute`; the
/// calling thread asks the loop for the next item and blocks on the answer.
package final class HeadlessLink: @unchecked Sendable {
    package enum Item: Equatable, Sendable {
        case event(SourceEvent)
        case written(Bool)
        /// SIGINT, SIGTERM or SIGHUP.
        case interrupted
        /// Something asked at the kept link's door (`KeptLink`); the answer goes to `reply`.
        case request(DoorRequest, reply: Int32)
    }

    /// What came and was not yet taken, and a `next` waiting for it: on `loop`.
    private final class Waiting {
        var items: [Item] = []
        var taker: EventLoopPromise<Item?>?
        var deadline: Scheduled<Void>?

        func give(_ item: Item) {
            guard let taker else { return items.append(item) }
            self.taker = nil
            deadline?.cancel()
            taker.succeed(item)
        }
    }

    private let source: any ConfirmingSource
    private let loop: any EventLoop
    private let waiting: NIOLoopBoundBox<Waiting>
    private var signals: SignalTrap?
    package let clocks: Clocks

    package init(source: any ConfirmingSource, clocks: Clocks = .system, loop: any EventLoop = PadEventLoop.loop) throws {
        self.source = source
        self.clocks = clocks
        self.loop = loop
        waiting = .makeBoxSendingValue(Waiting(), eventLoop: loop)
    }

    /// Now, on `clocks`: what `next(before:)` deadlines are measured on.
    package var now: Duration { clocks.monotonic() }

    /// Connects, and turns SIGINT/SIGTERM/SIGHUP into `.interrupted`.
    package func start() {
        signals = SignalTrap([SIGINT, SIGTERM, SIGHUP]) { [self] _ in post(.interrupted) }
        source.start { [self] in post(.event($0)) }
    }

    package func send(_ command: SourceCommand) {
        source.send(command) { [self] in post(.written($0)) }
    }

    /// On the loop (a source living there), kept at once; from elsewhere, hops there.
    package func post(_ item: Item) {
        if loop.inEventLoop {
            waiting.value.give(item)
        } else {
            loop.execute { self.waiting.value.give(item) }
        }
    }

    /// The next item, or nil if none came before `deadline` (on `now`; nil:
    /// wait for ever). What is already in is taken even past the deadline.
    /// Never call it on the loop.
    package func next(before deadline: Duration?) -> Item? {
        let left = deadline.map { max(.zero, $0 - now) }
        let answer = loop.flatSubmit { () -> EventLoopFuture<Item?> in
            let waiting = self.waiting.value
            if !waiting.items.isEmpty { return self.loop.makeSucceededFuture(waiting.items.removeFirst()) }
            if left == .zero { return self.loop.makeSucceededFuture(nil) }
            let taker = self.loop.makePromise(of: Item?.self)
            waiting.taker = taker
            if let left {
                waiting.deadline = self.loop.assumeIsolated().scheduleTask(in: .nanoseconds(left.clampedNanoseconds)) {
                    waiting.taker = nil
                    taker.succeed(nil)
                }
            }
            return taker.futureResult
        }
        return (try? answer.wait()) ?? nil
    }

    /// Stops; what the source must still finish (a stream still coming) is
    /// finished in the background (`LinkLeaving`). Nothing is delivered after this returns.
    /// `keeper`: as `LinkLeaving.leave`'s.
    package func leave(logger: Logger, keeper: [String]? = nil) {
        signals?.cancel()
        LinkLeaving.leave(source, logger: logger, keeper: keeper)
    }

    /// Stops, leaving the link open for another process (`SlideSource.handOver`).
    package func handOver() -> SourceHandOff? {
        signals?.cancel()
        return source.handOver()
    }

    /// Closes the connection at once; nothing is delivered after this returns.
    package func shutdown() {
        source.shutdown()
        signals?.cancel()
    }
}
