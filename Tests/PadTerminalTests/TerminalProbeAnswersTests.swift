import XCTest
@testable import PadTerminal
import PadConfig

/// The start-up probe on what real terminals answer, byte for byte, and the
/// pictures each one gets. xterm 379 (`-ti vt340`, and its default white
/// background), kitty 0.26.5, tmux 3.3a and 3.5a were captured here under
/// Xvfb (the probe's queries written, the answers read raw); iTerm2,
/// WezTerm, foot, Konsole and the Linux console are from their
/// documentation and source (XTVERSION's `DCS > | name ST`, DA1's list).
final class TerminalProbeAnswersTests: XCTestCase {
    private struct Terminal {
        var name: String
        var answers: String
        var environment: [String: String] = [:]
        var family: TerminalIdentity.Family
        var pictures: PictureMode.Kind
    }

    private static let esc = "\u{1B}", st = "\u{1B}\\"
    private static let terminals: [Terminal] = [
        Terminal(name: "xterm -ti vt340",
                 answers: "\(esc)[?1;0;256S\(esc)[?2;0;1000;1000S\(esc)P>|XTerm(379)\(st)\(esc)]11;rgb:ffff/ffff/ffff\(st)"
                     + "\(esc)[1;1R\(esc)[?63;1;2;4;6;9;15;16;22;28c",
                 environment: ["TERM": "xterm"], family: .xterm, pictures: .sixel),
        Terminal(name: "xterm (vt420)", answers: "\(esc)P>|XTerm(379)\(st)\(esc)]11;rgb:0000/0000/0000\(st)\(esc)[?64;1;2;6;9;15;16;17;18;21;22;28c",
                 environment: ["TERM": "xterm-256color"], family: .xterm, pictures: .blocks),
        Terminal(name: "kitty 0.26.5",
                 answers: "\(esc)_Gi=31;OK\(st)\(esc)[6;20;9t\(esc)P>|kitty(0.26.5)\(st)\(esc)]11;rgb:0000/0000/0000\(st)\(esc)[1;1R\(esc)[?62;c",
                 environment: ["TERM": "xterm-kitty"], family: .kitty, pictures: .kitty),
        Terminal(name: "tmux 3.3a", answers: "\(esc)P>|tmux 3.3a\(st)\(esc)[?1;2c",
                 environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux", "TERM": "tmux-256color"],
                 family: .tmux, pictures: .blocks),
        Terminal(name: "tmux 3.5a", answers: "\(esc)P>|tmux 3.5a\(st)\(esc)]11;rgb:ffff/ffff/ffff\(st)\(esc)[?1;2;4c",
                 environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux", "TERM": "tmux-256color"],
                 family: .tmux, pictures: .sixel),
        // iTerm2 3.5.5+ answers kitty's query and often shows nothing: its own protocol.
        Terminal(name: "iTerm2 3.5.5",
                 answers: "\(esc)_Gi=31;OK\(st)\(esc)[6;32;16t\(esc)P>|iTerm2 3.5.5\(st)\(esc)]11;rgb:0000/0000/0000\u{07}\(esc)[?62;4c",
                 environment: ["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"], family: .iTerm2, pictures: .iterm),
        Terminal(name: "iTerm2 over SSH (no TERM_PROGRAM)", answers: "\(esc)_Gi=31;OK\(st)\(esc)P>|iTerm2 3.5.5\(st)\(esc)[?62c",
                 family: .iTerm2, pictures: .iterm),
        Terminal(name: "WezTerm",
                 answers: "\(esc)_Gi=31;OK\(st)\(esc)[6;17;8t\(esc)P>|WezTerm 20240203-110809-5046fc22\(st)\(esc)]11;rgb:0000/0000/0000\(st)"
                     + "\(esc)[?65;4;6;18;22c",
                 environment: ["TERM_PROGRAM": "WezTerm"], family: .wezTerm, pictures: .iterm),
        Terminal(name: "foot 1.16",
                 answers: "\(esc)[?1;0;1024S\(esc)[?2;0;10000;10000S\(esc)[6;17;8t\(esc)P>|foot(1.16.2)\(st)\(esc)]11;rgb:1111/1111/1111\(st)"
                     + "\(esc)[?62;4;22c",
                 environment: ["TERM": "foot"], family: .foot, pictures: .sixel),
        Terminal(name: "Konsole 23.08", answers: "\(esc)_Gi=31;OK\(st)\(esc)]11;rgb:2323/2626/2727\(st)\(esc)[?62;22c",
                 environment: ["KONSOLE_VERSION": "230805", "TERM": "xterm-256color"], family: .konsole, pictures: .kitty),
        Terminal(name: "the Linux console", answers: "\(esc)[?6c", environment: ["TERM": "linux"], family: .linuxConsole, pictures: .blocks),
    ]

