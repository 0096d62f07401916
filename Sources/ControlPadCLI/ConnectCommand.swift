import PadConfig
import ControlPadUI
import ArgumentParser
import FoundationEssentials
import Logging
import PdfpcTransport
import RemoteTransport
import SlideModel

struct ConnectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Drive a running LibreOffice Impress over the network (Impress Remote), or a pdfpc (pdfpc://HOST).",
        discussion: """
            In Impress, turn on Tools > Options > LibreOffice Impress > General > \
            "Enable remote control" and, on LibreOffice 24.8 and later, "Enable insecure WiFi \
            connections", then restart LibreOffice (without the second, Impress offers only \
            Bluetooth and the connection is refused). `controlpad doctor HOST` checks each step. \
            The first time, the pad shows a PIN: type it into Slide Show > Impress Remote. \
            Keys: ? in the pad; r reconnects at once while the link is down. The accepted PIN is remembered per server in \
            $XDG_STATE_HOME/controlpad/pairings.json (~/.local/state/controlpad/). \
            A PDF talk in pdfpc: start it with its REST server, `pdfpc -V talk.pdf` (port 8088, password \
            from `option rest-passwd PASSWORD` in ~/.config/pdfpc/pdfpcrc), then `controlpad connect pdfpc://HOST` \
            with --password, pdfpc-password in the config, or typed when asked.

            Examples:
              controlpad connect 192.168.1.20
              controlpad connect laptop.local:1599 --name "Stage left" --duration 45m
              controlpad connect pdfpc://127.0.0.1 --password secret
            """
    )

    @Argument(help: ArgumentHelp(
        "The computer running Impress, e.g. 192.0.2.7, laptop.local:1599 or [::1]:1599 (default: the config's server); or pdfpc://HOST[:PORT].",
        valueName: "host[:port]"))
    var address: String?

    @OptionGroup var pairing: PairingOptions

    @OptionGroup var pad: PadOptions

    @OptionGroup var pdfpc: PdfpcOptions

    func validate() throws {
        if let address, PdfpcAddress.isPdfpc(address) { _ = try PdfpcOptions.address(address); return }
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
        if PdfpcAddress.isPdfpc(text) {
            let address = try PdfpcOptions.address(text)
            let password = pdfpc.password(config: config.config.pdfpcPassword) { PdfpcOptions.askOnTerminal(for: address) } ?? ""
            let source = PdfpcSource(configuration: pdfpc.configuration(address, password: password))
            return try PadRunner.run(source: source, settings: pad.settings, link: .connecting(to: address.description),
                                     sourceNotes: PdfpcOptions.helpNotes(config.config.bindings), config: config)
        }
        let server = try PairingOptions.server(text)
        let logger = Logger(label: "controlpad.impress")
        let configuration = pairing.configuration(for: server, logger: logger)
        let source = ImpressRemoteSource(configuration: configuration, logger: logger)
        try PadRunner.run(source: source, settings: pad.settings, link: .connecting(to: server.description), config: config)
    }
}
