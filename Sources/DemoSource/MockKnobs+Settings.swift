import SlideModel
import SourceKit

/// The demo's knobs as its command's options: their help, and their values
/// read back from `SourceSettings` (a setting not given keeps its default).
extension MockKnobs {
    static let options = [
        SourceOption(name: "seed", valueName: "seed", help: "Seed for the demo's delays, drops and duplicates."),
        SourceOption(name: "latency", valueName: "MIN-MAX", help: "Delay range of each item, in milliseconds."),
        SourceOption(name: "drop", valueName: "P", help: "Chance (0 to 1) that an item is dropped and re-sent later."),
        SourceOption(name: "slides", valueName: "N", help: "Number of slides (the demo's slides repeat past its own count)."),
    ]

    init(_ settings: SourceSettings) throws(SourceKindError) {
        self.init()
        if let seed = settings["seed"] {
            guard let value = UInt64(seed) else { throw SourceKindError("--seed must be a whole number, e.g. --seed 3") }
            self.seed = value
        }
        if let latency = settings["latency"] {
            guard let range = Self.milliseconds(latency) else {
                throw SourceKindError("--latency must be MIN-MAX milliseconds up to 60000, e.g. --latency 20-400")
            }
            self.latency = range
        }
        if let drop = settings["drop"] {
            guard let value = Double(drop), (0...1).contains(value) else {
                throw SourceKindError("--drop must be between 0 and 1, e.g. --drop 0.1")
            }
            dropRate = value
        }
    }

    /// `--slides`: nil, the deck's own count.
    static func slides(_ settings: SourceSettings) throws(SourceKindError) -> Int? {
        guard let text = settings["slides"] else { return nil }
        guard let slides = Int(text), (1...10_000).contains(slides) else {
            throw SourceKindError("--slides must be between 1 and 10000")
        }
        return slides
    }

    /// "20-400" (or "30", one value): a range of milliseconds.
    static func milliseconds(_ text: String) -> ClosedRange<Duration>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Int(parts[0]), let high = Int(parts[parts.count - 1]),
              low >= 0, high >= low, high <= 60_000 else { return nil }
        return .milliseconds(low) ... .milliseconds(high)
    }
}
