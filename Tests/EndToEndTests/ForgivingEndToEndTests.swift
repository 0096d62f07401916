import Foundation
import XCTest

/// Nothing a presenter does by mistake hurts the talk: the terminal, the
/// command line and the screen, through the built binary in tmux.
final class ForgivingEndToEndTests: XCTestCase {
    private func status(_ session: TmuxSession, shows position: String) throws {
        try session.waitFor("status \(position)") { TmuxSession.statusLine($0).contains(" \(position) ") }
    }

    /// Whether a line shows picture cells: glyphs of the Block Elements (▀ ▄ █ ▓ ▚ …).
    static func hasBlockGlyphs<S: StringProtocol>(_ line: S) -> Bool {
        line.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }
    }

    /// Text without its spaces and line breaks: a message wrapped by the terminal reads whole.
    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    private static func nonEmptyLines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Seen: after 80×24 → 140×30, quitting left 6 rows of the pad's
    /// pictures and notes above the shell's prompt (vim and less left none).
    func testTheTerminalIsLeftAsFoundAfterAResize() throws {
        for quit in [["q", "y"], ["C-\\"]] {
            let pad = try TmuxSession(command: "echo before-the-pad; \(TmuxSession.binary) demo --no-animation --latency 5-40",
                                      width: 80, height: 24)
            try status(pad, shows: "1/14")
            try pad.waitFor(text: "Next · 2/14")
            try pad.resize(width: 140, height: 30)
            try pad.waitFor("the 140×30 frame") { TmuxSession.statusLine($0).count > 80 && $0.contains("Current · 1/14") }
            try pad.send("Right")
            try status(pad, shows: "2/14")
            try pad.tmux(["send-keys", "-t", "0"] + quit)
            let after = try pad.waitFor("exit") { $0.contains("EXIT=0") }
            XCTAssertEqual(Self.nonEmptyLines(after), ["before-the-pad", "EXIT=0"], "\(quit): nothing of the pad is left:\n\(after)")
            XCTAssertFalse(try pad.history().contains("Current ·"), "\(quit): nor in the scrollback")
        }
    }

    /// Seen: with TERM=dumb only a fragment of the status line was drawn.
    func testATerminalThatCannotMoveTheCursorIsRefusedClearly() throws {
        let pad = try TmuxSession(command: "TERM=dumb \(TmuxSession.binary) demo", width: 100, height: 12)
        let screen = try pad.waitFor("exit") { $0.contains("EXIT=") }
        let flat = Self.squeezed(screen)
        XCTAssertTrue(flat.contains(Self.squeezed("the terminal \"dumb\" cannot move the cursor")), screen)
        XCTAssertTrue(flat.contains(Self.squeezed("set TERM to your terminal's (e.g. xterm-256color)")), screen)
        XCTAssertTrue(screen.contains("EXIT=1"), screen)
        XCTAssertFalse(screen.contains("1/14"), "no fragment of the pad:\n\(screen)")
    }
    /// Seen: `controlpad conect 127.0.0.1` said "2 unexpected arguments … (see
    /// controlpad demo --help)", and `--version` was unknown.
    func testAMistypedCommandSaysWhatWasMeantAndThereIsAVersion() throws {
        let typo = try ControlpadProcess.run(["conect", "127.0.0.1"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.err, "controlpad: unknown command \"conect\"; did you mean `controlpad connect`? (see `controlpad --help`)\n")
        let host = try ControlpadProcess.run(["127.0.0.1"])
        XCTAssertEqual(host.status, 2)
        XCTAssertTrue(host.err.contains("`controlpad connect 127.0.0.1`"), host.err)
        let version = try ControlpadProcess.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.out.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, version.out)
        let demo = try ControlpadProcess.run(["demo", "--help"])
        XCTAssertTrue(demo.out.contains("--version"), "the help names it:\n\(demo.out)")
    }

    /// Seen: `--duration 90` was 90 minutes but `1:30` 90 seconds.
    func testTheDurationHasOneRuleSaidInTheHelp() throws {
        let help = try ControlpadProcess.run(["demo", "--help"])
        XCTAssertTrue(Self.squeezed(help.out).contains(Self.squeezed("a number alone is minutes (90), and so is the last field of h:mm (1:30 is an hour and a half)")),
                      help.out)
        let meant = try ControlpadProcess.run(["demo", "--duration", "45:00"])
        XCTAssertEqual(meant.status, 2)
        XCTAssertTrue(meant.err.contains("would be 45 hours (h:mm); for 45 minutes write 45 or 45m"), meant.err)
        for (given, shown) in [("90", "1:30:00"), ("1:30", "1:30:00"), ("20m", "20:00")] {
            let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40 --duration \(given)", width: 120, height: 30)
            try pad.waitFor("--duration \(given) is \(shown)") { TmuxSession.statusLine($0).contains("/ \(shown)") }
            try pad.send("C-\\")
            try pad.waitFor(text: "EXIT=0")
        }
    }
    /// Seen: `--pictures sixel` inside a tmux without sixel showed empty panes.
    /// (Debian's tmux 3.3a has none: it answers the device attributes without 4.)
    func testPicturesTheTerminalCannotShowFallBackWithAMessage() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40 --pictures sixel", width: 120, height: 40)
        // The show running, its slide in half-blocks in the current pane (the
        // left 70 columns: the big clock's block digits are right of it).
        _ = try pad.waitFor("the notice and half-block pictures") {
            Self.squeezed($0).contains(Self.squeezed("pictures: this tmux has no sixel")) && $0.contains("half-blocks instead")
                && $0.contains("Current · 1/14")
                && $0.split(separator: "\n").dropFirst().prefix(20).contains { Self.hasBlockGlyphs($0.prefix(70)) }
        }
        try pad.send("Escape")
        try pad.waitFor("the notice put away") { !$0.contains("half-blocks instead") }
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=0")
    }
    /// Seen: a 160×12 window stacked the panes; the current slide was 14 columns wide.
    func testAWideShortWindowGivesTheSlideTheMostRoom() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40", width: 160, height: 12)
        let screen = try pad.waitFor("side by side, with a picture") { screen in
            let lines = screen.split(separator: "\n").map(String.init)
            // The next pane may be narrow enough to keep only its position ("2/14").
            return lines.first.map { $0.contains("Current · 1/14") && $0.contains("2/14") } ?? false
                && Self.currentPictureWidth(lines) > 20
        }
        XCTAssertTrue(screen.contains("Notes"), screen)
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=0")
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
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40 --slides 60", width: 120, height: 40)
        try status(pad, shows: "1/60")
        try pad.send("4", "5", "Enter")
        try pad.waitFor("the show on 45") { TmuxSession.statusLine($0).contains("· 45/60 ·") }
        try pad.send("Tab")
        let screen = try pad.waitFor("the list on 45") { $0.contains("╭ Slides") && $0.contains("▶45") }
        let rows = screen.split(separator: "\n").map(String.init)
        let at = try XCTUnwrap(rows.firstIndex { $0.contains("▶45") })
        // Rows may be a few lines tall (thumbnails, three in view here): the next slide is below it, in view.
        XCTAssertTrue(rows[(at + 1)...].contains { $0.contains(" 46 ") }, "the next slide shows below it:\n\(screen)")
        try pad.send("Escape", "C-\\")
        try pad.waitFor(text: "EXIT=0")
    }

    /// Seen: S stopped the show at once, t reset the timer, a stop and start
    /// reset it too, and ● ◌ were explained nowhere.
    func testDestructiveKeysAskAndTheTimerIsKept() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40", width: 120, height: 40)
        try pad.waitFor("two seconds of talk") { TmuxSession.statusLine($0).contains("⏱ 00:02") }
        try pad.send("S")
        try pad.waitFor(text: "Stop the slide show now?")
        try pad.send("n")
        try pad.waitFor("no: the show runs") { !$0.contains("Stop the slide show now?") && TmuxSession.statusLine($0).contains("1/14") }
        try pad.send("t")
        try pad.waitFor(text: "Reset the timer to 00:00?")
        try pad.send("s")  // the list's key, next to S: a no, and nothing opens
        try pad.waitFor("no: the timer runs on") { !$0.contains("Reset the timer") }
        XCTAssertFalse(try pad.screen().contains("╭ Slides"))
        try pad.send("S", "y")
        try pad.waitFor("stopped") { TmuxSession.statusLine($0).contains("no show") }
        try pad.send("F5")
        let restarted = try pad.waitFor("started again") { TmuxSession.statusLine($0).contains("1/14") }
        XCTAssertFalse(TmuxSession.statusLine(restarted).contains("⏱ 00:00"), "the talk's timer is kept:\n\(restarted)")
        try pad.send("t", "y")
        try pad.waitFor("reset, once asked") { TmuxSession.statusLine($0).contains("⏱ 00:00") }
        try pad.send("?")
        try pad.waitFor(text: "PgDn more")  // the help pages at this size: its end has the marks
        try pad.send("End")
        try pad.waitFor(text: "Marks on screen")
        let screen = try pad.screen()
        XCTAssertTrue(screen.contains("● ◌") && screen.contains("linked / connecting (status line)")
                      && screen.contains("preview in / coming (slide list)"), screen)
        try pad.send("Escape", "q", "y")
        try pad.waitFor(text: "EXIT=0")
    }

    /// The prompt and the overlays, as typed in a real terminal (the rules
    /// themselves are reducer tests on virtual time: ForgivingKeysTests).
    func testThePromptValidatesAndOverlaysSwallowTheirKeys() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40", width: 120, height: 40)
        try status(pad, shows: "1/14")
        try pad.send("Right", "Right", "Right", "Right")
        try pad.waitFor("the show on 5") { TmuxSession.statusLine($0).contains("· 5/14 ·") }
        try pad.send("9", "9", "Enter")
        try pad.waitFor(text: "no slide 99: 1–14")
        try pad.send("BSpace", "BSpace", "BSpace", "BSpace")
        try pad.waitFor("an empty prompt, still open") { $0.contains("Go to slide: ▏") }
        XCTAssertTrue(TmuxSession.statusLine(try pad.screen()).contains("5/14"))
        try pad.send("Escape", "?")
        try pad.waitFor(text: "Keys · Esc closes")
        try pad.send("PageDown", "j", "Right", "End")
        // Had any of them reached the show, one → more would not land on 6.
        try pad.send("Escape", "Right")
        try pad.waitFor("the show on 6, one step on") { TmuxSession.statusLine($0).contains("· 6/14 ·") }
        let screen = try pad.screen()
        XCTAssertFalse(screen.contains("Keys · Esc closes"), screen)
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=0")
    }
    /// Seen: with NO_COLOR the slide pictures were solid ████ with a few ▓,
    /// and slides 1 and 2 looked the same.
    func testWithoutColourSlidesStillTellApart() throws {
        let pad = try TmuxSession(command: "env NO_COLOR=1 \(TmuxSession.binary) demo --no-animation --latency 5-40", width: 120, height: 40,
                                  environment: ["NO_COLOR": "1"])
        func picture(of position: String) throws -> [String] {
            let screen = try pad.waitFor("the picture of slide \(position)") {
                $0.contains("Current · \(position)") && Self.currentPane($0).joined().unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count > 500
            }
            return Self.currentPane(screen)
        }
        let first = try picture(of: "1/14")
        try pad.send("Right")
        let second = try picture(of: "2/14")
        for (n, pane) in [first, second].enumerated() {
            let glyphs = Set(pane.joined().filter { $0.unicodeScalars.allSatisfy { (0x2580...0x259F).contains($0.value) } })
            XCTAssertGreaterThanOrEqual(glyphs.count, 6, "slide \(n + 1) is more than a flat shade: \(glyphs.sorted())\n\(pane.joined(separator: "\n"))")
        }
        let differing = zip(first.joined(), second.joined()).filter { $0 != $1 }.count
        XCTAssertGreaterThan(differing, 150, "slides 1 and 2 tell apart (\(differing) cells differ):\n\(first.joined(separator: "\n"))\n\(second.joined(separator: "\n"))")
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=0")
    }

    /// The current pane's inside, row by row (between its left and right edges).
    static func currentPane(_ screen: String) -> [String] {
        screen.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("└") }.map { line in
            String(line.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first ?? "")
        }
    }
}
