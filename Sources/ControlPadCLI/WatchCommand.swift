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
import Syscalls

/// `controlpad watch HOST[:PORT] [--json]`: follow a talk from a script.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print one line for every change of a running show, \(SourceRegistry.names) (--json for scripts).",
        discussion: """
            Connects and pairs like connect (the remembered name and PIN, or --name and --pin; with neither, \
            it prints a PIN to type into the presenting app and waits). On \(SourceRegistry.oneLinkNames) it opens no link of its own: \
            it follows the one a running pad or a kept link holds for the show (`controlpad links`), starting a \
            kept link when none does. Prints, as they happen: connecting, \
            connected, pairing, paired, server, show_started, title, slide, step (a build or fragment), notes (of the current slide, \
            plain text), show_finished, link_lost, unanswered, answering. It keeps reconnecting when the link drops; \
            Ctrl-C or a closed stdout ends it; a pairing the show refuses ends it with status 1 (event failed). Each --json line has event and time (UTC), and \
            as the event has them index (from 0), position (from 1), slides, step, steps, text, server, pin, \
            reason, fix; docs/USER-GUIDE.md ("Watch") lists them all. With --json, a state line (event state, schema 2: slide, \
            slides, step, blank, section, time left in it and in the talk, pace, link) follows every change, \
            and with --every once a second (or as given) while the talk's timer runs; docs/STREAM-DECK.md has the schema.

            Examples:
              controlpad watch 127.0.0.1
              controlpad watch laptop.local --json | jq -r 'select(.event == "slide") | .position'
              controlpad watch 127.0.0.1 --json --every 1s --agenda talk.toml | jq -r 'select(.event == "state") | .section_left_s'
            """
    )

    @Argument(help: ArgumentHelp(SourceRegistry.addressHelp, valueName: "host[:port]"))
    var address: String?

    @OptionGroup var source: SourceOptions

    @Option(help: ArgumentHelp("Read server and the sources' settings from FILE instead of $XDG_CONFIG_HOME/controlpad/config.toml.", valueName: "FILE"))
    var config: String?

    @Flag(help: "One JSON object per line, for jq or a script.")
    var json = false

    @Option(help: ArgumentHelp("Also write the state line every INTERVAL while the talk's timer runs: 1s, 2s, 500ms.", valueName: "INTERVAL"))
    var every: String?

    @Option(help: ArgumentHelp("The talk's sections from FILE, as the pad's --agenda (default: the config's agenda).", valueName: "FILE"))
    var agenda: String?

    @Option(help: ArgumentHelp("The talk's planned length, for the time left in the state line (as the pad's --duration; default: the config's).", valueName: "LENGTH"))
    var duration: String?

    @Option(help: ArgumentHelp("Print an alert event (kind alert) at these thresholds, as the pad's --alert: 5m,1m,section,over (default: the config's alert).", valueName: "WHEN"))
    var alert: String?

    @Option(help: ArgumentHelp("Write a log to FILE.", valueName: "FILE"))
    var log: String?

    func validate() throws {
        if let every, Self.interval(every) == nil {
            throw ValidationError("--every must be an interval from 100ms to 1h, e.g. --every 1s")
        }
        if let duration, DurationText.length(duration) == nil {
            throw ValidationError("--duration " + DurationText.problem(duration))
        }
        if let alert, case .failure(let problem) = AlertText.rules(alert) {
            throw ValidationError("--alert: " + problem.description)
        }
        guard let address else { return }
        try SourceRegistry.check(address)
    }

    /// "1s", "2s", "500ms", "1m", or seconds alone ("1", "0.5").
    static func interval(_ text: String) -> Duration? {
        let t = text.lowercased().trimmingWhitespace()
        let ms: Double?
        if t.hasSuffix("ms") { ms = Double(t.dropLast(2)) }
        else if t.hasSuffix("s") { ms = Double(t.dropLast()).map { $0 * 1000 } }
        else if t.hasSuffix("m") { ms = Double(t.dropLast()).map { $0 * 60_000 } }
        else { ms = Double(t).map { $0 * 1000 } }
        guard let ms, ms.isFinite, (100...3_600_000).contains(ms) else { return nil }
        return .milliseconds(Int(ms))
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
        let configured = SourceRegistry.readConfig(path: config).config
        let settings = source.settings(for: kind, config: configured)
        let shown = try SourceRegistry.check(address).shown
        // Without a private directory for the show's door (`send` says so too), a link of its own.
        let follower = kind.capabilities.contains(.oneKeptLink)
            ? follower(kind: kind, address: address, door: KeptLinkClient(server: shown, kind: kind.id), logger: logger) : nil
        let link = try HeadlessLink(source: follower
            ?? kind.makeSource(address: address, settings: settings, use: .watch(timeout: nil), logger: logger))
        // The pad's own reducer counts the talk's time, sections and pace as the pad does.
        var pad = PadState(animate: false)
        pad.link = kind.initialLink(shown: shown)
        pad.talkDuration = duration.flatMap(DurationText.length) ?? configured.talkDuration
        if let path = agenda ?? configured.agenda {
            let read = AgendaFile.read(path: path)
            for problem in read.problems { Syscalls.writeStandardError("controlpad: agenda: \(problem)\n") }
            if !read.sections.isEmpty { pad.agenda.written = read.sections }
        }
        pad.alerts.rules = alert.flatMap { try? AlertText.rules($0).get() } ?? configured.alerts
        // A pad on the same show keeps its talk timer (and its agenda): the state line counts from it.
        var kept: TalkTimerKeeping?
        if case .connecting(let server) = pad.link, !server.isEmpty, let store = TalkTimerStore.standard() {
            kept = TalkTimerKeeping(store: store, server: server)
            if pad.agenda.written == nil { pad.agenda.written = store.keptAgenda(server: server, wall: Int(Date().timeIntervalSince1970 * 1000)) }
        }
        let interval = every.flatMap(Self.interval)
        // Alerts are checked four times a second, with or without --every: told within a quarter second of their mark.
        let check: Duration? = pad.alerts.rules.isEmpty ? nil : .milliseconds(250)
        var nextState = interval.map { link.now + $0 }
        var nextCheck = check.map { link.now + $0 }
        var nextTick: Duration? { [nextState, nextCheck].compactMap { $0 }.min() }
        var lastState: [(String, JSONLine.Value)]?
        LineOutput.ignoreBrokenPipes()
        link.start()
        var report = WatchReport(pinEntry: kind.pinEntry)
        var gaveUp = false
        following: while true {
            let item = link.next(before: nextTick)
            let now = link.now
            guard let item else {
                // The tick: the alerts due, and the state again while the talk's clock runs.
                if let check, let due = nextCheck, now >= due {
                    nextCheck = now + check
                    guard writeAlerts(pad.reduce(.tick, now: now)) else { break following }
                }
                if let interval, let due = nextState, now >= due {
                    nextState = now + interval
                    if pad.elapsed(at: now) != nil, pad.pausedSince == nil {
                        guard LineOutput.write(stateLine(pad, now: now)) else { break following }
                    }
                }
                continue
            }
            guard case .event(let event) = item else { break }
            // Pictures and notes say nothing of the state: the pad's buffer need not hold them here.
            var effects: [Effect] = []
            switch event {
            case .preview, .notes: break
            default: effects += pad.reduce(.source(event), now: now)
            }
            if let restore = kept?.restore(pad, wall: Int(Date().timeIntervalSince1970 * 1000)) { effects += pad.reduce(restore, now: now) }
            for change in report.changes(for: event) {
                let line = json ? WatchLines.json(change, at: Date()) : WatchLines.text(change, at: Date())
                guard LineOutput.write(line) else { break following }
            }
            guard writeAlerts(effects) else { break following }
            let state = WatchState.fields(pad, now: now)
            if json, lastState.map({ WatchState.changed($0, state) }) ?? true {
                guard LineOutput.write(stateLine(pad, now: now)) else { break following }
            }
            lastState = state
            // The show refused the pairing: asking again would pop its dialog up forever.
            if case .link(.failed) = event { gaveUp = true; break }
        }
        link.leave(logger: logger)
        if gaveUp { throw ExitCode(1) }
    }
}

