import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import SlideModel

/// The clocks of the pad's loop and of `send`/`watch`/`doctor`: monotonic
/// time as a `Duration` since an arbitrary origin (the same type the
/// connections count in), and the wall clock for the status line (not
/// monotonic time: a string, and milliseconds since 1970). Injected so tests
/// and snapshots are repeatable.
public struct Clocks: Sendable {
    public var monotonic: @Sendable () -> Duration
    public var wallClock: @Sendable () -> String
    /// Until the wall clock shows the next minute (the status line's clock).
    public var untilNextMinute: @Sendable () -> Duration
    /// The wall clock in milliseconds since 1970 (the kept talk timers).
    public var wallMillis: @Sendable () -> Int

    public init(monotonic: @escaping @Sendable () -> Duration, wallClock: @escaping @Sendable () -> String,
                untilNextMinute: @escaping @Sendable () -> Duration,
                wallMillis: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970 * 1000) }) {
        self.monotonic = monotonic
        self.wallClock = wallClock
        self.untilNextMinute = untilNextMinute
        self.wallMillis = wallMillis
    }

    public static let system = Clocks(
        monotonic: { .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds)) },
        wallClock: {
            var t = time(nil)
            var parts = tm()
            localtime_r(&t, &parts)
            return cFormat("%02d:%02d", parts.tm_hour, parts.tm_min)
        },
        untilNextMinute: {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            return .seconds(60 - Int(now.tv_sec) % 60) - .nanoseconds(Int(now.tv_nsec))
        }
    )
}
