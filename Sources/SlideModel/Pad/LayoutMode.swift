/// How the presenter wants the pad laid out, whatever the terminal's size:
/// the size decides only how (side by side, stacked, one line), the mode
/// decides what gets the room. The raw value is the config's and the state
/// file's name.
public enum LayoutMode: String, CaseIterable, Sendable, Codable {
    /// The current slide gets the most room, the next slide and the notes beside or below it.
    case slides
    /// The notes get the most room, the current and next slides small beside or above them.
    case notesFirst = "notes-first"
    /// The current slide over the whole screen but a one-line status.
    case fullScreen = "full-screen"

    /// The mode the layout key goes to after this one.
    public var following: LayoutMode {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// A few words for the status line's flash.
    public var title: String {
        switch self {
        case .slides: return "slides"
        case .notesFirst: return "notes first"
        case .fullScreen: return "full screen"
        }
    }
}

extension ViewTag {
    /// Which on-screen row of the slide list this tag is (0-based), or nil
    /// for a tag that is not a list row.
    public var listRowIndex: Int? { isListRow ? rawValue - ViewTag.listRow(0).rawValue : nil }
}

extension PadState {
    /// Whether the current slide takes the screen (a status line stays).
    public var isFullScreen: Bool { layoutMode == .fullScreen }

    /// The layout key: slides → notes first → full screen → slides.
    mutating func cycleLayout(now: Duration) {
        setLayout(layoutMode.following, now: now)
    }

    /// The full-screen key: into full screen, or back to the mode it left.
    mutating func toggleFullScreen(now: Duration) {
        setLayout(isFullScreen ? layoutBeforeFullScreen : .fullScreen, now: now)
    }

    /// Remembers the show's aspect from a picture (`Preview.aspect`, read
    /// once as it arrived: its source's word, else its `pHYs`, Impress's
    /// 320×240 of a 16:9 slide, else its pixels').
    mutating func noteAspect(of preview: Preview) {
        if let aspect = preview.aspect, aspect.isFinite, (0.2...5).contains(aspect) { slideAspect = aspect }
    }

    /// Changes the mode; the notes keep their place (clamped to the new room).
    mutating func setLayout(_ mode: LayoutMode, now: Duration) {
        guard mode != layoutMode else { return }
        if !isFullScreen { layoutBeforeFullScreen = layoutMode }
        layoutMode = mode
        if mode != .fullScreen { layoutBeforeFullScreen = mode }
    }
}
