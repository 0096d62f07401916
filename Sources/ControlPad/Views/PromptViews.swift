import SlideModel

/// The go-to prompt: digits typed so far, shown just above the status line.
struct GotoPromptView {
    func render(digits: String, slideCount: Int, in screen: Rect, grid: inout CellGrid) {
        let text = "Go to slide: \(digits)▏  (1–\(max(1, slideCount)), Enter)"
        let width = min(screen.width, DisplayWidth.of(text) + 4)
        let rect = Rect(x: screen.x + max(0, (screen.width - width) / 2), y: max(screen.y, screen.maxY - 4),
                        width: width, height: min(3, screen.height))
        let inside = grid.frame(rect, glyphs: .rounded, style: Style(.accent))
        if !inside.isEmpty { grid.put(text, x: inside.x + 1, y: inside.y, style: Style(.title), clip: inside) }
    }
}

/// Pairing: the PIN to type into Impress, as large as the screen allows.
struct PairingBannerView {
    func render(pin: String, in screen: Rect, grid: inout CellGrid) {
        let lines = ["Enter PIN \(pin) in Impress:", "Slide Show ▸ Impress Remote"]
        let width = min(screen.width, 36)
        let height = min(screen.height, 6)
        let rect = Rect(x: screen.x + (screen.width - width) / 2, y: screen.y + (screen.height - height) / 2,
                        width: width, height: height)
        let inside = grid.frame(rect, title: "Pair with Impress", glyphs: .rounded, style: Style(.banner))
        let top = inside.y + max(0, (inside.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < inside.maxY {
            grid.putCentered(line, in: inside, y: top + i, style: i == 0 ? Style(.banner) : .text)
        }
    }
}

/// "Quit while the show runs?": a slip of the finger must not end a talk.
struct ConfirmQuitView {
    func render(in screen: Rect, grid: inout CellGrid) {
        let lines = ["The show is running.", "Quit ControlPad? y / n"]
        let width = min(screen.width, 30)
        let height = min(screen.height, 4)
        let rect = Rect(x: screen.x + (screen.width - width) / 2, y: screen.y + (screen.height - height) / 2,
                        width: width, height: height)
        let inside = grid.frame(rect, title: "Quit", glyphs: .rounded, style: Style(.banner))
        for (i, line) in lines.enumerated() where inside.y + i < inside.maxY {
            grid.putCentered(line, in: inside, y: inside.y + i, style: i == 1 ? Style(.title) : .text)
        }
    }
}
