import XCTest
@testable import ControlPadUI
@testable import SlideModel

final class ConfigLoaderTests: XCTestCase {
    private func parse(_ text: String) -> Result<PadConfig, ConfigProblem> {
        ConfigLoader(file: "config.toml", text: text).parse()
    }

    private func problem(_ text: String) -> ConfigProblem? {
        if case .failure(let p) = parse(text) { return p }
        XCTFail("expected a problem")
        return nil
    }

    func testPicturesChoiceFromTheConfig() throws {
        XCTAssertEqual(try parse("pictures = \"sixel\"").get().pictures, .sixel)
        XCTAssertEqual(try parse("").get().pictures, .auto)
        let p = problem("animation = true\npictures = \"ascii\"")
        XCTAssertEqual(p?.line, 2)
        XCTAssertTrue(p?.message.contains("\"kitty\"") ?? false, "\(String(describing: p))")
        XCTAssertEqual(try parse(DefaultConfig.text).get().pictures, .auto, "the printed default file says pictures = \"auto\"")
        XCTAssertTrue(DefaultConfig.text.contains("pictures = \"auto\""))
    }

    func testValidFileSetsEverything() throws {
        let config = try parse("""
            animation = false
            duration = "1h30m"
            server = "10.0.0.5:1599"
            cell-aspect = 2.2

            [keys]
            next = ["x", "Right"]
            quit = "C-q"

            [theme]
            box = "rounded"
            accent = "bright-magenta"
            status = { fg = "#ffcc00", bg = 236, bold = true }

            [popover.goto]
            box = "double"
            arrow-down = "v"
            """).get()
        XCTAssertFalse(config.animation)
        XCTAssertEqual(config.talkDuration, 90 * 60_000)
        XCTAssertEqual(config.server, "10.0.0.5:1599")
        XCTAssertEqual(config.cellAspect, 2.2)
        XCTAssertEqual(config.bindings.action(for: .char("x")), .next)
        XCTAssertNil(config.bindings.action(for: .char("n")), "setting an action replaces its keys")
        XCTAssertEqual(config.bindings.action(for: .control("q")), .quit)
        XCTAssertNil(config.bindings.action(for: .char("q")))
        XCTAssertEqual(config.bindings.action(for: .char("?")), .help, "other actions keep their keys")
        XCTAssertEqual(config.paneBox, .rounded)
        XCTAssertEqual(config.looks[.accent], RoleLook(foreground: .indexed(13)))
        XCTAssertEqual(config.looks[.status], RoleLook(foreground: .rgb(255, 204, 0), background: .indexed(236), bold: true))
        XCTAssertEqual(config.popoverTheme(.goto).box, .double)
        XCTAssertEqual(config.popoverTheme(.goto).arrows.down, "v")
    }

    func testBadTOMLSaysWhichLine() {
        let p = problem("animation = true\nduration = \"20m\nserver = 1\n")
        XCTAssertEqual(p?.line, 2)
        XCTAssertTrue(p?.message.contains("not valid TOML") ?? false, "\(String(describing: p))")
    }

    func testUnknownActionSaysWhichLine() {
        let p = problem("animation = true\n\n[keys]\nnext = [\"n\"]\nnxt = [\"m\"]\n")
        XCTAssertEqual(p?.line, 5)
        XCTAssertTrue(p?.message.contains("unknown action \"nxt\"") ?? false)
        XCTAssertEqual(p?.description.hasPrefix("config.toml:5: unknown action"), true)
    }

    func testBadColourSaysWhichLine() {
        let p = problem("[theme]\naccent = \"mauve-ish\"\n")
        XCTAssertEqual(p?.line, 2)
        XCTAssertTrue(p?.message.contains("not a colour") ?? false)
    }

    func testUnknownSettingAndBadKeyName() {
        XCTAssertEqual(problem("animations = true\n")?.line, 1)
        let p = problem("[keys]\nnext = [\"Rihgt\"]\n")
        XCTAssertEqual(p?.line, 2)
        XCTAssertTrue(p?.message.contains("\"Rihgt\" is not a key") ?? false)
        XCTAssertTrue(problem("duration = \"soon\"\n")?.message.contains("not a length") ?? false)
        XCTAssertTrue(problem("animation = \"yes\"\n")?.message.contains("true or false") ?? false)
    }

