import NIOCore

/// The one clock the source and its connection read, and NIO's units.
extension ImpressRemoteSource {
    static func monotonicNow() -> Duration {
        .nanoseconds(Int64(truncatingIfNeeded: NIODeadline.now().uptimeNanoseconds))
    }

    static func nanoseconds(_ d: Duration) -> Int64 {
        let (s, atto) = d.components
        let (ns, overflow) = s.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return s < 0 ? 0 : Int64.max }
        return max(0, ns + atto / 1_000_000_000)
    }
}
