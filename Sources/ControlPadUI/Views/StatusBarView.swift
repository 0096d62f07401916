import PadConfig
import PadGrid
import SlideModel

/// The bottom line: link, position, timer, clock, loading progress, BLANK.
/// Parts are dropped, least important first, when the line is too narrow.
struct StatusBarView {
    var clock: String
    /// The pace against a rehearsal in words too ("+0:42 behind at slide
    /// 7"): where the big clock has no room for them.
    var showsPace = false

    /// Where popovers point: the middle of `N/M` and of the help hint.
    struct Anchors: Equatable {
        var position: (x: Int, y: Int)?
        var help: (x: Int, y: Int)?
        static func == (a: Anchors, b: Anchors) -> Bool {
            a.position?.x == b.position?.x && a.position?.y == b.position?.y && a.help?.x == b.help?.x && a.help?.y == b.help?.y
        }
    }

    @discardableResult
    func render(_ state: PadState, now: Duration, in rect: Rect, grid: inout CellGrid) -> Anchors {
        var anchors = Anchors()
        guard !rect.isEmpty else { return anchors }
        // A link that is down turns the whole line: seen at once.
        let base: Role = state.isLinkDown ? .warning : .status
        let dim: Role = state.isLinkDown ? .warning : .statusDim
        grid.fill(rect, style: Style(base))
        let shown = Self.fitting(parts(state, now: now, base: base, dim: dim), width: rect.width, shorterLinks: Self.shorterLinkLabels(state))
        var x = rect.x + 1
        for (i, part) in shown.enumerated() {
            if i > 0 { x += grid.put(" · ", x: x, y: rect.y, style: Style(dim), clip: rect) }
            let width = grid.put(DisplayWidth.truncate(part.text, to: rect.maxX - x), x: x, y: rect.y, style: part.style, clip: rect)
            if part.style.role == .accent, anchors.position == nil { anchors.position = (x + width / 2, rect.y) }
            if part.text == Self.helpHint(state) { anchors.help = (x + width / 2, rect.y) }
            x += width
        }
        if anchors.help == nil { anchors.help = (rect.maxX - 1, rect.y) }
        // A message covers the line but keeps its anchors: an open popover
        // stays where it was while the message shows.
        if let message = state.flash?.text {
            grid.fill(rect, style: Style(.warning))
            // BLANK stays in sight: the audience sees black whatever the message says.
            let text = (state.blank && state.showRunning ? " BLANK ·" : "") + (state.inkMode ? " INK ·" : "") + " " + message
            grid.put(DisplayWidth.truncate(text, to: rect.width), x: rect.x, y: rect.y, style: Style(.warning), clip: rect)
        }
        return anchors
    }

    typealias Part = (text: String, style: Style, priority: Int)

    /// Everything the line could say, each with its priority (lower: kept longer).
    private func parts(_ state: PadState, now: Duration, base: Role, dim: Role) -> [Part] {
        var parts: [Part] = []
        parts.append((Self.linkLabel(state), Style(base), 3))
        if state.showRunning {
            if let unanswered = state.unanswered {
                parts.append(("⚠ \(unanswered.reason) (last known: \(state.position))", Style(.warning), 0))
            } else {
                parts.append((state.position, Style(.accent), 0))
            }
            if let steps = state.stepText { parts.append((steps, Style(.accent), 1)) }
            if let elapsed = state.elapsed(at: now) {
                var timer = "◷ " + Self.duration(elapsed)
                if let total = state.talkDuration { timer += " / " + Self.duration(total) }
                if state.pausedSince != nil { timer += " ❚❚" }
                let role: Role
                switch state.timerPace(at: now) {
                case .tight?: role = .paceTight
                case .over?: role = .paceOver
                default: role = base
                }
                // An alert flashes the timer once (here too, where there is no timer area).
                parts.append((timer, Style(state.alertFlashes(at: now) ? .warning : role), 2))
                if let total = state.talkDuration {
                    parts.append((Self.leftOrOver(total - elapsed), Style(role), 3))
                }
                if showsPace, let reading = state.paceReading(at: now), reading.rehearsed {
                    parts.append((reading.shownWords, Style(role), 3))
                }
                // The big clock has no room: the section and its time left here
                // (after the rehearsal's words, which say the pace by slide).
                if showsPace, let agenda = state.agendaReading(at: now), let row = agenda.currentRow {
                    let rehearsed = state.paceReading(at: now)?.rehearsed == true
                    var text = (agenda.sectionOver ? AgendaReading.overMark : "") + "§ " + row.name
                    if let left = agenda.sectionLeft { text += " " + AgendaReading.leftWords(left) }
                    if !rehearsed, let words = agenda.offsetWords, agenda.offset != .zero { text += " · " + words }
                    parts.append((text, Style(agenda.isBehind ? .paceOver : agenda.sectionOver ? .paceTight : base), rehearsed ? 4 : 2))
                }
                // The last alert's words stay, after the timer: what a glance at the line finds.
                if let alert = state.alerts.shown { parts.append((alert.words, Style(.warning), 1)) }
            } else if state.timerWaitsForFirstMove {
                parts.append(("◷ starts at the next slide", Style(dim), 2))
            }
            if state.blank { parts.append(("BLANK", Style(.warning), 1)) }
            if state.inkMode { parts.append(("INK", Style(.warning), 1)) }
            // Said while a picture a view waits for is missing, not for the
            // whole talk (a source that exports on demand never has them all).
            if state.buffer.previewCount < state.slideCount, state.buffer.waitsForAPicture {
                parts.append(("previews \(state.buffer.previewCount)/\(state.slideCount)", Style(dim), 5))
            }
        } else if let unanswered = state.unanswered, state.isLinkUp {
            // Before a show too: LibreOffice asking on its own screen holds up the deck.
            parts.append(("⚠ \(unanswered.reason)", Style(.warning), 0))
        } else if state.isLinkUp && !state.showStateKnown {
            parts.append(("asking about the show…", Style(dim), 1))
        } else if state.isLinkUp {
            let start = state.bindings.keys(for: .startShow).first.map { " · \($0.name) starts" } ?? ""
            parts.append(("no show" + start, Style(dim), 1))
        }
        // The wall clock, then the previews' count, give way before "? help": the way to every key.
        parts.append((clock, Style(base), 6))
        if let hint = Self.helpHint(state) { parts.append((hint, Style(dim), 4)) }

        return parts
    }

