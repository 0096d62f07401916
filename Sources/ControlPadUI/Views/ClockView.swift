import PadConfig
import PadGrid
import SlideModel

/// The big timer in the room the layout leaves beside or below the slides:
/// the time the talk has run in block digits (coloured by pace), then what
/// is left of the planned length, the pace in words and the wall clock; the
/// wall clock in block digits too where there is room for both. With
/// sections, first the section and what is left of it, then what is left
/// of the talk and how far ahead or behind; with timings per slide, whether
/// to move on. Each says it in words and marks too (NO_COLOR).
struct ClockView {
    var clock: String

    func render(_ state: PadState, now: Duration, in rect: Rect, grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        // An alert: the whole area flashes once (`TalkAlerts.flashLength`), in the warning's look (black on yellow; reverse without colour).
        let flashing = state.alertFlashes(at: now)
        grid.fill(rect, style: flashing ? Style(.warning) : Style.text)
        func look(_ style: Style) -> Style { flashing ? Style(.warning) : style }
        let elapsed = state.elapsed(at: now)
        let role: Role
        let agendaBehind = state.agendaReading(at: now)?.isBehind == true
        switch state.timerPace(at: now) {
        case _ where agendaBehind: role = .paceOver
        case .tight?: role = .paceTight
        case .over?: role = .paceOver
        default: role = .current
        }
        let wordsStyle = Style(role == .current ? .text : role)
        var lines: [(text: String, style: Style)] = []
        let agenda = state.agendaReading(at: now)
        let pace = state.paceReading(at: now)
        if let agenda {
            // Against a rehearsal, its words (where, by slide) come second and say the pace.
            let rehearsed = pace?.rehearsed == true ? pace : nil
            let agendaLines = Self.agendaLines(agenda, count: agenda.rows.count, style: wordsStyle, width: rect.width,
                                               withOffset: rehearsed == nil)
            lines.append(agendaLines[0])
            if let rehearsed { lines.append((rehearsed.shownWords, wordsStyle)) }
            lines += agendaLines.dropFirst()
        } else {
            if let elapsed, let total = state.talkDuration {
                lines.append((StatusBarView.leftOrOver(total - elapsed), wordsStyle))
            }
            if let pace { lines.append((pace.shownWords, wordsStyle)) }
        }
        if let pacing = state.slidePacing(at: now) {
            lines.append((pacing.words, pacing.moveOn ? Style(.paceOver) : Style(.text)))
        }
        lines.append(("now " + clock, wordsStyle))
        var y = rect.y
        let big = elapsed.map { StatusBarView.duration($0) } ?? clock
        if BlockDigits.width(big) <= rect.width, rect.height >= BlockDigits.height + 1 {
            for (i, row) in BlockDigits.rows(big).enumerated() {
                grid.putCentered(row, in: rect, y: y + i, style: look(Style(elapsed == nil ? .title : role)))
            }
            y += BlockDigits.height
            if elapsed == nil {
                lines.removeLast()
            } else if rect.maxY - y >= BlockDigits.height + lines.count, BlockDigits.width(clock) <= rect.width {
                // The wall clock big as well, under the words, where both fit.
                lines.removeLast()
                for line in lines {
                    grid.putCentered(DisplayWidth.truncate(line.text, to: rect.width), in: rect, y: y, style: look(line.style))
                    y += 1
                }
                for (i, row) in BlockDigits.rows(clock).enumerated() {
                    grid.putCentered(row, in: rect, y: y + i, style: look(Style(.accent)))
                }
                return
            }
        } else if let elapsed {
            lines.insert(("◷ " + StatusBarView.duration(elapsed), wordsStyle), at: 0)
        }
        for line in lines where y < rect.maxY {
            grid.putCentered(DisplayWidth.truncate(line.text, to: rect.width), in: rect, y: y, style: look(line.style))
            y += 1
        }
    }

    /// "§ 2/4 How it works · 3:30 left", "talk 12:00 left", "+1:05 behind":
    /// a talk behind in the pace-over colour with "▲ +… behind"; a section
    /// over its plan in the tight colour, with "⚑" and "over" (red is for
    /// the talk alone: a section can run over while the talk is ahead).
    static func agendaLines(_ reading: AgendaReading, count: Int, style: Style, width: Int,
                            withOffset: Bool = true) -> [(text: String, style: Style)] {
        var lines: [(text: String, style: Style)] = []
        if let here = reading.current, let row = reading.currentRow {
            var text = (reading.sectionOver ? AgendaReading.overMark : "") + "§ \(here + 1)/\(count) " + row.name
            if let left = reading.sectionLeft { text += " · " + AgendaReading.leftWords(left) }
            lines.append((text, reading.sectionOver ? Style(.paceTight) : Style(.title)))
        } else {
            lines.append(("§ before the first section", Style(.dim)))
        }
        let talk = reading.talkLeft.map { ("talk " + AgendaReading.leftWords($0), $0 < .zero ? Style(.paceOver) : style) }
        let behind = (reading.offset ?? .zero) > .zero
        let pace = reading.offsetWords.flatMap { withOffset ? ((behind ? "▲ " : "") + $0, behind ? Style(.paceOver) : style) : nil }
        // On one line where it fits: a small timer area keeps both.
        if let talk, let pace, DisplayWidth.of(talk.0 + " · " + pace.0) <= width {
            lines.append((talk.0 + " · " + pace.0, behind || talk.1 == Style(.paceOver) ? Style(.paceOver) : style))
        } else {
            lines += [talk, pace].compactMap { $0 }
        }
        return lines
    }
}

/// Digits three columns wide and three rows tall, drawn with half blocks
/// from a 3×5 pixel font (like tty-clock's, smaller).
enum BlockDigits {
    static let height = 3
    private static let font: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"], "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["###", "..#", "###", "#..", "###"], "3": ["###", "..#", "###", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"], "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"], "7": ["###", "..#", "..#", "..#", "..#"],
        "8": ["###", "#.#", "###", "#.#", "###"], "9": ["###", "#.#", "###", "..#", "###"],
        ":": [".", "#", ".", "#", "."], "-": ["...", "...", "###", "...", "..."],
    ]

    /// Columns `text` takes: each glyph and one column between glyphs.
    static func width(_ text: String) -> Int {
        let glyphs = text.compactMap { font[$0] }
        return glyphs.reduce(0) { $0 + $1[0].count } + max(0, glyphs.count - 1)
    }

    /// The three rows of `text` (characters without a glyph are left out).
    static func rows(_ text: String) -> [String] {
        var rows = Array(repeating: "", count: height)
        for (n, glyph) in text.compactMap({ font[$0] }).enumerated() {
            for r in 0..<height {
                if n > 0 { rows[r] += " " }
                for x in glyph[0].indices {
                    let top = glyph[2 * r][x] == "#"
                    let bottom = 2 * r + 1 < glyph.count && glyph[2 * r + 1][x] == "#"
                    rows[r] += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
                }
            }
        }
        return rows
    }
}
