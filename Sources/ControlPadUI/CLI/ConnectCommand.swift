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

    @Option(help: "The name Impress shows for this remote (default: \"ControlPad on <hostname>\").")
    var name: String?

    @Option(help: "Pair with this PIN (digits) instead of the remembered or a random one.")
    var pin: String?

    @OptionGroup var pad: PadOptions

    /// The address given, or the config file's `server`.
    private func resolvedAddress() throws -> ImpressServerAddress {
        let config = try? ConfigLoader.load(path: pad.config).get()
        guard let text = address ?? config?.server else {
            throw ValidationError("say which computer runs Impress: controlpad connect HOST[:PORT] (or set server in the config file)")
        }
        do {
            return try ImpressServerAddress.parse(text)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func validate() throws {
        _ = try resolvedAddress()
        if let pin, !ImpressPin.isValid(pin) {
            throw ValidationError("--pin must be 1 to 16 digits, e.g. --pin 4821")
        }
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty || name.contains(where: \.isNewline) {
            throw ValidationError("--name must be one non-empty line")
        }
    }

    func run() throws {
        try bootstrapLogging(path: pad.log)
        let server = try resolvedAddress()
        let logger = Logger(label: "controlpad.impress")
        var store: (any PairingStoring)?
        if let url = PairingStore.defaultFileURL() {
            store = PairingStore(fileURL: url, logger: Logger(label: "controlpad.pairings"))
        } else {
            logger.warning("no HOME or XDG_STATE_HOME: accepted PINs are not remembered")
        }
        let configuration = ImpressRemoteConfiguration(
            address: server,
            clientName: name ?? Self.defaultClientName(),
            pinOverride: pin,
            pairingStore: store
        )
        let source = ImpressRemoteSource(configuration: configuration, logger: logger)
        try PadRunner.run(source: source, options: pad, link: .connecting(to: server.description))
    }

    /// "ControlPad on <hostname>": stable across runs, so a PIN accepted once
    /// keeps working (Impress authorises the name and PIN together).
    static func defaultClientName() -> String {
        let host = ProcessInfo.processInfo.hostName
            .split(separator: ".").first.map(String.init) ?? ""
        return host.isEmpty ? "ControlPad" : "ControlPad on \(host)"
    }
}