    func testTheCommentedDefaultFileIsValidAndMeansTheDefaults() throws {
        let config = try parse(DefaultConfig.text).get()
        XCTAssertEqual(config.bindings, .standard)
        XCTAssertTrue(config.animation)
        XCTAssertEqual(config.paneBox, .square)
    }

    func testMissingDefaultFileIsFineButAMissingGivenFileIsNot() {
        let env = ["XDG_CONFIG_HOME": "/nonexistent-\(UUID().uuidString)"]
        XCTAssertEqual(try ConfigLoader.load(path: nil, environment: env).get(), PadConfig())
        guard case .failure(let p) = ConfigLoader.load(path: "/nonexistent/config.toml", environment: env) else {
            return XCTFail("a missing --config file is a problem")
        }
        XCTAssertEqual(p.message, "no such file")
    }

    func testDurations() {
        XCTAssertEqual(DurationText.milliseconds("20m"), 1_200_000)
        XCTAssertEqual(DurationText.milliseconds("20"), 1_200_000)
        XCTAssertEqual(DurationText.milliseconds("1h30m"), 5_400_000)
        XCTAssertEqual(DurationText.milliseconds("45:00"), 2_700_000)
        XCTAssertEqual(DurationText.milliseconds("90s"), 90_000)
        XCTAssertNil(DurationText.milliseconds("soon"))
        XCTAssertNil(DurationText.milliseconds("0m"))
        XCTAssertNil(DurationText.milliseconds("20x"))
    }

    /// `config --check` and the status line print this text: a hostile key
    /// or value never reaches the terminal as a control sequence.
    func testProblemsQuotingTheFileAreEscaped() throws {
        for text in [#"[theme]\n"\u001b]0;PWN\u0007" = "red""#, #"[theme]\naccent = "\u009b2J\u202e""#,
                     #"duration = "\u001b[2J""#] {
            let described = try XCTUnwrap(problem(text.replacingOccurrences(of: "\\n", with: "\n"))).description
            XCTAssertFalse(described.unicodeScalars.contains { Notes.isControl($0) }, described)
            XCTAssertTrue(described.contains("\\u{"), "the control character is shown escaped: \(described)")
        }
    }

    /// Found by fuzzing: toml++ aborted the process (an assertion) on these;
    /// each is now a problem with its line.
    func testInputsThatAbortedTheTOMLParserAreProblems() throws {
        for (text, line) in [("[é]\nx = 1", 1), ("[\nheme]\naccent = \"red\"", 1), ("animation = true\n[[ =x]]", 2),
                             ("[theme]\naccent = \"red\" # é\n\"é\" = 1\n[ é ]", 4),
                             ("[keys]\nnext = [\"Right\", }]", 2), ("x = [\n # c\n }", 3)] {
            let found = try XCTUnwrap(problem(text), text)
            XCTAssertEqual(found.line, line, text)
            XCTAssertTrue(found.message.hasPrefix("not valid TOML"), found.message)
        }
        XCTAssertNil(TOMLPrecheck.problem(in: "# café\nduration = \"20m\" # é\n[theme]\n\"é\" = \"red\"\n[ keys ]\nx = '''é" + "'''"))
    }

    /// Found by fuzzing: a huge number in a duration overflowed and trapped.
    func testDurationsOfAnySizeAreReadOrRefusedNeverTrapped() {
        for text in ["000000000000000000000000000000000983723768606330424m", "9223372036854775807", "99999999999h",
                     "1:99999999999999:00", "-5m", "0", "25h", "1441"] {
            XCTAssertNil(DurationText.milliseconds(text), text)
        }
        XCTAssertEqual(DurationText.milliseconds("1h30m"), 5_400_000)
        XCTAssertEqual(DurationText.milliseconds("24h"), 86_400_000)
        XCTAssertEqual(DurationText.milliseconds("45:00"), 2_700_000)
        XCTAssertNotNil(problem("duration = \"000000000000000000000000000000000983723768606330424m\""))
    }
}
