import PadConfig
import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import PadTerminal
import Syscalls
import Logging
import PadRuntime
import ControlPadScripting
import SlideImages
import SlideModel
import SourceKit

/// Opens the pad on a source: terminal up, loop run, terminal restored —
/// on quit, on SIGINT/SIGTERM/SIGHUP, and before any error is printed.
package enum PadRunner {
    /// `config` is the config file as already read, if it was (read here otherwise).
    /// Returns what the source's app said as the pad left it (`SaysFarewell`), already printed.
    @discardableResult
    package static func run(source: SlideSource, settings: PadSettings, link: LinkState = .connecting(to: ""),
                    sourceNotes: HelpView.SourceNotes? = nil,
                    config loaded: LoadedConfig? = nil, door: ShowDoor? = nil) throws -> SourceFarewell? {
        // Everything that can fail with a message fails before the terminal
        // is taken over, so the message is readable.
        var start = try PadStart(settings: settings, link: link, loaded: loaded)
        // Runs last, once the terminal is back.
        defer { if let reason = LogFile.active?.droppedReason { Syscalls.writeStandardError("controlpad: \(reason)\n") } }
        // Said again on the way out, where the shell keeps them.
        defer { for line in start.sayOnTheWayOut { Syscalls.writeStandardError("controlpad: \(line)\n") } }
        let config = start.config
        // The pad runs on the loop its source lives on: a key's command is
        // written in the turn that read the key.
        let driver = PadOnEventLoop(loop: PadEventLoop.loop)
        // SIGTERM, SIGHUP and SIGQUIT (Ctrl-\\) end the loop normally, so the
        // terminal is restored; SIGINT (Ctrl-C) quits like `q`, asking first
        // while a show runs. Crashes are `CrashGuard`'s. SIGWINCH: the
        // terminal's new size is read on the loop.
        let signals = SignalTrap([SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP]) { number in
            switch number {
            case SIGWINCH: driver.terminalResized()
            case SIGTSTP: driver.suspend()
            case SIGINT: driver.post(.interrupted)
            default: driver.post(.terminate)
            }
        }
        defer { signals.cancel() }
        // `send` to this show goes through the pad while it runs.
        let opened = door.flatMap { PadDoor($0, driver: driver) }
        defer { opened?.close() }

        let environment = ProcessInfo.processInfo.environment
        let colors = ColorSetup(environment: environment, choice: settings.color)
        let name = colors.terminalName()
        _ = try RealTerminal.terminfo(name)  // a TERM the pad cannot draw with is said before the probe writes
        let setup = PictureSetup.decide(choice: settings.pictures ?? config.pictures, colorOn: colors.wantsColor, environment: environment,
                                        tmuxFeatures: { TmuxClientFeatures.ofClient(environment: environment) }, probe: TerminalProbe.onTerminal)
        let pictureLog = Logger(label: "controlpad.pictures")
        pictureLog.info("pictures: \(setup.mode.label) — \(setup.mode.reason)")
        pictureLog.info("terminal: \(setup.terminal.described); \(setup.answeredText)")
        Logger(label: "controlpad.mouse").info("mouse reports: \(setup.pixelMouse ? "pixels (SGR-pixels, mode 1016)" : "cells")")
        if let notice = setup.notice { start.notices.append(notice) }
        let writer = setup.realPictures(output: STDOUT_FILENO, wake: { driver.wake() })
        // The user's locale, before the C.UTF-8 fallback: not UTF-8, the pad draws ASCII.
        UTF8Locale.ensure()
        let codeset = UTF8Locale.userCodeset ?? UTF8Locale.currentCodeset
        let asciiOnly = !UTF8Locale.isUTF8(codeset: codeset) && !settings.utf8
        if let notice = UTF8Locale.asciiNotice(codeset: codeset, forced: settings.utf8) { start.notices.append(notice) }
        let theme = setup.light(settings.theme ?? config.themeBackground)
        pictureLog.info("theme: \(theme.light ? "light" : "dark") (\(theme.reason))")
        let terminal = try RealTerminal(useColor: colors.wantsColor, terminalName: name, pictures: writer, typed: setup.typed,
                                        textSizing: setup.textSizing, asciiOnly: asciiOnly, truecolor: colors.wantsTruecolor,
                                        light: theme.light,
                                        pixelMouse: setup.pixelMouse)
        defer { terminal.restore() }
        // The locale is UTF-8, or C.UTF-8 as a fallback: said once if neither.
        if asciiOnly == false, let notice = UTF8Locale.notice(codeset: UTF8Locale.currentCodeset) { start.notices.append(notice) }
        let depth = colors.depth(terminalName: name ?? "", colors: terminal.colorCount, direct: terminal.directColor)
        pictureLog.info("colour depth for pictures: \(depth.rawValue) (\(terminal.colorCount) colours)")
        if let notice = colors.depthNotice(terminalName: name ?? "", colors: terminal.colorCount, direct: terminal.directColor) {
            start.notices.append(notice)
        }
        terminal.override(config.looks)
        // Real pictures are scaled by the terminal: the cell shape it reports beats a guess.
        let reported = writer == nil ? nil : (PictureSetup.cellPixels(fd: STDOUT_FILENO) ?? setup.cellSize)
        let cellAspect = settings.cellAspect ?? config.cellAspect ?? reported.map { Double($0.height) / Double($0.width) } ?? 2.0
        let pictures = setup.mode.kind == .none ? nil : PicturePipeline(depth: depth, cellAspect: cellAspect, real: writer)

        let state = start.state()
        let loop = PadLoop(terminal: terminal, source: source, state: state, pictures: pictures,
                           rehearsal: start.rehearsal, config: config, picturesLabel: writer == nil ? nil : setup.mode.label,
                           cellPixels: {
                               // What the terminal says (CSI 16 t, or its window's pixels), else the cell aspect.
                               let cell = PictureSetup.cellPixels(fd: STDOUT_FILENO) ?? setup.cellSize
                                   ?? (10, Int((10 * cellAspect).rounded()))
                               return PixelSize(width: cell.width, height: cell.height)
                           }, sourceNotes: sourceNotes, textSizing: setup.textSizing,
                           timers: start.talkTimers())
        CrashGuard.crashIfAskedForTest()
        try driver.run(loop, terminal: terminal)
        let notKept = start.remember(loop.state)
        // The shell gets its prompt back now; Impress's stream, if one is
        // still coming, is waited for in the background.
        terminal.restore()
        if let notKept { Syscalls.writeStandardError("controlpad: \(TerminalText.escaped(notKept))\n") }
        // The door closes first, so a keeper that takes a link that must stay can listen there.
        opened?.close()
        if let waiting = LinkLeaving.leave(source, logger: Logger(label: "controlpad.source"), keeper: door?.keeper) {
            Syscalls.writeStandardError("controlpad: \(waiting).\n")
        }
        // What the app did as the pad left (the show ended, the deck closed or kept).
        let farewell = (source as? SaysFarewell)?.farewell(within: .seconds(12))
        if let farewell { Syscalls.writeStandardError("controlpad: \(TerminalText.escaped(farewell.words))\n") }
        return farewell
    }

    /// What the pad says about the config file until the presenter puts it
    /// away: the one problem, or how many and where to read them all.
    static func configNotice(_ loaded: LoadedConfig, given: String?) -> String? {
        guard let first = loaded.problems.first else { return nil }
        if first.key == "file" { return "config: \(first) — using the defaults" }
        if loaded.problems.count == 1 { return "config: \(first) (the rest applies)" }
        let check = "controlpad config --check" + (given.map { " " + TerminalText.escaped($0) } ?? "")
        return "config: \(loaded.problems.count) problems (the rest applies); `\(check)` lists them"
    }
}

