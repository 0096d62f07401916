/// A stable numeric identity for every view that shows slide content.
/// Content is routed by tag, never by reference: a tag whose view is gone
/// simply receives nothing.
public struct ViewTag: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static let current = ViewTag(1)
    public static let next = ViewTag(2)
    public static let notes = ViewTag(3)
    /// The help overlay (holds its scroll, not content).
    public static let help = ViewTag(4)
    /// The agenda overlay (holds its selection, not content).
    public static let agenda = ViewTag(5)
    /// The slide list as a whole (holds its selection and scroll, not content).
    public static let slideList = ViewTag(10)
    /// Slide-list rows are 11, 12, …, 999: row `n` (0-based, on screen) is `11 + n`.
    public static func listRow(_ n: Int) -> ViewTag { ViewTag(11 + n) }
    /// The overview grid as a whole (its selection and scroll, not content).
    public static let overview = ViewTag(1000)
    /// Overview cells are 1001, 1002, …: cell `n` (0-based, on screen, row
    /// by row) is `1001 + n`.
    public static func overviewCell(_ n: Int) -> ViewTag { ViewTag(1001 + n) }

    /// The most list rows on screen: the list's tags stop below the overview's.
    public static let maxListRows = 989
    public var isListRow: Bool { rawValue >= 11 && rawValue < 1000 }
    public var isOverviewCell: Bool { rawValue > 1000 }
    /// Holds a view's scroll and selection, not a slide.
    public var isContainer: Bool { self == .slideList || self == .overview || self == .help || self == .agenda }
    public var description: String { "#\(rawValue)" }
    public static func < (a: ViewTag, b: ViewTag) -> Bool { a.rawValue < b.rawValue }
}
