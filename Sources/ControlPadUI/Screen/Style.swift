import PadConfig
/// How one cell looks.
struct Style: Hashable, Sendable {
    var role: Role
    /// Explicit colours override the role's (pictures).
    var foreground: CellColor? = nil
    var background: CellColor? = nil
    /// Attributes on top of the role's look (the notes' bold and italic).
    var attributes: TextAttributes = []

    init(_ role: Role, foreground: CellColor? = nil, background: CellColor? = nil, attributes: TextAttributes = []) {
        self.role = role
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    static let text = Style(.text)
}

/// Bold, italic, underline on a cell, added to its role's look: what the
/// notes' rich text asks for (`RunStyle`). A terminal without italic shows
/// it plain.
struct TextAttributes: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let bold = TextAttributes(rawValue: 1)
    static let italic = TextAttributes(rawValue: 2)
    static let underline = TextAttributes(rawValue: 4)
}
