import XCTest
@testable import ControlPadUI
@testable import PadConfig
@testable import SlideModel

final class ConfigLoaderTests: XCTestCase {
    /// A relative XDG_CONFIG_HOME is invalid and ignored, as the XDG spec says.
    func testTheDefaultPathIgnoresARelativeXDGConfigHome() {
        XCTAssertEqual(ConfigLoader.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]), "/x/controlpad/config.toml")
        XCTAssertEqual(ConfigLoader.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]), "/h/.config/controlpad/config.toml")
        XCTAssertEqual(ConfigLoader.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/h"]), "/h/.config/controlpad/config.toml")
    }

    private func read(_ text: String) -> LoadedConfig {
        ConfigLoader(file: "config.toml", text: text).parse()
    }

    /// The config of a file that must have no problem.
    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Result<PadConfig, ConfigProblem> {
        let loaded = read(text)
        XCTAssertEqual(loaded.problems, [], file: file, line: line)
        return loaded.problems.first.map { .failure($0) } ?? .success(loaded.config)
    }

    private func problem(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigProblem? {
        if let p = read(text).problems.first { return p }
        XCTFail("expected a problem", file: file, line: line)
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

    func testThemeBackgroundFromTheConfig() throws {
        XCTAssertEqual(try parse("[theme]\nbackground = \"light\"").get().themeBackground, .light)
        XCTAssertEqual(try parse("").get().themeBackground, .auto)
        XCTAssertEqual(try parse(DefaultConfig.text).get().themeBackground, .auto, "the printed default says auto")
        let p = problem("[theme]\nbox = \"square\"\nbackground = \"white\"")
        XCTAssertEqual(p?.line, 3)
        XCTAssertTrue(p?.message.contains("\"light\"") ?? false, "\(String(describing: p))")
    }

    func testValidFileSetsEverything() throws {
        let config = try parse("""
            animation = false
            duration = "1h30m"
            server = "10.0.0.5:1599"
            cell-aspect = 2.2

            [keys]
            next = ["z", "Right"]
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
        XCTAssertEqual(config.talkDuration, .milliseconds(90 * 60_000))
        XCTAssertEqual(config.server, "10.0.0.5:1599")
        XCTAssertEqual(config.cellAspect, 2.2)
        XCTAssertEqual(config.bindings.action(for: .char("z")), .next)
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

    /// A clicker's start key is Shift-F5; curses numbers it F17 (xterm-like
    /// terminfo: each modifier set is a block of twelve).
    func testFunctionKeysWithShiftCtrlAndAltAreKeys() throws {
        XCTAssertEqual(KeyBindings.standard.action(for: .function(17)), .startShow, "Shift-F5 starts the show by default")
        let config = try parse("""
            [keys]
            start-show = ["F5", "S-F5", "c-f5", "M-F5"]
            blank = ["b", "A-F6", "S-C-F7", "F20"]
            """).get()
        for (key, number) in [("F5", 5), ("S-F5", 17), ("C-F5", 29), ("M-F5", 53)] {
            XCTAssertEqual(config.bindings.action(for: .function(number)), .startShow, key)
            XCTAssertEqual(Key.function(number).name, key, "F\(number) is named as the config writes it")
        }
        XCTAssertEqual(config.bindings.action(for: .function(54)), .blank, "A- is M-")
        XCTAssertEqual(config.bindings.action(for: .function(43)), .blank, "C-S-F7, modifiers in any order")
        XCTAssertEqual(config.bindings.action(for: .function(20)), .blank, "curses' own number works too")
        XCTAssertEqual(Key.function(43).name, "C-S-F7")
        for bad in ["C-M-F5", "S-F13", "M-S-F4", "X-F5", "F64", "S-S-F5"] {
            XCTAssertTrue(problem("[keys]\nblank = [\"\(bad)\"]\n")?.message.contains("\"\(bad)\" is not a key") ?? false, bad)
        }
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
        XCTAssertEqual(ConfigLoader.read(path: nil, environment: env), LoadedConfig())
        guard case .failure(let p) = ConfigLoader.load(path: "/nonexistent/config.toml", environment: env) else {
            return XCTFail("a missing --config file is a problem")
        }
        XCTAssertEqual(p.message, "no such file")
    }

    /// A folder given as the config (or the agenda) said "cannot be read as
    /// UTF-8 text" (issue 52, item 20).
    func testAFolderGivenAsTheConfigOrTheAgendaIsSaidToBeAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cp-folder-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let said = ConfigLoader.read(path: folder).problems.map(\.message)
        XCTAssertEqual(said, [ConfigLoader.folderMessage])
        XCTAssertTrue(said.first?.hasPrefix("is a folder, not a file") == true, "\(said)")
        XCTAssertTrue(AgendaFile.read(path: folder).problems.first?.message.hasPrefix("is a folder, not a file") == true)
    }

    // MARK: every problem, and the rest applies

    /// Seen: one bad colour threw away the duration and the keys.
    func testEachBadSettingFallsBackOnItsOwnAndEveryGoodOneApplies() {
        let loaded = read("""
            duration = "10m"
            [keys]
            next = ["z", "Right"]
            [theme]
            accent = "teal"
            title = { bold = false }
            """)
        XCTAssertEqual(loaded.config.talkDuration, .milliseconds(10 * 60_000))
        XCTAssertEqual(loaded.config.bindings.action(for: .char("z")), .next)
        XCTAssertEqual(loaded.config.bindings.action(for: .right), .next)
        XCTAssertNil(loaded.config.looks[.accent], "the bad colour keeps the default")
        XCTAssertEqual(loaded.config.looks[.title], RoleLook(bold: false), "the good role next to it applies")
        XCTAssertEqual(loaded.problems.map(\.line), [5])
        XCTAssertTrue(loaded.problems[0].message.contains("\"teal\" is not a colour"), loaded.problems[0].message)
    }

    func testEveryProblemIsListedInLineOrder() {
        let loaded = read("""
            animation = "yes"
            duration = "soon"
            server = "localhost:99999"
            pictures = "ascii"
            cell-aspect = 2.5
            [keys]
            nxt = ["m"]
            previous = ["Lfet", "a"]
            [theme]
            accent = "teal"
            box = "round"
            [popover.goto]
            arrow-up = "^^"
            [popover.toast]
            colour = 1
            """)
        XCTAssertEqual(loaded.problems.map(\.line), [1, 2, 3, 4, 7, 8, 10, 11, 13, 14, 15].filter { $0 != 15 },
                       loaded.problems.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(loaded.config.cellAspect, 2.5, "the one good setting applies")
        XCTAssertEqual(loaded.config.bindings.action(for: .char("a")), .previous, "the good key of a setting applies")
        XCTAssertEqual(loaded.config.bindings.action(for: .char("p")), nil, "the setting replaced previous's keys")
    }

    func testALineThatIsNotTOMLIsLeftOutAndTheRestApplies() {
        let loaded = read("animation = false\nduration = \"20m\nserver = \"10.0.0.5\"\n[keys]\nnext = [\"z\"]\n")
        XCTAssertEqual(loaded.problems.map(\.line), [2])
        XCTAssertTrue(loaded.problems[0].message.hasPrefix("not valid TOML"), loaded.problems[0].message)
        XCTAssertFalse(loaded.config.animation)
        XCTAssertEqual(loaded.config.server, "10.0.0.5")
        XCTAssertEqual(loaded.config.bindings.action(for: .char("z")), .next)
    }

    /// Seen: these passed --check, and `connect` then exited 2.
    func testTheServerIsCheckedAsConnectUsesIt() {
        for text in ["localhost:99999", "not a host at all", "", "[::1"] {
            let loaded = read("server = \"\(text)\"\nanimation = false\n")
            XCTAssertEqual(loaded.problems.map(\.line), [1], text)
            XCTAssertEqual(loaded.problems.first?.key, "server", text)
            XCTAssertNil(loaded.config.server, text)
            XCTAssertFalse(loaded.config.animation, text)
        }
        XCTAssertEqual(try parse("server = \"laptop.local:1600\"").get().server, "laptop.local:1600")
    }

    /// Seen: blank = ["b"] with quit = ["b"] passed --check, and b quit the pad.
    func testOneKeyOneAction() {
        let twice = read("[keys]\nblank = [\"b\"]\nquit = [\"b\"]\n")
        let conflict = twice.problems.first { $0.message.contains("\"b\" is bound to both blank (line 2) and quit (line 3)") }
        XCTAssertEqual(conflict?.line, 3, "\(twice.problems)")
        XCTAssertNotEqual(twice.config.bindings.action(for: .char("b")), .quit, "b never quits")
        XCTAssertEqual(twice.config.bindings.action(for: .char("q")), .quit, "quit keeps its keys")

        let taken = read("[keys]\nnext = [\"q\"]\n")
        XCTAssertTrue(taken.problems.contains { $0.message.contains("\"q\" is bound to both next (line 2) and quit (by default)") },
                      "\(taken.problems)")
        XCTAssertEqual(taken.config.bindings.action(for: .char("q")), .quit)
        XCTAssertEqual(taken.config.bindings.action(for: .right), .next, "next, left with no key, keeps its own")

        let none = read("[keys]\nhelp = []\n")
        XCTAssertEqual(none.problems.map(\.line), [2])
        XCTAssertTrue(none.problems.first?.message.contains("help is left with no key") ?? false, "\(none.problems)")
        XCTAssertEqual(none.config.bindings.keys(for: .help), [.char("?")])

        let moved = read("[keys]\nhelp = [\"F1\"]\nquit = [\"?\", \"C-c\"]\n")
        XCTAssertEqual(moved.problems, [], "moving a key that its old action gives up is fine")
        XCTAssertEqual(moved.config.bindings.action(for: .char("?")), .quit)

        for action in Action.allCases {
            for loaded in [twice, taken, none, moved] {
                XCTAssertFalse(loaded.config.bindings.keys(for: action).isEmpty, "\(action) has a key")
            }
        }
    }

    func testTheDurationRuleIsOneRule() {
        XCTAssertEqual(DurationText.length("90"), .milliseconds(90 * 60_000), "a number alone: minutes")
        XCTAssertEqual(DurationText.length("1:30"), .milliseconds(90 * 60_000), "h:mm: the last field is minutes too")
        XCTAssertEqual(DurationText.length("1:30:00"), .milliseconds(90 * 60_000), "h:mm:ss")
        XCTAssertNil(DurationText.length("45:00"), "45 hours: more than a day")
        XCTAssertTrue(DurationText.problem("45:00").contains("for 45 minutes write 45 or 45m"), DurationText.problem("45:00"))
        XCTAssertNil(DurationText.length("1:75"), "minutes past 59")
        XCTAssertEqual(try parse("duration = 90").get().talkDuration, .milliseconds(90 * 60_000), "a bare number in the file: minutes")
    }

    /// `alert` (issue 51): time left, section, over, bell; a wrong word is a problem with its line, the rest applies.
    func testAlerts() throws {
        let config = try parse("alert = \"5m, 1m,section,over,bell\"\n").get()
        XCTAssertEqual(config.alerts, AlertRules(talkLeft: [.seconds(300), .seconds(60)], sectionOver: true, talkOver: true, bell: true))
        let loaded = read("duration = \"20m\"\nalert = \"5m,soon\"\n")
        XCTAssertEqual(loaded.problems.map(\.line), [2])
        XCTAssertTrue(loaded.problems.first?.message.contains("\"soon\" is not an alert") ?? false, "\(loaded.problems)")
        XCTAssertEqual(loaded.config.talkDuration, .seconds(1200), "the rest applies")
        XCTAssertEqual(loaded.config.alerts, AlertRules())
        XCTAssertEqual(try AlertText.rules("90s").get().talkLeft, [.seconds(90)])
        if case .success = AlertText.rules("") { XCTFail("an empty alert is a problem") }
    }

    func testDurations() {
        XCTAssertEqual(DurationText.length("20m"), .milliseconds(1_200_000))
        XCTAssertEqual(DurationText.length("20"), .milliseconds(1_200_000))
        XCTAssertEqual(DurationText.length("1h30m"), .milliseconds(5_400_000))
        XCTAssertEqual(DurationText.length("0:45"), .milliseconds(2_700_000))
        XCTAssertEqual(DurationText.length("90s"), .milliseconds(90_000))
        XCTAssertNil(DurationText.length("soon"))
        XCTAssertNil(DurationText.length("0m"))
        XCTAssertNil(DurationText.length("20x"))
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
            let found = read(text).problems.filter { $0.message.hasPrefix("not valid TOML") }
            XCTAssertTrue(found.contains { $0.line == line }, "\(text): \(found)")
        }
        XCTAssertNil(TOMLPrecheck.problem(in: "# café\nduration = \"20m\" # é\n[theme]\n\"é\" = \"red\"\n[ keys ]\nx = '''é" + "'''"))
    }

    /// Found by fuzzing: a huge number in a duration overflowed and trapped.
    func testDurationsOfAnySizeAreReadOrRefusedNeverTrapped() {
        for text in ["000000000000000000000000000000000983723768606330424m", "9223372036854775807", "99999999999h",
                     "1:99999999999999:00", "-5m", "0", "25h", "1441"] {
            XCTAssertNil(DurationText.length(text), text)
        }
        XCTAssertEqual(DurationText.length("1h30m"), .milliseconds(5_400_000))
        XCTAssertEqual(DurationText.length("24h"), .milliseconds(86_400_000))
        XCTAssertEqual(DurationText.length("0:45:00"), .milliseconds(2_700_000))
        XCTAssertNotNil(problem("duration = \"000000000000000000000000000000000983723768606330424m\""))
    }
}
