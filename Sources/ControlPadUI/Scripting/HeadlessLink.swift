import Dispatch
import Foundation
import Logging
import RemoteTransport
import SlideModel

/// The network source without a screen, for `send` and `watch`: its events,
/// the answers to `send(_:whenWritten:)` and Ctrl-C arrive one at a time on
/// the calling thread, in the order they happened.
final class HeadlessLink: @unchecked Sendable {
    enum Item: Equatable {
        case event(SourceEvent)
        case written(Bool)
        /// SIGINT, SIGTERM or SIGHUP.
        case interrupted
    }

    private let source: ImpressRemoteSource
    private let condition = NSCondition()
    private var items: [Item] = []
    private var signals: [DispatchSourceSignal] = []
    /// Kept as items are posted, for `shutdownWhenImpressIsDone`.
    private var stream = PreviewStream()
    private var lastTraffic = Date.distantPast

    init(configuration: ImpressRemoteConfiguration, logger: Logger) {
        source = ImpressRemoteSource(configuration: configuration, logger: logger)
    }

    /// Connects, and turns SIGINT/SIGTERM/SIGHUP into `.interrupted`.
    func start() {
        signals = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let signalSource = DispatchSource.makeSignalSource(signal: number, queue: .global())
            signalSource.setEventHandler { [weak self] in self?.post(.interrupted) }
            signalSource.resume()
            return signalSource
        }
        source.start { [weak self] in self?.post(.event($0)) }
    }

    func send(_ command: SourceCommand) {
        source.send(command) { [weak self] in self?.post(.written($0)) }
    }

    /// The next item, or nil if none came before `deadline` (nil: wait for ever).
    func next(before deadline: Date?) -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty {
            if let deadline {
                if !condition.wait(until: deadline) && items.isEmpty { return nil }
            } else {
                condition.wait()
            }
        }
        return items.removeFirst()
    }

    /// Closes the connection once Impress has sent the last preview of the
    /// show it is streaming, and nothing has come (and no command of ours
    /// gone out) for `quiet` seconds: see `PreviewStream` for why. Gives
    /// up waiting after 2 s plus 0.2 s per slide still streaming.
    func shutdownWhenImpressIsDone(quiet: TimeInterval = 0.25) {
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: 2 + 0.2 * Double(stream.awaiting ?? 0))
        while Date() < deadline {
            let calm = lastTraffic.addingTimeInterval(quiet)
            if stream.isComplete && Date() >= calm { break }
            _ = condition.wait(until: stream.isComplete ? min(calm, deadline) : deadline)
        }
        condition.unlock()
        shutdown()
    }

    /// Closes the connection; nothing is delivered after this returns.
    func shutdown() {
        source.shutdown()
        signals.forEach { $0.cancel() }
    }

    private func post(_ item: Item) {
        condition.lock()
        switch item {
        case .event(let event):
            stream.note(event)
            if PreviewStream.isTraffic(event) { lastTraffic = Date() }
        case .written(true):
            lastTraffic = Date()
        default:
            break
        }
        items.append(item)
        condition.signal()
        condition.unlock()
    }
}
