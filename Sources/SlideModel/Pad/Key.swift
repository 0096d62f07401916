/// A key press, decoded from the terminal but independent of curses.
public enum Key: Hashable, Sendable {
    case char(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// Control plus a letter, e.g. `.control("c")`.
    case control(Character)

    /// The name used in help and in the config file, e.g. `Right`, `Space`, `F5`, `C-c`, `q`.
    public var name: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .function(let n): return "F\(n)"
        case .control(let c): return "C-\(c)"
        }
    }

    /// The symbol shown in help: arrows instead of words where one exists.
    public var symbol: String {
        switch self {
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        default: return name
        }
    }

    /// Parses a name as `name` writes it (case-insensitive for named keys).
    public init?(name: String) {
        if name.count == 1, let c = name.first { self = .char(c); return }
        let lower = name.lowercased()
        let named: [String: Key] = [
            "space": .char(" "), "up": .up, "down": .down, "left": .left, "right": .right,
            "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
            "home": .home, "end": .end, "enter": .enter, "return": .enter, "esc": .escape,
            "escape": .escape, "tab": .tab, "s-tab": .backTab, "backtab": .backTab,
            "backspace": .backspace, "delete": .delete, "del": .delete,
        ]
        if let key = named[lower] { self = key; return }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) {
            self = .function(n); return
        }
        if lower.hasPrefix("c-"), lower.count == 3, let c = lower.last, c.isLetter {
            self = .control(c); return
        }
        return nil
    }
}
