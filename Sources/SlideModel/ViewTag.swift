/// A stable numeric identity for every view that shows slide content.
/// Content is routed by tag, never by reference: a tag whose view is gone
/// simply receives nothing.
public struct ViewTag: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static let current = ViewTag(1)
    public static let next = ViewTag(2)
    public static let notes = ViewTag(3)
    /// The slide list as a whole (holds its selection and scroll, not content).
    public static let slideList = ViewTag(10)
    /// Slide-list rows are 11, 12, ...: row `n` (0-based, on screen) is `11 + n`.
    public static func listRow(_ n: Int) -> ViewTag { ViewTag(11 + n) }

    public var isListRow: Bool { rawValue >= 11 }
    public var description: String { "#\(rawValue)" }
    public static func < (a: ViewTag, b: ViewTag) -> Bool { a.rawValue < b.rawValue }
}
