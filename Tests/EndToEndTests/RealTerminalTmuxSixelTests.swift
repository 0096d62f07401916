import FakePeerSupport
import Foundation
import XCTest

/// Sixel through tmux 3.4 and later: xterm -ti vt340 running tmux 3.5a
/// running `controlpad demo`. tmux keeps each sixel picture and writes it
/// again to the terminal outside; before the pad numbered its colour
/// registers from 0, tmux wrote the undefined ones below as `#n;0;0;0;0`,
/// xterm dropped every picture, and the panes stayed empty. The slides'
/// words are read off the screen (tesseract). Opt-in
/// (`CONTROLPAD_TMUX_SIXEL=1`): Debian 12's tmux (3.3a) has no sixel, and
/// `scripts/fetch-tmux.sh` fetches 3.5a from bookworm-backports first.
final class RealTerminalTmuxSixelTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The words on the demo deck's slide `index` (0-based): its title and body.
    private func words(ofSlide index: Int) throws -> String {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("tools/demo-deck/spec.json"))
        let slides = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String]])
        return slides[index][0] + " " + slides[index][1]
    }

    /// The tmux with sixel the test runs: `CONTROLPAD_TMUX` if it names one,
    /// else the one `scripts/fetch-tmux.sh` fetches.
    private func tmuxWithSixel() throws -> String {
        if let given = ProcessInfo.processInfo.environment["CONTROLPAD_TMUX"], !given.isEmpty { return given }
        let (status, output) = try ChildProcess.run([Self.root.appendingPathComponent("scripts/fetch-tmux.sh").path])
        guard status == 0, let path = output.split(separator: "\n").last.map(String.init), path.hasPrefix("/") else {
            throw E2EError.make("scripts/fetch-tmux.sh failed: \(output)")
        }
        return path
    }

    private var last: Screenshot?

    func testXtermVT340InsideTmux35ShowsSharpSlides() throws {
        guard ProcessInfo.processInfo.environment["CONTROLPAD_TMUX_SIXEL"] == "1" else {
            throw XCTSkip("set CONTROLPAD_TMUX_SIXEL=1 (scripts/fetch-tmux.sh fetches tmux 3.5a)")
        }
        do { try runInsideTmux() } catch {
            if let last, let dir = ProcessInfo.processInfo.environment["CONTROLPAD_SCREENSHOTS"] {
                try? Data(try last.png(targetWidth: last.width))
                    .write(to: URL(fileURLWithPath: dir).appendingPathComponent("pictures-tmux-sixel-failed.png"))
            }
            throw error
        }
    }

    /// tmux 3.5a answers DA1 with sixel whatever is outside it; xterm as it
    /// starts (vt100) has none, and tmux would draw a box for each picture.
    /// The pad asks tmux for its client's features and draws half-blocks.
    func testPlainXtermInsideTmux35GetsHalfBlocksNotBoxes() throws {
        guard ProcessInfo.processInfo.environment["CONTROLPAD_TMUX_SIXEL"] == "1" else {
            throw XCTSkip("set CONTROLPAD_TMUX_SIXEL=1 (scripts/fetch-tmux.sh fetches tmux 3.5a)")
        }
        let tmux = try tmuxWithSixel()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("pad.log").path
        let socket = "cp-x-\(UUID().uuidString.prefix(8))"
        defer { _ = try? ChildProcess.run([tmux, "-L", socket, "kill-server"]) }
        // The pad asks the `tmux` on its PATH: this one.
        let path = URL(fileURLWithPath: tmux).deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let pad = try XTerminalSession(.xtermPlain, command: "env PATH=\(path) \(tmux) -L \(socket) -f /dev/null new-session "
            + "'\(TmuxSession.binary) demo --no-animation --seed 5 --log \(log)'")
        let said = try pad.waitForFile(log, containing: "pictures: ")
        XCTAssertTrue(said.contains("pictures: half-blocks"), said)
        XCTAssertTrue(said.contains("the terminal outside it has none"), said)
        try pad.key("q")
        try pad.key("y")
    }

    private func runInsideTmux() throws {
        let tmux = try tmuxWithSixel()
        let version = try ChildProcess.run([tmux, "-V"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("pad.log").path
        let conf = scratch.appendingPathComponent("tmux.conf")
        try "set -g default-terminal tmux-256color\nset -g status off\n".write(to: conf, atomically: true, encoding: .utf8)
        // The tmux server outlives the terminal: it is ended here, whatever happened.
        let socket = "cp-x-\(UUID().uuidString.prefix(8))"
        defer { _ = try? ChildProcess.run([tmux, "-L", socket, "kill-server"]) }
        let pad = try XTerminalSession(.xtermSixel, command: "\(tmux) -L \(socket) -f \(conf.path) new-session "
            + "'\(TmuxSession.binary) demo --no-animation --seed 5 --latency 5-40 --drop 0 --log \(log)'")
        let said = try pad.waitForFile(log, containing: "pictures: ")
        XCTAssertTrue(said.contains("pictures: sixel"), said)

        // Both panes show their slide, and the current one can be read.
        var read = 0.0
        let first = try pad.waitFor("slide 1 readable in the current pane, slide 2 in the next (\(version))") { shot in
            last = shot
            guard let (current, next) = shot.panes(), next != nil else { return false }
            read = try shot.wordsRead(in: current, expected: try words(ofSlide: 0))
            return read >= 0.5
        }
        if let dir = ProcessInfo.processInfo.environment["CONTROLPAD_SCREENSHOTS"] {
            try Data(try first.png(targetWidth: 560)).write(to: URL(fileURLWithPath: dir).appendingPathComponent("pictures-tmux-sixel.png"))
        }
        print("sixel through \(version): slide 1 read \(read)")
        // A step: the next slide is read there.
        try pad.key("Right")
        try pad.waitFor("slide 2 readable after →") { shot in
            last = shot
            guard let current = shot.panes()?.current else { return false }
            read = try shot.wordsRead(in: current, expected: try words(ofSlide: 1))
            return read >= 0.5
        }
        print("sixel through \(version): slide 2 read \(read)")
        // Full screen: one picture wider than xterm's 1000 px unless the pad keeps it to them.
        try pad.key("f")
        try pad.waitFor("slide 2 full screen, readable") { shot in
            last = shot
            guard let whole = shot.panes()?.current, whole.width > shot.width * 3 / 4 else { return false }
            read = try shot.wordsRead(in: whole, expected: try words(ofSlide: 1))
            return read >= 0.5
        }
        print("sixel through \(version): slide 2 full screen read \(read)")
        try pad.key("q")
        try pad.key("y")
        _ = try pad.waitForFile(pad.directory.appendingPathComponent("exit").path, containing: "EXIT=0")
    }
}
