import Foundation
import XCTest
import ArgumentParser
@testable import ControlPadCLI
@testable import ControlPadUI
@testable import SlideModel

/// The demo pad driven like a person would, in-process (was
/// DemoPadEndToEndTests in tmux; one tmux run of it stays as a smoke test).
final class DemoPadInProcessTests: XCTestCase {
    private func status(_ pad: ScriptedPad, shows position: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try pad.waitFor("status \(position)", file: file, line: line) { ScriptedPad.statusLine($0).contains(" \(position) ") }
    }

    func testStepJumpListResizeQuit() throws {
        let pad = try ScriptedPad(source: ScriptedPad.demo(seed: 3, latency: 5...40, drop: 0.1, duplicate: 0.1), config: nil, depth: nil)
        try status(pad, shows: "1/14")
        try pad.waitFor(text: "Current · 1/14")

        pad.send("Right")
        try status(pad, shows: "2/14")
        pad.send("Left")
        try status(pad, shows: "1/14")
        pad.send("Right", "Right", "Right", "Right", "Right")
        try status(pad, shows: "6/14")
        pad.send("Space")
        try status(pad, shows: "7/14")
        pad.send("BSpace")
        try status(pad, shows: "6/14")

        pad.send("1", "2")
        try pad.waitFor(text: "Go to slide: 12")
        pad.send("Enter")
        try status(pad, shows: "12/14")

        pad.send("Tab")
        try pad.waitFor(text: "╭ Slides")
        try pad.waitFor(text: "▶12")
        pad.send("Up", "Up", "Enter")
        try status(pad, shows: "10/14")
        try pad.waitFor("list closed") { !$0.contains("╭ Slides") }

        pad.resize(width: 40, height: 12)
        try pad.waitFor("40-column layout") { screen in
            screen.contains("┌ 10/14 ─") && screen.split(separator: "\n").allSatisfy { $0.count <= 40 }
        }
        pad.resize(width: 20, height: 6)
        try pad.waitFor(text: "▶ 10/14")
        pad.resize(width: 15, height: 5)
        try pad.waitFor(text: "terminal too")
        pad.resize(width: 120, height: 40)
        try pad.waitFor(text: "Current · 10/14")

        pad.send("q")
        try pad.waitFor(text: "Quit ControlPad? y / n")
        pad.send("y")
        XCTAssertFalse(pad.running, "y quits")
    }

    func testHelpListsKeysAndCtrlCQuits() throws {
        let pad = try ScriptedPad(source: ScriptedPad.demo(seed: 1), width: 100, height: 34, config: nil, depth: nil)
        try status(pad, shows: "1/14")
        pad.send("?")
        try pad.waitFor(text: "Keys · Esc closes")
        XCTAssertTrue(pad.screen.contains("next slide or effect"))
        XCTAssertTrue(pad.screen.contains("→"))
        pad.send("Escape")
        try pad.waitFor("help closed") { !$0.contains("Keys · Esc closes") }
        pad.send("C-c")
        try pad.waitFor(text: "Quit ControlPad? y / n")  // the demo's show runs: Ctrl-C asks, like q
        pad.send("C-c")
        XCTAssertFalse(pad.running, "the second Ctrl-C quits")
    }

    /// A resize storm (a window dragged by its corner): 200 sizes, from tiny
    /// to large; the pad keeps up and ends on a correct frame for the last size.
    func testTwoHundredResizesInAFewSeconds() throws {
        let pad = try ScriptedPad(source: ScriptedPad.demo(seed: 1, latency: 5...40, drop: 0.1, duplicate: 0.1), width: 120, height: 40, config: nil, depth: nil)
        try status(pad, shows: "1/14")
        var random = SystemRandomNumberGenerator()
        for i in 0..<199 {
            let width = i % 7 == 0 ? Int.random(in: 1...20, using: &random) : Int.random(in: 20...160, using: &random)
            pad.resize(width: width, height: Int.random(in: 1...50, using: &random))
        }
        pad.resize(width: 100, height: 30)
        pad.send("Right")
        try status(pad, shows: "2/14")
        let screen = try pad.waitFor("a whole 100×30 frame") { $0.contains("Current · 2/14") && $0.contains("Next · 3/14") }
        XCTAssertTrue(screen.split(separator: "\n").allSatisfy { $0.count <= 100 }, screen)
        XCTAssertEqual(pad.terminal.frames.last.map { [$0.width, $0.height] }, [100, 30])
        pad.send("C-\\")
        XCTAssertFalse(pad.running)
    }

    func testBadArgumentsSayWhatIsWrong() throws {
        do {
            _ = try ControlPadCommand.parseAsRoot(["demo", "--drop", "7"])
            XCTFail("--drop 7 is refused")
        } catch {
            XCTAssertTrue(ControlPadCommand.fullMessage(for: error).contains("--drop must be between 0 and 1"),
                          ControlPadCommand.fullMessage(for: error))
            XCTAssertNotEqual(ControlPadCommand.exitCode(for: error), .success)
        }
    }
}
