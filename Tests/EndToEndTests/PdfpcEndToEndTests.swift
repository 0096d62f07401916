import FakePeerSupport
import Foundation
import XCTest

/// `controlpad connect pdfpc://…` (and `send`, `watch`) in a real terminal
/// (tmux), against the scriptable fake pdfpc of tools/fake-pdfpc that
/// misbehaves on command: 401, 412 without a handshake, a stall, a reset,
/// a garbage body, a 50 MB picture, pdfpc quitting. Every wait polls the
/// screen or the fake's log; nothing sleeps to sync.
final class PdfpcEndToEndTests: XCTestCase {
    private var fakes: [FakePdfpcProcess] = []
    private var directory: URL!

    override func setUpWithError() throws {
        try TmuxSession.requireTools()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-pdfpc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        fakes.forEach { $0.stop() }
        fakes = []
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private func fake(slides: Int = 5, password: String = FakePdfpcProcess.password, port: Int = 0) throws -> FakePdfpcProcess {
        let fake = try FakePdfpcProcess(slides: slides, password: password, port: port)
        fakes.append(fake)
        return fake
    }

    /// The pad on `address`; an empty config file, so the user's is never read.
    private func connect(_ address: String, password: String? = FakePdfpcProcess.password, width: Int = 120,
                         height: Int = 40, extra: String = "") throws -> TmuxSession {
        let config = directory.appendingPathComponent("config.toml")
        FileManager.default.createFile(atPath: config.path, contents: Data())
        var command = "\(TmuxSession.binary) connect \(address) --no-animation --config \(config.path)"
        command += " --log \(directory.appendingPathComponent("pad.log").path) \(extra)"
        if let password { command += " --password \(password)" }
        return try TmuxSession(command: command, width: width, height: height,
                               environment: ["CONTROLPAD_LOG_LEVEL": "trace", "CONTROLPAD_RECONNECT_MS": "300"])
    }

    private func status(_ pad: TmuxSession, _ what: String, timeout: TimeInterval = 10,
                        file: StaticString = #filePath, line: UInt = #line, _ condition: @escaping (String) -> Bool) throws {
        try pad.waitFor("status line: \(what)", timeout: timeout, file: file, line: line) { condition(TmuxSession.statusLine($0)) }
    }

    private func position(_ pad: TmuxSession, _ position: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try status(pad, position, file: file, line: line) { $0.contains(" \(position) ") }
    }

    private func connected(_ pad: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
        try status(pad, "connected", file: file, line: line) { $0.contains("● pdfpc · 127.0.0.1") }
    }

    /// The sizes of the pictures asked for slide `slide`, in order.
    private func pictureSizes(_ fake: FakePdfpcProcess, slide: Int) -> [(w: Int, h: Int)] {
        fake.paths.compactMap { path in
            guard path.hasPrefix("/api/slides/\(slide)/image?"), let query = URLComponents(string: path)?.queryItems,
                  let w = query.first(where: { $0.name == "w" })?.value.flatMap(Int.init),
                  let h = query.first(where: { $0.name == "h" })?.value.flatMap(Int.init) else { return nil }
            return (w, h)
        }
    }

    // MARK: a pdfpc that behaves

    func testThePadDrivesPdfpcAndFollowsIt() throws {
        let fake = try fake(slides: 10)
        let pad = try connect(fake.address)
        try connected(pad)
        try position(pad, "1/10")
        XCTAssertEqual(Array(fake.paths.prefix(3)), ["/api/helo", "/api/meta", "/api/state"], "the handshake first")
        try pad.waitFor(text: "Notes for slide 1.")
        try status(pad, "all pictures in") { !$0.contains("previews ") }

        // The current pane's picture is asked at the pane's size in pixels
        // (its cells times a cell's pixels), a 16:9 slide fitted into it.
        let first = try XCTUnwrap(pictureSizes(fake, slide: 0).first)
        XCTAssertEqual(Double(first.w) / Double(first.h), 16.0 / 9, accuracy: 0.01)
        XCTAssertGreaterThan(first.w, 70 * 4, "sharper than one pixel per cell")

        // Someone presses a key at pdfpc: the pad follows, notes read as Markdown (no `**` on screen).
        fake.send("slide 1")
        try position(pad, "2/10")
        try pad.waitFor(text: "• a bold point")
        try pad.waitFor(text: "R&D <beta>")

        // Five quick →: five slides on, none lost (one in flight, the rest one go-to).
        try pad.send("Right", "Right", "Right", "Right", "Right")
        try position(pad, "7/10")
        // The pad shows where the presses are heading at once; the first
        // request reaches pdfpc on its own connection, after that frame.
        let firstAction = try fake.waitFor("the first press at pdfpc") { $0.actions.first }
        XCTAssertEqual(firstAction, "next", "the first press is pdfpc's own next")
        XCTAssertLessThanOrEqual(fake.actions.count, 5, "\(fake.actions)")
        try pad.send("3", "Enter")
        _ = try fake.waitFor("gotoPage 3") { $0.actions.last == "gotoPage 3" ? true : nil }
        try position(pad, "3/10")

        // Blank and back: pdfpc's black screen.
        try pad.send("b")
        _ = try fake.waitFor("blank") { $0.actions.last == "blank" ? true : nil }
        try status(pad, "BLANK") { $0.contains("BLANK") }
        try pad.send("b")
        _ = try fake.waitFor("exitState") { $0.actions.last == "exitState" ? true : nil }

        // The help says what pdfpc does: its own pointer and pen.
        try pad.send("?")
        try pad.waitFor(text: "Keys · Esc closes")
        // The help is paged at 120×40: pdfpc's lines are on a later page.
        // Each PageDown waits for its page: keys sent faster than the pad
        // draws paged past the line on a busy machine.
        let pdfpcLine = "hold on the slide: pdfpc's own pointer follows"
        func page(_ screen: String) -> String? { screen.firstMatch(of: /\d+–\d+ of \d+/).map { String($0.0) } }
        for _ in 0..<8 {
            let shown = try pad.screen()
            if shown.contains(pdfpcLine) { break }
            try pad.send("PageDown")
            try pad.waitFor("the next help page") { $0.contains(pdfpcLine) || page($0) != page(shown) }
        }
        try pad.waitFor(text: pdfpcLine)
        try pad.send("Escape")

        // A resize asks again, at the new size.
        let asked = pictureSizes(fake, slide: 2).count
        try pad.resize(width: 100, height: 30)
        _ = try fake.waitFor("slide 3 asked again after the resize") { $0.pictureCount(slide: 2) > asked ? true : nil }
        let resized = try XCTUnwrap(pictureSizes(fake, slide: 2).last)
        XCTAssertNotEqual(resized.w, first.w)
        XCTAssertEqual(fake.actions.filter { $0 == "next" || $0 == "prev" || $0.hasPrefix("gotoPage") }.isEmpty, false)
        try pad.quit()
    }

    func testWithoutAPasswordConnectAsksForItWithoutEcho() throws {
        let fake = try fake()
        let pad = try connect(fake.address, password: nil)
        try pad.waitFor(text: "pdfpc REST password for 127.0.0.1:\(fake.port) (user pdfpc):")
        try pad.send("-l", FakePdfpcProcess.password)
        let typed = try pad.screen()
        XCTAssertFalse(typed.contains(FakePdfpcProcess.password), "the password is not echoed")
        try pad.send("Enter")
        try connected(pad)
        try pad.quit()
    }

    // A pdfpc that misbehaves (401, 412, 403, refused, quitting, a stall, a
    // reset, garbage, a 50 MB picture): PdfpcInProcessTests.

    // MARK: send and watch

    func testSendAndWatchSpeakPdfpcWithTheSameWordsAndFields() throws {
        let fake = try fake()
        let password = ["--password", FakePdfpcProcess.password]
        let watch = try ControlpadProcess(["watch", fake.address, "--json"] + password)
        defer { kill(watch.pid, SIGINT) }
        try watch.waitForOutput("show_started") { $0.contains { $0.contains("\"event\":\"show_started\"") } }

        let next = try ControlpadProcess.run(["send", fake.address, "next"] + password)
        XCTAssertEqual(next.status, 0, next.err)
        XCTAssertEqual(next.out, "slide 2/5\n")
        // The watch reports the current slide's notes once they are in: wait
        // for slide 2's before the show moves on (they are checked below).
        try watch.waitForOutput("slide 2's notes") { $0.contains { $0.contains("\"event\":\"notes\"") && $0.contains("\"position\":2") } }
        let go = try ControlpadProcess.run(["send", fake.address, "goto", "4"] + password)
        XCTAssertEqual(go.out, "slide 4/5\n", go.err)
        let blank = try ControlpadProcess.run(["send", fake.address, "blank"] + password)
        XCTAssertEqual(blank.status, 0, blank.err)
        XCTAssertEqual(fake.actions, ["next", "gotoPage 4", "blank"])
        let stop = try ControlpadProcess.run(["send", fake.address, "stop"] + password)
        XCTAssertEqual(stop.status, 1)
        XCTAssertTrue(stop.err.contains("pdfpc has no show to stop"), stop.err)
        let out = try ControlpadProcess.run(["send", fake.address, "goto", "9"] + password)
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.err.contains("out of range"), out.err)
        let wrong = try ControlpadProcess.run(["send", fake.address, "next", "--password", "nope"])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.err.contains("pdfpc refused the password (HTTP 401)"), wrong.err)

