import FakePeerSupport
import Foundation
import XCTest

/// Slides as pictures in a real terminal: the demo in tmux, read back with
/// `capture-pane -e` and the colour escapes parsed into cells.
final class PictureEndToEndTests: XCTestCase {
    // MARK: - capture-pane -e, parsed

    enum Color: Hashable { case indexed(Int), rgb(Int, Int, Int) }

    struct ScreenCell: Equatable {
        var char: Character
        var fg: Color?
        var bg: Color?
    }

    /// SGR parameters that set a (non-default) colour: 30–38, 40–48, 90–97, 100–107.
    static func setsColor(_ params: [Int]) -> Bool {
        params.contains { (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0) || (100...107).contains($0) }
    }

    /// Every SGR sequence in `text`, as its parameter lists (`ESC [ … m`).
    static func sgrSequences(_ text: String) -> [[Int]] {
        var out: [[Int]] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2
                var body = ""
                while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) { body.unicodeScalars.append(scalars[j]); j += 1 }
                if j < scalars.count, scalars[j] == "m" {
                    out.append(body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
                }
                i = j + 1
            } else {
                i += 1
            }
        }
        return out
    }

    /// The captured lines as cells with their colours (one Character per
    /// cell: enough for the left-hand current pane, which holds no wide
    /// characters). tmux carries colours from one line into the next.
    static func rows(_ capture: String) -> [[ScreenCell]] {
        var fg: Color?, bg: Color?
        return capture.split(separator: "\n", omittingEmptySubsequences: false).map { cells($0, fg: &fg, bg: &bg) }
    }

    static func cells(_ line: Substring, fg: inout Color?, bg: inout Color?) -> [ScreenCell] {
        var out: [ScreenCell] = []
        let scalars = Array(line.unicodeScalars)
        var i = 0
        var pending = ""
        func flush() {
            for c in pending { out.append(ScreenCell(char: c, fg: fg, bg: bg)) }
            pending = ""
        }
        while i < scalars.count {
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                flush()
                var j = i + 2
                var body = ""
                while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) { body.unicodeScalars.append(scalars[j]); j += 1 }
                if j < scalars.count, scalars[j] == "m" {
                    let p = body.isEmpty ? [0] : body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var k = 0
                    while k < p.count {
                        switch p[k] {
                        case 0: fg = nil; bg = nil
                        case 39: fg = nil
                        case 49: bg = nil
                        case 30...37: fg = .indexed(p[k] - 30)
                        case 40...47: bg = .indexed(p[k] - 40)
                        case 90...97: fg = .indexed(p[k] - 90 + 8)
                        case 100...107: bg = .indexed(p[k] - 100 + 8)
                        case 38, 48:
                            let foreground = p[k] == 38
                            var color: Color?
                            if k + 2 < p.count, p[k + 1] == 5 { color = .indexed(p[k + 2]); k += 2 }
                            else if k + 4 < p.count, p[k + 1] == 2 { color = .rgb(p[k + 2], p[k + 3], p[k + 4]); k += 4 }
                            if foreground { fg = color } else { bg = color }
                        default: break
                        }
                        k += 1
                    }
                }
                i = j + 1
            } else {
                pending.unicodeScalars.append(scalars[i])
                i += 1
            }
        }
        flush()
        return out
    }

    /// The cells inside the frame titled "┌ Current", or the whole screen
    /// when there is no frame (full screen).
    static func currentPane(_ capture: String) -> [[ScreenCell]] {
        let rows = Self.rows(capture)
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

    /// The two pixels (top, bottom) a coloured picture cell shows: ▀ in its
    /// colours, ▄ the other way up, █ all foreground, a space with a
    /// background all background. Nil for any other cell.
    static func pixels(_ cell: ScreenCell) -> (top: Color, bottom: Color)? {
        switch cell.char {
        case "▀": return cell.fg.flatMap { fg in cell.bg.map { (fg, $0) } }
        case "▄": return cell.fg.flatMap { fg in cell.bg.map { ($0, fg) } }
        case "█": return cell.fg.map { ($0, $0) }
        case " ": return cell.bg.map { ($0, $0) }
        default: return nil
        }
    }

    /// Colours of the picture cells in the current pane, two a cell.
    static func pictureColors(_ pane: [[ScreenCell]]) -> [Color] {
        pane.flatMap { $0 }.compactMap(pixels).flatMap { [$0.top, $0.bottom] }
    }

    /// How many cells of the pane show a picture (in colour or in shades).
    static func pictureCells(_ pane: [[ScreenCell]]) -> Int {
        pane.flatMap { $0 }.filter { pixels($0) != nil || "▀▄█▓▒░".contains($0.char) }.count
    }

    static func isNearWhite(_ color: Color) -> Bool {
        switch color {
        case .indexed(let n): return n == 15 || n == 231 || (252...255).contains(n)
        case .rgb(let r, let g, let b): return min(r, g, b) >= 235
        }
    }

    /// Starts the demo in tmux. `swift test` runs with NO_COLOR=1 (SwiftPM
    /// sets it), which would turn the pad's colour off: the command line
    /// clears it and COLORTERM, then sets exactly `environment`.
    private func launch(_ arguments: String, environment: [String: String] = [:]) throws -> TmuxSession {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return try TmuxSession(
            command: "env -u NO_COLOR -u COLORTERM \(assignments) \(TmuxSession.binary) demo --no-animation --seed 5 --latency 5-40 \(arguments)",
            width: 120, height: 40)
    }

    /// Waits until the current pane holds a picture of at least `cells` cells.
    @discardableResult
    private func waitForPicture(_ pad: TmuxSession, cells: Int = 200, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        // Fails the test (and stops it) when no picture comes: never a skip.
        try pad.waitFor("a picture of \(cells)+ cells in the current pane", colors: true, file: file, line: line) {
            Self.pictureCells(Self.currentPane($0)) >= cells
        }
    }

    /// q, and y when the pad asks whether to quit a running show.
    private func quit(_ pad: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
        try pad.send("q")
        var answered = false
        try pad.waitFor("exit", file: file, line: line) { screen in
            if !answered, screen.contains("Quit ControlPad?") {
                answered = true
                _ = try? pad.send("y")
            }
            return screen.contains("EXIT=0")
        }
    }

    // MARK: - Tests

    /// A step writes only the colours that changed, in whichever glyph keeps
    /// the colours set (`HalfBlockForm`); what shows must be the picture a
    /// full repaint draws, pixel for pixel.
    func testAStepShowsWhatAFullRepaintShows() throws {
        let pad = try launch("")
        try pad.waitFor(text: "Current · 1/14")
        try waitForPicture(pad)
        for _ in 0..<3 { try pad.send("Right") }
        try pad.waitFor(text: "Current · 4/14")
        let stepped = try waitForPicture(pad)
        let glyphs = Set(Self.currentPane(stepped).joined().map(\.char))
        XCTAssertTrue(glyphs.contains("▄"), "steps use the flipped form too: \(glyphs.sorted())")
        XCTAssertFalse(glyphs.contains("█"), "no █, whose glyph may not fill its cell")
        // A resize away and back: curses repaints every cell, in its own way.
        try pad.resize(width: 100, height: 30)
        try pad.waitFor(text: "Current · 4/14")
        try pad.resize(width: 120, height: 40)
        // The rows the smaller window cut off come back only with the repaint.
        let paneRows = Self.currentPane(stepped).count, cells = Self.pictureCells(Self.currentPane(stepped))
        let repainted = try pad.waitFor("the pane repainted at 120x40", colors: true) { capture in
            let pane = Self.currentPane(capture)
            return pane.count == paneRows && Self.pictureCells(pane) >= cells  // all rows when there is no frame
        }
        let steppedPixels = Self.currentPane(stepped).map { $0.map { Self.pixels($0).map { "\($0.top)/\($0.bottom)" } ?? String($0.char) } }
        let repaintedPixels = Self.currentPane(repainted).map { $0.map { Self.pixels($0).map { "\($0.top)/\($0.bottom)" } ?? String($0.char) } }
        XCTAssertEqual(steppedPixels.count, repaintedPixels.count)
        for (row, (a, b)) in zip(steppedPixels, repaintedPixels).enumerated() where a != b {
            XCTFail("row \(row) of the current pane differs after a step from a full repaint")
            break
        }
        try quit(pad)
    }

    func testNoColorMeansNoColourEscapesButStillAPicture() throws {
        let pad = try launch("--color none")
        try pad.waitFor(text: "Current · 1/14")
        let capture = try waitForPicture(pad)
        let colouring = Self.sgrSequences(capture).filter(Self.setsColor)
        XCTAssertEqual(colouring.count, 0, "colour escapes with --color none: \(colouring.prefix(5))")
        let pane = Self.currentPane(capture)
        let glyphs = Set(pane.joined().map(\.char).filter { "▀▄█▓▒░".contains($0) })
        XCTAssertGreaterThanOrEqual(glyphs.count, 2, "monochrome shading gives the picture structure: \(glyphs)")
        // Structure: rows differ from each other (text and lines of the slide show through).
        let rows = Set(pane.map { String($0.map(\.char)) }.filter { $0.contains { "▀▄█▓▒░".contains($0) } })
        XCTAssertGreaterThan(rows.count, 3, "the picture's rows are not all alike")
        try quit(pad)
    }

    func testNoColorEnvironmentToo() throws {
        let pad = try launch("", environment: ["NO_COLOR": "1"])
        try pad.waitFor(text: "Current · 1/14")
        let capture = try waitForPicture(pad)
        XCTAssertEqual(Self.sgrSequences(capture).filter(Self.setsColor).count, 0, "NO_COLOR: no colour escapes")
        try quit(pad)
    }

    func testTruecolorThroughADirectTerminfo() throws {
        guard Self.infocmpKnows("tmux-direct") else {
            XCTFail("the terminfo entry tmux-direct is missing: install ncurses-term (scripts/install-deps.sh does; the README's test command runs it)")
            return
        }
        let pad = try launch("", environment: ["TERM": "tmux-direct", "COLORTERM": "truecolor"])
        try pad.waitFor(text: "Current · 1/14")
        let capture = try waitForPicture(pad)
        let rgb = Self.sgrSequences(capture).filter { $0.count >= 5 && ($0[0] == 38 || $0[0] == 48) && $0[1] == 2 }
        XCTAssertGreaterThan(rgb.count, 20, "38;2;r;g;b sequences in the capture")
        let colors = Self.pictureColors(Self.currentPane(capture))
        let distinct = Set(colors.filter { if case .rgb = $0 { true } else { false } })
        XCTAssertGreaterThanOrEqual(distinct.count, 10, "many 24-bit colours in the current pane")
        XCTAssertGreaterThan(Double(colors.filter(Self.isNearWhite).count) / Double(max(1, colors.count)), 0.5)
        let firstRow = capture.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(firstRow.hasPrefix("\u{1B}[38;5;244m┌"),
                      "the border keeps its grey (xterm 244, sent as such: every direct-colour terminal takes 256 colours too): \(firstRow.debugDescription.prefix(60))")
        try quit(pad)
    }

    static func infocmpKnows(_ name: String) -> Bool {
        (try? ChildProcess.run(["infocmp", name]))?.status == 0
    }

    /// `--pictures kitty` inside tmux: kitty's Unicode placeholders. tmux
    /// keeps them as the text of the panes (one U+10EEEE a cell, the image
    /// in its colour), so the picture moves with its pane; a step writes
    /// the next slide's. (The picture itself needs kitty 0.28 or later
    /// outside, which is not here: KittyPlaceholderPicturesTests has the bytes.)
    func testKittyChosenInsideTmuxIsPlaceholderTextTmuxKeeps() throws {
        let pad = try launch("--pictures kitty")
        try pad.tmux(["set", "-g", "allow-passthrough", "on"])
        try pad.waitFor(text: "Current · 1/14")
        func placeholders(_ screen: String) -> [Int] {
            screen.split(separator: "\n", omittingEmptySubsequences: false).map { $0.unicodeScalars.filter { $0.value == 0x10EEEE }.count }
        }
        let first = try pad.waitFor("placeholders in both panes") { placeholders($0).max() ?? 0 > 60 }
        let rows = placeholders(first).filter { $0 > 0 }
        XCTAssertGreaterThan(rows.count, 10, "a pane's worth of rows")
        try pad.send("Right")
        try pad.waitFor(text: "Current · 2/14")
        try pad.waitFor("placeholders again after →") { placeholders($0).max() ?? 0 > 60 }
        try quit(pad)
    }
}
