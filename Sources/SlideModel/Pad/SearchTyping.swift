/// Typing a search's query (after `/` in the list or the overview).
///
/// While a query is typed, letters are text, `b` and `.` too: a keyboard
/// search for "b." must work. A presenter holding only a clicker, though,
/// presses its blank key to blank, not to type, and cannot see the query.
/// So two rules, the go-to prompt's (docs/KEYS.md):
/// - a `b` or `.` typed into a query says so on the status line: the screen
///   did not blank, and when it would;
/// - a query left alone for `searchTypingTimeout` stops taking letters (the
///   filter stays, as after an arrow): a stray `/` never leaves the clicker's
///   blank key typing into a query nobody sees.
extension PadState {
    /// How long a query being typed waits for a key before letters are keys again.
    public static let searchTypingTimeout: Duration = .milliseconds(5000)

    /// When the query being typed stops taking letters, if one is typed.
    public var searchTypingExpiresAt: Duration? {
        guard search?.typing == true, let touched = searchTouchedAt else { return nil }
        return touched + Self.searchTypingTimeout
    }

    /// `/`: type a query (again); the filter so far stays.
    mutating func startSearch(now: Duration) {
        var search = self.search ?? SlideSearch()
        search.typing = true
        self.search = search
        searchTouchedAt = now
        refreshSearch()
    }

    /// The search's keys while its query is typed; false for keys it leaves
    /// to the list or the overview (arrows, paging, Enter).
    mutating func handleSearchKey(_ key: Key, now: Duration) -> Bool {
        guard var search, search.typing else { return false }
        switch key {
        case .char(let c) where !c.isNewline:
            guard search.query.count < 60 else { return true }
            search.query.append(c)
            if let action = bindings.action(for: key), Self.emergencyActions.contains(action) {
                let what = blank ? "resume" : "blank"
                flash = Flash(text: "“\(c)” typed into the search: no \(what) (\(c) does after Esc or 5 s idle)",
                              until: now + Flash.duration)
            }
        case .backspace, .delete:
            if search.query.isEmpty { self.search = nil; return true }
            search.query.removeLast()
        case .up, .down, .pageUp, .pageDown, .home, .end, .left, .right, .tab:
            // Into the matches: n / N step between them now.
            search.typing = false
            self.search = search
            return false
        default:
            return false
        }
        searchTouchedAt = now
        self.search = search
        refreshSearch(notesChanged: false)
        return true
    }

    /// The query left alone stops taking letters (on a tick); the filter stays.
    mutating func endSearchTypingIfExpired(now: Duration) {
        guard let expires = searchTypingExpiresAt, now >= expires else { return }
        search?.typing = false
        searchTouchedAt = nil
    }
}