        let lines = try watch.waitForOutput("slide 4 and its notes") { lines in
            lines.contains { $0.contains("\"event\":\"slide\"") && $0.contains("\"position\":4") }
                && lines.contains { $0.contains("\"event\":\"notes\"") && $0.contains("\"position\":4") }
        }
        let events = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(events.first?["event"] as? String, "connecting")
        XCTAssertTrue(events.contains { $0["event"] as? String == "paired" && $0["server"] as? String == "pdfpc · 127.0.0.1" })
        let started = try XCTUnwrap(events.first { $0["event"] as? String == "show_started" })
        XCTAssertEqual(started["slides"] as? Int, 5)
        XCTAssertEqual(started["index"] as? Int, 0)
        XCTAssertEqual(started["position"] as? Int, 1)
        let notes = try XCTUnwrap(events.first { $0["event"] as? String == "notes" && $0["index"] as? Int == 1 })
        XCTAssertEqual(notes["text"] as? String, "Notes 2: special chars R&D <beta> “quoted” café naïve – dash.\n• a bold point\n• a second point")
        kill(watch.pid, SIGINT)
        XCTAssertEqual(try watch.wait(timeout: 10), 0)
    }
}

extension FakePdfpcProcess {
    func pictureCount(slide: Int) -> Int { paths.filter { $0.hasPrefix("/api/slides/\(slide)/image?") }.count }
}
