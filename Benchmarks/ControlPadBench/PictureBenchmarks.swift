@testable import ControlPadUI
import DemoSource
import Foundation
import PadGrid
import PadTerminal
import PadTestSupport
import SlideImages
import SlideModel
import Syscalls

/// Real pictures, measured: a sixel picture encoded from an arriving
/// preview (budget 5 ms, like half-blocks), and the bytes a slide step
/// writes for pictures with kitty (placements only once a slide was seen)
/// and with sixel (first visit and revisit).
enum PictureBenchmarks {
    /// The cell size assumed when a terminal does not say (xterm's 9×20
    /// fonts are close): a 160×50 pane is 1600×1000 pixels.
    static let cell = (width: 10, height: 20)

    static func run(_ deck: DemoDeck, iterations: Int) throws {
        let png = deck.slides[0].preview.png
        let decoded = try PNGDecoder.decode(png)
        // As the pad does it, cold: the pane's placement (the PNG decoded
        // once), then the sixel bytes for it, into a pane of 80×24 or 160×50.
        for (cols, rows) in [(80, 24), (160, 50)] {
            let frame = fitPicture(aspect: decoded.aspect, paneCols: cols, paneRows: rows)
            let size = SixelPictures.fit(aspect: decoded.aspect, in: (frame.cols * cell.width, frame.rows * cell.height))
            measure(name: "(a) preview arrives -> shown, sixel: decode+fit+palette+encode -> \(cols)x\(rows) (\(size.width)x\(size.height) px)",
                    budget: cols == 80 ? "picture.step" : nil, iterations: max(20, iterations / 5)) { () -> Int in
                var grid = CellGrid(width: cols, height: rows + 1)
                let sixel = SixelPictures(encodeLater: { $0() }) { cell }, pictures = PicturePipeline(depth: .palette256, real: sixel)
                _ = pictures.request(Preview(png: png), slide: 0, in: Rect(x: 0, y: 0, width: cols, height: rows), grid: &grid)
                pictures.render(&grid)
                return sixel.bytes(grid.pictures, screenHeight: rows + 1) { _ in false }.count
            }
        }
        let frame = fitPicture(aspect: decoded.aspect, paneCols: 80, paneRows: 24)
        let size = SixelPictures.fit(aspect: decoded.aspect, in: (frame.cols * cell.width, frame.rows * cell.height))
        measure(name: "    decode", iterations: iterations) { try? PNGDecoder.decode(png) }
        measure(name: "    palette + enlarge to \(size.width)x\(size.height)", iterations: iterations) {
            SixelEncoder.paletted(decoded.image, width: size.width, height: size.height)
        }
        let (indices, palette) = SixelEncoder.paletted(decoded.image, width: size.width, height: size.height)
        measure(name: "    sixel bytes", iterations: iterations) {
            SixelEncoder.encode(indices: indices, width: size.width, height: size.height, palette: palette)
        }
        try bytesPerStep(deck, writer: KittyPictures(), name: "kitty graphics")
        try bytesPerStep(deck, writer: SixelPictures(encodeLater: { $0() }) { cell }, name: "sixel")
    }

    /// Steps 1 → 2 → … → 6 (each a first visit), then back and forth over
    /// seen slides, 160×50, and reports the picture bytes per step.
    static func bytesPerStep(_ deck: DemoDeck, writer: PictureProtocol & PictureEncoder, name: String) throws {
        var state = LoadedShow.state(deck)
        let view = PadView(clock: "14:05", pictures: PicturePipeline(depth: .palette256, real: writer))
        func write(_ grid: CellGrid, previous: CellGrid?) -> Int {
            let changes = grid.changes(since: previous)
            let gone = writer.prepare(grid.pictures, fullRepaint: previous == nil)
            return writer.bytes(grid.pictures, screenHeight: grid.height) { rect in
                gone.contains { $0.intersects(rect) } || changes.contains { rect.contains(x: $0.x, y: $0.y) }
            }.count
        }
        var previous: CellGrid? = PadBenchmarks.render(view, &state, width: 160, height: 50)
        let firstFrame = write(previous!, previous: nil)
        var first: [Int] = [], again: [Int] = []
        for target in [1, 2, 3, 4, 5, 4, 3, 2, 3, 4, 5, 4] {
            let seen = target < state.current || first.count >= 5
            _ = state.reduce(.source(.slideChanged(index: target)), now: .zero)
            let grid = PadBenchmarks.render(view, &state, width: 160, height: 50)
            let bytes = write(grid, previous: previous)
            if seen { again.append(bytes) } else { first.append(bytes) }
            previous = grid
        }
        let tick = write(PadBenchmarks.render(view, &state, width: 160, height: 50), previous: previous)
        print("(g) picture bytes per slide step, 160x50, \(name): first frame \(firstFrame), first visit median \(median(first)), "
              + "revisit median \(median(again)) (max \(again.max() ?? 0)), clock tick \(tick)"
              + (name.hasPrefix("kitty") ? BudgetBook.current.check("kitty.revisit", Double(again.max() ?? 0)) : ""))
    }

    /// Answers the pad's start-up queries, once they are in `seen`, as a
    /// terminal without kitty graphics or sixel does (every terminal answers
    /// DA1 at once). True once answered.
    static func answerQueries(_ seen: [UInt8], terminal: Int32) -> Bool {
        guard String(decoding: seen, as: UTF8.self).contains("\u{1B}[c") else { return false }
        _ = try? Syscalls.writeAll(terminal, Array("\u{1B}[?65;1;9c".utf8))
        return true
    }

    private static func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
}
