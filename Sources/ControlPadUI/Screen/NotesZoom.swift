import SlideModel

/// How the notes are drawn at a zoom: where the terminal scales text
/// itself (kitty's text-sizing protocol, OSC 66), each line `level` times
/// as tall and wide; elsewhere the text keeps its size and the lines move
/// apart (a blank line between them), which reads better from a step away.
struct NotesZoom: Equatable {
    /// 1 is the normal size.
    var level = 1
    /// The terminal draws scaled text (it answered the text-sizing probe).
    var textSizing = false

    init(level: Int = 1, textSizing: Bool = false) {
        self.textSizing = textSizing
        self.level = min(max(1, level), textSizing ? NotesReading.maxZoom : 2)
    }

    /// The largest level this terminal gets.
    var limit: Int { textSizing ? NotesReading.maxZoom : 2 }

    /// Screen rows one line of notes takes (with the gap after it).
    var rowsPerLine: Int { level }

    /// Whether lines are drawn by the terminal, scaled.
    var scales: Bool { textSizing && level > 1 }

    /// The width notes wrap to in `columns` of the pane.
    func wrapWidth(_ columns: Int) -> Int { scales ? columns / level : columns }

    /// Lines of notes that fit in `rows`: with wider spacing the last line
    /// needs no gap after it.
    func lines(inRows rows: Int) -> Int {
        guard level > 1 else { return rows }
        return scales ? rows / level : (rows + level - 1) / level
    }
}
