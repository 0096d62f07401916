import PadConfig
import ControlPadUI
import ArgumentParser
import SlideImages

/// Options every pad-opening subcommand shares.
struct PadOptions: ParsableArguments {
    @Flag(name: .long, help: "Open and close the slide list and overlays instantly.")
    var noAnimation = false

    @Option(name: .long, help: ArgumentHelp(
        "Colours: auto (from COLORTERM and the terminal; NO_COLOR turns colour off), truecolor, 256, 16 or none.",
        valueName: "auto|truecolor|256|16|none"))
    var color: ColorChoice = .auto

    @Option(name: .long, help: ArgumentHelp(
        "How many times taller than wide a terminal cell is, for undistorted slides (default 2, or the config's).", valueName: "RATIO"))
    var cellAspect: Double?

    @Option(name: .long, help: ArgumentHelp(
        "Slide pictures: auto (ask the terminal: kitty graphics, iTerm2's inline images, sixel, else half-blocks), kitty, sixel, iterm, blocks or none (default: the config's, else auto).",
        valueName: "auto|kitty|sixel|iterm|blocks|none"))
    var pictures: PictureChoice?

    @Option(name: .long, help: ArgumentHelp(
        "Colours for a light or a dark terminal: auto (ask the terminal its background), light or dark (default: the config's [theme] background, else auto).",
        valueName: "auto|light|dark"))
    var theme: ThemeChoice?

    @Option(name: .long, help: ArgumentHelp("Write a log to FILE (never to the terminal the pad draws on).", valueName: "FILE"))
    var log: String?

    @Option(name: .long, help: ArgumentHelp("Read the config from FILE instead of $XDG_CONFIG_HOME/controlpad/config.toml.", valueName: "FILE"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp(
        "The talk's planned length, for time left and pace: a number alone is minutes (90), and so is the last field of h:mm (1:30 is an hour and a half); or 20m, 1h30m, 90s.",
        valueName: "LENGTH"))
    var duration: String?

    @Option(name: .long, help: ArgumentHelp("Write one CSV row per slide visit (slide, entered at, seconds spent) to FILE.", valueName: "FILE"))
    var rehearsalLog: String?

    @Option(name: .long, help: ArgumentHelp(
        "Pace the talk against a rehearsal log --rehearsal-log wrote (the latest of FILE, FILE-2, ... wins): ahead or behind per slide.",
        valueName: "FILE"))
    var paceFrom: String?

    @Option(help: ArgumentHelp(
        "The talk's sections from FILE ([[section]] tables: name, slide, minutes): the timer shows the section and its time left, A shows the agenda (default: the config's agenda).",
        valueName: "FILE"))
    var agenda: String?

    @Option(help: ArgumentHelp(
        "When to tell the presenter (the timer flashes once, the status line says it): talk time left, a section over its plan, the talk over; bell rings too. E.g. 5m,1m,section,over,bell (default: the config's alert).",
        valueName: "WHEN"))
    var alert: String?

    /// What the pad is given of them.
    @Flag(name: .long, help: "Draw UTF-8 frames, symbols and pictures although the locale's character set is not UTF-8 (a UTF-8 terminal behind LANG=C); without it such a locale gets ASCII.")
    var utf8 = false

    var settings: PadSettings {
        var settings = PadSettings()
        settings.utf8 = utf8
        settings.noAnimation = noAnimation
        settings.color = color
        settings.cellAspect = cellAspect
        settings.pictures = pictures
        settings.theme = theme
        settings.config = config
        settings.duration = duration
        settings.rehearsalLog = rehearsalLog
        settings.paceFrom = paceFrom
        settings.agenda = agenda
        settings.alert = alert
        return settings
    }

    func validate() throws {
        if let cellAspect, !(0.5...4).contains(cellAspect) {
            throw ValidationError("--cell-aspect must be between 0.5 and 4 (most fonts: about 2)")
        }
        if let duration, DurationText.length(duration) == nil {
            throw ValidationError("--duration " + DurationText.problem(duration))
        }
        if let alert, case .failure(let problem) = AlertText.rules(alert) {
            throw ValidationError("--alert: " + problem.description)
        }
    }
}
