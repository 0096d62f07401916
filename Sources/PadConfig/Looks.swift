/// The vocabulary of how the pad looks, as the config file names it and
/// the screen draws it: roles, colours, box and arrow glyphs, popover
/// themes, and how slides are drawn.

/// A colour as a cell asks for it; the backend turns it into what the
/// terminal can show.
package enum CellColor: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case terminalDefault
    /// One of the 256 xterm colours (0–15 being the user's themed ANSI ones).
    case indexed(Int)
    case rgb(UInt8, UInt8, UInt8)
}

/// What a cell is *for*; the theme decides how each role looks, so views
/// never pick colours themselves (pictures aside, which carry their own).
package enum Role: Hashable, Sendable, CaseIterable {
    case text, dim, border, title, accent, status, statusDim, warning, selection, current, banner, placeholder
    case paceTight, paceOver
}

extension Role {
    /// The names the config file's [theme] uses.
    package static let configNames: [String: Role] = [
        "text": .text, "dim": .dim, "border": .border, "title": .title, "accent": .accent,
        "status": .status, "status-dim": .statusDim, "warning": .warning, "selection": .selection,
        "current": .current, "banner": .banner, "placeholder": .placeholder,
        "pace-tight": .paceTight, "pace-over": .paceOver,
    ]
}

/// How each role looks: colours and attributes, the one place that decides.
package struct RoleLook: Equatable, Sendable {
    package var foreground: CellColor = .terminalDefault
    package var background: CellColor = .terminalDefault
    package var bold = false
    package var dim = false
    package var reverse = false
    package var underline = false

    package init(foreground: CellColor = .terminalDefault, background: CellColor = .terminalDefault,
                 bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        (self.foreground, self.background) = (foreground, background)
        (self.bold, self.dim, self.reverse, self.underline) = (bold, dim, reverse, underline)
    }
}

/// The glyphs of a box.
package struct BoxGlyphs: Equatable, Sendable {
    package var topLeft = "┌", topRight = "┐", bottomLeft = "└", bottomRight = "┘"
    package var horizontal = "─", vertical = "│"

    package init(topLeft: String = "┌", topRight: String = "┐", bottomLeft: String = "└", bottomRight: String = "┘",
                 horizontal: String = "─", vertical: String = "│") {
        (self.topLeft, self.topRight, self.bottomLeft, self.bottomRight) = (topLeft, topRight, bottomLeft, bottomRight)
        (self.horizontal, self.vertical) = (horizontal, vertical)
    }

    package static let square = BoxGlyphs()
    package static let rounded = BoxGlyphs(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯")
    package static let heavy = BoxGlyphs(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
    package static let double = BoxGlyphs(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
    package static let ascii = BoxGlyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")

    /// The names the config file uses.
    package static let named: [String: BoxGlyphs] = [
        "square": .square, "rounded": .rounded, "heavy": .heavy, "double": .double, "ascii": .ascii,
    ]
}

/// The kinds of popover, each themeable on its own.
package enum PopoverKind: String, CaseIterable, Equatable, Sendable {
    case goto, help, pin, quit
}

/// How one kind of popover looks: its frame, its arrow and their colour.
package struct PopoverTheme: Equatable, Sendable {
    package var box = BoxGlyphs.rounded
    package var arrows = ArrowGlyphs()
    package var role = Role.accent

    package init(box: BoxGlyphs = .rounded, arrows: ArrowGlyphs = ArrowGlyphs(), role: Role = .accent) {
        (self.box, self.arrows, self.role) = (box, arrows, role)
    }
}

/// The arrow glyphs a popover points with, one per direction.
package struct ArrowGlyphs: Equatable, Sendable {
    package var up = "▲", down = "▼", left = "◀", right = "▶"

    package init(up: String = "▲", down: String = "▼", left: String = "◀", right: String = "▶") {
        (self.up, self.down, self.left, self.right) = (up, down, left, right)
    }
}

/// `--pictures` and the config's `pictures`: how slides are drawn.
package enum PictureChoice: String, CaseIterable, Sendable {
    /// Ask the terminal at start: kitty graphics, else sixel, else half-blocks.
    case auto
    case kitty, sixel
    /// iTerm2's inline images (OSC 1337): iTerm2, WezTerm.
    case iterm
    /// Half-block cells (every terminal with colour).
    case blocks
    /// No pictures: the panes say a preview is ready.
    case none
}

/// `--theme` and the config's `[theme] background`: the colours for a light
/// or a dark terminal. `auto` asks the terminal its background (OSC 11) and
/// takes dark where it does not say.
package enum ThemeChoice: String, CaseIterable, Sendable {
    case auto, light, dark
}

/// `--color`: how many colours pictures and the interface use.
package enum ColorChoice: String, CaseIterable, Sendable {
    case auto, truecolor, c256 = "256", c16 = "16", none
}
