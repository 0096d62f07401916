import Foundation
import XCTest

/// Impress over UNO (issue 49): the pad fed the mouse bytes a terminal
/// sends moves the show's own laser pointer, read off the room's screen
/// (`xwd` of the Xvfb display LibreOffice shows on); the pen and its ink
/// are put away when the pad quits, so no "keep ink?" question comes.
extension RealImpressUNOEndToEndTests {
    /// The room's red: LibreOffice's laser pointer.
    private func redPixels(_ shot: Screenshot) -> (count: Int, x: Double, y: Double) {
        var count = 0, sx = 0, sy = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let i = (y * shot.width + x) * 3
                if shot.rgb[i] > 180 && shot.rgb[i + 1] < 80 && shot.rgb[i + 2] < 80 { count += 1; sx += x; sy += y }
            }
        }
        return (count, count > 0 ? Double(sx) / Double(count) / Double(shot.width) : -1,
                count > 0 ? Double(sy) / Double(count) / Double(shot.height) : -1)
    }

    func testTheMouseOnThePadMovesTheShowsOwnPointer() throws {
        let pad = try present("")
        try status(pad, "LibreOffice", timeout: 60)
        try status(pad, "· 1/62 ")
        let before = redPixels(try roomScreen())
        // The current pane's inside, as the screen shows it.
        let lines = try pad.screen().components(separatedBy: "\n")
        let top = try XCTUnwrap(lines.firstIndex { $0.contains("Current") })
        let right = try XCTUnwrap(Array(lines[top]).firstIndex(of: "┐"))
        let bottom = try XCTUnwrap(lines[(top + 1)...].firstIndex { $0.hasPrefix("└") })
        let (x, y) = (1 + (right - 1) * 3 / 4, top + 1 + (bottom - top - 1) / 4)
        try pad.tmux(["send-keys", "-t", "0", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)M"])
        var shown = before
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            shown = redPixels(try roomScreen())
            if shown.count > before.count + 20 { break }
            usleep(100_000)
        }
        XCTAssertGreaterThan(shown.count, before.count + 20, "the show's pointer on the room's screen")
        XCTAssertEqual(shown.x, 0.75, accuracy: 0.12, "right of the middle, where the mouse is")
        XCTAssertEqual(shown.y, 0.25, accuracy: 0.12, "above the middle")
        try pad.tmux(["send-keys", "-t", "0", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)m"])
        var gone = shown
        let until = Date().addingTimeInterval(10)
        while Date() < until {
            gone = redPixels(try roomScreen())
            if gone.count <= before.count + 5 { break }
            usleep(100_000)
        }
        XCTAssertLessThanOrEqual(gone.count, before.count + 5, "released: the pointer goes")
        // The pen on, then quitting: its ink erased and the pen off first, no question on the room's screen.
        try pad.send("i")
        try status(pad, "INK")
        try pad.send("e")
        _ = try pad.quit()
        XCTAssertFalse(((try? String(contentsOfFile: directory.appendingPathComponent("pad.log").path, encoding: .utf8)) ?? "")
                        .contains("did not pen"), "the pen request was carried out")
    }
}
