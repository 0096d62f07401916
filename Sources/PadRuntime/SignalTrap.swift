import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one way ControlPad takes signals: each named signal is ignored by the
/// process and handed to `handler` on a dispatch queue instead (the pad posts
/// it to its loop; `send` and `watch` to theirs). Cancelled by `cancel()`.
public final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    public init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    public func cancel() { sources.forEach { $0.cancel() } }
}
