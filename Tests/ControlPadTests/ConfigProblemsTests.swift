@testable import PadConfig
import XCTest

/// Every mistake in a config file is said, each with its line.
final class ConfigProblemsTests: XCTestCase {
    private func problems(_ text: String) -> [ConfigProblem] {
        ConfigLoader(file: "config.toml", text: text).parse().problems
    }

    /// Both bad colours of one role are said, not only the first the parser met.
    func testEveryBadColourOfARoleIsSaid() {
        let said = problems("[theme]\nstatus = { fg = 300, bg = \"#12345\" }\n")
        XCTAssertEqual(said.map(\.line), [2, 2])
        XCTAssertEqual(said.map(\.message).map { $0.prefix(20) }, ["\"300\" is not a colou", "\"#12345\" is not a co"])
    }

    /// A header with its `]` forgotten is read as meant: the keys below it
    /// land in their table, with their lines. (They landed in the table
    /// above, and the next problem named the wrong table: issue 52, item 17.)
    func testAfterABrokenHeaderTheKeysBelowItAreInItsTable() {
        let said = problems("[theme]\nstatus = \"cyan\"\n[keys\nnxt = [\"z\"]\n")
        XCTAssertEqual(said.map(\.line), [3, 4], "\(said)")
        XCTAssertEqual(said.first?.message, "not valid TOML: the table header has no closing ]; read as [keys]")
        XCTAssertTrue(said.last?.message.hasPrefix("unknown action \"nxt\"") == true, "in [keys], not [theme]: \(said)")
        XCTAssertTrue(said.last?.message.hasSuffix("; did you mean \"next\"?") == true, "\(said)")
        let loaded = ConfigLoader(file: "config.toml", text: "animation = false\n[keys\nnext = [\"Right\", \"z\"]\n").parse()
        XCTAssertEqual(loaded.problems.map(\.line), [2])
        XCTAssertEqual(loaded.config.bindings.action(for: .char("z")), .next, "the keys under it apply")
    }

    /// A header that cannot be read as meant is left out with what is under
    /// it, and said so: nothing lands in the table above.
    func testAHeaderThatCannotBeReadIsLeftOutWithWhatIsUnderIt() {
        let said = problems("[theme]\nstatus = \"cyan\"\n[ke ys\nnext = [\"z\"]\nprevious = [\"y\"]\n[popover.help]\nbox = \"rounded\"\n")
        XCTAssertEqual(said.map(\.line), [3], "\(said)")
        XCTAssertTrue(said.first?.message.hasSuffix("(the header and what is under it, to line 5, are left out)") == true, "\(said)")
    }

    /// The TOML parser's own words ("expected ']', saw '\\n'") never show.
    func testTheParsersWordsArePlain() {
        for text in ["x = [1, 2\n", "layout = notes-first\n", "layout\n", "a = \"b\nc = 1\n", "[theme]\n[theme]\n", "= 3\n", "x = {a = 1\n"] {
            for problem in problems(text) {
                XCTAssertFalse(problem.message.contains("\\n") || problem.message.contains("'\n'") || problem.message.contains("saw"),
                               "\(text.debugDescription): \(problem.message)")
            }
        }
    }

    /// Values and agenda keys nearly right get the right one (issue 52, item 17).
    func testDidYouMeanForValuesAndAgendaKeys() {
        XCTAssertTrue(problems("layout = \"notes_first\"\n").first?.message.hasSuffix("; did you mean \"notes-first\"?") == true,
                      "\(problems("layout = \"notes_first\"\n"))")
        XCTAssertTrue(problems("pictures = \"kity\"\n").first?.message.hasSuffix("; did you mean \"kitty\"?") == true)
        XCTAssertTrue(problems("animaton = true\n").first?.message.hasSuffix("; did you mean \"animation\"?") == true)
        let agenda = AgendaFile.parse("[[section]]\nname = \"A\"\nslide = 1\nminuts = 3\n", file: "a.toml")
        XCTAssertEqual(agenda.problems.first?.message, "unknown key minuts in a section: name, slide and minutes are known; did you mean \"minutes\"?")
        XCTAssertNil(DidYouMean.nearest(to: "zzzzzz", in: ["minutes"]))
    }
}
