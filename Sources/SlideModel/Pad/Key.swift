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
        case .function(let n): return Self.functionKeyName(n)
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
        if let n = Self.functionKeyNumber(lower) { self = .function(n); return }
        if lower.hasPrefix("c-"), lower.count == 3, let c = lower.last, c.isLetter {
            self = .control(c); return
        }
        return nil
    }

    /// Function keys with modifiers, as xterm-like terminfo numbers them
    /// (curses reports Shift-F5 as F17): each modifier set is a block of
    /// twelve. Shift-F5 is a common clicker's "start / resume" key.
    static let functionKeyBlocks = ["", "S-", "C-", "C-S-", "M-", "M-S-"]

    /// The most function keys curses numbers (KEY_F(0)…KEY_F(63)).
    public static let maxFunctionKey = 63

    /// "F5", "S-F5" (17), "C-F5" (29), "C-S-F5" (41), "M-F5" (53).
    static func functionKeyName(_ n: Int) -> String {
        guard (1...maxFunctionKey).contains(n) else { return "F\(n)" }
        let block = (n - 1) / 12
        return functionKeyBlocks[block] + "F\((n - 1) % 12 + 1)"
    }

    /// The number of a function key's name (lower case): "s-f5" is 17,
    /// "f17" too; modifiers in any order, `a-` for `m-`. Nil for what
    /// terminfo has no number for (Ctrl-Alt, Alt-Shift past F3).
    static func functionKeyNumber(_ lower: String) -> Int? {
        var parts = lower.split(separator: "-", omittingEmptySubsequences: false)
        guard let last = parts.popLast(), last.hasPrefix("f"), let n = Int(last.dropFirst()) else { return nil }
        var shift = false, control = false, alt = false
        for part in parts {
            switch part {
            case "s" where !shift: shift = true
            case "c" where !control: control = true
            case "m" where !alt, "a" where !alt: alt = true
            default: return nil
            }
        }
        if !(shift || control || alt) { return (1...maxFunctionKey).contains(n) ? n : nil }
        guard (1...12).contains(n), !(control && alt) else { return nil }
        let number = ((alt ? 4 : control ? 2 : 0) + (shift ? 1 : 0)) * 12 + n
        return number <= maxFunctionKey ? number : nil
    }
}
