import PadConfig
import XCTest
@testable import PadTerminal
import SlideImages

/// Which terminfo entry the pad opens and which colour depth pictures use,
/// from the environment, `--color` and what the terminal can do.
final class ColorSetupTests: XCTestCase {
    private func setup(_ env: [String: String], _ choice: ColorChoice = .auto) -> ColorSetup {
        ColorSetup(environment: env, choice: choice)
    }

    private let installed: (String) -> Bool = { ["xterm-direct", "tmux-direct"].contains($0) }
    private let nothingInstalled: (String) -> Bool = { _ in false }

    func testNoColorTurnsColourOffUnlessAsked() {
        let env = ["TERM": "xterm-256color", "NO_COLOR": "1", "COLORTERM": "truecolor"]
        let auto = setup(env)
        XCTAssertFalse(auto.wantsColor)
        XCTAssertFalse(auto.wantsTruecolor)
        XCTAssertEqual(auto.terminalName(exists: installed), "xterm-256color", "no -direct entry without colour")
        XCTAssertEqual(auto.depth(terminalName: "xterm-256color", colors: 256, direct: false), .monochrome)
        // An empty NO_COLOR does not count (no-color.org).
        XCTAssertTrue(setup(["TERM": "xterm-256color", "NO_COLOR": ""]).wantsColor)
        // An explicit --color wins over NO_COLOR.
        let asked = setup(env, .c256)
        XCTAssertTrue(asked.wantsColor)
        XCTAssertEqual(asked.depth(terminalName: "xterm-256color", colors: 256, direct: false), .palette256)
    }

