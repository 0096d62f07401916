import PadConfig
import ControlPadUI
import ArgumentParser
import FoundationEssentials
import Syscalls
import Logging
import SourceKit
import ControlPadScripting
import SlideModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `controlpad send HOST[:PORT] COMMAND`: one command, for scripts and pedals.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one command to a running show, \(SourceRegistry.names) (for scripts, foot pedals, Stream Decks).",
        discussion: """
            Connects and pairs like connect (the remembered name and PIN, or --name and --pin), sends the \
            command, waits for the show to confirm it where it does (a slide change, the \
            show starting or stopping), and prints where the show then is, e.g. "slide 4/14". \
            A show that confirms it after --timeout gets as long again: that is success, said as \
            such ("slide 4/14 (confirmed late: ...)"). \
            Where a source's remote cannot bear clients that come and go, it goes through one link \
            per show: a running pad's ("slide 4/14 (through the pad)"), or one a background \
            `controlpad keep-link` keeps for the next send (`controlpad links` lists and closes it). \
            Exits 1 with a one-line reason when it cannot: not paired yet, refused, no answer, \
            no show running, slide out of range, sent but never confirmed (look before sending it \
            again); 2 for a mistyped command.

            Examples:
              controlpad send 127.0.0.1 next
              controlpad send laptop.local goto 12
              controlpad send 127.0.0.1 section next
              controlpad send \(SourceRegistry.exampleAddresses.last ?? "HOST") pointer 0.5 0.4
            \(SourceRegistry.exampleAddresses.dropFirst().map { "  controlpad send \($0) blank" }.joined(separator: "\n"))
            """
    )

    @Argument(help: ArgumentHelp(SourceRegistry.addressHelp, valueName: "host[:port]"))
    var address: String?

    @Argument(help: ArgumentHelp(
        "next, previous, goto N (numbered from 1, as on screen), first, last, blank, resume, start, stop, section next|previous|NAME, "
            + "pointer X Y (fractions of the slide) or pointer off, or ink clear (through a running pad).",
        valueName: "command"),
              completion: .list(["next", "previous", "goto", "first", "last", "blank", "resume", "start", "stop", "section", "pointer", "ink"]))
    var command: [String] = []

    @OptionGroup var source: SourceOptions

    @Option(help: ArgumentHelp("Read server and the sources' settings from FILE instead of $XDG_CONFIG_HOME/controlpad/config.toml.", valueName: "FILE"))
    var config: String?

    @Option(help: ArgumentHelp("The talk's sections for section next|previous|NAME, from FILE as the pad's --agenda (default: the config's agenda; else the show's own).", valueName: "FILE"))
    var agenda: String?

    @Flag(help: "Do not wait for the show to confirm: done once the command is sent.")
    var noWait = false

    @Option(help: ArgumentHelp("How long to wait for the show at each step (connect, pair, confirm).", valueName: "SECONDS"))
    var timeout: Double = 5

    @Option(help: ArgumentHelp("Write a log to FILE.", valueName: "FILE"))
    var log: String?

    /// The server (given, or the config's) and what to send.
    func target() throws -> (address: String, action: RemoteAction) {
        let (given, words) = ConfiguredServer.split(address: address, command: command)
        let action: RemoteAction
        do { action = try RemoteAction(words: words) } catch { throw ValidationError(error.description) }
        let address = try ConfiguredServer.resolve(given, configPath: config, usage: "controlpad send HOST[:PORT] COMMAND")
        try SourceRegistry.check(address)
        return (address, action)
    }

    func validate() throws {
        let (given, words) = ConfiguredServer.split(address: address, command: command)
        if let given { try SourceRegistry.check(given) }
        do {
            _ = try RemoteAction(words: words)
        } catch {
            throw ValidationError(error.description)
        }
        guard timeout > 0, timeout <= 300 else {
            throw ValidationError("--timeout must be more than 0 and at most 300 seconds, e.g. --timeout 5")
        }
    }

    func run() throws {
        try bootstrapLogging(path: log)
        let (address, action) = try target()
        let logger = Logger(label: "controlpad.send")
        let (kind, shown) = try SourceRegistry.check(address)
        if action.needsThePad && !kind.capabilities.contains(.oneKeptLink) {
            // The pointer and the ink are the running pad's (a link of send's own would take them away as it leaves).
            let request = KeptLinkRequest(words: ConfiguredServer.split(address: self.address, command: command).command,
                                          waitForConfirmation: false, timeout: timeout)
            do {
                return try finish(KeptLinkClient(server: shown, kind: kind.id).send(request, startKeeper: { throw NoPadRunning(server: shown) }))
            } catch let none as NoPadRunning {
                return try finish(.fail(none.description))
            }
        }
        if kind.capabilities.contains(.oneKeptLink) {
            return try finish(KeptLinkClient(server: shown, kind: kind.id).send(
                KeptLinkRequest(words: ConfiguredServer.split(address: self.address, command: command).command,
                                waitForConfirmation: !noWait, timeout: timeout),
                startKeeper: { try startKeeper(kind: kind.id, shown: shown) }))
        }
        let settings = source.settings(for: kind, config: SourceRegistry.readConfig(path: config).config)
        let made = try kind.makeSource(address: address, settings: settings,
                                       use: .send(timeout: .milliseconds(Int64(timeout * 1000))), logger: logger)
        let link = try HeadlessLink(source: made)
        let configured = SourceRegistry.readConfig(path: config).config
        let written = (agenda ?? configured.agenda).map(AgendaFile.read)
        if let problems = written?.problems, !problems.isEmpty {
            for problem in problems { Syscalls.writeStandardError("controlpad: agenda: \(problem)\n") }
        }
        // No agenda given: the one a pad runs this show with (kept with its timer), so `section NAME` means what the pad shows.
        let kept = written == nil ? TalkTimerStore.standard()?.keptAgenda(server: shown, wall: Int(Date().timeIntervalSince1970 * 1000)) : nil
        var conversation = SendConversation(action: action, waitForConfirmation: !noWait, server: shown,
                                            peer: .init(kind), agenda: written.flatMap { $0.sections.isEmpty ? nil : $0.sections } ?? kept)
        link.start()
        let outcome = Self.converse(&conversation, over: link, timeout: timeout)
        // What the source must still finish (a stream, the calm after a stop)
        // is waited for in the background: the shell and the pedal get control back now.
        link.leave(logger: logger)
        try finish(outcome)
    }

    /// `send pointer` and `send ink` with no pad linked to the show.
    struct NoPadRunning: Error, CustomStringConvertible {
        var server: String
        var description: String {
            "no pad is running for \(server): the pointer and the ink go through a running pad (`controlpad connect \(server)`)"
        }
    }

    private func finish(_ outcome: SendConversation.Step) throws {
        switch outcome {
        case .succeed(let line):
            print(line)
        case .fail(let reason):
            Syscalls.writeStandardError("controlpad: \(reason)\n")
            throw ExitCode(1)
        case .send:
            break
        }
    }

    /// Starts `controlpad keep-link SERVER` in the background, with this
    /// command's own arguments (the address, the source's options, the
    /// config and log) on its standard input, never on its command line.
    private func startKeeper(kind: String, shown: String) throws {
        try LinkLeaving.start(["keep-link", shown], with: LinkHandOver(kind: kind, arguments: Array(CommandLine.arguments.dropFirst())))
    }

    /// Feeds the link's events to `conversation` until it is done; each step
    /// may take up to `timeout` seconds.
    private static func converse(_ conversation: inout SendConversation, over link: HeadlessLink,
                                 timeout: Double) -> SendConversation.Step {
        var deadline = link.now + .milliseconds(Int(timeout * 1000))
        while true {
            guard let item = link.next(before: deadline) else {
                if let said = conversation.timedOut(after: timeout) { return said }
                deadline = link.now + .milliseconds(Int(timeout * 1000))
                continue
            }
            let step: SendConversation.Step?
            switch item {
            case .interrupted: return .fail("interrupted")
            case .event(let event): step = conversation.handle(event)
            case .written(let ok): step = conversation.written(ok)
            case .request: step = nil
            }
            switch step {
            case .send(let command)?:
                link.send(command)
                deadline = link.now + .milliseconds(Int(timeout * 1000))
            case let done?:
                return done
            case nil:
                continue
            }
        }
    }
}
