/// Reading the notes: the notes pane taking PgUp/PgDn (focus), its zoom,
/// and paging the help overlay, which is read the same way.
public enum NotesReading {
    /// The largest zoom any terminal gets (kitty's text sizing, 3×).
    public static let maxZoom = 3
    /// How long the notes keep PgUp/PgDn after the last notes key.
    public static let focusTimeout: Duration = .seconds(10)
}

extension PadState {
    /// Whether the notes pane is on screen with room for text.
    var notesOnScreen: Bool { !isFullScreen && viewport.notesRows > 0 }

    /// Whether PgUp and PgDn page the notes now: focused, and the notes shown.
    public var notesTakePaging: Bool { notesFocused && notesOnScreen }

    /// PgUp/PgDn page the notes while they have the focus (and are on
    /// screen); true when the key was taken.
    mutating func pageNotesIfFocused(_ key: Key, now: Duration) -> Bool {
        guard notesTakePaging else { return false }
        let page = max(1, viewport.notesRows - 1)
        switch key {
        case .pageUp: scrollNotes(by: -page)
        case .pageDown: scrollNotes(by: page)
        default: return false
        }
        // Said every time: a clicker's PgDn pages here instead of moving on.
        notesFocusEndsAt = now + NotesReading.focusTimeout
        flash = Flash(text: "\(key == .pageUp ? "PgUp" : "PgDn") paged the notes; the show did not move · Esc gives PgUp PgDn back",
                      until: now + Flash.duration)
        return true
    }

    /// The notes give PgUp and PgDn back once no notes key came for `NotesReading.focusTimeout`.
    mutating func endNotesFocusIfExpired(now: Duration) {
        guard notesFocused, let end = notesFocusEndsAt, now >= end else { return }
        notesFocused = false
        notesFocusEndsAt = nil
        flash = Flash(text: "PgUp PgDn move the show again", until: now + Flash.duration)
    }

    /// The focus key: the notes take PgUp/PgDn, or give them back. Said in
    /// the status line, since a clicker's PgDn then pages instead of moving on.
    mutating func focusNotes(_ on: Bool, now: Duration) {
        guard !on || notesOnScreen else {
            flash = Flash(text: "no notes on screen to page", until: now + Flash.duration)
            return
        }
        notesFocused = on
        notesFocusEndsAt = on ? now + NotesReading.focusTimeout : nil
        let back = bindings.keys(for: .focusNotes).first.map { "Esc or \($0.name)" } ?? "Esc"
        flash = Flash(text: on ? "PgUp PgDn page the notes · \(back) gives them back to the show"
                              : "PgUp PgDn move the show again", until: now + Flash.duration)
    }

    /// `+`/`-`: the notes larger or smaller, within what the terminal can show.
    mutating func zoomNotes(by delta: Int, now: Duration) {
        let zoom = min(max(1, notesZoom + delta), max(1, viewport.notesZoomLimit))
        // At a limit the press still says where the notes are.
        let limit = zoom == notesZoom && zoom > 1 ? " (the most this terminal shows)" : ""
        notesZoom = zoom
        flash = Flash(text: (zoom == 1 ? "notes: normal size" : "notes: \(zoom)×") + limit, until: now + Flash.duration)
    }

    /// Opens the help at its top.
    mutating func openHelp() {
        viewStates[.help] = nil
        overlays.append(.help)
    }

    /// Keys that move through the help while it is open: ↑ ↓ by a line,
    /// PgUp PgDn Space Backspace (and the show's next/previous keys, a
    /// clicker's) by a page, Home End. True when the key was taken.
    mutating func handleHelpKey(_ key: Key) -> Bool {
        let page = max(1, viewport.helpRows - 1)
        let delta: Int
        switch key {
        case .up: delta = -1
        case .down: delta = 1
        case .pageUp, .backspace: delta = -page
        case .pageDown, .char(" "): delta = page
        case .home: delta = -viewport.helpMaxScroll
        case .end: delta = viewport.helpMaxScroll
        default:
            switch bindings.action(for: key) {
            case .next?: delta = page
            case .previous?: delta = -page
            default: return false
            }
        }
        scrollHelp(by: delta)
        return true
    }

    mutating func scrollHelp(by delta: Int) {
        let scroll = viewState(.help).scroll + Self.bounded(delta)
        viewStates[.help, default: ViewState()].scroll = max(0, min(viewport.helpMaxScroll, scroll))
    }
}
