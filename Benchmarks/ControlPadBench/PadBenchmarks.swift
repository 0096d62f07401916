@testable import ControlPadUI
import Foundation
import PadGrid
import PadTerminal
import PadTestSupport
import SlideImages
import SlideModel
import DemoSource

/// The pad's budgets from docs/BENCHMARKS.md, measured in-process on the demo deck:
/// key → screen, bytes per slide step, start → first frame, memory.
struct PadBenchmarks {
    var iterations: Int

    /// Renders like `PadLoop.draw`: one `PadFrame`.
    static func render(_ view: PadView, _ state: inout PadState, width: Int, height: Int, now: Duration = .zero) -> CellGrid {
        PadFrame(&state, view: view, size: TerminalSize(width: width, height: height), now: now).grid
    }

    /// One slide step as the pad lives it: the key (its command goes out),
    /// the show's confirmation, a frame, and the cells the backend would write.
    static func step(_ state: inout PadState, _ view: PadView, previous: inout CellGrid?, width: Int, height: Int) -> Int {
        let target = state.current + 1 < state.slideCount ? state.current + 1 : 0
        keepAlive(state.reduce(.key(target == 0 ? .home : .right), now: .zero))
        _ = state.reduce(.source(.slideChanged(index: target)), now: .zero)
        let grid = render(view, &state, width: width, height: height)
        let changed = grid.changes(since: previous).count
        previous = grid
        return changed
    }

    // MARK: - (b) key → screen updated

    func keyToScreen(_ deck: DemoDeck) {
        let (w, h) = (160, 50)
        var state = LoadedShow.state(deck)
        let pictures = PicturePipeline(depth: .palette256)
        let view = PadView(clock: "14:05", pictures: pictures)
        var previous: CellGrid? = Self.render(view, &state, width: w, height: h)
        // One pass through the deck first: after it every picture is cached,
        // as in a real talk after the first run-through.
        for _ in 0..<deck.slides.count { _ = Self.step(&state, view, previous: &previous, width: w, height: h) }
        var changed: [Int] = []
        let rendersBefore = pictures.renders
        measure(name: "(b) key -> screen updated, \(w)x\(h), two pictures (cached): reduce+render+diff",
                budget: "key.screen", iterations: iterations) { () -> Int in
            let n = Self.step(&state, view, previous: &previous, width: w, height: h)
            changed.append(n)
            return n
        }
        changed.sort()
        print("    cells changed per step: median \(changed[changed.count / 2]), max \(changed.last ?? 0) of \(w * h); pictures rendered during the run: \(pictures.renders - rendersBefore)")

        // The same, drawn through the real backend (headless, its bytes
        // counted and dropped), which encodes the changed cells.
        if let terminal = try? RealTerminal(useColor: true, terminalName: "xterm-256color",
                                            headless: .init(size: TerminalSize(width: w, height: h)) { _ in }) {
            var drawn: CellGrid? = previous
            terminal.draw(drawn!)
            measure(name: "    same, drawn by RealTerminal (headless, xterm-256color)",
                    budget: "key.screen", iterations: iterations) { () -> Int in
                let n = Self.step(&state, view, previous: &drawn, width: w, height: h)
                terminal.draw(drawn!)
                return n
            }
            terminal.restore()
        }

        // First visit of a slide: both pictures are new (decoded at their pane sizes).
        var coldState = LoadedShow.state(deck)
        var coldPrevious: CellGrid?
        measure(name: "    same, first visit, worst case: both pictures decoded and rendered (the preview-arrival path, twice)",
                iterations: max(20, iterations / 5)) { () -> Int in
            let view = PadView(clock: "14:05", pictures: PicturePipeline(depth: .palette256))
            return Self.step(&coldState, view, previous: &coldPrevious, width: w, height: h)
        }
        // Without pictures, for comparison: the interface alone.
        var plainState = LoadedShow.state(deck)
        var plainPrevious: CellGrid?
        let plain = PadView(clock: "14:05", pictures: nil)
        measure(name: "    same, no pictures (interface only)", iterations: iterations) { () -> Int in
            Self.step(&plainState, plain, previous: &plainPrevious, width: w, height: h)
        }
    }

