import PadConfig
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
