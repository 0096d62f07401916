/// Why a connection or a request to a source got no answer, in the cases
/// every network source shares: each source's own failure type (pdfpc's
/// `PdfpcConnection.Failure`, reveal.js's `RevealLink.Failure`) conforms
/// with its enum cases, adds its own, and is classified from NIO's errors by
/// one rule (`NetworkFailure.classifying`, in SourceKit).
public protocol NetworkFailure: Sendable, Equatable, CustomStringConvertible {
    static var refused: Self { get }
    static var reset: Self { get }
    static var timedOut: Self { get }
    /// A source without a case of its own says it in words (`other`).
    static var hostNotFound: Self { get }
    static var unreachable: Self { get }
    static func other(_ text: String) -> Self
}

extension NetworkFailure {
    /// The words for a shared case, nil for a source's own.
    public var sharedDescription: String? {
        switch self {
        case Self.refused: NetworkFailureWords.refused
        case Self.reset: NetworkFailureWords.reset
        case Self.timedOut: NetworkFailureWords.timedOut
        case Self.hostNotFound: NetworkFailureWords.hostNotFound
        case Self.unreachable: NetworkFailureWords.unreachable
        default: nil
        }
    }
}

/// The shared cases' words, as the log and the doctor show them.
public enum NetworkFailureWords {
    public static let refused = "connection refused"
    public static let reset = "connection reset"
    public static let timedOut = "no answer in time"
    public static let hostNotFound = "host not found"
    public static let unreachable = "host unreachable"
}