    func testTruecolorWithADirectEntry() {
        let s = setup(["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        XCTAssertTrue(s.wantsTruecolor)
        XCTAssertEqual(s.terminalName(exists: installed), "xterm-direct")
        XCTAssertEqual(s.depth(terminalName: "xterm-direct", colors: 1 << 24, direct: true), .truecolor)
        XCTAssertEqual(setup(["TERM": "tmux-256color", "COLORTERM": "24bit"]).terminalName(exists: installed), "tmux-direct")
        XCTAssertEqual(setup(["TERM": "TMUX-256color", "COLORTERM": "TrueColor"]).wantsTruecolor, true)
    }

    func testTruecolorWithoutADirectEntrySettlesFor256() {
        let s = setup(["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        XCTAssertEqual(s.terminalName(exists: nothingInstalled), "xterm-256color")
        // The terminal says truecolor, but ncurses can only send what the entry describes.
        XCTAssertEqual(s.depth(terminalName: "xterm-256color", colors: 256, direct: false), .palette256)
    }

    func testADirectTermIsKeptAsIs() {
        var looked: [String] = []
        let s = setup(["TERM": "tmux-direct", "COLORTERM": "truecolor"])
        XCTAssertEqual(s.terminalName(exists: { looked.append($0); return true }), "tmux-direct")
        XCTAssertEqual(looked, [], "a -direct TERM needs no lookup")
        // Without COLORTERM, a -direct entry still means truecolor.
        let plain = setup(["TERM": "xterm-direct"])
        XCTAssertEqual(plain.terminalName(exists: installed), "xterm-direct")
        XCTAssertEqual(plain.depth(terminalName: "xterm-direct", colors: 1 << 24, direct: true), .truecolor)
    }

    func testNoTermMeansCursesDefault() {
        XCTAssertNil(setup(["COLORTERM": "truecolor"]).terminalName(exists: installed))
        XCTAssertNil(setup(["TERM": ""]).terminalName(exists: installed))
    }

    func testExplicitChoices() {
        let env = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        for (choice, expected) in [(ColorChoice.c256, ColorDepth.palette256), (.c16, .palette16), (.none, .monochrome)] {
            let s = setup(env, choice)
            XCTAssertFalse(s.wantsTruecolor, "\(choice)")
            XCTAssertEqual(s.terminalName(exists: installed), "xterm-256color", "\(choice) opens TERM itself")
            XCTAssertEqual(s.depth(terminalName: "xterm-256color", colors: 256, direct: false), expected, "\(choice)")
        }
        XCTAssertFalse(setup(env, .none).wantsColor, "--color none draws no colour at all")
        let forced = setup(["TERM": "xterm-256color"], .truecolor)
        XCTAssertTrue(forced.wantsTruecolor, "--color truecolor without COLORTERM")
        XCTAssertEqual(forced.terminalName(exists: installed), "xterm-direct")
        XCTAssertEqual(forced.depth(terminalName: "xterm-direct", colors: 1 << 24, direct: true), .truecolor)
    }

    func testAutoFollowsTheTerminalsColours() {
        let s = setup(["TERM": "whatever"])
        XCTAssertEqual(s.depth(terminalName: "xterm-256color", colors: 256, direct: false), .palette256)
        XCTAssertEqual(s.depth(terminalName: "xterm-16color", colors: 16, direct: false), .palette16)
        XCTAssertEqual(s.depth(terminalName: "xterm", colors: 8, direct: false), .monochrome, "8 colours: dithered")
        XCTAssertEqual(s.depth(terminalName: "vt100", colors: 0, direct: false), .monochrome)
        XCTAssertEqual(s.depth(terminalName: "vt100", colors: 2, direct: false), .monochrome)
    }

    func testChoicesAreCappedByWhatTheTerminalCanDo() {
        // Asked for more than the entry has: the entry wins.
        XCTAssertEqual(setup(["TERM": "xterm"], .truecolor).depth(terminalName: "xterm", colors: 8, direct: false), .monochrome)
        XCTAssertEqual(setup(["TERM": "xterm"], .c256).depth(terminalName: "xterm", colors: 8, direct: false), .monochrome)
        XCTAssertEqual(setup(["TERM": "xterm-16color"], .c256).depth(terminalName: "xterm-16color", colors: 16, direct: false), .palette16)
        XCTAssertEqual(setup(["TERM": "xterm-256color"], .truecolor).depth(terminalName: "xterm-256color", colors: 256, direct: false), .palette256)
        XCTAssertEqual(setup(["TERM": "vt100"], .c16).depth(terminalName: "vt100", colors: 0, direct: false), .monochrome)
        // COLORTERM=truecolor on an 8-colour entry: still 8.
        XCTAssertEqual(setup(["TERM": "xterm", "COLORTERM": "truecolor"]).depth(terminalName: "xterm", colors: 8, direct: false), .monochrome)
        // Asked for less than the terminal has: the choice wins.
        XCTAssertEqual(setup(["TERM": "xterm-direct"], .c16).depth(terminalName: "xterm-direct", colors: 1 << 24, direct: true), .palette16)
    }

    /// `--color 256` on an 8-colour terminal is not silently ignored: the
    /// pad says why, and what would help.
    func testAColourChoiceAnEightColourTerminalCannotHonourIsExplained() {
        XCTAssertEqual(setup(["TERM": "xterm"], .c256).depthNotice(terminalName: "xterm", colors: 8, direct: false),
                       "--color 256: TERM=xterm has 8 colours (try TERM=xterm-256color); slides are dithered in black and white")
        XCTAssertEqual(setup(["TERM": "linux"], .c16).depthNotice(terminalName: "linux", colors: 8, direct: false),
                       "--color 16: TERM=linux has 8 colours; slides are dithered in black and white")
        XCTAssertNil(setup(["TERM": "xterm"]).depthNotice(terminalName: "xterm", colors: 8, direct: false), "auto asked for nothing")
        XCTAssertNil(setup(["TERM": "xterm-256color"], .c256).depthNotice(terminalName: "xterm-256color", colors: 256, direct: false),
                     "honoured: nothing to say")
        XCTAssertNil(setup(["TERM": "xterm"], .none).depthNotice(terminalName: "xterm", colors: 8, direct: false))
    }
}
