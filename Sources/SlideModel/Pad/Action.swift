/// Everything a key can be bound to. The raw value is the name used in the
/// config file and help.
public enum Action: String, CaseIterable, Sendable {
    case next, previous, first, last
    /// The next slide at once, skipping the steps (builds, fragments) left on this one.
    case nextSlide = "next-slide"
    case nextSection = "next-section"
    case previousSection = "previous-section"
    case agenda
    case toggleList = "toggle-list"
    case overview
    case help
    case quit
    case blank
    case startShow = "start-show"
    case stopShow = "stop-show"
    case notesUp = "notes-up"
    case notesDown = "notes-down"
    case notesPageUp = "notes-page-up"
    case notesPageDown = "notes-page-down"
    case focusNotes = "focus-notes"
    case notesZoomIn = "notes-zoom-in"
    case notesZoomOut = "notes-zoom-out"
    case fullScreen = "full-screen"
    case cycleLayout = "layout"
    case resetTimer = "reset-timer"
    case closeAll = "close-all"
    case retry
    /// Ink mode on and off: a drag over the current slide draws on the room's screen.
    case toggleInk = "ink"
    /// Erase the current slide's ink.
    case eraseInk = "erase-ink"

    public enum Group: String, CaseIterable, Sendable {
        case move = "Move through the show"
        case views = "Views"
        case show = "The show"
        case notes = "Notes"
    }

    public var group: Group {
        switch self {
        case .next, .previous, .first, .last, .nextSlide, .nextSection, .previousSection: return .move
        case .toggleList, .overview, .agenda, .help, .fullScreen, .cycleLayout, .closeAll, .quit: return .views
        case .blank, .startShow, .stopShow, .resetTimer, .retry, .toggleInk, .eraseInk: return .show
        case .notesUp, .notesDown, .notesPageUp, .notesPageDown, .focusNotes, .notesZoomIn, .notesZoomOut: return .notes
        }
    }

    /// A few words for the help overlay.
    public var summary: String {
        switch self {
        case .next: return "next slide or effect"
        case .previous: return "previous slide or effect"
        case .first: return "first slide"
        case .last: return "last slide"
        case .nextSlide: return "next slide, skipping the steps left"
        case .nextSection: return "next section's first slide"
        case .previousSection: return "this section's start, else the previous"
        case .agenda: return "agenda: sections' planned / actual times"
        case .toggleList: return "slide list (/ searches the notes)"
        case .overview: return "overview of every slide (/ searches)"
        case .help: return "this help"
        case .quit: return "quit"
        case .blank: return "blank / resume the screen"
        case .startShow: return "start the show"
        case .stopShow: return "stop the show (asks y / n)"
        case .notesUp: return "scroll notes up"
        case .notesDown: return "scroll notes down"
        case .notesPageUp: return "notes page up"
        case .notesPageDown: return "notes page down"
        case .focusNotes: return "notes take PgUp PgDn (Esc gives them back)"
        case .notesZoomIn: return "larger notes"
        case .notesZoomOut: return "smaller notes"
        case .fullScreen: return "full-screen slide (Esc leaves)"
        case .cycleLayout: return "layout: slides → notes first → full screen"
        case .resetTimer: return "reset the timer (asks y / n)"
        case .closeAll: return "close all overlays"
        case .retry: return "reconnect; do what the status offers"
        case .toggleInk: return "ink mode: drag on the slide draws (INK)"
        case .eraseInk: return "erase this slide's ink"
        }
    }

    /// Whether it sends the show a command (refused while the link is down).
    public var reachesTheShow: Bool {
        switch self {
        case .next, .previous, .first, .last, .nextSlide, .nextSection, .previousSection, .blank, .startShow, .stopShow, .retry, .eraseInk: return true
        default: return false
        }
    }
}