    /// The parts that fit `width`: parts less important than the link go
    /// first; then the link may shrink to its glyph before more important parts go.
    private static func fitting(_ parts: [Part], width total: Int, shorterLinks: [String] = []) -> [Part] {
        var shown = parts
        let separatorWidth = 3
        func width(_ p: [Part], linkShrunk: Bool = false) -> Int {
            p.enumerated().reduce(0) { sum, item in
                let w = DisplayWidth.of(item.element.text)
                return sum + (item.offset == 0 && linkShrunk ? min(w, 2) : w)
            } + separatorWidth * max(0, p.count - 1) + 2
        }
        func dropLeastImportant(below limit: Int) -> Bool {
            guard let drop = shown.indices.dropFirst().filter({ shown[$0].priority > limit })
                .max(by: { shown[$0].priority < shown[$1].priority }) else { return false }
            shown.remove(at: drop)
            return true
        }
        // The link's details give way first: the peer's name and version go
        // before the clock and the help hint do, and the show's title stays.
        for shorter in shorterLinks where width(shown) > total { shown[0].text = shorter }
        while width(shown) > total, dropLeastImportant(below: parts[0].priority) {}
        while width(shown, linkShrunk: true) > total, dropLeastImportant(below: -1) {}
        let others = width(Array(shown.dropFirst())) - (shown.count > 1 ? 0 : 2) + (shown.count > 1 ? separatorWidth : 0)
        shown[0].text = DisplayWidth.truncate(shown[0].text, to: max(1, total - others - 2))
        return shown
    }

    /// "? help", with the key bound to help (none when help has no key).
    static func helpHint(_ state: PadState) -> String? {
        state.bindings.keys(for: .help).first.map { "\($0.name) help" }
    }

    /// Shorter forms of the link's label, longest first: the peer's first
    /// word group only ("reveal.js 5.2.1" of "reveal.js 5.2.1 · Chrome 156 ·
    /// 127.0.0.1:9222"), then the title alone.
    static func shorterLinkLabels(_ state: PadState) -> [String] {
        guard case .connected(let server) = state.link else { return [] }
        let first = server.split(separator: " · ", maxSplits: 1).first.map(String.init) ?? server
        if state.title.isEmpty { return first == server ? [] : ["● \(first)"] }
        return (first == server ? [] : ["● \(first) · \(state.title)"]) + ["● \(state.title)"]
    }

    static func linkLabel(_ state: PadState) -> String {
        switch state.link {
        case .connecting(let to):
            let trying = to.isEmpty ? "◌ connecting…" : "◌ connecting to \(to)…"
            return state.lastLinkProblem.map { "◌ trying again… · \($0.reason)" } ?? trying
        case .pairing(let pin, _): return "◌ pairing · PIN \(pin)"
        case .local(let server), .connected(let server): return state.title.isEmpty ? "● \(server)" : "● \(server) · \(state.title)"
        case .reconnecting(let seconds, let problem):
            let reason = problem.reason
            return reason.isEmpty ? "◌ reconnecting in \(seconds) s…" : "◌ reconnecting in \(seconds) s… · \(reason)"
        case .failed(let problem): return "✖ \(problem.reason)"
        }
    }

    /// `mm:ss`, or `h:mm:ss` past an hour.
    static func duration(_ length: Duration) -> String { PadState.clockText(length) }

    /// "12:00 left", or "0:42 over" past the planned length. Whole seconds
    /// left round up, so elapsed + left adds up to the total.
    static func leftOrOver(_ left: Duration) -> String {
        left >= .zero ? duration(left + .seconds(1) - .nanoseconds(1)) + " left" : duration(.zero - left) + " over"
    }
}
