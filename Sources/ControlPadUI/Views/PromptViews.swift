import PadConfig
import PadGrid
import SlideModel

/// The go-to prompt: a popover pointing at the `N/M` position in the status
/// line, with the digits typed so far, and why Enter did not go, if it did not.
struct GotoPromptView {
    var theme = PopoverTheme()

    func render(digits: String, slideCount: Int, problem: String? = nil, anchor: (x: Int, y: Int)?, in screen: Rect,
                grid: inout CellGrid) {
        // Room for the longest number from the start: the popover keeps its width as digits are typed.
        let room = max(String(max(1, slideCount)).count, digits.count)
        let text = "Go to slide: \(digits)▏" + String(repeating: " ", count: room - digits.count) + "  (1–\(max(1, slideCount)), Enter)"
        let lines = [text] + (problem.map { [$0] } ?? [])
        let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let placement = PopoverPlacement.place(width: width, height: lines.count, anchor: anchor, in: screen)
        let inside = grid.popover(placement, theme: theme)
        for (i, line) in lines.enumerated() where !inside.isEmpty && inside.y + i < inside.maxY {
            grid.put(line, x: inside.x, y: inside.y + i, style: Style(i == 0 ? .title : .warning), clip: inside)
        }
    }
}

/// Pairing: the PIN to type into the presenting app, and where (in the
/// source's own words), in the middle of the screen.
struct PairingBannerView {
    var theme = PopoverTheme(role: .banner)

    func render(pin: String, place: String, in screen: Rect, grid: inout CellGrid) {
        let lines = ["Type PIN \(pin) into the presenting app" + (place.isEmpty ? "" : ":")] + (place.isEmpty ? [] : [place])
        centredLines(lines, title: "Pairing", theme: theme, in: screen, grid: &grid)
    }
}

/// The link is down: why, what to do, and the key that retries now,
/// wrapped to fit (never cut off), in the middle of the screen.
struct LinkDownBannerView {
    var theme = PopoverTheme(role: .banner)

    func render(_ state: PadState, in screen: Rect, grid: inout CellGrid) {
        let width = max(10, min(64, screen.width - 6))
        let retry = state.bindings.keys(for: .retry).first.map(\.name)
        var paragraphs: [String] = []
        switch state.link {
        case .reconnecting(let seconds, let problem):
            paragraphs.append("Trying again in \(seconds) s" + (retry.map { " (\($0): now)" } ?? "") + ".")
            paragraphs.append(Self.sentence(problem.reason))
            if let fix = problem.fix { paragraphs.append(fix) }
        case .connecting where state.lastLinkProblem != nil:
            let problem = state.lastLinkProblem
            paragraphs.append("Trying again now…")
            paragraphs.append(Self.sentence(problem?.reason ?? ""))
            if let fix = problem?.fix { paragraphs.append(fix) }
        case .failed(let problem):
            paragraphs.append(Self.sentence(problem.reason))
            if let fix = problem.fix { paragraphs.append(fix) }
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
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") || text.hasSuffix(")") || text.hasSuffix("?") ? "" : ".")
    }
}

/// A yes/no question ("Quit while the show runs?", "Stop the show?", "Reset
/// the timer?"): a slip of the finger must not end or stop a talk.
struct QuestionView {
    var theme = PopoverTheme(role: .banner)

    func render(_ question: Overlay, state: PadState, now: Duration, in screen: Rect, grid: inout CellGrid) {
        let (title, lines) = Self.text(question, state: state, now: now)
        centredLines(lines, title: title, theme: theme, in: screen, grid: &grid)
    }

    static func text(_ question: Overlay, state: PadState, now: Duration) -> (title: String, lines: [String]) {
        switch question {
        case .confirmStop:
            return ("Stop the show", ["Stop the slide show now?", "y / n"])
        case .confirmTimerReset:
            let shown = state.elapsed(at: now).map { "It shows \(StatusBarView.duration($0)) now. " } ?? ""
            return ("Timer", ["Reset the timer to 00:00?", shown + "y / n"])
        default:
            return ("Quit", ["The show is running."] + (state.quitNote.map { [$0] } ?? []) + ["Quit ControlPad? y / n"])
        }
    }
}

/// What the presenter should read and has not put away yet (config problems,
/// a file the pad kept): just above the status line, until Esc.
struct NoticeView {
    func render(_ notice: String, hideKey: String?, in body: Rect, grid: inout CellGrid) {
        guard body.width > 2, body.height > 2 else { return }
        let hint = hideKey.map { " · \($0) hides this" } ?? ""
        var lines: [String] = []
        let paragraphs = notice.split(separator: "\n").map(String.init)
        for (i, paragraph) in paragraphs.enumerated() {
            lines += TextWrap.lines(paragraph + (i == paragraphs.count - 1 ? hint : ""), width: body.width - 2)
        }
        lines = Array(lines.suffix(max(1, body.height / 3)))
        for (i, line) in lines.enumerated() {
            let y = body.maxY - lines.count + i
            grid.fill(Rect(x: body.x, y: y, width: body.width, height: 1), style: Style(.warning))
            grid.put(line, x: body.x + 1, y: y, style: Style(.warning), clip: body)
        }
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
