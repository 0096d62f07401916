import PadConfig
import ControlPadUI
import ArgumentParser
import FoundationEssentials
import Logging
import ControlPadScripting
import SlideModel
import SourceKit
import NIOCore

/// `controlpad doctor [ADDRESS]`: why the pad cannot reach the presenting
/// app, and what to do, one check per line. The checks are the kind's
/// (`SourceKindDoctor`), and so is the help that lists them.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the connection to \(SourceRegistry.names) step by step, and say what to do about each problem.",
        discussion: """
            One line per check, saying whether it is fine, not (with what to do) or skipped; the \
            address says which source to check, as for connect. Run in a terminal, it first says which \
            terminal it is and which pictures the pad draws there (kitty graphics, sixel or half-blocks), and why.

            --json prints one JSON document: {"server", "ready", "checks": [{"name", "ok" (true, \
            false, or null when skipped), "needed", "title", "detail", "fix" (null when none)}]}.

            Exits 0 when the pad can drive the source (every needed check fine), 1 otherwise.


            """ + SourceRegistry.doctorKinds.map(\.doctorHelp).joined(separator: "\n\n") + """


            Examples:
            """ + SourceRegistry.exampleAddresses.enumerated().map { index, address in
                "\n  controlpad doctor \(address)" + (index == 0 ? "" : " --json")
            }.joined()
    )

    @Argument(help: ArgumentHelp(SourceRegistry.addressHelp, valueName: "host[:port]"))
    var address: String?

    @OptionGroup var source: SourceOptions

    @Flag(help: "Print one JSON document instead of lines.")
    var json = false

    @Option(help: ArgumentHelp(
        "How long to wait at each step: the TCP connect, and the source's answer to the first request.", valueName: "SECONDS"))
    var timeout: Double = 3

    @Option(help: ArgumentHelp("Read the default server from FILE instead of $XDG_CONFIG_HOME/controlpad/config.toml.",
                               valueName: "FILE"))
    var config: String?

    @Option(help: ArgumentHelp("Write a log to FILE.", valueName: "FILE"))
    var log: String?

    func validate() throws {
        if let address { _ = try SourceRegistry.check(address) }
        guard timeout > 0, timeout <= 60 else {
            throw ValidationError("--timeout must be more than 0 and at most 60 seconds, e.g. --timeout 3")
        }
    }

    func run() throws {
        try bootstrapLogging(path: log)
        guard let text = address ?? (try? ConfigLoader.load(path: config).get())?.server else {
            throw ValidationError("say which computer runs \(SourceRegistry.names): controlpad doctor HOST[:PORT] (or set server in the config file)")
        }
        let logger = Logger(label: "controlpad.doctor")
        LineOutput.ignoreBrokenPipes()
        // In a terminal: which one, and the pictures the pad would draw there.
        if !json, let line = TerminalReport.line(choice: (try? ConfigLoader.load(path: config).get())?.pictures ?? .auto,
                                                 environment: ProcessInfo.processInfo.environment) {
            _ = LineOutput.write(line)
        }
        let doctor = try doctor(for: text, logger: logger)

        var printed = 0
        let context = DoctorContext(
            timeout: timeout,
            say: { [json] line in if !json { _ = LineOutput.write(line) } },
            progress: { [json] checks, step in
                guard !json else { return }
                let decided = checks.filter { $0.name.step <= step }
                for check in decided.dropFirst(printed) {
                    DoctorOutput.lines(check).forEach { _ = LineOutput.write($0) }
                }
                printed = max(printed, decided.count)
            },
            link: HeadlessDoctorLink(logger: logger))
        let report = try doctor.run(context)
        if !json { linkLines(text).forEach { _ = LineOutput.write($0) } }
        _ = LineOutput.write(json ? DoctorOutput.json(report) : DoctorOutput.summary(report))
        if !report.isReady { throw ExitCode(1) }
    }
}

extension DoctorCommand {
    /// ControlPad's own links to the show (`controlpad links`), for a kind that keeps one per show.
    func linkLines(_ address: String) -> [String] {
        guard let (kind, shown) = try? SourceRegistry.check(address), kind.capabilities.contains(.oneKeptLink),
              let path = KeptLinkClient(server: shown, kind: kind.id).path else { return [] }
        guard let about = ShowLinks.look().doors.first(where: { $0.path == path })?.about else {
            return ["  ControlPad's link to \(shown): none open (`controlpad links` lists them)"]
        }
        return ["  ControlPad's link to \(shown): \(about.summary(now: LinkAbout.now()))"
                + (about.role == "pad" ? "" : "; `controlpad links --close \(shown)` closes it")]
    }

    /// The doctor of the kind `address` names, with this command's options.
    func doctor(for address: String, logger: Logger) throws -> any SourceDoctor {
        let kind = SourceRegistry.kind(for: address)
        guard let doctoring = kind as? any SourceKindDoctor else {
            throw ValidationError("\(kind.displayName) has no doctor: it needs no connection")
        }
        let settings = source.settings(for: kind, config: SourceRegistry.readConfig(path: config).config)
        return try doctoring.doctor(address: address, settings: settings, logger: logger)
    }
}

/// One run of a source without a screen for a doctor: its events, on the
/// pad's event loop and clocks, into the doctor's watcher until it is done; then
/// it leaves as every command does (a stream still coming, such as Impress's
/// previews of a big show, is waited for in the background).
struct HeadlessDoctorLink: DoctorLinkRunner {
    struct NotFollowable: Error, CustomStringConvertible {
        var description: String { "this source cannot be run without a screen" }
    }

    let logger: Logger

    func read<Watcher: DoctorLinkWatcher>(_ source: any SlideSource, into watcher: inout Watcher) throws {
        guard let source = source as? any ConfirmingSource else { throw NotFollowable() }
        let link = try HeadlessLink(source: source)
        let start = link.now
        func now() -> Double { (link.now - start).inSeconds }
        link.start()
        while !watcher.isDone {
            let wake = watcher.wakeUp().map { start + .milliseconds(Int(($0 * 1000).rounded(.up))) }
            switch link.next(before: wake) {
            case .event(let event)?: watcher.note(event, at: now())
            case .interrupted?: watcher.interrupt()
            case .written?, .request?, nil: break
            }
            watcher.settle(at: now())
        }
        link.leave(logger: logger)
    }
}
