import ArgumentParser

/// Options every pad-opening subcommand shares.
struct PadOptions: ParsableArguments {
    @Flag(name: .long, help: "Open and close the slide list and overlays instantly.")
    var noAnimation = false

    @Option(name: .long, help: "Write a log to FILE (never to the terminal the pad draws on).")
    var log: String?
}