    // MARK: - (c) bytes written per slide step

    func bytesPerStep(_ deck: DemoDeck, terminalName: String, depth: ColorDepth) throws {
        let (w, h) = (160, 50)
        let counter = ByteCounter()
        let terminal = try RealTerminal(useColor: true, terminalName: terminalName,
                                        headless: .init(size: TerminalSize(width: w, height: h)) { counter.bytes += $0.count })
        defer { terminal.restore() }
        func written() -> Int { counter.bytes }
        var state = LoadedShow.state(deck)
        let view = PadView(clock: "14:05", pictures: PicturePipeline(depth: depth))
        var previous: CellGrid? = Self.render(view, &state, width: w, height: h)
        let start = written()
        terminal.draw(previous!)
        let firstFrame = written() - start
        var bytes: [Int] = [], cells: [Int] = []
        for _ in 0..<(2 * deck.slides.count) {
            let before = written()
            let grid: CellGrid
            let changed = Self.step(&state, view, previous: &previous, width: w, height: h)
            grid = previous!
            terminal.draw(grid)
            bytes.append(written() - before)
            cells.append(changed)
        }
        let perCell = zip(bytes, cells).map { Double($0) / Double(max(1, $1)) }.sorted()
        let sortedBytes = bytes.sorted(), sortedCells = cells.sorted()
        let median = sortedBytes[bytes.count / 2]
        let ratio = Double(median) / Double(max(1, firstFrame))
        let budget = depth == .monochrome ? "" : BudgetBook.current.check("bytes.step", ratio)
        print("(c) bytes per slide step, \(w)x\(h), \(terminalName), \(depth.rawValue) colours: median \(median) bytes for \(sortedCells[cells.count / 2]) changed cells, \(String(format: "%.1f", perCell[perCell.count / 2])) bytes/changed cell (range \(String(format: "%.1f", perCell.first!))–\(String(format: "%.1f", perCell.last!))); a full repaint \(firstFrame) bytes for \(w * h) cells: \(String(format: "%.2f", ratio))x (n=\(bytes.count))\(budget)")
    }

    // MARK: - (d) start → first frame

    func startToFirstFrame() {
        measure(name: "    in-process part: deck + state + curses + render + draw to /dev/null",
                budget: "start.first-frame", iterations: max(20, iterations / 10), warmUp: 2) { () -> Int in
            Self.firstFrame(withPictures: false)
        }
        measure(name: "    same, with the first two previews in (first frame with pictures)",
                budget: "start.first-frame", iterations: max(20, iterations / 10), warmUp: 2) { () -> Int in
            Self.firstFrame(withPictures: true)
        }
    }

    /// The real thing: this binary started as `controlpad demo` on a fresh
    /// pseudo-terminal (160×50 through COLUMNS/LINES), timed from spawn until
    /// the first frame's status line has been written, then sent SIGTERM.
    func processStartToFirstFrame() throws {
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        measure(name: "(d) start -> first frame (demo process on a pty: exec + runtime + deck + terminal queries + curses + first draw)",
                budget: "start.first-frame", iterations: max(20, iterations / 20), warmUp: 2) { () -> Double in
            (try? Self.spawnToFirstFrame(binary: binary)) ?? -1
        }
    }

    static func spawnToFirstFrame(binary: String) throws -> Double {
        let start = monotonicMilliseconds()
        let pad = try PseudoTerminalProcess(binary: binary, arguments: ["demo", "--no-animation"])
        defer { pad.stop() }
        let master = pad.master
        var seen: [UInt8] = []
        var answered = false
        let marker = Array("? help".utf8)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while monotonicMilliseconds() - start < 5000 {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { break }
            seen += buffer[0..<n]
            answered = answered || PictureBenchmarks.answerQueries(seen, terminal: master)
            if seen.count >= marker.count, seen.indices.dropLast(marker.count - 1).contains(where: { i in
                seen[i] == marker[0] && Array(seen[i..<i + marker.count]) == marker
            }) {
                return monotonicMilliseconds() - start
            }
        }
        throw BenchmarkError("no first frame within 5 s")
    }