    /// The answers as the pad reads them (keys typed around them kept).
    private func probe(_ answers: String, typed: String = "") -> TerminalProbe {
        var decoder = InputDecoder()
        var probe = TerminalProbe()
        for item in decoder.feed(Array((typed + answers).utf8)) {
            switch item {
            case .input(let input): probe.typed.append(input)
            case .answer(let answer): probe.take(answer)
            }
        }
        return probe
    }

    func testEachTerminalIsKnownAndGetsItsPictures() {
        for terminal in Self.terminals {
            let answered = probe(terminal.answers, typed: "j")
            XCTAssertTrue(answered.answered, "\(terminal.name): DA1 ends the wait")
            XCTAssertEqual(answered.typed, [.key(.char("j"))], "\(terminal.name): a key typed meanwhile is kept")
            let setup = PictureSetup.decide(choice: .auto, colorOn: true, environment: terminal.environment) { _ in answered }
            XCTAssertEqual(setup.terminal.family, terminal.family, terminal.name)
            XCTAssertEqual(setup.mode.kind, terminal.pictures, "\(terminal.name): \(setup.mode.reason)")
            XCTAssertFalse(setup.mode.reason.isEmpty)
        }
    }

    func testTheNameAndTheBackgroundAreRead() {
        let xterm = probe(Self.terminals[0].answers)
        XCTAssertEqual(xterm.version, "XTerm(379)")
        XCTAssertEqual(xterm.background?.red, 255)
        XCTAssertEqual(xterm.colorRegisters, 256)
        let kitty = probe(Self.terminals[2].answers)
        XCTAssertEqual(kitty.version, "kitty(0.26.5)")
        XCTAssertEqual(kitty.background?.green, 0)
        XCTAssertTrue(kitty.kitty)
        // BEL-terminated (iTerm2), 2 hex digits a channel, and nonsense.
        XCTAssertEqual(probe("\(Self.esc)]11;rgb:80/ff/00\u{07}\(Self.esc)[?62c").background?.red, 128)
        XCTAssertNil(probe("\(Self.esc)]11;rgb:zz/ff/00\u{07}\(Self.esc)[?62c").background)
        XCTAssertNil(probe("\(Self.esc)]11;#ffffff\(Self.st)\(Self.esc)[?62c").background)
        // A name full of control bytes is kept printable and short.
        let hostile = probe("\(Self.esc)P>|evil\u{1}\u{8}\(String(repeating: "x", count: 200))\(Self.st)\(Self.esc)[?62c")
        XCTAssertEqual(hostile.version?.count, 80)
        XCTAssertFalse(hostile.version?.contains { $0.asciiValue.map { $0 < 0x20 } ?? false } ?? true)
    }

