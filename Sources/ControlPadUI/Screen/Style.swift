/// A colour as a cell asks for it; the backend turns it into what the
/// terminal can show.
enum CellColor: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case terminalDefault
    /// One of the 256 xterm colours (0–15 being the user's themed ANSI ones).
    case indexed(Int)
    case rgb(UInt8, UInt8, UInt8)
}

/// What a cell is *for*; the theme decides how each role looks, so views
/// never pick colours themselves (pictures aside, which carry their own).
enum Role: Hashable, Sendable, CaseIterable {
    case text, dim, border, title, accent, status, statusDim, warning, selection, current, banner, placeholder
    case paceTight, paceOver
}

/// How one cell looks.
struct Style: Hashable, Sendable {
    var role: Role
    /// Explicit colours override the role's (pictures).
    var foreground: CellColor? = nil
    var background: CellColor? = nil

    init(_ role: Role, foreground: CellColor? = nil, background: CellColor? = nil) {
        self.role = role
        self.foreground = foreground
        self.background = background
    }

    static let text = Style(.text)
}

extension Role {
    /// The names the config file's [theme] uses.
    static let configNames: [String: Role] = [
        "text": .text, "dim": .dim, "border": .border, "title": .title, "accent": .accent,
        "status": .status, "status-dim": .statusDim, "warning": .warning, "selection": .selection,
        "current": .current, "banner": .banner, "placeholder": .placeholder,
        "pace-tight": .paceTight, "pace-over": .paceOver,
    ]
}
