import ArgumentParser
import ControlPadUI
import PadConfig
import SlideModel
import SourceKit
import Syscalls

/// `controlpad present FILE`: the kind that can start its presenting app
/// on a file starts it (its own settings, reachable from this computer
/// only, a window), the pad opens on it, and the app is ended (and what it
/// made removed) when the pad quits. The command knows no kind: the
/// registry says which one launches.
struct PresentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Start the browser on a deck and open the pad on it.",
        discussion: (SourceRegistry.launcher?.presentHelp ?? "") + """


            Examples:
              controlpad present talk.html
              controlpad present _site/slides.html --browser /usr/bin/chromium --port 9333 --duration 20m
            """
    )

    @Argument(help: ArgumentHelp("The deck to present (an .html file).", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The browser to start (a path, or a name on PATH).", valueName: "PATH"))
    var browser: String?

    @Option(help: ArgumentHelp("The browser's DevTools port on 127.0.0.1 (default: a free one the browser picks).", valueName: "N"))
    var port: Int?

    /// Tests only: no window.
    @Flag(help: .hidden)
    var headless = false

    @OptionGroup var pad: PadOptions

    func run() throws {
        guard let kind = SourceRegistry.launcher else { throw ValidationError("no source can start a deck by itself") }
        try bootstrapLogging(path: pad.log)
        let config = SourceRegistry.readConfig(path: pad.config)
        Syscalls.writeStandardError("controlpad: presenting \(file) …\n")
        let app: any LaunchedApp
        do {
            app = try kind.launch(file: file, options: LaunchOptions(program: browser, port: port, headless: headless))
        } catch {
            throw PresentFailure(description: error.description)
        }
        Syscalls.writeStandardError("controlpad: \(app.summary)\n")
        // The audience watches the app: quitting the pad (q, Ctrl-\\, a
        // signal) leaves it running, and says so; only a pad that never
        // opened on an app it started ends it.
        do {
            let shown = try kind.parse(app.address)
            let made = try kind.makeSource(address: app.address, settings: SourceSettings(config.config.sources[kind.id] ?? [:]),
                                           use: .pad, logger: nil)
            var settings = pad.settings
            settings.quitNote = app.quitNote
            settings.noShowToStop = kind.noShowToStop
            try PadRunner.run(source: made, settings: settings, link: kind.initialLink(shown: shown),
                              sourceNotes: SourceRegistry.helpNotes(kind, bindings: config.config.bindings), config: config)
        } catch {
            if app.startedNow { app.stop() }
            throw error
        }
        Syscalls.writeStandardError("controlpad: \(app.leftRunning)\n")
    }
}

/// Why `present` could not start: one line, exit status 1.
struct PresentFailure: Error, CustomStringConvertible {
    var description: String
}
