import Foundation
import XCTest

/// The mouse on the pad, the marks on the room's screen (issue 49): the
/// built pad in tmux is fed the SGR mouse bytes a terminal sends, and the
/// real audience's page is read back (its marks' layer, and a DevTools
/// screenshot): the laser where the mouse is and gone on release, a stroke
/// where it was drawn, per slide, `e` erasing it, nothing left on quit.
extension RealRevealEndToEndTests {
    /// The current pane's inside on screen: (left, top, width, height) in 0-based cells.
    private func currentPane(_ screen: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let lines = screen.components(separatedBy: "\n")
        let top = try XCTUnwrap(lines.firstIndex { $0.contains("Current") })
        let row = Array(lines[top])
        let right = try XCTUnwrap(row.firstIndex(of: "┐"))
        let bottom = try XCTUnwrap(lines[(top + 1)...].firstIndex { $0.hasPrefix("└") })
        return (1, top + 1, right - 1, bottom - top - 1)
    }

    /// The bytes a terminal sends for the left button at (x, y), 0-based cells.
    private func mouse(_ pad: TmuxSession, _ kind: String, x: Int, y: Int) throws {
        let code = kind == "drag" ? 32 : 0
        try pad.tmux(["send-keys", "-t", "0", "-l", "\u{1B}[<\(code);\(x + 1);\(y + 1)\(kind == "release" ? "m" : "M")"])
    }

    private func number(_ text: String) -> Double { Double(text.filter { $0.isNumber || $0 == "." }) ?? -1 }

    func testTheMouseOnThePadPointsAndDrawsOnTheRoomsScreen() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) connect reveal://127.0.0.1:\(port) --no-animation --pictures blocks",
                                  width: 120, height: 36)
        try status(pad, " 1/14 ")
        try pad.send("Right")
        try status(pad, " 2/14 ")
        let pane = try currentPane(try pad.screen())
        let (midX, midY) = (pane.x + pane.width / 2, pane.y + pane.height / 2)
        // The laser: held at the pane's middle, the dot is at the page's middle.
        try mouse(pad, "press", x: midX, y: midY)
        var left = "", top = ""
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            left = try browser("document.querySelector('[data-controlpad=pointer]')?.style.left ?? ''")
            top = try browser("document.querySelector('[data-controlpad=pointer]')?.style.top ?? ''")
            if left.contains("%") { break }
            usleep(50_000)
        }
        XCTAssertEqual(number(left), 50, accuracy: 100.0 / Double(pane.width) + 0.5, "the dot where the mouse is: \(left)")
        XCTAssertEqual(number(top), 50, accuracy: 100.0 / Double(pane.height) + 0.5, "\(top)")
        try mouse(pad, "drag", x: pane.x + pane.width / 4, y: midY)
        try pad.waitFor("the dot follows") { _ in self.number((try? self.browser("document.querySelector('[data-controlpad=pointer]').style.left")) ?? "") < 40 }
        try mouse(pad, "release", x: pane.x + pane.width / 4, y: midY)
        try pad.waitFor("the dot gone on release") { _ in
            (try? self.browser("document.querySelector('[data-controlpad=pointer]').style.display")) == #""none""#
        }
        // Ink: i, a drag from a fifth of the way across to the middle, a little below the middle.
        try pad.send("i")
        try status(pad, "INK")
        let y = midY + pane.height / 6
        try mouse(pad, "press", x: pane.x + pane.width / 5, y: y)
        for x in stride(from: pane.x + pane.width / 5 + 2, through: midX, by: 2) { try mouse(pad, "drag", x: x, y: y) }
        try mouse(pad, "release", x: midX, y: y)
        try pad.waitFor("the stroke on the page") { _ in
            (try? self.browser("document.querySelectorAll('[data-controlpad=marks] polyline').length")) == "1"
        }
        let points = try browser("document.querySelector('[data-controlpad=marks] polyline').getAttribute('points')")
        let ys = points.replacingOccurrences(of: "\"", with: "").split(separator: " ").compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
        let expectedY = (Double(y - pane.y) + 0.5) / Double(pane.height) * 10_000
        XCTAssertFalse(ys.isEmpty)
        for v in ys { XCTAssertEqual(v, expectedY, accuracy: 700, "the stroke at the height drawn (\(points))") }
        // Ink belongs to its slide; a clicker's → works in ink mode.
        try pad.send("Right")
        try status(pad, " 3/14 ")
        XCTAssertEqual(try browser("getComputedStyle(document.querySelector('[data-controlpad=marks] g')).display"), #""none""#)
        try pad.send("Left")
        try status(pad, " 2/14 ")
        XCTAssertEqual(try browser("getComputedStyle(document.querySelector('[data-controlpad=marks] g')).display"), #""inline""#)
        try pad.send("e")
        try pad.waitFor("e erased the stroke") { _ in
            (try? self.browser("document.querySelectorAll('[data-controlpad=marks] polyline').length")) == "0"
        }
        // Quitting takes the pad's marks off the page.
        try pad.send("q")
        try pad.send("y")
        let gone = Date().addingTimeInterval(10)
        while Date() < gone, try browser("document.querySelector('[data-controlpad]') === null") != "true" { usleep(50_000) }
        XCTAssertEqual(try browser("document.querySelector('[data-controlpad]') === null"), "true", "nothing of the pad left on the page")
    }
}
