import SlideModel

/// "; did you mean \"minutes\"?" for a key or a value that is nearly a
/// known one: within two edits (one for short words), `_` read as `-`
/// (`notes_first` is `notes-first`), case aside. Said after the list of
/// known words, so the list stays as it was.
enum DidYouMean {
    /// The known word `word` nearly is; nil when none is near.
    static func nearest(to word: String, in known: [String]) -> String? {
        let typed = word.lowercased().replacing("_", with: "-")
        let scored = known.map { ($0, EditDistance.between(typed, $0.lowercased())) }
        guard let (best, distance) = scored.min(by: { $0.1 < $1.1 }), best != word,
              distance <= (typed.count <= 4 ? 1 : 2) else { return nil }
        return best
    }

    /// "; did you mean \"best\"?", or "" when nothing is near.
    static func suffix(_ word: String, in known: [String]) -> String {
        nearest(to: word, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
    }
}
