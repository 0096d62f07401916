import ArgumentParser
import FoundationEssentials
import ControlPadScripting
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
        abstract: "Start LibreOffice or the browser on a deck and open the pad on it.",
        discussion: SourceRegistry.launchers.map(\.presentHelp).joined(separator: "\n\n") + """


            An agenda next to the deck (talk.agenda.toml beside talk.html or talk.odp) is the talk's, unless --agenda \
            names another.

            Examples:
              controlpad present talk.odp
              controlpad present talk.pptx --window --duration 20m
              controlpad present talk.html
              controlpad present _site/slides.html --browser /usr/bin/chromium --port 9333 --duration 20m
            """
    )

    @Argument(help: ArgumentHelp("The deck to present: \(SourceRegistry.launchers.flatMap(\.fileTypes).map { "." + $0 }.joined(separator: " ")).",
                                 valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The program to start: the browser for .html, soffice for a LibreOffice deck (a path, or a name on PATH).",
                               valueName: "PATH"))
    var browser: String?

    @Flag(help: "A LibreOffice deck's show in a window instead of full screen, the slide alone (LibreOffice's menus, toolbars and sidebar hidden until the show ends): one screen, a video call, share that window.")
    var window = false

    @Option(help: ArgumentHelp("A LibreOffice profile folder other than your own (a portable or a test one).", valueName: "DIR"))
    var profile: String?

    @Option(help: ArgumentHelp("The browser's DevTools port on 127.0.0.1 (default: a free one the browser picks).", valueName: "N"))
    var port: Int?

    /// Tests only: no window.
    @Flag(help: .hidden)
    var headless = false

    @OptionGroup var pad: PadOptions

    func run() throws {
        guard let kind = SourceRegistry.launcher(for: file) else {
            let types = SourceRegistry.launchers.flatMap(\.fileTypes).map { "." + $0 }.joined(separator: " ")
            throw ValidationError("\(file) is not a deck present knows: give one of \(types)")
        }
        try bootstrapLogging(path: pad.log)
        let config = SourceRegistry.readConfig(path: pad.config)
        Syscalls.writeStandardError("controlpad: presenting \(file) with \(kind.displayName) …\n")
        let app: any LaunchedApp
        do {
            app = try kind.launch(file: file, options: LaunchOptions(program: browser, port: port, headless: headless,
                                                                     window: window, profile: profile))
        } catch {
            throw PresentFailure(description: error.description)
        }
        Syscalls.writeStandardError("controlpad: \(app.summary)\n")
        // The audience watches the app: quitting the pad (q, Ctrl-\\, a
        // signal) leaves it running, and says so (a kind may end the show
        // itself on q, as Impress over UNO does); only a pad that never
        // opened on an app it started ends it.
        let farewell: SourceFarewell?
        do {
            let shown = try kind.parse(app.address)
            let made = try kind.makeSource(address: app.address,
                                           settings: app.settings.over(config.config.sources[kind.id] ?? [:]),
                                           use: .pad, logger: nil)
            var settings = SourceRegistry.padSettings(pad.settings, for: kind)
            if settings.agenda == nil, let beside = Self.agenda(beside: file) { settings.agenda = beside }
            settings.quitNote = app.quitNote
            settings.quitEndsTheShow = app.quitEndsTheShow
            // The pad's door, as `connect` opens it: `send pointer` and `send ink`
            // reach this pad (`controlpad links` names the address to give).
            let door = KeptLinkClient(server: shown, kind: kind.id).path.map {
                ShowDoor(path: $0, server: shown, kindName: kind.displayName, keeper: ["send", app.address, "start"])
            }
            farewell = try PadRunner.run(source: made, settings: settings, link: kind.initialLink(shown: shown),
                              sourceNotes: SourceRegistry.helpNotes(kind, bindings: config.config.bindings), config: config,
                              door: door)
        } catch {
            if app.startedNow { app.stop() }
            throw error
        }
        // The app said what became of the show (`PadRunner` printed it): only
        // a show still running is worth the way back to it.
        guard let farewell else { return Syscalls.writeStandardError("controlpad: \(app.leftRunning)\n") }
        if farewell.showRuns { Syscalls.writeStandardError("controlpad: `controlpad present \(TerminalText.escaped(file))` joins it again\n") }
    }
}

extension PresentCommand {
    /// The agenda next to a deck: `talk.agenda.toml` beside `talk.html`, when there is one.
    static func agenda(beside deck: String) -> String? {
        let name = deck.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? deck
        let stem = name.contains(".") ? String(name[..<name.lastIndex(of: ".")!]) : name
        let path = String(deck.dropLast(name.count)) + stem + ".agenda.toml"
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }
}

/// Why `present` could not start: one line, exit status 1.
struct PresentFailure: Error, CustomStringConvertible {
    var description: String
}