    func testTmuxIsAskedItsNameAndBackgroundToo() {
        XCTAssertTrue(TerminalProbe.tmuxQueries.contains("\u{1B}[>0q"))
        XCTAssertTrue(TerminalProbe.tmuxQueries.contains("\u{1B}]11;?"))
        XCTAssertTrue(TerminalProbe.tmuxQueries.hasSuffix("\u{1B}[c"), "DA1 last: its answer ends the wait")
        XCTAssertTrue(TerminalProbe.queries.hasSuffix("\u{1B}[c"))
        let tmux35 = PictureSetup.decide(choice: .auto, colorOn: true, environment: ["TMUX": "x"]) { _ in self.probe(Self.terminals[4].answers) }
        XCTAssertEqual(tmux35.terminal.tmuxVersion, 3.5)
        XCTAssertTrue(tmux35.mode.reason.contains("tmux 3.5a"), tmux35.mode.reason)
        let tmux33 = PictureSetup.decide(choice: .auto, colorOn: true, environment: ["TMUX": "x"]) { _ in self.probe(Self.terminals[3].answers) }
        XCTAssertTrue(tmux33.mode.reason.contains("tmux 3.3a"), tmux33.mode.reason)
    }

    func testWithoutAnAnswerTheEnvironmentNamesTheTerminal() {
        let silent = TerminalProbe()
        let iterm = PictureSetup.decide(choice: .auto, colorOn: true, environment: ["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.5.5"]) { _ in silent }
        XCTAssertEqual(iterm.terminal, TerminalIdentity(family: .iTerm2, name: "iTerm.app 3.5.5", source: "TERM_PROGRAM"))
        XCTAssertEqual(iterm.mode.kind, .blocks)
        XCTAssertTrue(iterm.mode.reason.contains("no answer"), iterm.mode.reason)
        XCTAssertEqual(TerminalIdentity.from(version: nil, environment: [:]).family, .unknown)
        XCTAssertTrue(TerminalIdentity.from(version: nil, environment: [:]).described.contains("not known"))
    }

    func testTheWaitIsForDA1NotAFixed150ms() {
        XCTAssertGreaterThanOrEqual(TerminalProbe.timeoutMs, 1000, "a terminal still starting is waited for")
    }

    /// tmux 3.4+ built with sixel answers DA1 with 4 whatever terminal is
    /// outside it, and draws a box where that terminal has no sixel: the
    /// pad asks tmux for its client's features (captured from tmux 3.5a
    /// with xterm as vt100 and as vt340) and draws half-blocks without sixel.
    func testInsideTmuxSixelIsUsedOnlyWhenTheTerminalOutsideHasIt() throws {
        let tmux = try XCTUnwrap(Self.terminals.first { $0.name == "tmux 3.5a" })
        let answered = probe(tmux.answers)
        let vt100 = TmuxClientFeatures.parse("256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,margins,mouse,rectfill,RGB,strikethrough,title")
        let vt340 = TmuxClientFeatures.parse("256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,mouse,rectfill,RGB,sixel,strikethrough,title")
        XCTAssertEqual(vt340?.contains("sixel"), true)
        XCTAssertNil(TmuxClientFeatures.parse(""), "a tmux before 3.2 says nothing")
        func decide(_ choice: PictureChoice, _ features: Set<String>?) -> PictureSetup {
            PictureSetup.decide(choice: choice, colorOn: true, environment: tmux.environment, tmuxFeatures: { features }) { _ in answered }
        }
        let plain = decide(.auto, vt100)
        XCTAssertEqual(plain.mode.kind, .blocks)
        XCTAssertTrue(plain.mode.reason.contains("the terminal outside it has none"), plain.mode.reason)
        XCTAssertEqual(decide(.auto, vt340).mode.kind, .sixel)
        XCTAssertEqual(decide(.auto, nil).mode.kind, .sixel, "tmux did not say: as DA1 says")
        let asked = decide(.sixel, vt100)
        XCTAssertEqual(asked.mode.kind, .blocks)
        XCTAssertEqual(asked.notice, "pictures: the terminal outside tmux has no sixel; half-blocks instead")
    }
}
