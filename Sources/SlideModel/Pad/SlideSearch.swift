import Foundation

/// The search in the slide list and the overview: slides whose notes hold
/// the query, ignoring case and accents ("cafe" finds "Café"). Slides
/// without notes cannot match; the filter counts them so they are never
/// lost from view without a word.
public struct SlideSearch: Sendable, Equatable {
    /// What was typed.
    public var query: String
    /// Keys go to the query (after `/`); false once the presenter moved
    /// into the matches (↑/↓), where n/N step between them.
    public var typing: Bool
    /// The slides that match, in order (every slide for an empty query).
    public private(set) var matches: [Int] = []
    /// Slides the filter hides that have no notes (yet): said beside the count.
    public private(set) var hiddenWithoutNotes = 0

    public init(query: String = "", typing: Bool = true) {
        self.query = query
        self.typing = typing
    }

    /// Whether the list shows only the matches (an empty query hides nothing).
    public var filters: Bool { !SlideSearch.fold(query).isEmpty }

    /// Works the matches out again (the query changed, notes arrived).
    public mutating func refresh(slideCount: Int, notes: (Int) -> String?) {
        let needle = Self.fold(query)
        guard !needle.isEmpty else {
            matches = Array(0..<max(0, slideCount))
            hiddenWithoutNotes = 0
            return
        }
        var found: [Int] = []
        var withoutNotes = 0
        for slide in 0..<max(0, slideCount) {
            guard let text = notes(slide), !text.isEmpty else { withoutNotes += 1; continue }
            if Self.fold(text).contains(needle) { found.append(slide) }
        }
        matches = found
        hiddenWithoutNotes = withoutNotes
    }

    /// Lower case, no accents, no compatibility forms ("ﬁ" is "fi").
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping.lowercased()
    }

    /// Where `query` is in `line`, in characters of `line` (for the
    /// highlight), or nil. Each character is folded on its own, so a match
    /// maps back to the characters the presenter wrote.
    public static func matchRange(of query: String, in line: String) -> Range<Int>? {
        let needle = Array(fold(query))
        guard !needle.isEmpty else { return nil }
        var folded: [Character] = []
        var owner: [Int] = []  // folded character → index of its character in `line`
        for (i, c) in line.enumerated() {
            for f in fold(String(c)) {
                folded.append(f)
                owner.append(i)
            }
        }
        guard folded.count >= needle.count else { return nil }
        for start in 0...(folded.count - needle.count) where folded[start] == needle[0] {
            if Array(folded[start..<start + needle.count]) == needle {
                return owner[start]..<(owner[start + needle.count - 1] + 1)
            }
        }
        return nil
    }

    /// The line of `notes` to show for a match: the first line holding it,
    /// else the first line.
    public static func lineToShow(_ notes: String, query: String) -> String? {
        let lines = notes.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if !fold(query).isEmpty, let hit = lines.first(where: { matchRange(of: query, in: $0) != nil }) { return hit }
        return lines.first
    }
}
