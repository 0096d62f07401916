import ControlPadUI
import ArgumentParser
import FoundationEssentials
import Logging
import RemoteTransport
import SlideModel

/// `--name` and `--pin`, shared by `connect`, `send` and `watch`, and the
/// network source they configure.
struct PairingOptions: ParsableArguments {
    @Option(help: """
        The name Impress shows for this remote (default: the name last paired with this server, \
        else "ControlPad on <hostname>").
        """)
    var name: String?

    @Option(help: "Pair with this PIN (digits) instead of the remembered or a random one.")
    var pin: String?

    func validate() throws {
        if let pin, !ImpressPin.isValid(pin) {
            throw ValidationError("--pin must be 1 to 16 digits, e.g. --pin 4821")
        }
        if let name, name.trimmingWhitespace().isEmpty || name.contains(where: \.isNewline) {
            throw ValidationError("--name must be one non-empty line")
        }
    }

    /// The source's configuration for `server`. Without `--name`, the name
    /// this server last accepted is used again, so a reconnect pairs at once
    /// instead of asking Impress for a PIN (it authorises name and PIN together).
    func configuration(for server: ImpressServerAddress, logger: Logger) -> ImpressRemoteConfiguration {
        var store: PairingStore?
        if let url = PairingStore.defaultFileURL() {
            store = PairingStore(fileURL: url, logger: Logger(label: "controlpad.pairings"))
        } else {
            logger.warning("no HOME or XDG_STATE_HOME: accepted PINs are not remembered")
        }
        let storedName = store?.pairing(forServer: server.description)?.name
        var backoff = ReconnectBackoff()
        // For the fault-matrix end-to-end tests, which reconnect dozens of
        // times: CONTROLPAD_RECONNECT_MS fixes the wait between attempts.
        if let ms = ProcessInfo.processInfo.environment["CONTROLPAD_RECONNECT_MS"].flatMap(Int.init), ms >= 0 {
            backoff = ReconnectBackoff(initial: .milliseconds(ms), maximum: .milliseconds(ms))
        }
        return ImpressRemoteConfiguration(
            address: server,
            clientName: name ?? storedName ?? Self.defaultClientName(),
            pinOverride: pin,
            pairingStore: store,
            backoff: backoff
        )
    }

    /// "ControlPad on <hostname>": stable across runs, so a PIN accepted once
    /// keeps working (Impress authorises the name and PIN together).
    static func defaultClientName() -> String {
        let host = ProcessInfo.processInfo.hostName
            .split(separator: ".").first.map(String.init) ?? ""
        return host.isEmpty ? "ControlPad" : "ControlPad on \(host)"
    }

    /// `HOST[:PORT]` from the command line, or a usage error saying what is wrong.
    static func server(_ text: String) throws -> ImpressServerAddress {
        do {
            return try ImpressServerAddress.parse(text)
        } catch {
            throw ValidationError("\(error)")
        }
    }
}
