import Foundation
import XCTest

/// The slide list's thumbnails, its search and the overview in real
/// terminals under Xvfb: kitty (kitty graphics) and xterm -ti vt340 (sixel).
/// Screenshots show each thumbnail matching its slide's preview (the same
/// similarity check as the panes'), and a search narrowing the list to its
/// matches. `CONTROLPAD_SCREENSHOTS=DIR` keeps small PNGs of what was seen.
final class RealTerminalThumbnailTests: XCTestCase {
    private static let deck = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/DemoSource/Resources/DemoDeck")
    /// The demo deck's slides, repeated to 40 (`--slides 40`).
    private static let shipped = 14

    private func preview(_ index: Int) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.deck.appendingPathComponent(String(format: "slide-%02d.png", index % Self.shipped + 1))))
    }

    /// The window's cell rows and columns, as fractions of the screenshot.
    private static let (columns, rows) = (140.0, 42.0)

    private func keep(_ shot: Screenshot, as name: String) throws {
        guard let dir = ProcessInfo.processInfo.environment["CONTROLPAD_SCREENSHOTS"] else { return }
        try Data(try shot.png(targetWidth: name.hasSuffix("failed.png") ? shot.width : 700)).write(to: URL(fileURLWithPath: dir).appendingPathComponent(name))
    }

    /// How well the picture found in a region (fractions of the window) matches slide `index`.
    private func match(_ shot: Screenshot, x: (Double, Double), y: (Double, Double), slide index: Int) throws -> Double {
        last = shot
        guard let found = shot.slide(inX: x.0, x.1, y: y.0, y.1), found.width > 20 else { return 0 }
        // The band starts a little inside the picture (see `listRow`), so
        // its found top may be a few pixels low; its bottom, over the dark
        // line under every thumbnail, is where it is: the best of tops
        // moved a little, the bottom kept.
        let png = try preview(index)
        return try (-5...2).map { dy in
            let top = max(0, found.y + dy)
            return try shot.match((found.x, top, found.width, found.y + found.height - top), png: png).correlation
        }.max() ?? 0
    }

    /// How well the current pane's picture (the largest slide on the
    /// screen, wherever the font's cells put it) matches slide `index`.
    private func matchCurrent(_ shot: Screenshot, slide index: Int) throws -> Double {
        last = shot
        guard let current = shot.panes()?.current else { return 0 }
        return try shot.match(current, png: try preview(index)).correlation
    }

    /// The list's row `row` (5 lines each at 42 rows, under the frame's top
    /// line; its thumbnail 4 of them, a blank line under it), right of the
    /// panes: its thumbnail is the only picture there. The band starts a
    /// fifth of a line in: the selected row above is bright to its last
    /// pixel, and a cell's edge may be a pixel or two off.
    private func listRow(_ row: Int) -> (x: (Double, Double), y: (Double, Double)) {
        ((0.665, 1.0), ((1.2 + Double(row * 5)) / Self.rows, (1.5 + Double(row * 5 + 4)) / Self.rows))
    }

    /// Runs of columns (fractions of the window, widened a little) that are
    /// bright in most of the band `y`: the pictures side by side there.
    private func brightColumns(_ shot: Screenshot, y: (Double, Double)) -> [(Double, Double)] {
        let ys = Int(y.0 * Double(shot.height))..<Int(y.1 * Double(shot.height))
        var runs: [(Double, Double)] = [], start: Int?
        for x in 0...shot.width {
            if x < shot.width, ys.filter({ shot.grey(x, $0) > 200 }).count * 2 > ys.count { start = start ?? x; continue }
            if let s = start, x - s > 20 {
                runs.append((max(0, Double(s - 3) / Double(shot.width)), min(1, Double(x + 3) / Double(shot.width))))
            }
            start = nil
        }
        return runs
    }

    private func check(_ terminal: XTerminalSession.Terminal, protocolName: String, shots: String) throws {
        do { try run(terminal, protocolName: protocolName, shots: shots) } catch {
            if let last { try? keep(last, as: "\(shots)-failed.png") }
            throw error
        }
    }

    /// The last screenshot looked at (kept when a test fails).
    private var last: Screenshot?

    private func run(_ terminal: XTerminalSession.Terminal, protocolName: String, shots: String) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("cp-x-\(UUID().uuidString.prefix(8)).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let pad = try XTerminalSession(terminal, command:
            "\(TmuxSession.binary) demo --no-animation --seed 5 --latency 5-40 --drop 0 --slides 40 --log \(log)")
        let said = try pad.waitForFile(log, containing: "pictures: ")
        XCTAssertTrue(said.contains("pictures: \(protocolName)"), said)
        try pad.waitFor("slide 1 in the current pane") { shot in try self.matchCurrent(shot, slide: 0) > 0.9 }

        // The list: slide 1 (the current one, selected) on top, then 2, 3….
        try pad.key("Tab")
        var seen: [(own: Double, other: Double)] = []
        let list = try pad.waitFor("the list's thumbnails match their slides") { shot in
            seen = try (1...4).map { row in
                let (x, y) = (self.listRow(row).x, self.listRow(row).y)
                return (try self.match(shot, x: x, y: y, slide: row), try self.match(shot, x: x, y: y, slide: row + 1))
            }
            return seen.allSatisfy { $0.own > 0.8 && $0.own > $0.other }
        }
        print("\(protocolName) list thumbnails, rows 2–5 against their slides and the next ones: r = \(seen)")
        try keep(list, as: "\(shots)-list.png")

        // A search narrows it: "caf" is in the notes of slides 2 and 6 (and
        // every 14th after them): rows 2 and 3 are now slides 6 and 16
        // (which shows slide 2's picture again), not 2 and 3.
        try pad.key("slash", "c", "a", "f")
        try pad.waitFor("the narrowed list: slides 6 and 16 in rows 2 and 3") { shot in
            let (second, third) = (self.listRow(1), self.listRow(2))
            let six = try self.match(shot, x: second.x, y: second.y, slide: 5)
            let two = try self.match(shot, x: second.x, y: second.y, slide: 1)
            let sixteen = try self.match(shot, x: third.x, y: third.y, slide: 15)
            return six > 0.8 && six > two && sixteen > 0.8
        }
        try pad.key("Escape", "Escape", "Escape")

        // The overview: its cells are the bright blocks across the top
        // (as many columns as fit, in either terminal's cells); the second
        // is slide 2, and the second of the next row slide columns + 2.
        try pad.key("o")
        var matched: [Double] = []
        let overview = try pad.waitFor("the overview's pictures match their slides") { shot in
            let top = self.brightColumns(shot, y: (0.03, 0.15)), below = self.brightColumns(shot, y: (0.22, 0.31))
            guard top.count >= 4, below.count == top.count else { return false }
            let two = try self.match(shot, x: top[1], y: (0, 0.19), slide: 1)
            let three = try self.match(shot, x: top[1], y: (0, 0.19), slide: 2)
            let next = try self.match(shot, x: below[1], y: (0.19, 0.36), slide: top.count + 1)
            matched = [two, three, next]
            return two > 0.8 && two > three && next > 0.8
        }
        print("\(protocolName) overview: cell 2 against slides 2 and 3, the next row's second cell against its slide: r = \(matched)")
        try keep(overview, as: "\(shots)-overview.png")
        try pad.key("Escape")
        try pad.waitFor("slide 1 back in the current pane") { shot in try self.matchCurrent(shot, slide: 0) > 0.9 }
        try pad.key("q")
        try pad.key("y")
        _ = try pad.waitForFile(pad.directory.appendingPathComponent("exit").path, containing: "EXIT=0")
    }

    func testKittyShowsTheListAndTheOverviewAsPictures() throws {
        try check(.kitty, protocolName: "kitty graphics", shots: "kitty")
    }

    func testXtermVT340ShowsTheListAndTheOverviewAsSixel() throws {
        try check(.xtermSixel, protocolName: "sixel", shots: "sixel")
    }
}