extension WatchCommand {
    /// On a show that wants one link (`SourceCapabilities.oneKeptLink`), `watch` follows the process
    /// that holds it (a pad, a kept link) instead of opening one of its
    /// own, and starts a kept link when none does (`DoorFollower`).
    func follower(kind: any SourceKind, address: String, door: KeptLinkClient, logger: Logger) -> DoorFollower? {
        // `send`'s arguments for the keeper ("start" stands for any command: it reads only the rest).
        let arguments = ["send", address, "start"] + source.arguments + (config.map { ["--config", $0] } ?? []) + (log.map { ["--log", $0] } ?? [])
        var keeper = LinkHandOver(kind: kind.id, arguments: arguments)
        keeper.forWatch = true
        return DoorFollower(client: door, server: door.server, logger: logger) { [keeper] in
            try LinkLeaving.start(["keep-link", door.server], with: keeper)
        }
    }

    /// An `alert` line for each alert among `effects`; false once stdout is closed.
    func writeAlerts(_ effects: [Effect]) -> Bool {
        for case .alert(let alert) in effects {
            let change = WatchState.alertChange(alert)
            guard LineOutput.write(json ? WatchLines.json(change, at: Date()) : WatchLines.text(change, at: Date())) else { return false }
        }
        return true
    }

    /// The state line: JSON (schema 2) with --json, else words.
    func stateLine(_ pad: PadState, now: Duration) -> String {
        json ? WatchLines.json(WatchReport.Change("state", WatchState.fields(pad, now: now), text: ""), at: Date())
            : WatchLines.text(WatchReport.Change("state", text: WatchState.text(pad, now: now)), at: Date())
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
