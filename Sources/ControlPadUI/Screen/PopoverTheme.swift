/// The kinds of popover, each themeable on its own.
enum PopoverKind: String, CaseIterable, Equatable, Sendable {
    case goto, help, pin, quit
}

/// How one kind of popover looks: its frame, its arrow and their colour.
struct PopoverTheme: Equatable, Sendable {
    var box = BoxGlyphs.rounded
    var arrows = ArrowGlyphs()
    var role = Role.accent
}

/// The arrow glyphs a popover points with, one per direction.
struct ArrowGlyphs: Equatable, Sendable {
    var up = "▲", down = "▼", left = "◀", right = "▶"
}
