/// Which key does what. Keys not bound here may still mean something in
/// context (digits open the go-to prompt; arrows move the slide list).
public struct KeyBindings: Sendable, Equatable {
    public private(set) var actions: [Key: Action]

    public init(_ actions: [Key: Action]) { self.actions = actions }

    public static let standard = KeyBindings([
        .right: .next, .char(" "): .next, .pageDown: .next, .char("n"): .next,
        .char("l"): .next, .char("j"): .next,
        .left: .previous, .backspace: .previous, .pageUp: .previous, .char("p"): .previous,
        .char("h"): .previous, .char("k"): .previous,
        .home: .first, .end: .last, .char(">"): .nextSlide,
        .char("]"): .nextSection, .char("["): .previousSection, .char("A"): .agenda,
        .tab: .toggleList, .char("s"): .toggleList, .char("o"): .overview,
        .char("?"): .help,
        .char("q"): .quit, .control("c"): .quit,
        .char("b"): .blank, .char("."): .blank,
        // Shift-F5 (curses' F17) is what many clickers' start button sends.
        .function(5): .startShow, .function(17): .startShow, .char("S"): .stopShow,
        .up: .notesUp, .down: .notesDown, .char("u"): .notesPageUp, .char("d"): .notesPageDown,
        .char("N"): .focusNotes, .char("+"): .notesZoomIn, .char("="): .notesZoomIn, .char("-"): .notesZoomOut,
        .char("f"): .fullScreen, .char("L"): .cycleLayout, .char("t"): .resetTimer, .char("x"): .closeAll, .char("r"): .retry,
        .char("i"): .toggleInk, .char("e"): .eraseInk,
    ])

    public func action(for key: Key) -> Action? { actions[key] }

    /// Binds `key` to `action`; `nil` unbinds it.
    public mutating func bind(_ key: Key, to action: Action?) { actions[key] = action }

    /// The keys bound to `action`, in a stable order for help.
    public func keys(for action: Action) -> [Key] {
        actions.filter { $0.value == action }.map(\.key).sorted { ($0.helpRank, $0.name) < ($1.helpRank, $1.name) }
    }
}

extension Key {
    /// Arrows first, then other named keys, then characters.
    var helpRank: Int {
        switch self {
        case .up, .down, .left, .right: return 0
        case .char: return 2
        default: return 1
        }
    }
}
