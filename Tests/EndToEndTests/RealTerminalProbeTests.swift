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

extension RealTerminalProbeTests {
    /// The timer area of a 140×42 pad (right of the current pane, below the next).
    private func timerArea(_ shot: Screenshot) -> Screenshot.Rect {
        (x: shot.width * 60 / 100, y: shot.height * 42 / 100, width: shot.width * 40 / 100, height: shot.height * 20 / 100)
    }

    /// The weakest contrast (WCAG's ratio, 1 to 21) between the area's
    /// background (its commonest colour) and any colour covering at least
    /// 1 % of it: the timer's digits, the clock's, the words between.
    private func weakestContrast(_ shot: Screenshot, in area: Screenshot.Rect) -> (ratio: Double, colour: [UInt8]) {
        var counts: [[UInt8]: Int] = [:]
        for y in area.y..<(area.y + area.height) {
            for x in area.x..<(area.x + area.width) {
                let i = (y * shot.width + x) * 3
                counts[[shot.rgb[i], shot.rgb[i + 1], shot.rgb[i + 2]], default: 0] += 1
            }
        }
        func luminance(_ c: [UInt8]) -> Double {
            let l = c.map { v -> Double in
                let s = Double(v) / 255
                return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
        }
        let sorted = counts.sorted { $0.value > $1.value }
        let background = sorted[0].key
        var weakest = (ratio: 21.0, colour: background)
        for (colour, count) in sorted.dropFirst() where count * 100 >= area.width * area.height {
            let (a, b) = (luminance(colour), luminance(background))
            let ratio = (max(a, b) + 0.05) / (min(a, b) + 0.05)
            if ratio < weakest.ratio { weakest = (ratio, colour) }
        }
        return weakest
    }

    /// xterm's own colours, black on white: the pad asks the background
    /// (OSC 11) and takes its light theme, and the timer area reads: every
    /// colour in it stands out from the white at least 3:1 (the dark
    /// theme's bright green timer and cyan clock on white: about 1.4 and
    /// 1.9), and its words are read off the screen.
    func testALightXtermGetsTheLightThemeAndTheTimerAreaReads() throws {
        func run(_ arguments: String) throws -> (contrast: (ratio: Double, colour: [UInt8]), read: Double, log: String) {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString.prefix(8)).log").path
            defer { try? FileManager.default.removeItem(atPath: log) }
            let pad = try XTerminalSession(.xtermLight, command: "TERM=xterm-256color \(TmuxSession.binary) demo --no-animation --seed 5 "
                + "--latency 5-40 --drop 0 --duration 14 --log \(log) \(arguments)")
            let said = try pad.waitForFile(log, containing: "theme: ")
            var read = 0.0
            let shot = try pad.waitFor("the timer area's words read") { shot in
                read = try shot.wordsRead(in: timerArea(shot), expected: "talk left on time")
                return read >= 0.5
            }
            if arguments.isEmpty, let dir = ProcessInfo.processInfo.environment["CONTROLPAD_SCREENSHOTS"] {
                try Data(try shot.png(targetWidth: 560)).write(to: URL(fileURLWithPath: dir).appendingPathComponent("theme-light.png"))
            }
            try pad.key("q")
            try pad.key("y")
            return (weakestContrast(shot, in: timerArea(shot)), read, said)
        }
        let light = try run("")
        XCTAssertTrue(light.log.contains("background #ffffff"), light.log)
        XCTAssertTrue(light.log.contains("theme: light (the terminal's background is light)"), light.log)
        XCTAssertGreaterThanOrEqual(light.contrast.ratio, 3, "every colour of the timer area reads on white: \(light.contrast)")
        // The dark theme forced on the same white: the test can tell.
        let dark = try run("--theme dark")
        XCTAssertTrue(dark.log.contains("theme: dark (chosen)"), dark.log)
        XCTAssertLessThan(dark.contrast.ratio, 3, "the dark theme's timer on white: \(dark.contrast)")
        print("light xterm: weakest contrast in the timer area \(light.contrast) (forced dark: \(dark.contrast)); words read \(light.read)")
    }
}
