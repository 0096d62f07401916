import Dispatch
import Foundation
import Logging
import RemoteTransport
import SlideModel

extension ImpressRemoteSource: ConfirmingSource {}

/// The network source (Impress or pdfpc) without a screen, for `send` and `watch`: its events,
/// the answers to `send(_:whenWritten:)` and Ctrl-C arrive one at a time on
/// the calling thread, in the order they happened.
final class HeadlessLink: @unchecked Sendable {
    enum Item: Equatable {
        case event(SourceEvent)
        case written(Bool)
        /// SIGINT, SIGTERM or SIGHUP.
        case interrupted
    }

    private let source: any ConfirmingSource
    private let condition = NSCondition()
    private var items: [Item] = []
    private var signals: [DispatchSourceSignal] = []

    convenience init(configuration: ImpressRemoteConfiguration, logger: Logger) {
        self.init(source: ImpressRemoteSource(configuration: configuration, logger: logger))
    }

    init(source: any ConfirmingSource) {
        self.source = source
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

    /// Stops; Impress's stream, if one is still coming, is finished in the
    /// background (`LinkLeaving`). Nothing is delivered after this returns.
    func leave(logger: Logger) {
        signals.forEach { $0.cancel() }
        LinkLeaving.leave(source, logger: logger)
    }

    /// Closes the connection at once; nothing is delivered after this returns.
    func shutdown() {
        source.shutdown()
        signals.forEach { $0.cancel() }
    }

    private func post(_ item: Item) {
        condition.lock()
        items.append(item)
        condition.signal()
        condition.unlock()
    }
}
