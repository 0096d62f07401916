import ArgumentParser
import Foundation
import Logging
import RemoteTransport
import SlideModel

struct ConnectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Drive a running LibreOffice Impress over the network (Impress Remote).",
        discussion: """
            In Impress, enable Tools ▸ Options ▸ LibreOffice Impress ▸ General ▸ \
            "Enable remote control". The first time, the pad shows a PIN: type it into \
            Slide Show ▸ Impress Remote. The accepted PIN is remembered per server in \
            $XDG_STATE_HOME/controlpad/pairings.json (~/.local/state/controlpad/).
            """
    )

    @Argument(help: ArgumentHelp(
        "The computer running Impress, e.g. 192.0.2.7, laptop.local:1599 or [::1]:1599 (default: the config's server).",
        valueName: "host[:port]"))
    var address: String?

    @OptionGroup var pairing: PairingOptions

    @OptionGroup var pad: PadOptions

    /// The address given, or the config file's `server`.
    private func resolvedAddress() throws -> ImpressServerAddress {
        let config = try? ConfigLoader.load(path: pad.config).get()
        guard let text = address ?? config?.server else {
            throw ValidationError("say which computer runs Impress: controlpad connect HOST[:PORT] (or set server in the config file)")
        }
        return try PairingOptions.server(text)
    }

    func validate() throws {
        _ = try resolvedAddress()
    }

    func run() throws {
        try bootstrapLogging(path: pad.log)
        let server = try resolvedAddress()
        let logger = Logger(label: "controlpad.impress")
        let configuration = pairing.configuration(for: server, logger: logger)
        let source = ImpressRemoteSource(configuration: configuration, logger: logger)
        try PadRunner.run(source: source, options: pad, link: .connecting(to: server.description))
    }
}
