import Foundation
import XCTest

/// `controlpad demo` in real terminals under Xvfb: kitty (kitty graphics)
/// and xterm -ti vt340 (sixel). Screenshots of the window are compared with
/// the slide previews scaled to the same size: with real pictures both panes
/// match the slides closely, measurably closer than the half-block pictures
/// in the same terminal. `CONTROLPAD_SCREENSHOTS=DIR` also keeps small PNGs
/// of what was seen (the README's come from there).
final class RealTerminalPicturesTests: XCTestCase {
    private static let deck = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/DemoSource/Resources/DemoDeck")

    /// The demo deck's preview of slide `index` (0-based).
    private func preview(_ index: Int) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.deck.appendingPathComponent(String(format: "slide-%02d.png", index + 1))))
    }

    typealias Rect = Screenshot.Rect

    private struct Seen {
        var current: (correlation: Double, error: Double)
        var next: (correlation: Double, error: Double)
        var panes: (current: Rect, next: Rect)
    }

    /// How well the panes of `shot` match slides `index` and `index + 1`
    /// (nil without two pictures).
    private func seen(_ shot: Screenshot, at index: Int) throws -> Seen? {
        last = shot
        guard let (c, n) = shot.panes(), let n else { return nil }
        return Seen(current: try shot.match(c, png: try preview(index)), next: try shot.match(n, png: try preview(index + 1)),
                    panes: (c, n))
    }

    /// The last screenshot looked at (kept when a test fails).
    private var last: Screenshot?

    private func start(_ terminal: XTerminalSession.Terminal, _ arguments: String = "", term: String? = nil) throws -> (XTerminalSession, String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString.prefix(8)).log").path
        let session = try XTerminalSession(terminal, command:
            "\(term.map { "TERM=\($0) " } ?? "")\(TmuxSession.binary) demo --no-animation --seed 5 --latency 5-40 --drop 0 --log \(log) \(arguments)")
        return (session, log)
    }

    private func keep(_ shot: Screenshot, as name: String) throws {
        guard let dir = ProcessInfo.processInfo.environment["CONTROLPAD_SCREENSHOTS"] else { return }
        try Data(try shot.png(targetWidth: name.hasSuffix("failed.png") ? shot.width : 560))
            .write(to: URL(fileURLWithPath: dir).appendingPathComponent(name))
    }

    private func checkRealPictures(_ terminal: XTerminalSession.Terminal, protocolName: String, shotName: String) throws {
        do { try runRealPictures(terminal, protocolName: protocolName, shotName: shotName) } catch {
            if let last { try? keep(last, as: shotName.replacingOccurrences(of: ".png", with: "-failed.png")) }
            throw error
        }
    }

    /// Runs the pad with real pictures and with half-blocks in `terminal`
    /// and checks what a presenter sees.
    private func runRealPictures(_ terminal: XTerminalSession.Terminal, protocolName: String, shotName: String) throws {
        let (pad, log) = try start(terminal)
        defer { try? FileManager.default.removeItem(atPath: log) }
        let said = try pad.waitForFile(log, containing: "pictures: ")
        XCTAssertTrue(said.contains("pictures: \(protocolName)"), said)

        var sharp: Seen?
        let first = try pad.waitFor("slides 1 and 2 in the panes") { shot in
            sharp = try seen(shot, at: 0)
            return (sharp?.current.correlation ?? 0) > 0.9 && (sharp?.next.correlation ?? 0) > 0.9
        }
        try keep(first, as: shotName)
        // Where the current slide is from now on: the help covers it there.
        let current = try XCTUnwrap(sharp).panes.current
        print("real-terminal pictures (\(protocolName)): \(first.width)×\(first.height) window, current pane \(current), "
              + "next \(try XCTUnwrap(sharp).panes.next)")

        // A step: the pictures move on.
        try pad.key("Right")
        try pad.waitFor("slides 2 and 3 after →") { shot in
            guard let s = try seen(shot, at: 1) else { return false }
            return s.current.correlation > 0.9 && s.next.correlation > 0.9
        }
        // The help over the current slide shows; the picture is back when it closes.
        try pad.key("question")
        try pad.waitFor("the help over the current pane") { shot in
            last = shot
            return try shot.match(current, png: try preview(1)).correlation < 0.8
        }
        try pad.key("Escape")
        try pad.waitFor("slide 2 back after the help") { shot in
            last = shot
            return try shot.match(current, png: try preview(1)).correlation > 0.9
        }
        // Full screen: one large picture (xterm's largest sixel is 1000 px wide), and back.
        try pad.key("f")
        try pad.waitFor("slide 2 full screen") { shot in
            last = shot
            guard let whole = shot.panes()?.current, whole.width > shot.width * 3 / 4 else { return false }
            return try shot.match(whole, png: try preview(1)).correlation > 0.9
        }
        try pad.key("Escape")
        try pad.waitFor("both panes back after full screen") { shot in
            guard let s = try seen(shot, at: 1) else { return false }
            return s.current.correlation > 0.9 && s.next.correlation > 0.9
        }
        // Quit takes the pictures with it: nothing bright is left anywhere.
        try pad.key("q")
        try pad.key("y")
        _ = try pad.waitForFile(pad.directory.appendingPathComponent("exit").path, containing: "EXIT=0")
        try pad.waitFor("no slide left on screen after quitting") { shot in
            last = shot
            return shot.pictures().isEmpty
        }

        // The same terminal with half-blocks: the slide is there, but blurred
        // (xterm in 256 colours: its own TERM=xterm has 8, and flat grey slides).
        let (blocks, blocksLog) = try start(terminal, "--pictures blocks", term: terminal == .xtermSixel ? "xterm-256color" : nil)
        defer { try? FileManager.default.removeItem(atPath: blocksLog) }
        var coarse: Seen?
        let blurred = try blocks.waitFor("half-block slides") { shot in
            coarse = try seen(shot, at: 0)
            return (coarse?.current.correlation ?? 0) > 0.5
        }
        try keep(blurred, as: "pictures-blocks.png")
        let real = try XCTUnwrap(sharp), cells = try XCTUnwrap(coarse)
        print("real-terminal pictures (\(protocolName)): current r=\(real.current.correlation) mae=\(real.current.error), "
              + "next r=\(real.next.correlation) mae=\(real.next.error); half-blocks current r=\(cells.current.correlation) "
              + "mae=\(cells.current.error), next r=\(cells.next.correlation) mae=\(cells.next.error)")
        XCTAssertGreaterThan(real.current.correlation, cells.current.correlation + 0.05, "sharper than half-blocks")
        XCTAssertGreaterThan(real.next.correlation, cells.next.correlation + 0.05, "sharper than half-blocks, next pane")
        XCTAssertLessThan(real.next.error, cells.next.error, "closer to the slide than half-blocks")
    }

    func testKittyShowsTheSlidesAsPictures() throws {
        try checkRealPictures(.kitty, protocolName: "kitty graphics", shotName: "pictures-kitty.png")
    }

    func testXtermVT340ShowsTheSlidesAsSixel() throws {
        try checkRealPictures(.xtermSixel, protocolName: "sixel", shotName: "pictures-sixel.png")
    }

    /// tmux inside kitty: kitty images cannot be placed through it, so the
    /// pad draws half-blocks, and says why in its log.
    func testInsideTmuxInKittyHalfBlocks() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString.prefix(8)).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        // The tmux server outlives the terminal: it is ended here, whatever happened.
        let socket = "cp-x-\(UUID().uuidString.prefix(8))"
        defer { _ = try? ControlpadProcess.shell("tmux -L \(socket) kill-server") }
        let pad = try XTerminalSession(.kitty, command: "tmux -L \(socket) -f /dev/null new-session "
            + "'\(TmuxSession.binary) demo --no-animation --seed 5 --latency 5-40 --drop 0 --log \(log)'")
        let said = try pad.waitForFile(log, containing: "pictures: ")
        XCTAssertTrue(said.contains("pictures: half-blocks"), said)
        XCTAssertTrue(said.contains("tmux"), said)
        try pad.waitFor("a half-block slide") { shot in (try seen(shot, at: 0)?.current.correlation ?? 0) > 0.5 }
        try pad.key("q")
        try pad.key("y")
    }
}
