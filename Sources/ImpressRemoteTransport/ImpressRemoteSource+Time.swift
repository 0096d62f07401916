import ImpressRemote
import NIOCore

/// The one clock the source and its connection read.
extension ImpressRemoteSource {
    static func monotonicNow() -> Duration {
        .nanoseconds(Int64(truncatingIfNeeded: NIODeadline.now().uptimeNanoseconds))
    }
}
