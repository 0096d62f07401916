@testable import ControlPadUI
import PadGrid
import PadConfig

/// A frame's cells as the tmux tests read them back with `capture-pane -e`
/// (a character and its explicit colours), for the in-process tests that
/// replaced them: the same counts, on the frame itself.
enum GridCells {
    struct ScreenCell: Equatable {
        var char: Character
        var fg: CellColor?
        var bg: CellColor?
    }

    static func rows(_ grid: CellGrid) -> [[ScreenCell]] {
        (0..<grid.height).map { y in
            (0..<grid.width).compactMap { x in
                let cell = grid[x, y]
                guard cell.width > 0, let char = cell.text.first else { return nil }
                return ScreenCell(char: char, fg: cell.style.foreground, bg: cell.style.background)
            }
        }
    }

    /// The cells inside the frame titled "┌ Current", or the whole screen
    /// when there is no frame (full screen).
    static func currentPane(_ grid: CellGrid) -> [[ScreenCell]] {
        let rows = Self.rows(grid)
        guard let top = rows.firstIndex(where: { String($0.map(\.char)).contains("┌ Current") }) else { return rows }
        let topText = rows[top].map(\.char)
        let left = topText.firstIndex(of: "┌")!
        let right = topText[left...].firstIndex(of: "┐") ?? topText.count
        var pane: [[ScreenCell]] = []
        for row in rows[(top + 1)...] {
            if row.count > left, row[left].char == "└" { break }
            pane.append(Array(row.dropFirst(left + 1).prefix(right - left - 1)))
        }
        return pane
    }

    /// The two pixels (top, bottom) a coloured picture cell shows.
    static func pixels(_ cell: ScreenCell) -> (top: CellColor, bottom: CellColor)? {
        switch cell.char {
        case "▀": return cell.fg.flatMap { fg in cell.bg.map { (fg, $0) } }
        case "▄": return cell.fg.flatMap { fg in cell.bg.map { ($0, fg) } }
        case "█": return cell.fg.map { ($0, $0) }
        case " ": return cell.bg.map { ($0, $0) }
        default: return nil
        }
    }

    static func pictureColors(_ pane: [[ScreenCell]]) -> [CellColor] {
        pane.flatMap { $0 }.compactMap(pixels).flatMap { [$0.top, $0.bottom] }
    }

    /// How many cells of the pane show a picture (in colour or in shades).
    static func pictureCells(_ pane: [[ScreenCell]]) -> Int {
        pane.flatMap { $0 }.filter { pixels($0) != nil || "▀▄█▓▒░".contains($0.char) }.count
    }

    static func isNearWhite(_ color: CellColor) -> Bool {
        switch color {
        case .indexed(let n): return n == 15 || n == 231 || (252...255).contains(n)
        case .rgb(let r, let g, let b): return min(r, g, b) >= 235
        case .terminalDefault: return false
        }
    }
}

extension ScriptedPad {
    /// The last frame drawn.
    var grid: CellGrid { terminal.frames.last! }

    /// Waits until the current pane holds a picture of at least `cells` cells.
    @discardableResult
    func waitForPicture(cells: Int = 200, file: StaticString = #filePath, line: UInt = #line) throws -> CellGrid {
        try until("a picture of \(cells)+ cells in the current pane", file: file, line: line) {
            GridCells.pictureCells(GridCells.currentPane($0.grid)) >= cells
        }
        return grid
    }
}
