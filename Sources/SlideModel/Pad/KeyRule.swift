/// The one rule for keys and overlays (docs/KEYS.md has it as a table):
///
/// 1. The show's emergency keys reach it whatever is open: blank / resume
///    (`b` `.`), start / resume (F5, Shift-F5) and quit (which asks). A
///    question closes as "no" first. While a search's query is typed,
///    letters are text.
/// 2. The go-to prompt (a stray digit opens it) gives way: a key that moves
///    the show closes it and moves the show; left alone it closes by itself.
/// 3. The list, the overview and the help keep the moving keys (PgDn PgUp
///    → ← Space …) for themselves, to move their selection or page, and the
///    status line says that the show did not move and that Esc closes them:
///    a clicker reaches the show in two presses, Esc then PgDn.
/// 4. Esc closes the topmost overlay and never reaches the show.
///
/// The help is a reading overlay on purpose: a presenter paging it with
/// PgDn must not move the talk by surprise.
extension PadState {
    /// The actions of rule 1 that `handle` lets past every overlay itself
    /// (quit already gets past them, and is a question's own "yes").
    static let emergencyActions: Set<Action> = [.blank, .startShow]

    /// The actions that move the show.
    static let movingActions: Set<Action> = [.next, .previous, .first, .last, .nextSlide, .nextSection, .previousSection]

    /// How long the go-to prompt waits for a key before it closes: a stray
    /// digit must not leave a prompt that takes the clicker's keys.
    public static let gotoTimeout: Duration = .milliseconds(5000)

    /// When the open go-to prompt closes by itself, if one is open.
    public var gotoExpiresAt: Duration? {
        guard case .goto? = topOverlay, let touched = gotoTouchedAt else { return nil }
        return touched + Self.gotoTimeout
    }

    /// Whether `key` is text for a search's query being typed (rule 1's exception).
    func isSearchText(_ key: Key) -> Bool {
        guard case .char = key, search?.typing == true else { return false }
        return topOverlay == .slideList || topOverlay == .overview
    }

    /// Whether `key` would move the show on the bare pad.
    func movesTheShow(_ key: Key) -> Bool {
        key == .pageDown || key == .pageUp || bindings.action(for: key).map(Self.movingActions.contains) == true
    }

    /// Rule 1: the emergency action `key` does past any overlay, or nil.
    func emergencyAction(for key: Key) -> Action? {
        guard let action = bindings.action(for: key), Self.emergencyActions.contains(action), !isSearchText(key) else { return nil }
        return action
    }

    /// Rule 2: a key that moves the show closes the prompt and moves it
    /// (Backspace and Delete edit the digits instead).
    mutating func gotoGivesWay(to key: Key, digits: String, now: Duration) -> [Effect]? {
        guard key != .backspace, key != .delete, let action = bindings.action(for: key),
              Self.movingActions.contains(action) else { return nil }
        closeGoto()
        if !digits.isEmpty { flash = Flash(text: "go-to \(digits) cancelled: \(key.name) moved the show", until: now + Flash.duration) }
        return perform(action, now: now)
    }

    /// Rule 3: after a moving key went to the list, the overview or the
    /// help, the status line says so, and how to reach the show.
    mutating func sayTheShowDidNotMove(overlay: Overlay?, now: Duration) {
        let name: String
        switch overlay {
        case .slideList?: name = "list"
        case .overview?: name = "overview"
        case .help?: name = "help"
        case .agenda?: name = "agenda"
        default: return
        }
        flash = Flash(text: "\(name) open: Esc closes it; the show did not move", until: now + Flash.duration)
    }

    /// Opens the go-to prompt with its first digit.
    mutating func openGoto(_ digit: Character, now: Duration) {
        overlays.append(.goto(digits: String(digit)))
        gotoProblem = nil
        gotoTouchedAt = now
    }

    /// The prompt left alone closes, and says so (on a tick).
    mutating func closeGotoIfExpired(now: Duration) {
        guard let expires = gotoExpiresAt, now >= expires, let digits = gotoDigits else { return }
        closeGoto()
        flash = Flash(text: "go-to \(digits) closed: nothing typed for \(Self.gotoTimeout.wholeMs / 1000) s", until: now + Flash.duration)
    }
}
