import Foundation
import XCTest

/// The slide list's thumbnails, the search and the overview in a real
/// terminal (tmux, half-block pictures), read back with `capture-pane -e`.
final class ThumbnailEndToEndTests: XCTestCase {
    private func launch(width: Int = 120, height: Int = 40) throws -> TmuxSession {
        try TmuxSession.requireTools()
        return try TmuxSession(
            command: "env -u NO_COLOR -u COLORTERM \(TmuxSession.binary) demo --no-animation --seed 5 --latency 5-40 --slides 40",
            width: width, height: height)
    }

    /// Half-block picture cells in columns `from`… of the screen.
    private func pictureCells(_ capture: String, fromColumn from: Int) -> Int {
        PictureEndToEndTests.pictureCells(PictureEndToEndTests.rows(capture).map { Array($0.dropFirst(from)) })
    }

    /// The text right of column `from` (the list's side of the screen).
    private func rightSide(_ screen: String, from: Int) -> String {
        screen.split(separator: "\n").map { String($0.dropFirst(from)) }.joined(separator: "\n")
    }

    func testTheListShowsThumbnailsAndASearchNarrowsIt() throws {
        let pad = try launch()
        try pad.waitFor(text: "Current · 1/40")
        try pad.send("Tab")
        try pad.waitFor(text: "Slides")
        // The list is the right 48 columns at 120×40; its rows show pictures.
        try pad.waitFor("thumbnails in the list", colors: true) { self.pictureCells($0, fromColumn: 74) >= 150 }
        let before = rightSide(try pad.screen(), from: 72)
        XCTAssertTrue(before.contains("Welcome everyone."), before)
        try pad.send("/", "c", "a", "f")
        let narrowed = try pad.waitFor("the search's count") { $0.contains("/caf▏ ") && $0.contains(" of 40") }
        let list = rightSide(narrowed, from: 72)
        XCTAssertFalse(list.contains("Welcome everyone."), "the first slide does not match: \(list)")
        XCTAssertTrue(list.contains("café"), list)
        // Enter goes to the first match (slide 2 of the demo deck).
        try pad.send("Enter")
        try pad.waitFor(text: "Current · 2/40")
    }

    func testTheOverviewShowsEverySlideAndEnterGoes() throws {
        let pad = try launch()
        try pad.waitFor(text: "Current · 1/40")
        try pad.send("o")
        try pad.waitFor(text: "Overview · 40 slides")
        try pad.waitFor("pictures in the grid", colors: true) { self.pictureCells($0, fromColumn: 0) >= 1000 }
        try pad.send("Right", "Right", "Down")
        try pad.send("Enter")
        try pad.waitFor("the overview closed at slide 8") { $0.contains("Current · 8/40") && !$0.contains("Overview ·") }
        // Help over the overview, then back to it exactly.
        try pad.send("o")
        try pad.waitFor(text: "Overview · 40 slides")
        try pad.send("?")
        try pad.waitFor(text: "overview of every slide")
        try pad.send("Escape")
        try pad.waitFor("the overview back") { $0.contains("Overview · 40 slides") && !$0.contains("Keys · Esc closes") }
        try pad.send("Escape")
        try pad.waitFor("the overview closed") { !$0.contains("Overview ·") }
    }
}
