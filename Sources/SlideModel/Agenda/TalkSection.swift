/// One part of a talk: a name, the slide it begins on, and how long it is
/// planned to take when someone said so. A section runs from its first
/// slide to the slide before the next section's first.
public struct TalkSection: Sendable, Equatable, Codable {
    public var name: String
    /// 0-based.
    public var firstSlide: Int
    public var planned: Duration?

    /// The longest name kept (a hostile deck cannot make rows of megabytes).
    public static let maxNameLength = 80

    public init(name: String, firstSlide: Int, planned: Duration? = nil) {
        let clean = Notes.sanitized(name).split(whereSeparator: \.isNewline).joined(separator: " ")
        self.name = String(clean.trimmingCharacters(inSet: " \t").prefix(Self.maxNameLength))
        self.firstSlide = max(0, firstSlide)
        self.planned = planned.map { max(.zero, $0) }
    }
}

/// What a source knows of a talk's parts and times, source-neutral: its
/// sections (reveal.js: each horizontal slide and its vertical stack), the
/// time it plans per slide (reveal.js's `data-timing`, `defaultTiming`),
/// and the talk's length (reveal.js's `totalTime`). A source sends it with
/// `SourceEvent.sections` before `showStarted`, again at every sync; an
/// empty value says the show has none.
public struct SourceSections: Sendable, Equatable {
    public var sections: [TalkSection]
    /// One entry per slide, nil where the deck plans nothing for it; empty
    /// when it plans nothing at all.
    public var slideTimings: [Duration?]
    public var totalTime: Duration?

    public static let none = SourceSections(sections: [])

    public init(sections: [TalkSection], slideTimings: [Duration?] = [], totalTime: Duration? = nil) {
        self.sections = Array(sections.prefix(SlideLimits.maxSlideCount))
        self.slideTimings = Array(slideTimings.prefix(SlideLimits.maxSlideCount))
        self.totalTime = totalTime.flatMap { $0 > .zero ? $0 : nil }
    }
}

extension Array where Element == TalkSection {
    /// The sections in slide order, each starting after the one before
    /// (a later one on the same slide or before it is left out), inside a
    /// show of `slideCount` slides (0: not known yet, keep them all).
    public func ordered(slideCount: Int) -> [TalkSection] {
        var kept: [TalkSection] = []
        for section in self.sorted(by: { $0.firstSlide < $1.firstSlide })
        where (kept.last.map { section.firstSlide > $0.firstSlide } ?? true) && (slideCount == 0 || section.firstSlide < slideCount) {
            kept.append(section)
        }
        return kept
    }
}
