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
            In Impress, turn on Tools ▸ Options ▸ LibreOffice Impress ▸ General ▸ \
            "Enable remote control" and, on LibreOffice 24.8 and later, "Enable insecure WiFi \
            connections", then restart LibreOffice (without the second, Impress offers only \
            Bluetooth and the connection is refused). `controlpad doctor HOST` checks each step. \
            The first time, the pad shows a PIN: type it into Slide Show ▸ Impress Remote. \
            Keys: ? in the pad; r reconnects at once while the link is down. The accepted PIN is remembered per server in \
            $XDG_STATE_HOME/controlpad/pairings.json (~/.local/state/controlpad/).
            """
    )

    @Argument(help: ArgumentHelp(
        "The computer running Impress, e.g. 192.0.2.7, laptop.local:1599 or [::1]:1599 (default: the config's server).",
        valueName: "host[:port]"))
    var address: String?

    @OptionGroup var pairing: PairingOptions

    @OptionGroup var pad: PadOptions

    func validate() throws {
        if let address { _ = try PairingOptions.server(address) }
    }

    func run() throws {
        try bootstrapLogging(path: pad.log)
        // The config is read once: for the default server, and for the pad.
        let config = ConfigLoader.read(path: pad.config)
        guard let text = address ?? config.config.server else {
            if let bad = config.problems.first(where: { $0.key == "server" }) {
                throw ValidationError("say which computer runs Impress: controlpad connect HOST[:PORT]; the config's server is not one (\(bad))")
            }
            throw ValidationError("say which computer runs Impress: controlpad connect HOST[:PORT] (or set server in the config file)")
        }
        let server = try PairingOptions.server(text)
        let logger = Logger(label: "controlpad.impress")
        let configuration = pairing.configuration(for: server, logger: logger)
        let source = ImpressRemoteSource(configuration: configuration, logger: logger)
        try PadRunner.run(source: source, options: pad, link: .connecting(to: server.description), config: config)
    }
}
