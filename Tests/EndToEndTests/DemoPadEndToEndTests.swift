import Foundation
import XCTest

/// The built binary in a real terminal (tmux), driven like a person would.
final class DemoPadEndToEndTests: XCTestCase {
    private func status(_ session: TmuxSession, shows position: String) throws {
        try session.waitFor("status \(position)") { TmuxSession.statusLine($0).contains(" \(position) ") }
    }

    func testStepJumpListResizeQuit() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --seed 3 --no-animation --latency 5-40")
        try status(pad, shows: "1/14")
        try pad.waitFor(text: "Current · 1/14")

        try pad.send("Right")
        try status(pad, shows: "2/14")
        try pad.send("Left")
        try status(pad, shows: "1/14")
        try pad.send("Right", "Right", "Right", "Right", "Right")
        try status(pad, shows: "6/14")
        try pad.send("Space")
        try status(pad, shows: "7/14")
        try pad.send("BSpace")
        try status(pad, shows: "6/14")

        try pad.send("1", "2")
        try pad.waitFor(text: "Go to slide: 12")
        try pad.send("Enter")
        try status(pad, shows: "12/14")

        try pad.send("Tab")
        try pad.waitFor(text: "╭ Slides")
        try pad.waitFor(text: "▶12")
        try pad.send("Up", "Up", "Enter")
        try status(pad, shows: "10/14")
        try pad.waitFor("list closed") { !$0.contains("╭ Slides") }

        try pad.resize(width: 40, height: 12)
        try pad.waitFor("40-column layout") { screen in
            // The narrow current pane keeps its position, not the word "Current".
            screen.contains("┌ 10/14 ─") && screen.split(separator: "\n").allSatisfy { $0.count <= 40 }
        }
        try pad.resize(width: 20, height: 6)
        try pad.waitFor(text: "▶ 10/14")
        try pad.resize(width: 15, height: 5)
        try pad.waitFor(text: "terminal too")
        try pad.resize(width: 120, height: 40)
        try pad.waitFor(text: "Current · 10/14")

        try pad.send("q")
        try pad.waitFor(text: "Quit ControlPad? y / n")
        try pad.send("y")
        let after = try pad.waitFor("exit") { $0.contains("EXIT=0") }
        XCTAssertFalse(after.contains("Current ·"), "the terminal is restored: the pad's screen is gone")
    }

    /// A resize storm (a window dragged by its corner): 200 sizes, from
    /// tiny to large, as fast as tmux takes them; the pad keeps up and ends
    /// on a correct frame for the last size.
    /// A screen reader or braille display follows the terminal's cursor:
    /// it rests on the selected row of the slide list and on the selected
    /// slide of the overview, and the selection is marked by a character
    /// (">"), not by colour alone.
    func testTheCursorRestsOnTheSelectionMarkedByACharacter() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --seed 3 --no-animation", width: 100, height: 30)
        try status(pad, shows: "1/14")
        func cursor() throws -> (x: Int, y: Int) {
            let words = try pad.tmux(["display", "-p", "-t", "0", "#{cursor_x} #{cursor_y}"]).split(separator: " ")
            return (Int(words[0]) ?? -1, Int(words[1].trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
        }
        func lineAtCursor() throws -> String {
            let (x, y) = try cursor()
            let lines = try pad.screen().split(separator: "\n", omittingEmptySubsequences: false)
            return String(lines[y].dropFirst(x))
        }
        try pad.send("Tab")
        try pad.waitFor("the list's selection marked") { $0.contains(">▶ 1 ") }
        try pad.send("Down", "Down")
        try pad.waitFor("the selection two rows down") { $0.contains(">  3 ") }
        let listLine = try lineAtCursor()
        XCTAssertTrue(listLine.hasPrefix(">  3 "), listLine)
        try pad.send("Escape", "o")
        try pad.waitFor("the overview's selection marked") { $0.contains("> ▶ 1") }
        let overviewLine = try lineAtCursor()
        XCTAssertTrue(overviewLine.hasPrefix("> ▶ 1"), overviewLine)
        try pad.send("Escape", "q", "y")
    }

    /// LANG=C (a bare SSH session, a rescue console): every character on
    /// screen is ASCII, and the pad says why once; --utf8 draws UTF-8.
    func testALocaleThatIsNotUTF8GetsASCII() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --seed 3 --no-animation", width: 100, height: 30,
                                  environment: ["LANG": "C", "LC_ALL": "C"])
        try status(pad, shows: "1/14")
        try pad.waitFor(text: "drawing in ASCII (--utf8 if this terminal shows")
        let screen = try pad.screen()
        XCTAssertTrue(screen.unicodeScalars.allSatisfy(\.isASCII), screen)
        XCTAssertTrue(screen.contains("+ Current . 1/14 --"), screen)
        try pad.send("q", "y")

        let forced = try TmuxSession(command: "\(TmuxSession.binary) demo --seed 3 --no-animation --utf8", width: 100, height: 30,
                                     environment: ["LANG": "C", "LC_ALL": "C"])
        try status(forced, shows: "1/14")
        try forced.waitFor(text: "Current · 1/14")
        try forced.waitFor(text: "drawing UTF-8 all the same, as --utf8 asks")
        try forced.send("q", "y")
    }

    func testTwoHundredResizesInAFewSeconds() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40", width: 120, height: 40)
        try status(pad, shows: "1/14")
        var random = SystemRandomNumberGenerator()
        for i in 0..<199 {
            let width = i % 7 == 0 ? Int.random(in: 1...20, using: &random) : Int.random(in: 20...160, using: &random)
            try pad.resize(width: width, height: Int.random(in: 1...50, using: &random))
        }
        try pad.resize(width: 100, height: 30)
        try pad.send("Right")
        try status(pad, shows: "2/14")
        let screen = try pad.waitFor("a whole 100×30 frame") { $0.contains("Current · 2/14") && $0.contains("Next · 3/14") }
        XCTAssertTrue(screen.split(separator: "\n").allSatisfy { $0.count <= 100 }, screen)
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=0")
    }

}
