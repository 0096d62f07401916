extension Duration {
    /// Whole nanoseconds, for clocks and timers that count them (NIO's,
    /// poll's milliseconds): negative durations are 0, overlong ones the most
    /// an Int64 holds.
    public var clampedNanoseconds: Int64 {
        let (s, atto) = components
        let (ns, overflow) = s.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return s < 0 ? 0 : Int64.max }
        return max(0, ns + atto / 1_000_000_000)
    }
}

extension Duration {
    /// In seconds, for code that counts time in `Double` seconds.
    public var inSeconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }

    /// Whole milliseconds, truncated toward zero and clamped to `Int`: for
    /// the few places time leaves the pad as a number (a file, a CSV row).
    public var wholeMs: Int { Int(clamping: attoseconds / 1_000_000_000_000_000) }

    /// Truncated toward zero to whole milliseconds.
    public var truncatedToWholeMs: Duration { .milliseconds(wholeMs) }
}
