/// Delays between reconnect attempts: `initial`, doubling, capped at
/// `maximum` (0.5, 1, 1, ... seconds by default: an attempt costs a refused
/// or timed-out connect, and a presenter whose Impress is back wants the
/// link back within a second). Reset once a connection pairs again.
public struct ReconnectBackoff: Sendable, Equatable {
    public let initial: Duration
    public let maximum: Duration
    public private(set) var failures = 0

    public init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(1)) {
        self.initial = max(initial, .zero)
        self.maximum = max(maximum, self.initial)
    }

    /// The wait before the next attempt; each call counts one more failure.
    public mutating func nextDelay() -> Duration {
        var delay = initial
        for _ in 0..<min(failures, 30) where delay < maximum { delay = delay * 2 }
        failures += 1
        return min(delay, maximum)
    }

    public mutating func reset() { failures = 0 }

    /// Whole seconds left, rounded up, for "reconnecting in 3 s…"; never 0
    /// while some time is left.
    public static func countdownSeconds(_ remaining: Duration) -> Int {
        let (seconds, attoseconds) = remaining.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
