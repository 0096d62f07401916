import Foundation
import XCTest

/// The layouts in a real terminal: L cycles them, full screen keeps a status
/// line and shows the prompt over the slide, the notes page, and the layout
/// chosen comes back at the next start.
final class LayoutEndToEndTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cp-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    private func pad(state: URL, config: String = "", width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let home = try temporaryDirectory()
        let file = home.appendingPathComponent("config.toml")
        try config.write(to: file, atomically: true, encoding: .utf8)
        return try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --pictures blocks --config \(file.path) --duration 20m",
                               width: width, height: height, environment: ["XDG_STATE_HOME": state.path, "HOME": home.path])
    }

    func testLCyclesTheLayoutsAndTheLastOneComesBack() throws {
        let state = try temporaryDirectory()
        var session = try pad(state: state)
        try session.waitFor(text: "Current · 1/14")
        let slides = try session.screen()
        XCTAssertTrue(slides.contains("┌ Current · 1/14") && slides.contains("┌ Notes"), slides)
        XCTAssertLessThan(slides.range(of: "┌ Current")!.lowerBound, slides.range(of: "┌ Notes")!.lowerBound,
                          "slides: the current slide first, the notes below")

        try session.send("L")
        try session.waitFor("notes first") { screen in
            // The notes' frame starts on the first line, beside the current slide.
            screen.split(separator: "\n").first.map { $0.contains("┌ Current") && $0.contains("┌ Notes") } ?? false
        }

        try session.send("L")
        try session.waitFor("full screen") { !$0.contains("┌ Current") && TmuxSession.statusLine($0).contains("1/14") }
        try session.send("3")
        try session.waitFor(text: "Go to slide: 3", timeout: 5)
        try session.send("Enter")
        try session.waitFor("full screen at 3/14") { TmuxSession.statusLine($0).contains(" 3/14 ") && !$0.contains("┌ Current") }

        try session.send("L")
        try session.waitFor(text: "┌ Current · 3/14")
        try session.send("L")  // notes first, kept for the next start
        try session.waitFor("notes first again") { $0.split(separator: "\n").first?.contains("┌ Notes") ?? false }
        try session.send("q", "y")
        try session.waitFor(text: "EXIT=0")
        let kept = try String(contentsOf: state.appendingPathComponent("controlpad/layouts.json"), encoding: .utf8)
        XCTAssertTrue(kept.contains("\"demo\" : \"notes-first\""), kept)

        session = try pad(state: state, config: "layout = \"full-screen\"\n")
        try session.waitFor("notes first at the next start, over the config's") { screen in
            screen.split(separator: "\n").first.map { $0.contains("┌ Current") && $0.contains("┌ Notes") } ?? false
        }
    }

    func testTheConfigChoosesTheFirstLayoutAndNotesPage() throws {
        let session = try pad(state: try temporaryDirectory(), config: "layout = \"full-screen\"\n", width: 120, height: 40)
        try session.waitFor("full screen from the config") { TmuxSession.statusLine($0).contains("1/14") && !$0.contains("┌ Current") }
        try session.send("L")
        try session.waitFor(text: "┌ Current · 1/14")
        // The demo's slide 1 notes are short: nothing below; the pace is in words under the big timer.
        try session.waitFor("pace under the big timer") { $0.contains("on time") && $0.contains("left") }
    }
}
