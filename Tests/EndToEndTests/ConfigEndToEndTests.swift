import Foundation
import XCTest

/// The config file and the rehearsal log, through the built binary in tmux.
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

    func testReboundKeysTakeEffectAndTheRehearsalLogIsWritten() throws {
        let config = try write("[keys]\nnext = [\"z\"]\nprevious = [\"a\"]\nquit = [\"Q\"]\n", to: "config.toml")
        let log = dir.appendingPathComponent("rehearsal.csv").path
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --latency 5-40 --config \(config) --rehearsal-log \(log)")
        try pad.waitFor("1/14") { TmuxSession.statusLine($0).contains(" 1/14 ") }
        try pad.send("Right")  // no longer bound
        try pad.send("z")
        try pad.waitFor("2/14") { TmuxSession.statusLine($0).contains(" 2/14 ") }
        try pad.send("z", "z")
        try pad.waitFor("4/14") { TmuxSession.statusLine($0).contains(" 4/14 ") }
        try pad.send("a")
        try pad.waitFor("3/14") { TmuxSession.statusLine($0).contains(" 3/14 ") }
        try pad.send("?")
        try pad.waitFor(text: "Keys · Esc closes")
        let help = try pad.screen()
        XCTAssertTrue(help.contains("z") && help.contains("next slide or effect"), "help lists the bindings in force:\n\(help)")
        try pad.send("Escape", "Q", "y")
        try pad.waitFor(text: "EXIT=0")
        let rows = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "slide,entered_at,seconds")
        XCTAssertEqual(rows.dropFirst().map { $0.split(separator: ",")[0] }, ["1", "2", "3", "4", "3"],
                       "one row per slide visit: \(rows)")
    }

    func testABadConfigIsReportedWithItsLineAndThePadRunsOnDefaults() throws {
        let config = try write("animation = true\n[keys]\nnxt = [\"z\"]\n", to: "bad.toml")
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --config \(config)", width: 140)
        try pad.waitFor(text: "bad.toml:3: unknown action \"nxt\"")
        try pad.send("Right")  // the default binding works
        try pad.waitFor("2/14") { TmuxSession.statusLine($0).contains(" 2/14 ") }
    }

    func testPrintDefaultGivesAFileThatChecksFine() throws {
        let path = dir.appendingPathComponent("default.toml").path
        let pad = try TmuxSession(command: "\(TmuxSession.binary) config --print-default > \(path) && \(TmuxSession.binary) config --check \(path)")
        try pad.waitFor(text: "EXIT=0")
        XCTAssertTrue(try pad.screen().contains("\(path): fine"))
    }
}
