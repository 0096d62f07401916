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

    /// After a broken table header, the keys below it are said with their lines.
    func testAfterABrokenHeaderTheNextKeyHasItsLine() {
        let said = problems("animation = false\n[keys\nnext = [\"x\"]\n")
        XCTAssertEqual(said.map(\.line), [2, 3], "\(said)")
        XCTAssertTrue(said.last?.message.hasPrefix("unknown setting \"next\"") == true, "\(said)")
    }
}