/// What the pad starts from, whatever its terminal: the config as applied,
/// the notices, the rehearsal log, the pace to keep, the layout kept for
/// this server. `PadRunner` and the in-process tests both start from it.
package struct PadStart {
    package let config: PadConfig
    /// What the pad says until the presenter puts it away; the runner adds the terminal's.
    package var notices: [String] = []
    let settings: PadSettings
    let link: LinkState
    let rehearsal: RehearsalLogFile?
    let pace: Result<PaceFromFile.Loaded, PaceFromFile.Failure>?
    /// The agenda given (`--agenda`, the config's `agenda`), read once.
    let agenda: AgendaFile?
    let layouts: LayoutStore?
    let layoutKey: String?
    let startLayout: LayoutMode

    /// `loaded` is the config file as already read, if it was (read here
    /// otherwise); `layouts`, where the layouts are kept (the state directory's by default).
    init(settings: PadSettings, link: LinkState, loaded: LoadedConfig? = nil,
         layouts: LayoutStore? = LayoutStore.standard()) throws {
        let loaded = loaded ?? ConfigLoader.read(path: settings.config)
        config = loaded.config
        self.settings = settings
        self.link = link
        if let notice = PadRunner.configNotice(loaded, given: settings.config) { notices.append(notice) }
        for problem in loaded.problems { Logger(label: "controlpad.config").error("\(problem)") }
        rehearsal = try settings.rehearsalLog.map { try RehearsalLogFile(path: $0) }
        if let notice = rehearsal?.notice { notices.append(notice) }
        pace = settings.paceFrom.map(PaceFromFile.load)
        if case .failure(let failure)? = pace { notices.append(PaceFromFile.notice(failure)) }
        agenda = (settings.agenda ?? config.agenda).map(AgendaFile.read)
        if let agenda, !agenda.problems.isEmpty {
            notices.append(Self.agendaNotice(agenda))
            for problem in agenda.problems { Logger(label: "controlpad.agenda").error("\(problem)") }
        }
        // The layout this server was last shown in, else the config's.
        self.layouts = layouts
        layoutKey = LayoutStore.key(for: link)
        let kept = layoutKey.flatMap { layouts?.layout(for: $0) }
        startLayout = kept ?? config.layout
        // The kept layout wins over the config's: said, or the config would seem ignored.
        if let kept, kept != config.layout {
            notices.append("layout \(kept.rawValue): as on this server last time (the config's \(config.layout.rawValue) "
                           + "applies where none is kept; L changes it)")
        }
    }

    /// The pad's first state.
    func state() -> PadState {
        var state = PadState(bindings: config.bindings, animate: config.animation && !settings.noAnimation)
        state.link = link
        state.quitNote = settings.quitNote
        state.quitEndsTheShow = settings.quitEndsTheShow
        state.noShowToStop = settings.noShowToStop
        state.movesWhileBlank = settings.movesWhileBlank
        state.picturesAtSteps = settings.picturesAtSteps
        state.inkOffer = settings.inkOffer
        state.notice = notices.isEmpty ? nil : notices.joined(separator: "\n")
        state.talkDuration = settings.duration.flatMap(DurationText.length) ?? config.talkDuration
        if case .success(let loaded)? = pace {
            state.rehearsedSchedule = loaded.log.schedule
            Logger(label: "controlpad.pace").info("pace from \(loaded.path): \(loaded.log.visits.count) visits, \(loaded.log.length.wholeMs) ms")
        }
        if let agenda, !agenda.sections.isEmpty { state.agenda.written = agenda.sections }
        state.alerts.rules = settings.alert.flatMap { try? AlertText.rules($0).get() } ?? config.alerts
        state.layoutMode = startLayout
        if startLayout != .fullScreen { state.layoutBeforeFullScreen = startLayout }
        return state
    }

    /// The talk's timer, kept per show across a restart (not a local
    /// source's: its show is made afresh each run).
    func talkTimers() -> TalkTimerKeeping? {
        guard let layoutKey, !link.isLocal, let store = TalkTimerStore.standard() else { return nil }
        return TalkTimerKeeping(store: store, server: layoutKey)
    }

    /// Keeps the layout the pad ended in for this server's next start; what
    /// went wrong, to be said once the terminal is back (nil: kept, or nothing to keep).
    func remember(_ final: PadState) -> String? {
        guard let layoutKey, final.layoutMode != startLayout else { return nil }
        return layouts?.remember(final.layoutMode, for: layoutKey)
    }

    /// What is said again on stderr once the terminal is back.
    var sayOnTheWayOut: [String] {
        var lines: [String] = []
        if case .failure(let failure)? = pace { lines.append(PaceFromFile.notice(failure)) }
        if let notice = rehearsal?.notice { lines.append(notice) }
        if let agenda, !agenda.problems.isEmpty { lines.append(Self.agendaNotice(agenda, all: true)) }
        return lines
    }

    /// The agenda's problems, each with its line; the rest of it applies.
    /// In the pad, at most `shownProblems` are listed and the rest counted
    /// ("6 problems" listed 5); on the way out (`all`), every one.
    static func agendaNotice(_ agenda: AgendaFile, all: Bool = false) -> String {
        let count = agenda.problems.count
        let shown = agenda.problems.prefix(all ? count : shownProblems).map(\.description)
        let more = count - shown.count
        return "agenda: \(count) problem\(count == 1 ? "" : "s") (the rest applies, \(agenda.sections.count) sections):\n"
            + shown.joined(separator: "\n")
            + (more > 0 ? "\n… and \(more) more: all are listed here when the pad quits" : "")
    }

    static let shownProblems = 5
}