    static func firstFrame(withPictures: Bool) -> Int {
        guard let deck = try? DemoDeck.builtIn() else { return -1 }
        guard let source = try? MockSlideSource.demo() else { return -1 }
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        if withPictures {
            _ = state.reduce(.source(.showStarted(slideCount: deck.slides.count, current: 0)), now: .zero)
            for i in 0..<2 { _ = state.reduce(.source(.preview(index: i, deck.slides[i].preview)), now: .zero) }
        }
        let colors = ColorSetup(environment: ["TERM": "xterm-256color"], choice: .auto)
        guard let terminal = try? RealTerminal(useColor: true, terminalName: "xterm-256color",
                                               headless: .init(size: TerminalSize(width: 80, height: 24)) { _ in }) else { return -1 }
        defer { terminal.restore() }
        let depth = colors.depth(terminalName: "xterm-256color", colors: terminal.colorCount, direct: terminal.directColor)
        let view = PadView(clock: "14:05", pictures: PicturePipeline(depth: depth))
        let size = terminal.size
        let grid = render(view, &state, width: size.width, height: size.height)
        terminal.draw(grid)
        keepAlive(source)
        return grid.width
    }

    // MARK: - (e) memory

    func memory(slides count: Int = 1000) throws {
        let before = residentKB()
        let deck = try DemoDeck.builtIn(slideCount: count)
        // Every preview its own bytes, as from the network (the demo deck
        // repeats its pictures, which would share storage).
        var previewBytes = 0
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: count, current: 0)), now: .zero)
        for (i, slide) in deck.slides.enumerated() {
            // Distinct bytes that still decode (a changed data byte would not).
            let png = LoadedShow.distinct(slide.preview.png, i)
            previewBytes += png.count
            _ = state.reduce(.source(.preview(index: i, Preview(png: png, aspect: slide.preview.aspect))), now: .zero)
            if let markup = slide.notesMarkup {
                _ = state.reduce(.source(.notes(index: i, .plain(OfficeNotesMarkup.plainText(from: markup)))), now: .zero)
            }
        }
        let loaded = residentKB()
        let pictures = PicturePipeline(depth: .truecolor)
        let view = PadView(clock: "14:05", pictures: pictures)
        var previous: CellGrid? = Self.render(view, &state, width: 160, height: 50)
        // A walk through the deck (pictures rendered and cached, up to the cache's size)...
        for _ in 0..<100 { _ = Self.step(&state, view, previous: &previous, width: 160, height: 50) }
        // ...and a few pages of the slide list.
        _ = state.reduce(.key(.tab), now: .zero)
        for _ in 0..<10 {
            previous = Self.render(view, &state, width: 160, height: 50)
            _ = state.reduce(.key(.pageDown), now: .zero)
        }
        _ = state.reduce(.key(.end), now: .zero)
        previous = Self.render(view, &state, width: 160, height: 50)
        keepAlive(previous)
        let after = residentKB()
        print("(e) \(count)-slide deck, all previews loaded (\(megabytes(previewBytes / 1024)) of PNG), 100 steps and 11 list pages rendered at 160x50 truecolor: resident \(megabytes(after)) (process at start of test \(megabytes(before)), after loading \(megabytes(loaded)), growth \(megabytes(after - before)); \(pictures.cachedCount) pictures cached)" + BudgetBook.current.check("memory.pad", Double(after) / 1024))
        keepAlive(state)
    }
}

/// Counts the bytes a headless terminal writes.
final class ByteCounter {
    var bytes = 0
}
