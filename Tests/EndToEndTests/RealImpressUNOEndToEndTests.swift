import FakePeerSupport
import Foundation
import XCTest

/// `controlpad present deck.odp` against the real LibreOffice under Xvfb
/// (opt-in: CONTROLPAD_REAL_UNO=1, run by scripts/real-peer-test.sh), on a
/// 62-slide deck with build steps of every trigger and rich notes
/// (tools/impress-uno-decks/make_steps_deck.py; slide n has
/// [0, 3, 1, 1, 1][n % 5] click steps). LibreOffice runs with a profile of
/// the test's own, so it starts and ends with the test.
final class RealImpressUNOEndToEndTests: XCTestCase {
    var directory: URL!
    private var xvfb: ChildProcess?
    var display = ""
    private var deck: String { directory.appendingPathComponent("steps.odp").path }
    private var profile: String { directory.appendingPathComponent("profile").path }

    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["CONTROLPAD_REAL_UNO"] == "1",
                          "set CONTROLPAD_REAL_UNO=1 with LibreOffice and python3-uno installed (scripts/real-peer-test.sh)")
        try TmuxSession.requireTools()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-real-uno-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let made = try ChildProcess(["/usr/bin/python3", FakeServerScript.toolPath("impress-uno-decks/make_steps_deck.py"), deck, "62"],
                                    output: directory.appendingPathComponent("deck.log").path)
        XCTAssertEqual(made.waitForExit(), 0, "the deck maker failed")
        let server = try XvfbServer.start(log: directory.appendingPathComponent("xvfb.log").path)
        xvfb = server.process
        display = ":\(server.number)"
    }

    override func tearDown() {
        for pid in offices() { kill(pid, SIGKILL) }
        _ = xvfb?.stop()
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    /// The LibreOffice processes of this test's profile.
    private func offices() -> [pid_t] {
        guard let directory else { return [] }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let line = String(decoding: data, as: UTF8.self)
            return line.contains("soffice.bin") && line.contains(directory.path)
        }
    }

    func present(_ extra: String = "--window", pictures: String = "none", deck: String? = nil) throws -> TmuxSession {
        let config = directory.appendingPathComponent("config.toml")
        FileManager.default.createFile(atPath: config.path, contents: Data())
        // `swift test` runs with NO_COLOR=1: pictures are compared by their colours.
        let command = (pictures == "none" ? "" : "env -u NO_COLOR -u COLORTERM ") + "\(TmuxSession.binary) present \(deck ?? self.deck) --profile \(profile) \(extra) --no-animation --pictures \(pictures)"
            + " --config \(config.path) --log \(directory.appendingPathComponent("pad.log").path)"
        return try TmuxSession(command: command, width: 120, height: 40, environment: ["DISPLAY": display, "CONTROLPAD_LOG_LEVEL": "debug"])
    }

    func status(_ pad: TmuxSession, _ what: String, timeout: TimeInterval = 30,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        // Where the show is, not where presses head ("→ 2/62 · step 0/3" is a prediction).
        do {
            try pad.waitFor("status line: \(what)", timeout: timeout, file: file, line: line) {
                let status = TmuxSession.statusLine($0)
                return status.contains(what) && !status.contains("→ " + what)
            }
        } catch {
            // What the pad and LibreOffice's processes were doing, for a failure seen once in a while.
            let log = (try? String(contentsOfFile: directory.appendingPathComponent("pad.log").path, encoding: .utf8)) ?? "no log"
            let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            let offices = processes.compactMap { pid_t($0) }.compactMap { pid -> String? in
                guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
                let line = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
                return line.contains("office") || line.contains("uno_bridge") ? "\(pid) \(line.prefix(160))" : nil
            }
            XCTFail("the pad's log ends:\n\(log.suffix(3000))\nLibreOffice's processes:\n\(offices.joined(separator: "\n"))", file: file, line: line)
            throw error
        }
    }

    /// Another UNO client, as the presenter's own hands in LibreOffice would
    /// be: the bridge itself, joined, asked one thing, and gone.
    private func inLibreOffice(_ request: String, first: String = #"{"op":"attach"}"#) throws {
        let pipe = try String(contentsOfFile: directory.appendingPathComponent("pipe").path, encoding: .utf8)
        let script = try String(contentsOfFile: FakeServerScript.toolPath("../Sources/ImpressUNOTransport/Bridge/uno_bridge.py"),
                                encoding: .utf8)
        let input = directory.appendingPathComponent("hands.in")
        try ("\(first)\n\(request)\n").write(to: input, atomically: true, encoding: .utf8)
        let fd = open(input.path, O_RDONLY)
        defer { close(fd) }
        let hands = try ChildProcess(["/usr/bin/python3", "-c", script, pipe, "10"], stdin: .descriptor(fd),
                                     output: directory.appendingPathComponent("hands.log").path)
        XCTAssertEqual(hands.waitForExit(), 0)
    }

    /// The pipe `present` gave this test's LibreOffice (one per profile):
    /// the newest `controlpad-…` pipe LibreOffice made under /tmp.
    private func notePipe(_ pad: TmuxSession) throws {
        let prefix = "OSL_PIPE_\(getuid())_controlpad-"
        let newest = ((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [])
            .filter { $0.hasPrefix(prefix) }
            .max { a, b in
                let date = { (name: String) in
                    ((try? FileManager.default.attributesOfItem(atPath: "/tmp/" + name))?[.modificationDate] as? Date) ?? .distantPast
                }
                return date(a) < date(b)
            }
        guard let newest else { return XCTFail("LibreOffice made no controlpad pipe under /tmp") }
        try String(newest.dropFirst("OSL_PIPE_\(getuid())_".count)).write(to: directory.appendingPathComponent("pipe"), atomically: true, encoding: .utf8)
    }

    func testPresentStepsQuicklyGoesToBlanksBothWaysFollowsLibreOfficeAndQuitsTidily() throws {
        XCTAssertTrue(offices().isEmpty)
        let pad = try present()
        try status(pad, "LibreOffice", timeout: 60)
        try status(pad, "· 1/62 ")
        try notePipe(pad)
        let notes = try pad.waitFor("slide 1's rich notes") { $0.contains("Slide 1 notes: say it slowly and clearly.") }
        XCTAssertFalse(notes.contains("<b>"), notes)
        // The slides the presenter named are the agenda's sections.
        try pad.send("A")
        try pad.waitFor("the named slides as sections") { $0.contains("Opening") && $0.contains("Second half") }
        try pad.send("Escape")

        // Five quick presses: slide 2's three builds, then slide 3.
        for _ in 0..<5 { try pad.send("Right") }
        try status(pad, "3/62 · step 0/1")
        try pad.send("Right")
        try status(pad, "3/62 · step 1/1")

        try pad.send("4", "0", "Enter")
        try status(pad, "40/62 · step 0/1")

        try pad.send("b")
        try status(pad, "BLANK")
        try pad.send("b")
        try pad.waitFor("the blank to end") { !TmuxSession.statusLine($0).contains("BLANK") }

        // Blanked and moved in LibreOffice: the pad shows both.
        try inLibreOffice(#"{"op":"blank"}"#)
        try status(pad, "BLANK")
        try inLibreOffice(#"{"op":"resume"}"#)
        try pad.waitFor("LibreOffice's resume") { !TmuxSession.statusLine($0).contains("BLANK") }
        try inLibreOffice(#"{"op":"goto","slide":9}"#)
        try status(pad, "10/62")
        try pad.waitFor(text: "Slide 10 notes")

        try pad.send("q")
        try pad.waitFor(text: "Quit ControlPad?")
        try pad.send("y")
        try pad.waitFor("LibreOffice to close (nothing else open, nothing unsaved)", timeout: 30) { _ in self.offices().isEmpty }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent(".~lock.steps.odp#").path),
                       "the deck closed: no lock left")
    }

    func testALibreOfficeAlreadyRunningTakesThePipeAndOpensTheDeck() throws {
        let running = try ChildProcess(["/usr/bin/soffice", "-env:UserInstallation=file://\(profile)", "--nologo", "--norestore"],
                                       environment: ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 },
                                       output: directory.appendingPathComponent("soffice.log").path)
        _ = running
        // LibreOffice starts again once on a new profile: wait until the same one has run for 5 s.
        let deadline = Date().addingTimeInterval(90)
        var seen: (Set<pid_t>, Date) = ([], Date())
        while Date() < deadline {
            let now = Set(offices())
            if now != seen.0 { seen = (now, Date()) } else if !now.isEmpty, Date().timeIntervalSince(seen.1) > 5 { break }
            usleep(200_000)
        }
        let before = Set(offices())
        XCTAssertFalse(before.isEmpty, "LibreOffice did not start")
        let pad = try present()
        try status(pad, "LibreOffice", timeout: 60)
        try status(pad, "· 1/62 ")
        XCTAssertEqual(Set(offices()), before, "the running LibreOffice took the deck: no second one")
        try pad.send("Right")
        try status(pad, "2/62 · step 0/3")
    }

    func testLibreOfficeKilledMidTalkStartsAgainAtTheSlide() throws {
        let pad = try present()
        try status(pad, "· 1/62 ", timeout: 60)
        try pad.send("1", "2", "Enter")
        try status(pad, "odp · 12/62")
        for pid in offices() { kill(pid, SIGKILL) }
        let down = try pad.waitFor("the pad to say LibreOffice went away") { $0.contains("LibreOffice closed or crashed") }
        XCTAssertTrue(down.contains("at slide 12"), down)
        try pad.send("r")
        try pad.waitFor("LibreOffice back", timeout: 60) { TmuxSession.statusLine($0).contains("● LibreOffice") }
        try status(pad, "odp · 12/62", timeout: 30)
        XCTAssertFalse(offices().isEmpty)
    }

    func testEveryWayOfQuittingLeavesLibreOfficeWhole() throws {
        // Ctrl-\ quits at once, unasked: the audience's show goes on.
        var pad = try present()
        try status(pad, "· 1/62 ", timeout: 60)
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=")
        XCTAssertFalse(offices().isEmpty, "Ctrl-\\ leaves the show to the room")
        // A second pad joins that show again.
        pad = try present()
        try status(pad, "· 1/62 ", timeout: 60)
        try pad.send("Right")
        try status(pad, "2/62")
        // That pad's terminal closes (SIGHUP, as `pad` is replaced): the show
        // goes on; a third pad joins it, and only its confirmed quit ends it.
        pad = try present()
        try status(pad, "2/62", timeout: 60)
        try pad.send("q")
        try pad.waitFor(text: "Quit ControlPad?")
        try pad.send("n")
        try status(pad, "2/62")
        try pad.send("q")
        try pad.send("y")
        try pad.waitFor("LibreOffice to close", timeout: 30) { _ in self.offices().isEmpty }
    }

    // MARK: every press lands, the step the room sees (issue 47)

    /// Where presses from slide `start` (1-based, at its first step) end, on
    /// this deck ([0, 3, 1, 1, 1][n % 5] click steps), as slow presses do.
    private func landing(from start: Int, presses: Int) -> String {
        let steps = { (slide: Int) in [0, 3, 1, 1, 1][(slide - 1) % 5] }
        var slide = start, step = 0
        for _ in 0..<presses {
            if step < steps(slide) { step += 1 } else { slide += 1; step = 0 }
        }
        return steps(slide) > 0 ? "\(slide)/62 · step \(step)/\(steps(slide))" : "\(slide)/62"
    }

    func testFiveQuickPressesFromEveryPatternLandWhereFiveSlowOnesDo() throws {
        let pad = try present()
        try status(pad, "· 1/62 ", timeout: 60)
        for start in [2, 3, 4, 5, 6, 10] {
            // From the slide's first step: a go-to the slide the show stands on changes nothing.
            try pad.send("1", "Enter")
            try status(pad, "· 1/62")
            try pad.send(String(start), "Enter")
            try status(pad, "· \(start)/62")
            try pad.send("Right", "Right", "Right", "Right", "Right")  // one write
            let want = landing(from: start, presses: 5)
            try status(pad, want)
            // Still there a moment later: nothing lost, nothing late.
            usleep(1_500_000)
            let line = TmuxSession.statusLine(try pad.screen())
            XCTAssertTrue(line.contains(want), "from \(start): \(want), but \(line)")
        }
    }

    func testQuickPressesInTheShowsFirstSecondLand() throws {
        let pad = try present()
        try pad.waitFor("the show", timeout: 60) { TmuxSession.statusLine($0).contains("· 1/62") }
        try pad.send("Right", "Right", "Right")
        try status(pad, "2/62 · step 2/3", timeout: 15)
    }

    func testARejoinMidBuildSaysItDoesNotKnowTheStepThenTheRoomsStep() throws {
        var pad = try present()
        try status(pad, "· 1/62 ", timeout: 60)
        try pad.send("Right", "Right", "Right")
        try status(pad, "2/62 · step 2/3")
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=")
        pad = try present()
        try status(pad, "2/62 · step ?/3", timeout: 60)
        try pad.send("Right")
        try status(pad, "2/62 · step 3/3")
    }

    func testBlankThenBackOnlyBringsTheSlidesBackAndBlankThenNextSteps() throws {
        let pad = try present()
        try status(pad, "· 1/62 ", timeout: 60)
        try pad.send("7", "Enter")
        try status(pad, "· 7/62")
        try pad.send("Right", "Right")
        try status(pad, "7/62 · step 2/3")
        try pad.send("b")
        try status(pad, "BLANK")
        // LibreOffice 25.2 only resumes on ←; 7.4 resumes and steps back. The pad follows either.
        let resumesOnly = !TmuxSession.statusLine(try pad.screen()).contains("LibreOffice 7.")
        try pad.send("Left")
        try pad.waitFor("the blank's end") { !TmuxSession.statusLine($0).contains("BLANK") }
        // Once the notice that the screen is back has gone: where LibreOffice stands.
        try status(pad, resumesOnly ? "7/62 · step 2/3" : "7/62 · step 1/3", timeout: 8)
        try pad.send("b")
        try status(pad, "BLANK")
        try pad.send("Right")
        try status(pad, resumesOnly ? "7/62 · step 3/3" : "7/62 · step 2/3")
        try pad.send("8", "Enter")
        try status(pad, "· 8/62 · step 0/1")
        try pad.send("b")
        try status(pad, "BLANK")
        try pad.send("Left")
        try pad.waitFor("the blank's end") { !TmuxSession.statusLine($0).contains("BLANK") }
        try status(pad, resumesOnly ? "· 8/62 · step 0/1" : "· 7/62 · step 3/3", timeout: 8)
    }

    /// The room's screen: the whole Xvfb display LibreOffice shows on.
    func roomScreen() throws -> Screenshot {
        let path = directory.appendingPathComponent("room.xwd").path
        return try Screenshot.xwd("xwd -root -silent -display \(display) > \(path)", into: path)
    }

    /// LibreOffice's default box colour (#729fcf) and its text's, as a picture of them shows them.
    private static func isBoxBlue(_ rgb: [Int]) -> Bool {
        rgb.count == 3 && rgb[2] >= 150 && rgb[2] - rgb[0] >= 50 && rgb[1] > rgb[0]
    }

    /// The colours (R, G, B) the top and bottom halves of `line`'s first
    /// `width` cells show (a space: its background; ▀ and ▄: one half each;
    /// █: its colour), 256-colour indexes and direct colours alike.
    private static func colours(of line: String, upTo width: Int) -> (top: [[Int]], bottom: [[Int]]) {
        func palette(_ i: Int) -> [Int] {
            guard (16...231).contains(i) else { return [] }
            let level = [0, 95, 135, 175, 215, 255]
            return [level[(i - 16) / 36], level[(i - 16) / 6 % 6], level[(i - 16) % 6]]
        }
        var top: [[Int]] = [], bottom: [[Int]] = [], cells = 0, foreground: [Int] = [], background: [Int] = []
        var characters = line.unicodeScalars.makeIterator()
        while cells < width, let c = characters.next() {
            if c == "\u{1b}" {
                var sequence = ""
                while let n = characters.next(), !n.properties.isAlphabetic { sequence.unicodeScalars.append(n) }
                let codes = sequence.dropFirst().split(separator: ";").compactMap { Int($0) }
                var i = 0
                while i < codes.count {
                    let code = codes[i]
                    if code == 38 || code == 48 {
                        var colour: [Int] = []
                        if i + 2 < codes.count, codes[i + 1] == 5 { colour = palette(codes[i + 2]); i += 2 }
                        else if i + 4 < codes.count, codes[i + 1] == 2 { colour = Array(codes[(i + 2)...(i + 4)]); i += 4 }
                        if code == 38 { foreground = colour } else { background = colour }
                    } else if code == 0 {
                        foreground = []
                        background = []
                    } else if code == 39 {
                        foreground = []
                    } else if code == 49 {
                        background = []
                    }
                    i += 1
                }
                continue
            }
            cells += 1
            switch c {
            case "▀": top.append(foreground); bottom.append(background)
            case "▄": top.append(background); bottom.append(foreground)
            case "█": top.append(foreground); bottom.append(foreground)
            default: top.append(background); bottom.append(background)
            }
        }
        return (top, bottom)
    }

    /// The rows of `rows` holding the slides' box colour, counted as bands.
    private static func bands(_ rows: [Bool]) -> Int {
        zip([false] + rows, rows).filter { !$0 && $1 }.count
    }

    func testTheCurrentPaneShowsTheRoomsPictureAtEachStep() throws {
        let pad = try present(pictures: "blocks")
        try status(pad, "· 1/62 ", timeout: 60)
        try pad.send("Right")
        try status(pad, "2/62 · step 0/3")
        for step in 0...3 {
            if step > 0 {
                try pad.send("Right")
                try status(pad, "2/62 · step \(step)/3")
            }
            // The room: the boxes (LibreOffice's default blue, #729fcf) on its screen.
            let shot = try roomScreen()
            let roomRows = (0..<shot.height).map { y in
                stride(from: 0, to: shot.width, by: 4).contains { x in
                    let o = (y * shot.width + x) * 3
                    return abs(Int(shot.rgb[o]) - 0x72) < 24 && abs(Int(shot.rgb[o + 1]) - 0x9f) < 24 && abs(Int(shot.rgb[o + 2]) - 0xcf) < 24
                }
            }
            // The pad: the current pane's rows that hold that blue (256 colours: 110 or 67).
            let width = (try pad.screen()).split(separator: "\n").first.map { Array($0).firstIndex(of: "┐") ?? 60 } ?? 60
            var padRows: [Bool] = [], screen = ""
            for _ in 0..<100 where Self.bands(padRows) != step + 1 {
                usleep(200_000)
                screen = try pad.screen(colors: true)
                // Two pixel rows a cell row: a half block's halves.
                padRows = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(24).flatMap { line in
                    let halves = Self.colours(of: String(line), upTo: width)
                    return [halves.top.contains(where: Self.isBoxBlue), halves.bottom.contains(where: Self.isBoxBlue)]
                }
            }
            XCTAssertEqual(Self.bands(padRows), step + 1, "the pad's current pane at step \(step) (\(width) cells): rows with the boxes' blue \(padRows); "
                           + "\(screen.split(separator: "\n").prefix(4).map { $0.debugDescription.prefix(300) })")
            XCTAssertEqual(Self.bands(roomRows), step + 1, "the room at step \(step)")
            guard step < 3 else { continue }
            // The next pane: this slide after the next →, one band more than the room now.
            var nextRows: [Bool] = []
            for _ in 0..<100 where Self.bands(nextRows) != step + 2 {
                usleep(200_000)
                screen = try pad.screen(colors: true)
                nextRows = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(24).flatMap { line in
                    let halves = Self.colours(of: String(line), upTo: 10_000)
                    return [halves.top.dropFirst(width + 1).contains(where: Self.isBoxBlue),
                            halves.bottom.dropFirst(width + 1).contains(where: Self.isBoxBlue)]
                }
            }
            XCTAssertEqual(Self.bands(nextRows), step + 2, "the next pane at step \(step): rows with the boxes' blue \(nextRows)")
            XCTAssertTrue(try pad.screen().contains("Next · 2/62 · step \(step + 1)/3"), "the next pane's title at step \(step)")
        }
    }

    func testALockedDeckIsSaidInTheMiddleBeforeAnyShow() throws {
        let lock = directory.appendingPathComponent(".~lock.steps.odp#")
        try "Someone Else,otheruser,otherhost,28.11.2026 09:00,file:///home/otheruser/.config/libreoffice/4;\n"
            .write(to: lock, atomically: true, encoding: .utf8)
        let pad = try present()
        let said = try pad.waitFor("LibreOffice's question said", timeout: 60) {
            $0.contains("LibreOffice is asking something on its own screen")
        }
        XCTAssertTrue(said.contains("Answer it there"), said)
    }

    func testASecondDecksShowIsSaidAndEndsOnlyOnThePresentersWord() throws {
        let pad = try present()
        try status(pad, "· 1/62 ", timeout: 60)
        try notePipe(pad)
        let other = directory.appendingPathComponent("other.odp").path
        try FileManager.default.copyItem(atPath: deck, toPath: other)
        try inLibreOffice(#"{"op":"where"}"#, first: "{\"op\":\"open\",\"deck\":\"\(other)\",\"window\":true}")
        try status(pad, "another show runs in LibreOffice", timeout: 20)
        // Left alone, it stays said (the pad never ends it by itself).
        usleep(1_500_000)
        try status(pad, "another show runs in LibreOffice", timeout: 1)
        try pad.send("r")
        _ = try pad.waitFor("the other show ended, this one still runs", timeout: 20) {
            let line = TmuxSession.statusLine($0)
            return !line.contains("another show runs") && line.contains("· 1/62 ")
        }
    }

    func testTheWindowShowHoldsTheSlideAloneAndTheEditorComesBack() throws {
        let pad = try present()
        try status(pad, "· 1/62 ", timeout: 60)
        // The show's first slide is up a moment after the show runs.
        var found: (shot: Screenshot, slide: Screenshot.Rect)?
        for _ in 0..<30 where found == nil {
            usleep(500_000)
            let shot = try roomScreen()
            found = shot.slide(inX: 0, 1, y: 0, 1).map { (shot, $0) }
        }
        guard let (shot, _) = found else { return XCTFail("no slide on the room's screen") }
        // The editor's menus, toolbars, status bar and sidebar are light grey
        // (not the slide's white); the show's window around the slide is black.
        let greyRows = (0..<shot.height).filter { y in
            stride(from: 0, to: shot.width, by: 4).filter { x in (200..<250).contains(shot.grey(x, y)) }.count > shot.width / 16
        }
        // A bar is 20 rows and more; a row of the slide's own anti-aliased text may pass for one.
        XCTAssertLessThan(greyRows.count, 4, "light grey rows (the editor's bars): \(greyRows.prefix(10))")
        try pad.send("q")
        try pad.send("y")
        try pad.waitFor("LibreOffice to close", timeout: 30) { _ in self.offices().isEmpty }
    }
}
