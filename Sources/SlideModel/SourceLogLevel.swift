/// How much a source's line in the log matters, as its pure machine says it
/// (the transport maps it onto the logger's levels).
public enum SourceLogLevel: Sendable, Equatable, Comparable {
    case trace, debug, info, notice, warning, error
}

/// The most slides any source may declare: a bound on what the pad keeps,
/// whatever a peer says.
public enum SlideLimits {
    public static let maxSlideCount = 100_000
}
