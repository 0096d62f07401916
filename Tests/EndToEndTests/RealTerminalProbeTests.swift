import FakePeerSupport
import Foundation
import XCTest

/// The start-up probe in real terminals under Xvfb: kitty started with the
/// pad as its command (it answered after the 150 ms the pad waited before,
/// and the pad drew half-blocks for the whole run), with the probe's own
/// wait, not the 5 s the other real-terminal tests give it. The slide's
/// words are read off the screen (tesseract).
final class RealTerminalProbeTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The words on the demo deck's slide `index` (0-based): its title and body.
    static func words(ofSlide index: Int) throws -> String {
        let data = try Data(contentsOf: root.appendingPathComponent("tools/demo-deck/spec.json"))
        let slides = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String]])
        return slides[index][0] + " " + slides[index][1]
    }

    func testKittyWithThePadAsItsCommandGetsPicturesAndKnowsItsName() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString.prefix(8)).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        // CONTROLPAD_PROBE_MS empty: the pad's own wait for DA1.
        let pad = try XTerminalSession(.kitty, command: "\(TmuxSession.binary) demo --no-animation --seed 5 --latency 5-40 --drop 0 --log \(log)",
                                       environment: ["CONTROLPAD_PROBE_MS": ""])
        let said = try pad.waitForFile(log, containing: "terminal: ")
        XCTAssertTrue(said.contains("pictures: kitty graphics — kitty(0.26.5) answered the kitty graphics query"), said)
        XCTAssertTrue(said.contains("terminal: kitty(0.26.5), from XTVERSION; answered in"), said)
        var read = 0.0
        try pad.waitFor("slide 1 readable in the current pane") { shot in
            guard let current = shot.panes()?.current else { return false }
            read = try shot.wordsRead(in: current, expected: try Self.words(ofSlide: 0))
            return read >= 0.5
        }
        print("kitty with the pad as its command: slide 1 read \(read); \(said.split(separator: "\n").filter { $0.contains("terminal: ") })")
        try pad.key("q")
        try pad.key("y")
        _ = try pad.waitForFile(pad.directory.appendingPathComponent("exit").path, containing: "EXIT=0")
    }
}
