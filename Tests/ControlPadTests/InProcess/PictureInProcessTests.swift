import Foundation
import XCTest
@testable import ControlPadUI
import PadConfig
@testable import SlideModel

/// Slides as pictures, in-process (was part of PictureEndToEndTests in tmux:
/// what curses writes to the terminal, the escapes, stays there): the demo
/// with `--seed 5 --latency 5-40` at 120×40, 256 colours (tmux-256color).
final class PictureInProcessTests: XCTestCase {
    private func launch() throws -> ScriptedPad {
        try ScriptedPad(source: ScriptedPad.demo(seed: 5, latency: 5...40, drop: 0.1, duplicate: 0.1), width: 120, height: 40,
                        config: nil, depth: .palette256)
    }

    func testTheCurrentPaneShowsTheSlidesColours() throws {
        let pad = try launch()
        try pad.waitFor(text: "Current · 1/14")
        let pane = GridCells.currentPane(try pad.waitForPicture())
        let colors = GridCells.pictureColors(pane)
        let distinct = Set(colors)
        XCTAssertGreaterThanOrEqual(distinct.count, 10, "a real slide has many colours: \(distinct)")
        for color in distinct {
            guard case .indexed(let n) = color else { return XCTFail("256 colours get indexed colours, not \(color)") }
            XCTAssert((0..<256).contains(n))
        }
        let white = colors.filter(GridCells.isNearWhite).count
        XCTAssertGreaterThan(Double(white) / Double(colors.count), 0.5,
                             "the slide's white background dominates (\(white) of \(colors.count))")
        XCTAssertTrue(pane.joined().contains { $0.char == "▀" })

        // A step draws the next slide's picture in the current pane.
        pad.send("Right")
        try pad.waitFor(text: "Current · 2/14")
        try pad.until("the picture changed with the slide") {
            let now = GridCells.currentPane($0.grid)
            return GridCells.pictureCells(now) >= 200 && now != pane
        }
        pad.quit()
    }

    func testFullScreenSlideAndBack() throws {
        let pad = try launch()
        try pad.waitFor(text: "Current · 1/14")
        let framedCells = GridCells.pictureCells(GridCells.currentPane(try pad.waitForPicture()))

        pad.send("f")
        let full = try pad.waitFor("full screen") { !$0.contains("Current ·") }
        XCTAssertFalse(full.contains("┌") || full.contains("└"), "no frames:\n\(full)")
        XCTAssertTrue(ScriptedPad.statusLine(full).contains("1/14"), "full screen keeps a one-line status:\n\(full)")
        let fullPane = GridCells.currentPane(try pad.waitForPicture(cells: framedCells + 1))
        let fullCells = GridCells.pictureCells(fullPane)
        XCTAssertGreaterThan(fullCells, framedCells * 3 / 2, "the picture is larger full screen (\(fullCells) vs \(framedCells) cells)")
        XCTAssertGreaterThan(Set(GridCells.pictureColors(fullPane)).count, 10)

        pad.send("Escape")
        try pad.waitFor(text: "Current · 1/14")
        try pad.waitFor(text: "? help")
        pad.quit()
    }
}
