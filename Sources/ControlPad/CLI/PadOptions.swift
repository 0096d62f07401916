import ArgumentParser
import SlideImages

/// `--color`: how many colours pictures and the interface use.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, truecolor, c256 = "256", c16 = "16", none
}

/// Options every pad-opening subcommand shares.
struct PadOptions: ParsableArguments {
    @Flag(name: .long, help: "Open and close the slide list and overlays instantly.")
    var noAnimation = false

    @Option(name: .long, help: ArgumentHelp(
        "Colours: auto (from COLORTERM and the terminal; NO_COLOR turns colour off), truecolor, 256, 16 or none.",
        valueName: "auto|truecolor|256|16|none"))
    var color: ColorChoice = .auto

    @Option(name: .long, help: ArgumentHelp(
        "How many times taller than wide a terminal cell is, for undistorted slides.", valueName: "RATIO"))
    var cellAspect: Double = 2.0

    @Option(name: .long, help: "Write a log to FILE (never to the terminal the pad draws on).")
    var log: String?

    func validate() throws {
        guard cellAspect >= 0.5, cellAspect <= 4 else {
            throw ValidationError("--cell-aspect must be between 0.5 and 4 (most fonts: about 2)")
        }
    }
}
