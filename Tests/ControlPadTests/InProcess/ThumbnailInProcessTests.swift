import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// The slide list's thumbnails, the search and the overview, in-process
/// (was ThumbnailEndToEndTests in tmux): half-block pictures read off the frame.
final class ThumbnailInProcessTests: XCTestCase {
    /// `demo --no-animation --seed 5 --latency 5-40 --slides 40` at 120×40, 256 colours.
    private func launch(width: Int = 120, height: Int = 40) throws -> ScriptedPad {
        try ScriptedPad(source: ScriptedPad.demo(seed: 5, slides: 40, latency: 5...40, drop: 0.1, duplicate: 0.1),
                        width: width, height: height, config: nil, depth: .palette256)
    }

    /// Half-block picture cells in columns `from`… of the frame.
    private func pictureCells(_ pad: ScriptedPad, fromColumn from: Int) -> Int {
        GridCells.pictureCells(GridCells.rows(pad.grid).map { Array($0.dropFirst(from)) })
    }

    /// The text right of column `from` (the list's side of the screen).
    private func rightSide(_ screen: String, from: Int) -> String {
        screen.split(separator: "\n").map { String($0.dropFirst(from)) }.joined(separator: "\n")
    }

    func testTheListShowsThumbnailsAndASearchNarrowsIt() throws {
        let pad = try launch()
        try pad.waitFor(text: "Current · 1/40")
        pad.send("Tab")
        try pad.waitFor(text: "Slides")
        // The list is the right 48 columns at 120×40; its rows show pictures.
        try pad.until("thumbnails in the list") { self.pictureCells($0, fromColumn: 74) >= 150 }
        let before = rightSide(pad.screen, from: 72)
        XCTAssertTrue(before.contains("Welcome everyone."), before)
        pad.send("/", "c", "a", "f")
        let narrowed = try pad.waitFor("the search's count") { $0.contains("/caf▏ ") && $0.contains(" of 40") }
        let list = rightSide(narrowed, from: 72)
        XCTAssertFalse(list.contains("Welcome everyone."), "the first slide does not match: \(list)")
        XCTAssertTrue(list.contains("café"), list)
        // Enter goes to the first match (slide 2 of the demo deck).
        pad.send("Enter")
        try pad.waitFor(text: "Current · 2/40")
    }

    func testTheOverviewShowsEverySlideAndEnterGoes() throws {
        let pad = try launch()
        try pad.waitFor(text: "Current · 1/40")
        pad.send("o")
        try pad.waitFor(text: "Overview · 40 slides")
        try pad.until("pictures in the grid") { self.pictureCells($0, fromColumn: 0) >= 1000 }
        pad.send("Right", "Right", "Down")
        pad.send("Enter")
        try pad.waitFor("the overview closed at slide 8") { $0.contains("Current · 8/40") && !$0.contains("Overview ·") }
        // Help over the overview, then back to it exactly.
        pad.send("o")
        try pad.waitFor(text: "Overview · 40 slides")
        pad.send("?")
        try pad.waitFor(text: "overview of every slide")
        pad.send("Escape")
        try pad.waitFor("the overview back") { $0.contains("Overview · 40 slides") && !$0.contains("Keys · Esc closes") }
        pad.send("Escape")
        try pad.waitFor("the overview closed") { !$0.contains("Overview ·") }
    }
}
