import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// The layouts, in-process (was LayoutEndToEndTests in tmux): L cycles
/// them, full screen keeps a status line and shows the prompt over the
/// slide, the notes page, and the layout chosen comes back at the next start.
final class LayoutInProcessTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cp-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// `demo --no-animation --pictures blocks --config <file> --duration 20m`, its state in `state`.
    private func pad(state: URL, config: String = "", width: Int = 80, height: Int = 24) throws -> ScriptedPad {
        var settings = PadSettings()
        settings.duration = "20m"
        return try ScriptedPad(source: ScriptedPad.demo(seed: 1, latency: 5...40), width: width, height: height,
                               settings: settings, config: config, state: state)
    }

    func testLCyclesTheLayoutsAndTheLastOneComesBack() throws {
        let state = try temporaryDirectory()
        var pad = try pad(state: state)
        try pad.waitFor(text: "Current · 1/14")
        let slides = pad.screen
        XCTAssertTrue(slides.contains("┌ Current · 1/14") && slides.contains("┌ Notes"), slides)
        XCTAssertLessThan(slides.range(of: "┌ Current")!.lowerBound, slides.range(of: "┌ Notes")!.lowerBound,
                          "slides: the current slide first, the notes below")

        pad.send("L")
        try pad.waitFor("notes first") { screen in
            screen.split(separator: "\n").first.map { $0.contains("┌ Current") && $0.contains("┌ Notes") } ?? false
        }

        pad.send("L")
        try pad.waitFor("full screen") { !$0.contains("┌ Current") && ScriptedPad.statusLine($0).contains("1/14") }
        pad.send("3")
        try pad.waitFor(text: "Go to slide: 3", timeout: 5)
        pad.send("Enter")
        try pad.waitFor("full screen at 3/14") { ScriptedPad.statusLine($0).contains(" 3/14 ") && !$0.contains("┌ Current") }

        pad.send("L")
        try pad.waitFor(text: "┌ Current · 3/14")
        pad.send("L")  // notes first, kept for the next start
        try pad.waitFor("notes first again") { $0.split(separator: "\n").first?.contains("┌ Notes") ?? false }
        pad.send("q", "y")
        XCTAssertFalse(pad.running)
        let kept = try String(contentsOf: state.appendingPathComponent("controlpad/layouts.json"), encoding: .utf8)
        XCTAssertTrue(kept.contains("\"demo\" : \"notes-first\""), kept)

        pad = try self.pad(state: state, config: "layout = \"full-screen\"\n")
        try pad.waitFor("notes first at the next start, over the config's") { screen in
            screen.split(separator: "\n").first.map { $0.contains("┌ Current") && $0.contains("┌ Notes") } ?? false
        }
    }

    func testTheConfigChoosesTheFirstLayoutAndNotesPage() throws {
        let pad = try pad(state: try temporaryDirectory(), config: "layout = \"full-screen\"\n", width: 120, height: 40)
        try pad.waitFor("full screen from the config") { ScriptedPad.statusLine($0).contains("1/14") && !$0.contains("┌ Current") }
        pad.send("L")
        try pad.waitFor(text: "┌ Current · 1/14")
        // The demo's slide 1 notes are short: nothing below; the pace is in words under the big timer.
        try pad.waitFor("pace under the big timer") { $0.contains("on time") && $0.contains("left") }
    }
}
