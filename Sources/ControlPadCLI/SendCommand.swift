import PadConfig
import ControlPadUI
import ArgumentParser
import FoundationEssentials
import Syscalls
import Logging
import PdfpcTransport
import RemoteTransport
import ControlPadScripting
import SlideModel

/// `controlpad send HOST[:PORT] COMMAND`: one command, for scripts and pedals.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one command to a running Impress (for scripts, foot pedals, Stream Decks).",
        discussion: """
            Pairs like connect (the remembered name and PIN, or --name and --pin), sends the \
            command, waits for Impress to confirm it where Impress does (a slide change, the \
            show starting or stopping), and prints where the show is, e.g. "slide 4/14". \
            Exits 1 with a one-line reason when it cannot: not paired yet, refused, no answer, \
            no show running, slide out of range; 2 for a mistyped command.

            Examples:
              controlpad send 127.0.0.1 next
              controlpad send laptop.local goto 12
              controlpad send pdfpc://127.0.0.1 blank --password secret
            """
    )

    @Argument(help: ArgumentHelp(
        "The computer running Impress, e.g. 127.0.0.1 or laptop.local:1599 (default: the config's server); or pdfpc://HOST[:PORT].",
        valueName: "host[:port]"))
    var address: String?

    @Argument(help: ArgumentHelp(
        "next, previous, goto N (numbered from 1, as on screen), first, last, blank, resume, start or stop.",
        valueName: "command"),
              completion: .list(["next", "previous", "goto", "first", "last", "blank", "resume", "start", "stop"]))
    var command: [String] = []

    @OptionGroup var pairing: PairingOptions

    @OptionGroup var pdfpc: PdfpcOptions

    @Option(help: ArgumentHelp("Read server and pdfpc-password from FILE instead of $XDG_CONFIG_HOME/controlpad/config.toml.", valueName: "FILE"))
    var config: String?

    @Flag(help: "Do not wait for Impress to confirm: done once the command is sent.")
    var noWait = false

    @Option(help: ArgumentHelp("How long to wait for Impress at each step (connect, pair, confirm).", valueName: "SECONDS"))
    var timeout: Double = 5

    @Option(help: ArgumentHelp("Write a log to FILE.", valueName: "FILE"))
    var log: String?

    /// The server (given, or the config's) and what to send.
    func target() throws -> (address: String, action: RemoteAction) {
        let (given, words) = ConfiguredServer.split(address: address, command: command)
        let action: RemoteAction
        do { action = try RemoteAction(words: words) } catch { throw ValidationError(error.description) }
        let address = try ConfiguredServer.resolve(given, configPath: config, usage: "controlpad send HOST[:PORT] COMMAND")
        if PdfpcAddress.isPdfpc(address) { _ = try PdfpcOptions.address(address) } else { _ = try PairingOptions.server(address) }
        return (address, action)
    }

    func validate() throws {
        let (given, words) = ConfiguredServer.split(address: address, command: command)
        if let given {
            if PdfpcAddress.isPdfpc(given) { _ = try PdfpcOptions.address(given) } else { _ = try PairingOptions.server(given) }
        }
        do {
            _ = try RemoteAction(words: words)
        } catch {
            throw ValidationError(error.description)
        }
        guard timeout > 0, timeout <= 300 else {
            throw ValidationError("--timeout must be between 0 and 300 seconds, e.g. --timeout 5")
        }
    }

    func run() throws {
        try bootstrapLogging(path: log)
        let (address, action) = try target()
        let logger = Logger(label: "controlpad.send")
        let link: HeadlessLink
        var conversation: SendConversation
        if PdfpcAddress.isPdfpc(address) {
            let address = try PdfpcOptions.address(address)
            let password = pdfpc.password(config: ConfigLoader.read(path: config).config.pdfpcPassword) { nil } ?? ""
            var configuration = pdfpc.configuration(address, password: password)
            configuration.connectTimeout = .milliseconds(Int64(timeout * 1000))
            configuration.requestTimeout = configuration.connectTimeout
            configuration.prefetch = false
            link = try HeadlessLink(source: PdfpcSource(configuration: configuration, logger: logger))
            conversation = SendConversation(action: action, waitForConfirmation: !noWait, server: address.description,
                                            peer: .pdfpc)
        } else {
            let server = try PairingOptions.server(address)
            var configuration = pairing.configuration(for: server, logger: logger)
            configuration.connectTimeout = .milliseconds(Int64(timeout * 1000))
            configuration.pairingTimeout = configuration.connectTimeout
            link = try HeadlessLink(configuration: configuration, logger: logger)
            conversation = SendConversation(action: action, waitForConfirmation: !noWait, server: server.description)
        }
        link.start()
        let outcome = Self.converse(&conversation, over: link, timeout: timeout)
        // Impress's stream, and the calm after a stop, are waited for in
        // the background: the shell and the pedal get control back now.
        link.leave(logger: logger)
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

    /// Feeds the link's events to `conversation` until it is done; each step
    /// may take up to `timeout` seconds.
    private static func converse(_ conversation: inout SendConversation, over link: HeadlessLink,
                                 timeout: Double) -> SendConversation.Step {
        let seconds = timeout == timeout.rounded() ? "\(Int(timeout)) s" : "\(timeout) s"
        var deadline = link.now + Millis(timeout * 1000)
        while true {
            guard let item = link.next(before: deadline) else { return conversation.timedOut(seconds: seconds) }
            let step: SendConversation.Step?
            switch item {
            case .interrupted: return .fail("interrupted")
            case .event(let event): step = conversation.handle(event)
            case .written(let ok): step = conversation.written(ok)
            }
            switch step {
            case .send(let command)?:
                link.send(command)
                deadline = link.now + Millis(timeout * 1000)
            case let done?:
                return done
            case nil:
                continue
            }
        }
    }
}
