import PadConfig
import ControlPadUI
import ArgumentParser
import FoundationEssentials
import SlideModel
import SourceKit
import ControlPadScripting

struct ConnectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Drive \(SourceRegistry.summaries).",
        discussion: SourceRegistry.networkKinds.map(\.connectHelp).joined(separator: "\n\n") + """


            Examples:
            \(SourceRegistry.exampleAddresses.map { "  controlpad connect \($0)" }.joined(separator: "\n"))
              controlpad connect laptop.local:1599 --name "Stage left" --duration 45m
            """
    )

    @Argument(help: ArgumentHelp(SourceRegistry.addressHelp, valueName: "host[:port]"))
    var address: String?

    @OptionGroup var source: SourceOptions

    @OptionGroup var pad: PadOptions

    func validate() throws {
        if let address { try SourceRegistry.check(address) }
    }

    func run() throws {
        try bootstrapLogging(path: pad.log)
        // The config is read once: for the default server, the source's settings, and the pad.
        let config = SourceRegistry.readConfig(path: pad.config)
        guard let text = address ?? config.config.server else {
            if let bad = config.problems.first(where: { $0.key == "server" }) {
                throw ValidationError("say which computer runs the show: controlpad connect HOST[:PORT]; the config's server is not one (\(bad))")
            }
            throw ValidationError("say which computer runs the show: controlpad connect HOST[:PORT] (or set server in the config file)")
        }
        let (kind, shown) = try SourceRegistry.check(text)
        let settings = source.settings(for: kind, config: config.config)
        let client = KeptLinkClient(server: shown, kind: kind.id)
        // A link another controlpad keeps to this show is taken over, not paired anew: one link per show.
        let made = try (kind.capabilities.contains(.oneKeptLink) ? client.adopt() : nil).map {
            try kind.adopt(state: $0.state, descriptor: $0.descriptor ?? -1, address: text, settings: settings, use: .pad, logger: nil)
        } ?? kind.makeSource(address: text, settings: settings, use: .pad, logger: nil)
        // `send`'s arguments for a keeper of this show ("start" stands for any command: it reads only the rest).
        let keeper = ["send", text, "start"] + source.arguments + (pad.config.map { ["--config", $0] } ?? []) + (pad.log.map { ["--log", $0] } ?? [])
        // Every show's pad listens for `send`: on a kind with one kept link all of it, on the others
        // what only a pad can do (`send pointer`, `send ink`: its pointer and ink stay with it).
        let door = client.path.map { ShowDoor(path: $0, server: shown, kindName: kind.displayName, keeper: keeper) }
        try PadRunner.run(source: made, settings: SourceRegistry.padSettings(pad.settings, for: kind), link: kind.initialLink(shown: shown),
                          sourceNotes: SourceRegistry.helpNotes(kind, bindings: config.config.bindings), config: config,
                          door: door)
    }
}
