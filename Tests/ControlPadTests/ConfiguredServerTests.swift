import Foundation
import XCTest
@testable import ControlPadCLI
@testable import ControlPadScripting

/// `send` and `watch` use the config's `server` as `connect` does:
/// `controlpad send --config f next` sends next to it.
final class ConfiguredServerTests: XCTestCase {
    private func configFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("controlpad-\(UUID().uuidString).toml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testSendAndWatchReadTheConfigsServer() throws {
        let file = try configFile("server = \"10.0.0.5:1599\"\n")
        let send = try SendCommand.parse(["--config", file, "next"])
        let sent = try send.target()
        XCTAssertEqual(sent.address, "10.0.0.5:1599", "no address given: the config's")
        XCTAssertEqual(sent.action, .next, "and next is the command, not a host called next")
        XCTAssertEqual(try SendCommand.parse(["--config", file, "goto", "3"]).target().action, .goto(slide: 3))
        let given = try SendCommand.parse(["--config", file, "127.0.0.1", "blank"]).target()
        XCTAssertEqual(given.address, "127.0.0.1", "a given address wins")
        XCTAssertEqual(given.action, .blank)
        XCTAssertEqual(try WatchCommand.parse(["--config", file]).target(), "10.0.0.5:1599")
        XCTAssertEqual(try WatchCommand.parse(["--config", file, "laptop.local"]).target(), "laptop.local")
    }

    func testWithNoServerAnywhereTheyTellHowToGiveOne() throws {
        let file = try configFile("animation = false\n")
        XCTAssertThrowsError(try SendCommand.parse(["--config", file, "next"]).target()) { error in
            XCTAssertTrue("\(error)".contains("controlpad send HOST[:PORT] COMMAND (or set server in the config file)"), "\(error)")
        }
        XCTAssertThrowsError(try WatchCommand.parse(["--config", file]).target()) { error in
            XCTAssertTrue("\(error)".contains("controlpad watch HOST[:PORT] (or set server in the config file)"), "\(error)")
        }
    }
}
