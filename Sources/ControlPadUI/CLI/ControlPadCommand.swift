import ArgumentParser

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
}
