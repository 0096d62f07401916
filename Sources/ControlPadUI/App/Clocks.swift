import Foundation
import SlideModel

/// The loop's clocks: monotonic milliseconds for the pad, the wall clock for
/// the status line. Injected so tests and snapshots are repeatable.
struct Clocks: Sendable {
    var monotonic: @Sendable () -> Millis
    var wallClock: @Sendable () -> String
    /// Until the wall clock shows the next minute (the status line's clock).
    var untilNextMinute: @Sendable () -> Millis

    static let system = Clocks(
        monotonic: { Millis(DispatchTime.now().uptimeNanoseconds / 1_000_000) },
        wallClock: {
            var t = time(nil)
            var parts = tm()
            localtime_r(&t, &parts)
            return String(format: "%02d:%02d", parts.tm_hour, parts.tm_min)
        },
        untilNextMinute: {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            return 60_000 - (Int(now.tv_sec) % 60) * 1000 - Int(now.tv_nsec) / 1_000_000
        }
    )
}
