@testable import ControlPadUI
import Foundation
import PadTerminal
import PadTestSupport
import SlideImages
import SlideModel
import DemoSource

/// The thumbnails' budgets (issue 20): the list opened with its thumbnails
/// (previews in, pictures not yet drawn), one row scrolled, the overview
/// opened, and a 200-slide deck's overview in memory.
struct ThumbnailBenchmarks {
    var iterations: Int

    func run() throws {
        let (w, h) = (200, 60)
        let loaded = try LoadedShow.demo(slides: 40, distinctPreviews: true)
        // (g) Open the list: previews in, and prepared while the pad idled
        // (the loop hands `PictureAhead` the thumbnails around the list's
        // place after each frame): the key's first full frame.
        var thumbnails = 0
        let runs = max(5, iterations / 20), tall = 105  // 20 rows of 5 lines in view
        var ready: [(PicturePipeline, PadState)] = (0...runs).map { _ in
            var state = loaded
            let pictures = PicturePipeline(depth: .palette256, ahead: PictureAhead(run: { $0() }))
            let frame = PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: w, height: tall), now: .zero)
            pictures.prepareAhead(pictures.aheadWants(state, layout: frame.layout))
            return (pictures, state)
        }
        _ = measure(name: "(g) slide list opened, \(w)x\(tall), previews in and prepared while idle: key -> first full frame",
                budget: "thumbnails.open", iterations: runs, warmUp: 1) { () -> Int in
            var (pictures, state) = ready.removeLast()
            _ = state.reduce(.key(.tab), now: .zero)
            let grid = PadBenchmarks.render(PadView(clock: "14:05", pictures: pictures), &state, width: w, height: tall)
            thumbnails = state.viewport.listRows
            return grid.width
        }
        // The same, had nothing been prepared: each preview decoded once, on the key's path.
        _ = measure(name: "    the same, nothing prepared: decoded and drawn from the PNGs",
                iterations: runs, warmUp: 1) { () -> Int in
            var state = loaded
            _ = state.reduce(.key(.tab), now: .zero)
            return PadBenchmarks.render(PadView(clock: "14:05", pictures: PicturePipeline(depth: .palette256)), &state, width: w, height: tall).width
        }
        print("    (\(thumbnails) thumbnails in view)")
        // (h) One row down, the thumbnails cached: reduce + render + diff.
        var state = loaded
        let pictures = PicturePipeline(depth: .palette256)
        let view = PadView(clock: "14:05", pictures: pictures)
        _ = state.reduce(.key(.tab), now: .zero)
        var previous = PadBenchmarks.render(view, &state, width: w, height: h)
        var down = true
        for _ in 0..<state.slideCount { _ = state.reduce(.key(.down), now: .zero); previous = PadBenchmarks.render(view, &state, width: w, height: h) }
        _ = measure(name: "(h) slide list scrolled one row, \(w)x\(h), thumbnails cached: reduce+render+diff",
                budget: "thumbnails.scroll", iterations: iterations) { () -> Int in
            // Up and down the whole list, a row at a time: every press scrolls a row near the ends.
            if state.viewState(.slideList).selection == 0 { down = true }
            if state.viewState(.slideList).selection == state.slideCount - 1 { down = false }
            _ = state.reduce(.key(down ? .down : .up), now: .zero)
            let grid = PadBenchmarks.render(view, &state, width: w, height: h)
            let n = grid.changes(since: previous).count
            previous = grid
            return n
        }
        try kittyScroll(loaded, width: w, height: h)
        // (i) The overview opened, previews in and prepared while the pad
        // idled (as the list's, (g)): the key's first full frame. A deck
        // that fills the overview's 72 cells.
        let deck = try LoadedShow.demo(slides: 120, distinctPreviews: true)
        var cells = 0, onPath = 0
        var idle: [(PicturePipeline, PadState)] = (0...runs).map { _ in
            var state = deck
            let pictures = PicturePipeline(depth: .palette256, ahead: PictureAhead(run: { $0() }))
            let frame = PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures), size: TerminalSize(width: w, height: h), now: .zero)
            pictures.prepareAhead(pictures.aheadWants(state, layout: frame.layout))
            return (pictures, state)
        }
        _ = measure(name: "(i) overview opened, \(w)x\(h), previews in and prepared while idle: key -> first full frame",
                budget: "overview.open", iterations: runs, warmUp: 1) { () -> Int in
            var (pictures, state) = idle.removeLast()
            let before = pictures.images.decodes + pictures.renders
            _ = state.reduce(.key(.char("o")), now: .zero)
            let grid = PadBenchmarks.render(PadView(clock: "14:05", pictures: pictures), &state, width: w, height: h)
            cells = state.viewport.overviewColumns * state.viewport.overviewRows
            onPath = max(onPath, pictures.images.decodes + pictures.renders - before)
            return grid.width
        }
        // The same, had nothing been prepared: every cell's picture drawn from its PNG.
        _ = measure(name: "    the same, nothing prepared: decoded and drawn from the PNGs",
                iterations: runs, warmUp: 1) { () -> Int in
            var state = deck
            let view = PadView(clock: "14:05", pictures: PicturePipeline(depth: .palette256))
            _ = state.reduce(.key(.char("o")), now: .zero)
            let grid = PadBenchmarks.render(view, &state, width: w, height: h)
            cells = state.viewport.overviewColumns * state.viewport.overviewRows
            return grid.width
        }
        print("    (\(cells) cells in view; prepared: \(onPath) PNGs decoded or thumbnails rendered on the key's path)")
    }

    /// (h, kitty) The list scrolled a row at a time with kitty graphics:
    /// picture bytes only for the row scrolled into view the first time;
    /// back over rows already sent, placements only.
    func kittyScroll(_ loaded: PadState, width w: Int, height h: Int) throws {
        var state = loaded
        let kitty = KittyPictures(), view = PadView(clock: "14:05", pictures: PicturePipeline(depth: .palette256, real: kitty))
        func write() -> String {
            let grid = PadBenchmarks.render(view, &state, width: w, height: h)
            _ = kitty.prepare(grid.pictures, fullRepaint: false)
            return String(decoding: kitty.bytes(grid.pictures, screenHeight: h) { _ in false }, as: UTF8.self)
        }
        _ = state.reduce(.key(.tab), now: .zero)
        _ = write()
        var down: [Int] = [], back: [Int] = [], resent = 0
        for key in Array(repeating: Key.down, count: 30) + Array(repeating: Key.up, count: 30) {
            _ = state.reduce(.key(key), now: .zero)
            let out = write()
            if key == .up { back.append(out.utf8.count); resent += out.components(separatedBy: "a=t,").count - 1 } else { down.append(out.utf8.count) }
        }
        print("(h) slide list scrolled a row at a time, \(w)x\(h), kitty: down (new rows) max \(down.max() ?? 0) B, back up over rows sent "
              + "max \(back.max() ?? 0) B, pictures sent again \(resent)" + BudgetBook.current.check("kitty.scroll-resent", Double(resent)))
    }

    /// (j) A 200-slide deck paged through in the overview: resident memory.
    func overviewMemory(slides count: Int = 200) throws {
        let before = residentKB()
        var state = try LoadedShow.demo(slides: count, distinctPreviews: true)
        let pictures = PicturePipeline(depth: .truecolor)
        let view = PadView(clock: "14:05", pictures: pictures)
        _ = state.reduce(.key(.char("o")), now: .zero)
        var grid = PadBenchmarks.render(view, &state, width: 200, height: 60)
        while state.viewState(.overview).selection < count - 1 {
            _ = state.reduce(.key(.pageDown), now: .zero)
            grid = PadBenchmarks.render(view, &state, width: 200, height: 60)
        }
        keepAlive(grid)
        let after = residentKB()
        print("(j) \(count)-slide deck paged through in the overview at 200x60 truecolor: resident \(megabytes(after)) (at start \(megabytes(before)); \(pictures.cachedCount) pictures cached)" + BudgetBook.current.check("overview.memory", Double(after) / 1024))
        keepAlive(state)
    }
}
