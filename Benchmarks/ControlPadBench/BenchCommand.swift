@testable import ControlPadUI
import ArgumentParser
import Foundation
import PadTerminal
import SlideImages
import SlideModel
import DemoSource

/// `controlpad-bench`: the budgets of docs/BENCHMARKS.md, measured, against the
/// thresholds in `Benchmarks/budgets.json`. A developer's tool, not part of
/// the product: `scripts/bench.sh` builds it in release and runs it.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "controlpad-bench",
        abstract: "Measure ControlPad against its budgets (scripts/bench.sh builds it in release and runs it).",
        discussion: """
            Each line gives the median and p95 per iteration and its budget from
            Benchmarks/budgets.json. The run fails (exit 1) when a figure is over a
            budget marked `fails` (ratios against a bare client measured in the same
            run, byte counts, losses); absolute times fail it only with --strict.
            The pad is measured as the `controlpad` built beside this program.

            Not measured here: the idle pad's CPU (clock and timer ticking). Run the
            release demo in tmux and read the process's utime+stime (in clock ticks,
            usually 10 ms) from /proc twice, a few minutes apart:
              tmux -L idle new-session -d -x 160 -y 50 'controlpad demo --no-animation'
              sleep 5; PID=$(pgrep -n -x controlpad)
              t0=$(awk '{print $14+$15}' /proc/$PID/stat); sleep 300
              t1=$(awk '{print $14+$15}' /proc/$PID/stat)
              hz=$(getconf CLK_TCK)
              awk "BEGIN { print ($t1 - $t0) / $hz / 3 }"   # % of one core
              grep VmRSS /proc/$PID/status    # its resident memory, too
              tmux -L idle kill-server
            """
    )

    enum Part: String, ExpressibleByArgument, CaseIterable {
        case memory, images, pictures, key, bytes, start, wire, thumbnails, overview, show, long
        /// What runs without `--only`: all but the real show, which needs LibreOffice.
        static let offline: [Part] = allCases.filter { $0 != .show && $0 != .long && $0 != .overview }
    }

    @Option(help: "Iterations per timed measurement.")
    var iterations = 500

    @Option(help: ArgumentHelp("A PNG for the image benchmarks (default: the demo deck's first preview).", valueName: "FILE"))
    var preview: String?

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Only these parts: memory, images, key, bytes, start, wire, pictures, thumbnails, overview (memory of a 200-slide overview: run it alone), show (the real show: needs LibreOffice, see scripts/real-show-bench.sh), long (a 400-slide real show while its previews stream: scripts/real-show-bench.sh --long).", valueName: "PART"))
    var only: [Part] = []

    @Option(help: ArgumentHelp("For show: the port of LibreOffice's Impress Remote on 127.0.0.1.", valueName: "PORT"))
    var impressPort = 1599

    @Option(help: "For show: a remote name LibreOffice has authorised, and its PIN.")
    var name = "controlpad-test"

    @Option(help: "For show: the PIN paired with --name.")
    var pin = "1234"

    @Option(help: "For show: runs of each measurement.")
    var runs = 3

    @Option(help: ArgumentHelp("The thresholds.", valueName: "FILE"))
    var budgets = "Benchmarks/budgets.json"

    @Flag(help: "Absolute times and memory over their budgets fail the run too (they are noisy on a shared machine).")
    var strict = false

    @Option(help: .hidden)
    var bareClient: Int?

    func run() throws {
        if let bareClient { try TerminalBareClient.run(port: bareClient) }
        let parts = only.isEmpty ? Part.offline : only
        BudgetBook.current = try BudgetBook(path: budgets, strict: strict)
        #if DEBUG
        print("warning: a debug build; pixel loops are ~25x slower. Build with -c release for real figures.")
        #endif
        let pad = PadBenchmarks(iterations: iterations)
        // Memory first, while the process holds nothing else.
        if parts.contains(.memory) { try pad.memory() }
        if parts.contains(.overview) { try ThumbnailBenchmarks(iterations: iterations).overviewMemory() }
        let deck = try DemoDeck.builtIn()
        if parts.contains(.images) {
            let png: [UInt8]
            if let preview {
                guard let data = FileManager.default.contents(atPath: preview) else {
                    throw ValidationError("cannot read \(preview)")
                }
                png = [UInt8](data)
            } else {
                png = deck.slides[0].preview.png
            }
            try runImageBenchmarks(png: png, iterations: iterations)
        }
        if parts.contains(.pictures) { try PictureBenchmarks.run(deck, iterations: iterations) }
        if parts.contains(.key) { pad.keyToScreen(deck) }
        if parts.contains(.thumbnails) { try ThumbnailBenchmarks(iterations: iterations).run() }
        if parts.contains(.bytes) {
            try pad.bytesPerStep(deck, terminalName: "xterm-256color", depth: .palette256)
            if TerminfoLookup.exists("xterm-direct") {
                try pad.bytesPerStep(deck, terminalName: "xterm-direct", depth: .truecolor)
            }
            try pad.bytesPerStep(deck, terminalName: "xterm-256color", depth: .monochrome)
        }
        if parts.contains(.start) {
            try pad.processStartToFirstFrame()
            pad.startToFirstFrame()
        }
        if parts.contains(.wire) { try WireBenchmarks(presses: max(200, iterations / 2)).keyToWire() }
        if parts.contains(.show) {
            try RealShowBenchmarks(port: impressPort, name: name, pin: pin, runs: max(1, runs)).run()
        }
        if parts.contains(.long) { try LongShowBenchmarks(port: impressPort, name: name, pin: pin).run() }
        print("(f) idle pad CPU: not measured in-process; see `controlpad-bench --help` for how (budget < 0.2 % of one core)")
        print(BudgetBook.current.verdict)
        if !BudgetBook.current.over.isEmpty { throw ExitCode.failure }
    }
}
