import Foundation
import SlideImages
import SlideModel
import SlideSources

/// The thumbnails' budgets (issue 20): the list opened with its thumbnails
/// (previews in, pictures not yet drawn), one row scrolled, the overview
/// opened, and a 200-slide deck's overview in memory.
struct ThumbnailBenchmarks {
    var iterations: Int

    /// A show of `count` slides of the demo deck, every preview its own bytes.
    static func state(slides count: Int) throws -> PadState {
        let deck = try DemoDeck.builtIn(slideCount: count)
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.demo)), now: 0)
        _ = state.reduce(.source(.showStarted(slideCount: count, current: 0)), now: 0)
        for (i, slide) in deck.slides.enumerated() {
            var png = slide.preview.png.withUnsafeBufferPointer { Array($0) }
            if png.count > 40 { png[png.count - 20] ^= UInt8(truncatingIfNeeded: i) }  // distinct content
            _ = state.reduce(.source(.preview(index: i, Preview(png: png, aspect: slide.preview.aspect))), now: 0)
            if let markup = slide.notesMarkup {
                _ = state.reduce(.source(.notes(index: i, Notes.plainText(fromImpressMarkup: markup))), now: 0)
            }
        }
        return state
    }

    func run() throws {
        let (w, h) = (200, 60)
        let loaded = try Self.state(slides: 40)
        // (g) Open the list: the first full frame, pictures drawn from the PNGs (a cold cache).
        var thumbnails = 0
        _ = measure(name: "(g) slide list opened, \(w)x\(h), previews in, thumbnails drawn from their PNGs: first full frame",
                budget: 30, iterations: max(5, iterations / 20), warmUp: 1) { () -> Int in
            var state = loaded
            let view = PadView(clock: "14:05", pictures: PicturePipeline(depth: .palette256))
            _ = state.reduce(.key(.tab), now: 0)
            let grid = PadBenchmarks.render(view, &state, width: w, height: h)
            thumbnails = state.viewport.listRows
            return grid.width
        }
        print("    (\(thumbnails) thumbnails in view)")
        // (h) One row down, the thumbnails cached: reduce + render + diff.
        var state = loaded
        let pictures = PicturePipeline(depth: .palette256)
        let view = PadView(clock: "14:05", pictures: pictures)
        _ = state.reduce(.key(.tab), now: 0)
        var previous = PadBenchmarks.render(view, &state, width: w, height: h)
        var down = true
        for _ in 0..<state.slideCount { _ = state.reduce(.key(.down), now: 0); previous = PadBenchmarks.render(view, &state, width: w, height: h) }
        _ = measure(name: "(h) slide list scrolled one row, \(w)x\(h), thumbnails cached: reduce+render+diff",
                budget: 5, budgetIsCPU: true, iterations: iterations) { () -> Int in
            // Up and down the whole list, a row at a time: every press scrolls a row near the ends.
            if state.viewState(.slideList).selection == 0 { down = true }
            if state.viewState(.slideList).selection == state.slideCount - 1 { down = false }
            _ = state.reduce(.key(down ? .down : .up), now: 0)
            let grid = PadBenchmarks.render(view, &state, width: w, height: h)
            let n = grid.changes(since: previous).count
            previous = grid
            return n
        }
        // (i) The overview opened: every cell's picture drawn from its PNG.
        var cells = 0
        _ = measure(name: "(i) overview opened, \(w)x\(h), previews in, pictures drawn from their PNGs: first full frame",
                iterations: max(5, iterations / 20), warmUp: 1) { () -> Int in
            var state = loaded
            let view = PadView(clock: "14:05", pictures: PicturePipeline(depth: .palette256))
            _ = state.reduce(.key(.char("o")), now: 0)
            let grid = PadBenchmarks.render(view, &state, width: w, height: h)
            cells = state.viewport.overviewColumns * state.viewport.overviewRows
            return grid.width
        }
        print("    (\(cells) cells in view)")
    }

    /// (j) A 200-slide deck paged through in the overview: resident memory.
    func overviewMemory(slides count: Int = 200) throws {
        let before = PadBenchmarks.residentKB()
        var state = try Self.state(slides: count)
        let pictures = PicturePipeline(depth: .truecolor)
        let view = PadView(clock: "14:05", pictures: pictures)
        _ = state.reduce(.key(.char("o")), now: 0)
        var grid = PadBenchmarks.render(view, &state, width: 200, height: 60)
        while state.viewState(.overview).selection < count - 1 {
            _ = state.reduce(.key(.pageDown), now: 0)
            grid = PadBenchmarks.render(view, &state, width: 200, height: 60)
        }
        keepAlive(grid)
        let after = PadBenchmarks.residentKB()
        let mb = { (kb: Int) in String(format: "%.1f MB", Double(kb) / 1024) }
        print("(j) \(count)-slide deck paged through in the overview at 200x60 truecolor: resident \(mb(after)) (at start \(mb(before)); \(pictures.cachedCount) pictures cached) · budget < 120 MB resident: \(after < 120 * 1024 ? "ok" : "OVER")")
        keepAlive(state)
    }
}
