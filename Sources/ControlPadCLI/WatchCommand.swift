import PadConfig
import ControlPadUI
import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Logging
import SourceKit
import ControlPadScripting
import SlideModel

/// `controlpad watch HOST[:PORT] [--json]`: follow a talk from a script.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print one line for every change of a running show, \(SourceRegistry.names) (--json for scripts).",
        discussion: """
            Connects and pairs like connect (the remembered name and PIN, or --name and --pin; with neither, \
            it prints a PIN to type into the presenting app and waits). Prints, as they happen: connecting, \
            connected, pairing, paired, server, show_started, title, slide, notes (of the current slide, \
            plain text), show_finished, link_lost. It keeps reconnecting when the link drops; \
            Ctrl-C or a closed stdout ends it; a pairing the show refuses ends it with status 1 (event failed). Each --json line has event and time (UTC), and \
            as the event has them index (from 0), position (from 1), slides, text, server, pin, \
            reason; the README lists them all.

            Examples:
              controlpad watch 127.0.0.1
              controlpad watch laptop.local --json | jq -r 'select(.event == "slide") | .position'
            """
    )

    @Argument(help: ArgumentHelp(SourceRegistry.addressHelp, valueName: "host[:port]"))
    var address: String?

    @OptionGroup var source: SourceOptions

    @Option(help: ArgumentHelp("Read server and the sources' settings from FILE instead of $XDG_CONFIG_HOME/controlpad/config.toml.", valueName: "FILE"))
    var config: String?

    @Flag(help: "One JSON object per line, for jq or a script.")
    var json = false

    @Option(help: ArgumentHelp("Write a log to FILE.", valueName: "FILE"))
    var log: String?

    func validate() throws {
        guard let address else { return }
        try SourceRegistry.check(address)
    }

    /// The server: given, or the config's.
    func target() throws -> String {
        let address = try ConfiguredServer.resolve(address, configPath: config, usage: "controlpad watch HOST[:PORT]")
        try SourceRegistry.check(address)
        return address
    }

    func run() throws {
        try bootstrapLogging(path: log)
        let logger = Logger(label: "controlpad.watch")
        let address = try target()
        let kind = SourceRegistry.kind(for: address)
        let settings = source.settings(for: kind, config: SourceRegistry.readConfig(path: config).config)
        let link = try HeadlessLink(source: kind.makeSource(address: address, settings: settings, use: .watch(timeout: nil), logger: logger))
        LineOutput.ignoreBrokenPipes()
        link.start()
        var report = WatchReport(pinEntry: kind.pinEntry)
        var gaveUp = false
        following: while true {
            guard let item = link.next(before: nil) else { continue }
            guard case .event(let event) = item else { break }
            for change in report.changes(for: event) {
                let line = json ? WatchLines.json(change, at: Date()) : WatchLines.text(change, at: Date())
                guard LineOutput.write(line) else { break following }
            }
            // The show refused the pairing: asking again would pop its dialog up forever.
            if case .link(.failed) = event { gaveUp = true; break }
        }
        link.leave(logger: logger)
        if gaveUp { throw ExitCode(1) }
    }
}

/// How a `WatchReport.Change` is printed, with the time it was seen.
enum WatchLines {
    /// `{"event":"slide","time":"2026-11-23T08:01:02.345Z","index":3,...}`
    static func json(_ change: WatchReport.Change, at date: Date) -> String {
        JSONLine([("event", .string(change.event)), ("time", .string(isoTime(date)))] + change.fields).text
    }

    /// `08:01:02 slide 4/14`, local time (libc's, from TZ and /etc/localtime:
    /// FoundationEssentials knows no zone but UTC) unless `timeZone` is given.
    static func text(_ change: WatchReport.Change, at date: Date, timeZone: TimeZone? = nil) -> String {
        let hour: Int, minute: Int, second: Int
        if let timeZone {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let c = calendar.dateComponents([.hour, .minute, .second], from: date)
            (hour, minute, second) = (c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
        } else {
            var t = time_t(date.timeIntervalSince1970.rounded(.down))
            var parts = tm()
            localtime_r(&t, &parts)
            (hour, minute, second) = (Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        }
        return cFormat("%02d:%02d:%02d ", hour, minute, second) + change.text
    }

    /// UTC, with milliseconds.
    static func isoTime(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
