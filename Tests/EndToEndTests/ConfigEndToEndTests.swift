import Foundation
import XCTest

/// The config file through the built binary: `controlpad config` and
/// `connect --config`. The pad on a config is ConfigInProcessTests'.
final class ConfigEndToEndTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("cp-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, to name: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testPrintDefaultGivesAFileThatChecksFine() throws {
        let path = dir.appendingPathComponent("default.toml").path
        let printed = try ControlpadProcess.run(["config", "--print-default"])
        XCTAssertEqual(printed.status, 0, printed.err)
        try printed.out.write(toFile: path, atomically: true, encoding: .utf8)
        let check = try ControlpadProcess.run(["config", "--check", path])
        XCTAssertEqual(check.status, 0, check.out + check.err)
        XCTAssertTrue(check.out.contains("\(path): fine"), check.out)
    }

    /// A file given to check that is not there has no settings to apply:
    /// said as such, exit 1 (not "every other setting applies").
    func testCheckingAFileThatIsNotThereSaysSo() throws {
        let missing = dir.appendingPathComponent("missing.toml").path
        let check = try ControlpadProcess.run(["config", "--check", missing])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, "\(missing): no such file\n")
    }

    /// `help WORD` for a WORD that is no command is a usage mistake (exit 2,
    /// one line), not the top-level help with exit 0; `help send` still helps.
    func testHelpForACommandThatIsNotThereIsAMistake() throws {
        let nope = try ControlpadProcess.run(["help", "nope"])
        XCTAssertEqual(nope.status, 2)
        XCTAssertEqual(nope.out, "")
        XCTAssertTrue(nope.err.hasPrefix("controlpad: unknown command \"nope\" (commands: demo, connect"), nope.err)
        let near = try ControlpadProcess.run(["help", "conect"])
        XCTAssertTrue(near.err.contains("did you mean `controlpad connect`?"), near.err)
        let send = try ControlpadProcess.run(["help", "send"])
        XCTAssertEqual(send.status, 0)
        XCTAssertTrue(send.out.hasPrefix("OVERVIEW: Send one command"), send.out)
    }

    // MARK: nothing a presenter does by mistake hurts the talk

    /// Seen: one bad colour threw away the duration and the keys, the warning
    /// was cut off at 80 columns and went at the first key.
    func testConfigCheckListsEveryMistakeInLineOrder() throws {
        let config = try write("""
            duration = "10m"
            server = "localhost:99999"
            [keys]
            next = ["z", "Right"]
            blank = ["b"]
            quit = ["b"]
            help = []
            [theme]
            accent = "teal"
            """, to: "mixed.toml")
        // The pad on this file (the count whole, every good setting applied):
        // ConfigInProcessTests.testEveryConfigMistakeIsCountedAndEveryGoodSettingApplies.
        let check = try ControlpadProcess.run(["config", "--check", config])
        XCTAssertEqual(check.status, 1)
        let lines = check.out.split(separator: "\n").map(String.init)
        let numbers = lines.compactMap { line -> Int? in
            guard line.hasPrefix(config + ":") else { return nil }
            return Int(line.dropFirst(config.count + 1).prefix { $0.isNumber })
        }
        XCTAssertEqual(numbers.count, 6, "every problem in one run:\n\(check.out)")
        XCTAssertEqual(numbers, numbers.sorted(), "in line order:\n\(check.out)")
        XCTAssertTrue(check.out.contains(":2: server: \"99999\" is not a port"), check.out)
        XCTAssertTrue(check.out.contains("\"b\" is bound to both blank (line 5) and quit (line 6)"), check.out)
        XCTAssertTrue(check.out.contains(":7: help is left with no key"), check.out)
        XCTAssertTrue(check.out.contains(":9: \"teal\" is not a colour"), check.out)
        XCTAssertEqual(lines.last, "6 problems; every other setting applies")
    }

    /// The screen as one line: text wrapped over rows reads whole.
    static func flat(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Seen: these passed --check, and `connect` then exited 2.
    func testAServerConnectCannotUseIsAProblemAndConnectSaysWhy() throws {
        for server in ["localhost:99999", "not a host at all"] {
            let config = try write("server = \"\(server)\"\n", to: "server.toml")
            let check = try ControlpadProcess.run(["config", "--check", config])
            XCTAssertEqual(check.status, 1, server)
            XCTAssertTrue(check.out.contains("\(config):1: server:"), check.out)
            let connect = try ControlpadProcess.run(["connect", "--config", config])
            XCTAssertEqual(connect.status, 2, server)
            XCTAssertTrue(connect.err.contains("the config's server is not one"), connect.err)
        }
    }

}
