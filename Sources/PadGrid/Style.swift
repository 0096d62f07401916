import PadConfig
/// How one cell looks.
package struct Style: Hashable, Sendable {
    package var role: Role
    /// Explicit colours override the role's (pictures).
    package var foreground: CellColor? = nil
    package var background: CellColor? = nil
    /// Attributes on top of the role's look (the notes' bold and italic).
    package var attributes: TextAttributes = []

    package init(_ role: Role, foreground: CellColor? = nil, background: CellColor? = nil, attributes: TextAttributes = []) {
        self.role = role
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    package static let text = Style(.text)
}

/// Bold, italic, underline on a cell, added to its role's look: what the
/// notes' rich text asks for (`RunStyle`). A terminal without italic shows
/// it plain.
package struct TextAttributes: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let bold = TextAttributes(rawValue: 1)
    package static let italic = TextAttributes(rawValue: 2)
    package static let underline = TextAttributes(rawValue: 4)
}
