import Foundation
import XCTest
@testable import ControlPadUI
@testable import PadTerminal
@testable import SlideModel
import SlideImages

/// Nothing a presenter does by mistake hurts the talk: the screen and the
/// keys, in-process (was part of ForgivingEndToEndTests in tmux; what is the
/// real terminal's, the binary's, stays there).
final class ForgivingInProcessTests: XCTestCase {
    private func status(_ pad: ScriptedPad, shows position: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try pad.waitFor("status \(position)", file: file, line: line) { ScriptedPad.statusLine($0).contains(" \(position) ") }
    }

    /// `demo --no-animation --latency 5-40` (pictures as in tmux: 256 colours).
    private func demo(slides: Int? = nil, width: Int = 120, height: Int = 40, settings: PadSettings = PadSettings(),
                      depth: ColorDepth = .palette256) throws -> ScriptedPad {
        try ScriptedPad(source: ScriptedPad.demo(seed: 1, slides: slides, latency: 5...40, drop: 0.1, duplicate: 0.1),
                        width: width, height: height, settings: settings, config: nil, depth: depth)
    }

    /// Seen: `--duration 90` was 90 minutes but `1:30` 90 seconds. (The
    /// help and the refusal of 45:00 are the binary's: ForgivingEndToEndTests.)
    func testTheDurationHasOneRule() throws {
        for (given, shown) in [("90", "1:30:00"), ("1:30", "1:30:00"), ("20m", "20:00")] {
            var settings = PadSettings()
            settings.duration = given
            let pad = try demo(width: 120, height: 30, settings: settings)
            try pad.waitFor("--duration \(given) is \(shown)") { ScriptedPad.statusLine($0).contains("/ \(shown)") }
            pad.send("C-\\")
            XCTAssertFalse(pad.running)
        }
    }

    /// Seen: a 160×12 window stacked the panes; the current slide was 14 columns wide.
    func testAWideShortWindowGivesTheSlideTheMostRoom() throws {
        let pad = try demo(width: 160, height: 12)
        let screen = try pad.waitFor("side by side, with a picture") { screen in
            let lines = screen.split(separator: "\n").map(String.init)
            return lines.first.map { $0.contains("Current · 1/14") && $0.contains("2/14") } ?? false
                && Self.currentPictureWidth(lines) > 20
        }
        XCTAssertTrue(screen.contains("Notes"), screen)
    }

    /// The widest run of picture cells in the current pane (left of the first pane's right edge).
    static func currentPictureWidth(_ lines: [String]) -> Int {
        lines.dropFirst().map { line -> Int in
            let pane = line.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first ?? ""
            return pane.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count
        }.max() ?? 0
    }

    /// Seen: the list opened on slide 45 of 60 had it on its bottom row.
    func testTheListOpensWithTheSlidesThatFollowInView() throws {
        let pad = try demo(slides: 60)
        try status(pad, shows: "1/60")
        pad.send("4", "5", "Enter")
        try pad.waitFor("the show on 45") { ScriptedPad.statusLine($0).contains("· 45/60 ·") }
        pad.send("Tab")
        let screen = try pad.waitFor("the list on 45") { $0.contains("╭ Slides") && $0.contains("▶45") }
        let rows = screen.split(separator: "\n").map(String.init)
        let at = try XCTUnwrap(rows.firstIndex { $0.contains("▶45") })
        XCTAssertTrue(rows[(at + 1)...].contains { $0.contains(" 46 ") }, "the next slide shows below it:\n\(screen)")
    }

