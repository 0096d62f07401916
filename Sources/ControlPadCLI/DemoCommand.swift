import ControlPadUI
import ArgumentParser
import SlideModel
import DemoSource

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the pad on the built-in demo deck (no presenting app needed).",
        discussion: """
            The demo source behaves like a real network: previews and notes arrive \
            after random delays, out of order, sometimes twice, sometimes dropped and \
            re-sent later. The same --seed gives the same run.

            Examples:
              controlpad demo
              controlpad demo --duration 20m --pictures blocks
            """
    )

    @OptionGroup var pad: PadOptions

    @Option(help: "Seed for the demo's delays, drops and duplicates.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Delay range of each item, in milliseconds.", valueName: "MIN-MAX"))
    var latency: LatencyRange = LatencyRange(range: 20...400)

    @Option(help: ArgumentHelp("Chance (0 to 1) that an item is dropped and re-sent later.", valueName: "P"))
    var drop: Double = 0.1

    @Option(help: ArgumentHelp("Number of slides (the demo's slides repeat past its own count).", valueName: "N"))
    var slides: Int?

    func validate() throws {
        guard (0...1).contains(drop) else { throw ValidationError("--drop must be between 0 and 1, e.g. --drop 0.1") }
        if let slides, !(1...10_000).contains(slides) {
            throw ValidationError("--slides must be between 1 and 10000")
        }
    }

    func run() throws {
        try bootstrapLogging(path: pad.log)
        let deck: DemoDeck
        do {
            deck = try DemoDeck.builtIn(slideCount: slides)
        } catch {
            throw ValidationError("\(error)")
        }
        var knobs = MockKnobs()
        knobs.seed = seed
        knobs.latency = latency.range
        knobs.dropRate = drop
        let source = MockSlideSource(show: MockShow(deck: deck, knobs: knobs))
        try PadRunner.run(source: source, settings: pad.settings, link: MockShow.link, config: SourceRegistry.readConfig(path: pad.config))
    }
}

/// `--latency 20-400`: a range of milliseconds.
struct LatencyRange: ExpressibleByArgument {
    var range: ClosedRange<Int>

    init(range: ClosedRange<Int>) { self.range = range }

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Int(parts[0]), let high = Int(parts.last!),
              low >= 0, high >= low, high <= 60_000 else { return nil }
        range = low...high
    }

    var defaultValueDescription: String { "\(range.lowerBound)-\(range.upperBound)" }
}
