import ControlPadUI
import SourceKit
import ArgumentParser
import FoundationEssentials
import Syscalls
import SlideModel

/// The `controlpad` command and its subcommands; `Sources/ControlPad/main.swift` runs it.
public struct ControlPadCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "controlpad",
        abstract: "A presenter's remote in the terminal, for \(SourceRegistry.names).",
        discussion: """
            With no subcommand, opens the pad on \(SourceRegistry.localKind.summary), as `controlpad \(SourceRegistry.localKind.id)` does.
            Press ? in the pad for the keys; q quits.
            """,
        version: ControlPadVersion.string,
        subcommands: [
            LocalSourceCommand.self, ConnectCommand.self, PresentCommand.self, SendCommand.self, WatchCommand.self, ReportCommand.self, DiscoverCommand.self, DoctorCommand.self,
            LinksCommand.self, ConfigCommand.self, FinishStreamCommand.self, KeepLinkCommand.self,
        ],
        defaultSubcommand: LocalSourceCommand.self
    )

    /// Parses and runs, like ArgumentParser's own `main`, except that a
    /// usage error is one line on stderr with exit status 2 (scripts that
    /// call `controlpad send` tell "you typed it wrong" from "it failed", 1),
    /// and every message it ends with (errors quote arguments, files and
    /// servers) is printed with its control characters escaped.
    public static func runEscapingMessages() -> Never {
        if let version = ControlPadVersion.answer(Array(CommandLine.arguments.dropFirst())) {
            Syscalls.writeStandardOutput(version + "\n")
            Syscalls.exit(0)
        }
        if let problem = CommandSuggestion.problem(Array(CommandLine.arguments.dropFirst())) {
            Syscalls.writeStandardError(TerminalText.escaped(problem) + "\n")
            Syscalls.exit(2)
        }
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitForParseError(error)
        }
        do {
            var command = command
            try command.run()
            Syscalls.exit(0)
        } catch {
            exitForParseError(error)  // a usage mistake found while running is still one
        }
    }

    private static func exitForParseError(_ error: Error) -> Never {
        guard exitCode(for: error) == .validationFailure else { exit(escaping: error) }
        let line = usageLine(for: error, arguments: Array(CommandLine.arguments.dropFirst()))
        Syscalls.writeStandardError(TerminalText.escaped(line) + "\n")
        Syscalls.exit(2)
    }

    private static func exit(escaping error: Error) -> Never {
        let code = exitCode(for: error)
        var message = TerminalText.escaped(fullMessage(for: error), keepingLineBreaks: true)
        // One prefix for every error: the parser's "Error: " is "controlpad: ".
        if code != .success, message.hasPrefix("Error: ") { message = "controlpad: " + message.dropFirst("Error: ".count) }
        if !message.isEmpty {
            let line = message.hasSuffix("\n") ? message : message + "\n"
            if code == .success { Syscalls.writeStandardOutput(line) } else { Syscalls.writeStandardError(line) }
        }
        Syscalls.exit(code.rawValue)
    }

    /// "controlpad: <what is wrong> (see `controlpad send --help`)".
    static func usageLine(for error: Error, arguments: [String] = []) -> String {
        var message = message(for: error).split(separator: "\n").joined(separator: " ")
            .replacing("Error: ", with: "")
        let full = fullMessage(for: error)
        let hint = full.split(separator: "\n").lazy
            .compactMap { line -> String? in
                guard let start = line.firstRange(of: "See '"), let end = line.firstRange(of: "' for more") else { return nil }
                return String(line[start.upperBound..<end.lowerBound])
            }
            .first ?? "controlpad --help"
        message = OptionMistake.explained(message, arguments: arguments, helpCommand: hint)
        return "controlpad: \(message) (see `\(hint)`)"
    }
}
