import SlideModel

/// The keys in force (from the bindings), grouped by purpose.
struct HelpView {
    static func lines(_ bindings: KeyBindings) -> [String] {
        var out: [String] = []
        for group in Action.Group.allCases {
            let actions = Action.allCases.filter { $0.group == group && !bindings.keys(for: $0).isEmpty }
            guard !actions.isEmpty else { continue }
            if !out.isEmpty { out.append("") }
            out.append(group.rawValue)
            for action in actions {
                let keys = bindings.keys(for: action).map(\.symbol).joined(separator: " ")
                out.append("  " + pad(keys, 22) + action.summary)
            }
        }
        out += ["", "In context",
                "  " + pad("0–9 Enter", 22) + "go to slide number",
                "  " + pad("↑ ↓ PgUp PgDn", 22) + "move in the slide list",
                "  " + pad("Enter", 22) + "go to the selected slide",
                "  " + pad("Esc", 22) + "close the topmost overlay"]
        return out
    }

    private static func pad(_ s: String, _ n: Int) -> String {
        s + String(repeating: " ", count: max(1, n - DisplayWidth.of(s)))
    }

    var theme = PopoverTheme()

    /// A popover pointing at the help hint in the status line.
    func render(_ state: PadState, anchor: (x: Int, y: Int)?, in screen: Rect, grid: inout CellGrid) {
        let lines = Self.lines(state.bindings)
        let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let placement = PopoverPlacement.place(width: width, height: lines.count, anchor: anchor, in: screen)
        let inside = grid.popover(placement, theme: theme, title: "Keys · Esc closes")
        for (i, line) in lines.enumerated() where i < inside.height {
            let isHeading = !line.hasPrefix(" ") && !line.isEmpty
            grid.put(line, x: inside.x, y: inside.y + i, style: isHeading ? Style(.title) : .text, clip: inside)
        }
    }
}