    /// Seen: S stopped the show at once, t reset the timer, a stop and start
    /// reset it too, and ● ◌ were explained nowhere.
    func testDestructiveKeysAskAndTheTimerIsKept() throws {
        let pad = try demo()
        try pad.waitForShow()
        pad.advance(seconds: 2)
        try pad.waitFor("two seconds of talk") { ScriptedPad.statusLine($0).contains("◷ 00:02") }
        pad.send("S")
        try pad.waitFor(text: "Stop the slide show now?")
        pad.send("n")
        try pad.waitFor("no: the show runs") { !$0.contains("Stop the slide show now?") && ScriptedPad.statusLine($0).contains("1/14") }
        pad.send("t")
        try pad.waitFor(text: "Reset the timer to 00:00?")
        pad.send("s")  // the list's key, next to S: a no, and nothing opens
        try pad.waitFor("no: the timer runs on") { !$0.contains("Reset the timer") }
        XCTAssertFalse(pad.screen.contains("╭ Slides"))
        pad.send("S", "y")
        try pad.waitFor("stopped") { ScriptedPad.statusLine($0).contains("no show") }
        pad.send("F5")
        let restarted = try pad.waitFor("started again") { ScriptedPad.statusLine($0).contains("1/14") }
        XCTAssertFalse(ScriptedPad.statusLine(restarted).contains("◷ 00:00"), "the talk's timer is kept:\n\(restarted)")
        pad.send("t", "y")
        try pad.waitFor("reset, once asked") { ScriptedPad.statusLine($0).contains("◷ 00:00") }
        pad.send("?")
        try pad.waitFor(text: "PgDn more")  // the help pages at this size: its end has the marks
        pad.send("End")
        try pad.waitFor(text: "Marks on screen")
        let screen = pad.screen
        XCTAssertTrue(screen.contains("● ◌") && screen.contains("linked / connecting (status line)")
                      && screen.contains("preview in / coming (slide list)"), screen)
        pad.send("Escape", "q", "y")
        XCTAssertFalse(pad.running)
    }

    /// The prompt and the overlays, as typed (the rules themselves are
    /// reducer tests on virtual time: ForgivingKeysTests).
    func testThePromptValidatesAndOverlaysSwallowTheirKeys() throws {
        let pad = try demo()
        try status(pad, shows: "1/14")
        pad.send("Right", "Right", "Right", "Right")
        try pad.waitFor("the show on 5") { ScriptedPad.statusLine($0).contains("· 5/14 ·") }
        pad.send("9", "9", "Enter")
        try pad.waitFor(text: "no slide 99: 1–14")
        pad.send("BSpace", "BSpace", "BSpace", "BSpace")
        try pad.waitFor("an empty prompt, still open") { $0.contains("Go to slide: ▏") }
        XCTAssertTrue(pad.statusLine.contains("5/14"))
        pad.send("Escape", "?")
        try pad.waitFor(text: "Keys · Esc closes")
        pad.send("PageDown", "j", "Right", "End")
        // Had any of them reached the show, one → more would not land on 6.
        pad.send("Escape", "Right")
        try pad.waitFor("the show on 6, one step on") { ScriptedPad.statusLine($0).contains("· 6/14 ·") }
        XCTAssertFalse(pad.screen.contains("Keys · Esc closes"), pad.screen)
    }

    /// Seen: with NO_COLOR the slide pictures were solid ████ with a few ▓,
    /// and slides 1 and 2 looked the same. (NO_COLOR: no colour, monochrome pictures.)
    func testWithoutColourSlidesStillTellApart() throws {
        XCTAssertFalse(ColorSetup(environment: ["NO_COLOR": "1", "TERM": "tmux-256color"], choice: .auto).wantsColor)
        XCTAssertEqual(ColorSetup(environment: ["NO_COLOR": "1", "TERM": "tmux-256color"], choice: .auto)
                        .depth(terminalName: "tmux-256color", colors: 256, direct: false), .monochrome)
        let pad = try demo(depth: .monochrome)
        func picture(of position: String) throws -> [String] {
            let screen = try pad.waitFor("the picture of slide \(position)") {
                $0.contains("Current · \(position)") && Self.currentPane($0).joined().unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count > 500
            }
            return Self.currentPane(screen)
        }
        let first = try picture(of: "1/14")
        pad.send("Right")
        let second = try picture(of: "2/14")
        for (n, pane) in [first, second].enumerated() {
            let glyphs = Set(pane.joined().filter { $0.unicodeScalars.allSatisfy { (0x2580...0x259F).contains($0.value) } })
            XCTAssertGreaterThanOrEqual(glyphs.count, 6, "slide \(n + 1) is more than a flat shade: \(glyphs.sorted())\n\(pane.joined(separator: "\n"))")
        }
        let differing = zip(first.joined(), second.joined()).filter { $0 != $1 }.count
        XCTAssertGreaterThan(differing, 150, "slides 1 and 2 tell apart (\(differing) cells differ):\n\(first.joined(separator: "\n"))\n\(second.joined(separator: "\n"))")
    }

    /// The current pane's inside, row by row (between its left and right edges).
    static func currentPane(_ screen: String) -> [String] {
        screen.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("└") }.map { line in
            String(line.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first ?? "")
        }
    }
}
