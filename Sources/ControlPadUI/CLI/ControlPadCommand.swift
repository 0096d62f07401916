import ArgumentParser
import Foundation
import SlideModel

/// The `controlpad` command and its subcommands; `Sources/ControlPad/main.swift` runs it.
public struct ControlPadCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "controlpad",
        abstract: "A presenter's remote for LibreOffice Impress, in the terminal.",
        discussion: """
            With no subcommand, opens the pad on the built-in demo deck.
            Press ? in the pad for the keys; q quits.
            """,
        subcommands: [DemoCommand.self, ConnectCommand.self, DiscoverCommand.self, ConfigCommand.self, BenchCommand.self],
        defaultSubcommand: DemoCommand.self
    )

    /// Runs the command line like `main()`, but every message it ends with
    /// (errors quote arguments, files and servers) is printed with its
    /// control characters escaped.
    public static func runEscapingMessages() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            Foundation.exit(0)
        } catch {
            let code = exitCode(for: error)
            let message = TerminalText.escaped(fullMessage(for: error), keepingLineBreaks: true)
            if !message.isEmpty {
                let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
