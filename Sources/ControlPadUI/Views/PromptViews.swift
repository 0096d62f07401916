import SlideModel

/// The go-to prompt: a popover pointing at the `N/M` position in the status
/// line, with the digits typed so far.
struct GotoPromptView {
    var theme = PopoverTheme()

    func render(digits: String, slideCount: Int, anchor: (x: Int, y: Int)?, in screen: Rect, grid: inout CellGrid) {
        let text = "Go to slide: \(digits)▏  (1–\(max(1, slideCount)), Enter)"
        let placement = PopoverPlacement.place(width: DisplayWidth.of(text), height: 1, anchor: anchor, in: screen)
        let inside = grid.popover(placement, theme: theme)
        if !inside.isEmpty { grid.put(text, x: inside.x, y: inside.y, style: Style(.title), clip: inside) }
    }
}

/// Pairing: the PIN to type into Impress, in the middle of the screen.
struct PairingBannerView {
    var theme = PopoverTheme(role: .banner)

    func render(pin: String, in screen: Rect, grid: inout CellGrid) {
        let lines = ["Enter PIN \(pin) in Impress:", "Slide Show ▸ Impress Remote"]
        centredLines(lines, title: "Pair with Impress", theme: theme, in: screen, grid: &grid)
    }
}

/// The link to Impress is down: why, what to do, and the key that retries
/// now, wrapped to fit (never cut off), in the middle of the screen.
struct LinkDownBannerView {
    var theme = PopoverTheme(role: .banner)

    func render(_ state: PadState, in screen: Rect, grid: inout CellGrid) {
        let width = max(10, min(64, screen.width - 6))
        let retry = state.bindings.keys(for: .retry).first.map(\.name)
        var paragraphs: [String] = []
        switch state.link {
        case .reconnecting(let seconds, let reason):
            paragraphs.append("Trying again in \(seconds) s" + (retry.map { " (\($0): now)" } ?? "") + ".")
            paragraphs.append(Self.sentence(reason))
            if let problem = LinkProblem(reason: reason) { paragraphs.append(problem.fix) }
        case .failed(let message):
            paragraphs.append(Self.sentence(message))
            if let problem = LinkProblem(reason: message) { paragraphs.append(problem.fix) }
            paragraphs.append(retry.map { "Press \($0) to try again." } ?? "Quit and start the pad again to retry.")
        default:
            return
        }
        var lines: [String] = []
        for paragraph in paragraphs {
            if !lines.isEmpty { lines.append("") }
            lines += TextWrap.lines(paragraph, width: width)
        }
        let height = min(lines.count, max(1, screen.height - 2))
        let placement = PopoverPlacement.place(width: width, height: height, insets: (2, 1), anchor: nil, in: screen)
        let inside = grid.popover(placement, theme: theme, title: "Not connected", insets: (2, 1))
        for (i, line) in lines.enumerated() where inside.y + i < inside.maxY {
            grid.put(line, x: inside.x, y: inside.y + i, style: i == 0 ? Style(.title) : .text, clip: inside)
        }
    }

    /// "connection refused: …" → "Connection refused: ….".
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") || text.hasSuffix(")") ? "" : ".")
    }
}

/// "Quit while the show runs?": a slip of the finger must not end a talk.
struct ConfirmQuitView {
    var theme = PopoverTheme(role: .banner)

    func render(in screen: Rect, grid: inout CellGrid) {
        centredLines(["The show is running.", "Quit ControlPad? y / n"], title: "Quit", theme: theme, in: screen, grid: &grid)
    }
}

/// A popover with no anchor, in the middle of `screen`, lines centred.
private func centredLines(_ lines: [String], title: String, theme: PopoverTheme, in screen: Rect, grid: inout CellGrid) {
    let width = max(DisplayWidth.of(title) + 4, lines.map { DisplayWidth.of($0) }.max() ?? 0)
    let placement = PopoverPlacement.place(width: width, height: lines.count, insets: (2, 1), anchor: nil, in: screen)
    let inside = grid.popover(placement, theme: theme, title: title, insets: (2, 1))
    for (i, line) in lines.enumerated() where inside.y + i < inside.maxY {
        grid.putCentered(line, in: inside, y: inside.y + i, style: i == 0 ? Style(.title) : .text)
    }
}
