import Foundation
import XCTest

/// Nothing a presenter does by mistake hurts the talk: the terminal, the
/// command line and the real terminal, through the built binary (in tmux);
/// what the pad does with keys and sizes is ForgivingInProcessTests'.
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
            try pad.waitFor("the 140×30 frame") { screen in
                screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).count > 80 } && screen.contains("Current · 1/14")
            }
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
        // What 90, 1:30 and 20m show on the status line: ForgivingInProcessTests.testTheDurationHasOneRule.
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
}
