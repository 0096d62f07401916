import PadConfig
import SlideModel

/// The big timer in the room the layout leaves beside or below the slides:
/// the time the talk has run in block digits (coloured by pace), then what
/// is left of the planned length, the pace in words and the wall clock; the
/// wall clock in block digits too where there is room for both.
struct ClockView {
    var clock: String

    func render(_ state: PadState, now: Duration, in rect: Rect, grid: inout CellGrid) {
        guard !rect.isEmpty else { return }
        grid.fill(rect)
        let elapsed = state.elapsed(at: now)
        let role: Role
        switch state.pace(at: now) {
        case .tight?: role = .paceTight
        case .over?: role = .paceOver
        default: role = .current
        }
        var lines: [String] = []
        if let elapsed, let total = state.talkDuration {
            lines.append(StatusBarView.leftOrOver(total - elapsed))
        }
        if let reading = state.paceReading(at: now) {
            lines.append(reading.shownWords)
        }
        lines.append("now " + clock)
        var y = rect.y
        let big = elapsed.map { StatusBarView.duration($0) } ?? clock
        let wordsStyle = Style(role == .current ? .text : role)
        if BlockDigits.width(big) <= rect.width, rect.height >= BlockDigits.height + 1 {
            for (i, row) in BlockDigits.rows(big).enumerated() {
                grid.putCentered(row, in: rect, y: y + i, style: Style(elapsed == nil ? .title : role))
            }
            y += BlockDigits.height
            if elapsed == nil {
                lines.removeLast()
            } else if rect.maxY - y >= BlockDigits.height + lines.count, BlockDigits.width(clock) <= rect.width {
                // The wall clock big as well, under the words, where both fit.
                lines.removeLast()
                for line in lines {
                    grid.putCentered(DisplayWidth.truncate(line, to: rect.width), in: rect, y: y, style: wordsStyle)
                    y += 1
                }
                for (i, row) in BlockDigits.rows(clock).enumerated() {
                    grid.putCentered(row, in: rect, y: y + i, style: Style(.accent))
                }
                return
            }
        } else if let elapsed {
            lines.insert("◷ " + StatusBarView.duration(elapsed), at: 0)
        }
        for line in lines where y < rect.maxY {
            grid.putCentered(DisplayWidth.truncate(line, to: rect.width), in: rect, y: y, style: wordsStyle)
            y += 1
        }
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
