import Foundation
import RevealTestSupport
import XCTest

/// `controlpad connect reveal://…` (and `send`, `watch`, `doctor`) in a
/// real terminal (tmux), against the scripted fake Chromium with a reveal.js
/// deck (Tests/RevealSupport): fragments are steps on screen, → reveals a
/// step without leaving the slide, a move made in the browser and a reload
/// are followed, the notes are rich. Every wait polls the screen.
final class RevealEndToEndTests: XCTestCase {
    private var server: FakeCDPServer!
    private var directory: URL!

    override func setUpWithError() throws {
        try TmuxSession.requireTools()
        var deck = FakeCDPServer.standardDeck
        // Slide 7's notes as reveal.js gives them: HTML, shown rich.
        deck.notes[6] = "<p><strong>Thank</strong> R&amp;D &lt;beta&gt;</p><ul><li>café</li><li>日本語</li></ul>"
        server = try FakeCDPServer(deck: deck)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-reveal-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.shutdown()
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private var address: String { "reveal://127.0.0.1:\(server.port)" }

    private func connect() throws -> TmuxSession {
        let config = directory.appendingPathComponent("config.toml")
        FileManager.default.createFile(atPath: config.path, contents: Data())
        let command = "\(TmuxSession.binary) connect \(address) --no-animation --pictures none --config \(config.path)"
            + " --log \(directory.appendingPathComponent("pad.log").path)"
        return try TmuxSession(command: command, width: 120, height: 40,
                               environment: ["CONTROLPAD_LOG_LEVEL": "trace", "CONTROLPAD_RECONNECT_MS": "300"])
    }

    private func status(_ pad: TmuxSession, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try pad.waitFor("status line: \(what)", timeout: 15, file: file, line: line) { TmuxSession.statusLine($0).contains(what) }
    }

    func testStepsOnScreenAMoveInTheBrowserAReloadAndRichNotes() throws {
        let pad = try connect()
        try status(pad, "Real-peer deck")
        try status(pad, " 1/14 ")
        try pad.send("Right")
        try pad.send("Right")
        try status(pad, "3/14 · step 0/3")
        try pad.waitFor(text: "Next · 4/14 · after 3 steps")
        try pad.send("Right")
        try status(pad, "3/14 · step 1/3")
        let screen = try pad.waitFor("the next pane: the next slide, after 2 steps") { $0.contains("Next · 4/14 · after 2 steps") }
        XCTAssertFalse(TmuxSession.statusLine(screen).contains("4/14"), "a step is not a slide change: \(screen)")

        // Someone moves the show in the browser: the pad follows.
        server.moveInBrowser(h: 6)
        try status(pad, "9/14 · step 0/2")
        try pad.waitFor("slide 9's notes") { $0.contains("Notes of slide 8.") }

        // Someone pauses the show in the browser: the pad says BLANK, and
        // the screen back when the pause ends there.
        server.pauseInBrowser()
        try status(pad, "BLANK")
        server.resumeInBrowser()
        try pad.waitFor("the screen back") { !TmuxSession.statusLine($0).contains("BLANK") }

        // Notes are HTML, shown rich: no markup, entities decoded, bullets.
        try pad.send("7", "Enter")
        try status(pad, " 7/14 ")
        let notes = try pad.waitFor("the notes, rich") { $0.contains("Thank R&D <beta>") }
        XCTAssertTrue(notes.contains("• café"), notes)
        XCTAssertTrue(notes.contains("• 日本語"), notes)
        XCTAssertFalse(notes.contains("<strong>") || notes.contains("&amp;") || notes.contains("<li>"), notes)

        // A vertical stack: where in it.
        try pad.send("4", "Enter")
        try status(pad, "4/14 · ↓ 1/3")

        // The page reloads: the pad installs its listeners again and follows.
        server.reload()
        let server = self.server!
        try pad.waitFor("the pad to install its listeners again") { _ in server.run { $0.listenersInstalled } }
        try status(pad, "4/14")
        try pad.send("Right")
        try status(pad, "5/14 · ↓ 2/3")
        try pad.quit()
    }

    func testSendWatchAndDoctorOnTheSameAddress() throws {
        // Ended by its deinit: nothing is left running after the test.
        let watch = try ControlpadProcess(["watch", address])
        try watch.waitForOutput("watch to follow the show") { $0.contains { $0.contains("show started: 14 slides") } }
        let first = try ControlpadProcess.run(["send", address, "next"])
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(first.out, "slide 2/14\n")
        let again = try ControlpadProcess.run(["send", address, "next"])
        XCTAssertEqual(again.out, "slide 3/14\n")
        let step = try ControlpadProcess.run(["send", address, "next"])
        XCTAssertEqual(step.out, "slide 3/14 · step 1/3\n", "a fragment confirms the step: \(step.err)")
        try watch.waitForOutput("watch to see the step") { $0.contains { $0.hasSuffix("slide 3/14 · step 1/3") } }
        let stop = try ControlpadProcess.run(["send", address, "stop"])
        XCTAssertEqual(stop.status, 1, stop.err)
        XCTAssertTrue(stop.err.contains("reveal.js has no show to stop"), stop.err)

        let doctor = try ControlpadProcess.run(["doctor", address, "--timeout", "2"])
        XCTAssertTrue(doctor.out.contains("✔ reveal.js"), doctor.out)
        XCTAssertTrue(doctor.out.contains("slide 3 of 14, step 1 of 3"), doctor.out)

        let remote = try ControlpadProcess.run(["send", "reveal://192.0.2.7:9222", "next"])
        XCTAssertNotEqual(remote.status, 0, remote.err)
        XCTAssertTrue(remote.err.contains("192.0.2.7 is not this computer"), remote.err)
        XCTAssertTrue(remote.err.contains("--allow-remote"), remote.err)
    }
}
