import Foundation
import SlideModel

/// The loop's clocks: monotonic milliseconds for the pad, the wall clock for
/// the status line. Injected so tests and snapshots are repeatable.
struct Clocks: Sendable {
    var monotonic: @Sendable () -> Millis
    var wallClock: @Sendable () -> String

    static let system = Clocks(
        monotonic: { Millis(DispatchTime.now().uptimeNanoseconds / 1_000_000) },
        wallClock: {
            var t = time(nil)
            var parts = tm()
            localtime_r(&t, &parts)
            return String(format: "%02d:%02d", parts.tm_hour, parts.tm_min)
        }
    )
}
