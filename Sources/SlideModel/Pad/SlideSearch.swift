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

    /// What the last full or narrowed refresh looked at: a query that only
    /// grows (a letter typed) looks again at its matches and the slides
    /// without notes only.
    private var lastNeedle = ""
    private var lastSlideCount = -1
    private var slidesWithoutNotes: [Int] = []
    /// Slides whose notes the last refresh compared (for the cost tests).
    public private(set) var slidesLookedAt = 0

    /// Works the matches out again (the query changed, notes arrived).
    /// `folded` gives a slide's notes already folded (`fold`, done once as
    /// they arrive); `notesChanged` false lets a longer query narrow the
    /// last matches instead of looking at every slide.
    public mutating func refresh(slideCount: Int, notesChanged: Bool = true, folded: (Int) -> String?) {
        let needle = Self.fold(query)
        let count = max(0, slideCount)
        defer { lastNeedle = needle; lastSlideCount = count }
        guard !needle.isEmpty else {
            matches = Array(0..<count)
            hiddenWithoutNotes = 0
            slidesWithoutNotes = []
            slidesLookedAt = 0
            lastSlideCount = -1
            return
        }
        let narrows = !notesChanged && count == lastSlideCount && !lastNeedle.isEmpty && needle.hasPrefix(lastNeedle)
        let candidates: [Int] = narrows ? Self.merged(matches, slidesWithoutNotes) : Array(0..<count)
        var found: [Int] = []
        var withoutNotes: [Int] = []
        for slide in candidates {
            guard let text = folded(slide), !text.isEmpty else { withoutNotes.append(slide); continue }
            if text.contains(needle) { found.append(slide) }
        }
        slidesLookedAt = candidates.count
        matches = found
        slidesWithoutNotes = withoutNotes
        hiddenWithoutNotes = withoutNotes.count
    }

    /// Two ascending lists as one.
    static func merged(_ a: [Int], _ b: [Int]) -> [Int] {
        guard !b.isEmpty else { return a }
        guard !a.isEmpty else { return b }
        var out: [Int] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) { out.append(a[i]); i += 1 } else { out.append(b[j]); j += 1 }
        }
        return out
    }

    /// One slide's notes arrived: only it is looked at again.
    public mutating func update(slide: Int, folded text: String?) {
        let needle = Self.fold(query)
        guard !needle.isEmpty, lastSlideCount >= 0, slide < lastSlideCount else { return }
        matches.removeAll { $0 == slide }
        slidesWithoutNotes.removeAll { $0 == slide }
        if let text, !text.isEmpty {
            if text.contains(needle) { matches.insert(slide, at: matches.firstIndex { $0 > slide } ?? matches.endIndex) }
        } else {
            slidesWithoutNotes.insert(slide, at: slidesWithoutNotes.firstIndex { $0 > slide } ?? slidesWithoutNotes.endIndex)
        }
        hiddenWithoutNotes = slidesWithoutNotes.count
        slidesLookedAt = 1
    }

    public static func == (a: SlideSearch, b: SlideSearch) -> Bool {
        a.query == b.query && a.typing == b.typing && a.matches == b.matches && a.hiddenWithoutNotes == b.hiddenWithoutNotes
    }

    /// Lower case, no accents, no compatibility forms ("ﬁ" is "fi"): `SearchFold.fold`.
    public static func fold(_ text: String) -> String { SearchFold.fold(text) }

    /// Where `query` is in `line`, in characters of `line` (for the
    /// highlight), or nil. Each character is folded on its own, so a match
    /// maps back to the characters the presenter wrote.
    public static func matchRange(of query: String, in line: String) -> Range<Int>? {
        let needle = Array(fold(query))
        guard !needle.isEmpty else { return nil }
        var folded: [Character] = []
        var owner: [Int] = []  // folded character → index of its character in `line`
        for (i, c) in line.enumerated() {
            // ASCII folds to its lower case: no Foundation call per character.
            let each: String = c.isASCII ? String(c).lowercased() : fold(String(c))
            for f in each {
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

    /// `line` in `columns`, the match on show: cut at its end when the
    /// match fits before the cut, else cut at the front too ("…" and a few
    /// characters before the match). A row that ended "menti…" hid the
    /// "number 700" it was listed for (issue 52).
    public static func excerpt(_ line: String, query: String, columns: Int) -> String {
        let cut = DisplayWidth.truncate(line, to: columns)
        guard columns > 1, DisplayWidth.of(line) > columns, let hit = matchRange(of: query, in: line) else { return cut }
        let characters = Array(line)
        // The cut keeps columns - 1 of the line, then "…".
        if DisplayWidth.of(String(characters[..<hit.upperBound])) <= columns - 1 { return cut }
        let room = columns - 1
        let context = max(0, (room - DisplayWidth.of(String(characters[hit]))) / 3)
        var start = hit.lowerBound, used = 0
        while start > 0, used + DisplayWidth.of(characters[start - 1]) <= context {
            start -= 1
            used += DisplayWidth.of(characters[start])
        }
        // Near the line's end: more before the match, up to the room.
        var rest = DisplayWidth.of(String(characters[start...]))
        while start > 0, rest + DisplayWidth.of(characters[start - 1]) <= room {
            start -= 1
            rest += DisplayWidth.of(characters[start])
        }
        return "…" + DisplayWidth.truncate(String(characters[start...]), to: room)
    }

    /// The line of `notes` to show for a match: the first line holding it,
    /// else the first line.
    public static func lineToShow(_ notes: String, query: String) -> String? {
        let lines = notes.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if !fold(query).isEmpty, let hit = lines.first(where: { matchRange(of: query, in: $0) != nil }) { return hit }
        return lines.first
    }
}
