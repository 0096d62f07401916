import FoundationEssentials
import Logging
import SlideModel
import ImpressRemote
import SourceKit

extension ImpressKind: DeclaresMovesWhileBlank { public var movesWhileBlank: MovesWhileBlank { .backOnlyEndsBlank } }  // LibreOffice 25.2: ← ends the blank and stays

/// LibreOffice Impress over Impress Remote, as a source kind: a plain
/// `HOST[:PORT]` (or `impress://HOST[:PORT]`), paired with a PIN.
public struct ImpressKind: SourceKind {
    public init() {}

    public static let kindID = "impress"
    public var id: String { Self.kindID }
    public var displayName: String { "Impress" }
    public var summary: String { "a running LibreOffice Impress over the network (Impress Remote)" }
    public var schemes: [String] { ["impress://"] }
    public var addressForm: String { "HOST[:PORT]" }
    public var connectHelp: String {
        """
        In Impress, turn on Tools > Options > LibreOffice Impress > General > \
        "Enable remote control" and, on LibreOffice 24.8 and later, "Enable insecure WiFi \
        connections", then restart LibreOffice (without the second, Impress offers only \
        Bluetooth and the connection is refused). `controlpad doctor HOST` checks each step. \
        The first time, the pad shows a PIN: type it into Slide Show > Impress Remote. \
        Keys: ? in the pad; r reconnects at once while the link is down. The accepted PIN is remembered per server in \
        $XDG_STATE_HOME/controlpad/pairings.json (~/.local/state/controlpad/).
        """
    }
    public var capabilities: SourceCapabilities { [.pointer, .startStop, .pairing, .animationSteps, .blank, .confirmsCommands, .oneKeptLink] }

    /// What ← does while blank (the help's "a move brings the slides back" says no more).
    public var keyNotes: [SourceHelpNotes.Item] {
        [(.action(.previous), "while blank: the slides come back on the same slide (LibreOffice)")]
    }

    public var options: [SourceOption] {
        [
            SourceOption(name: "name", valueName: "name", help: """
                The name Impress shows for this remote (default: the name last paired with this server, \
                else "ControlPad on <hostname>").
                """),
            SourceOption(name: "pin", valueName: "pin", help: "Pair with this PIN (digits) instead of the remembered or a random one."),
        ]
    }

    public var pinEntry: String { "Impress (Slide Show ▸ Impress Remote)" }

    public var pairingAdvice: String {
        "type the PIN it shows into Impress (Slide Show ▸ Impress Remote), or give the PIN Impress knows with --pin"
    }

    public func parse(_ address: String) throws(SourceKindError) -> String {
        try server(address).description
    }

    /// `HOST[:PORT]` or `impress://HOST[:PORT]`, or what is wrong in words.
    public func server(_ text: String) throws(SourceKindError) -> ImpressServerAddress {
        var plain = Substring(text)
        if claims(text) {
            plain = plain.drop { $0 == " " || $0 == "\t" }.dropFirst(schemes[0].count)
            while plain.hasSuffix("/") { plain.removeLast() }
        }
        do {
            return try ImpressServerAddress.parse(String(plain))
        } catch {
            throw SourceKindError("\(error)")
        }
    }

    public func validate(_ settings: SourceSettings) throws(SourceKindError) {
        if let pin = settings["pin"], !ImpressPin.isValid(pin) {
            throw SourceKindError("--pin must be 1 to 16 digits, e.g. --pin 4821")
        }
        if let name = settings["name"], name.trimmingWhitespace().isEmpty || name.contains(where: \.isNewline) {
            throw SourceKindError("--name must be one non-empty line")
        }
    }

    public func makeSource(address: String, settings: SourceSettings, use: SourceUse, logger: Logger?) throws -> any ConfirmingSource {
        let logger = logger ?? Logger(label: "controlpad.impress")
        var configuration = configuration(for: try server(address), settings: settings, logger: logger)
        switch use {
        case .pad, .watch(timeout: nil): break
        case .send(let timeout), .watch(let timeout?):
            configuration.connectTimeout = timeout
            configuration.pairingTimeout = timeout
        }
        return ImpressRemoteSource(configuration: configuration, logger: logger)
    }

    /// The source's configuration for `server`. Without a name, the name
    /// this server last accepted is used again, so a reconnect pairs at once
    /// instead of asking Impress for a PIN (it authorises name and PIN together).
    public func configuration(for server: ImpressServerAddress, settings: SourceSettings, logger: Logger) -> ImpressRemoteConfiguration {
        var store: PairingStore?
        if let url = PairingStore.defaultFileURL() {
            store = PairingStore(fileURL: url, logger: Logger(label: "controlpad.pairings"))
        } else {
            logger.warning("no HOME or XDG_STATE_HOME: accepted PINs are not remembered")
        }
        let storedName = store?.pairing(forServer: server.description)?.name
        return ImpressRemoteConfiguration(
            address: server,
            clientName: settings["name"] ?? storedName ?? Self.defaultClientName(),
            pinOverride: settings["pin"],
            pairingStore: store,
            backoff: SourceEnvironment.reconnectBackoff ?? ReconnectBackoff()
        )
    }

    /// "ControlPad on <hostname>": stable across runs, so a PIN accepted once
    /// keeps working (Impress authorises the name and PIN together).
    public static func defaultClientName() -> String {
        let host = ProcessInfo.processInfo.hostName
            .split(separator: ".").first.map(String.init) ?? ""
        return host.isEmpty ? "ControlPad" : "ControlPad on \(host)"
    }

    /// The wait for Impress's stream that a leaving process handed over
    /// (`ImpressRemoteSource.leave`, `ImpressLinkState`).
    public func finish(state: [UInt8], descriptor: Int32, say: @escaping (String) -> Void) throws(SourceKindError) {
        guard let link = ImpressLinkState(bytes: state) else { throw SourceKindError("finish-stream for Impress got no link state") }
        let within = link.stream.holdsUntilShowEnds ? link.remaining : min(link.remaining, PreviewStream.safetyNet)
        StreamFinisher.finish(descriptor: descriptor, stream: link.stream, within: within, say: say)
    }

    /// A link another controlpad kept (`handOver`, `leave`), taken over: no new pairing.
    public func adopt(state: [UInt8], descriptor: Int32, address: String, settings: SourceSettings, use: SourceUse,
                      logger: Logger?) throws -> any ConfirmingSource {
        guard let link = ImpressLinkState(bytes: state) else { throw SourceKindError("the link handed over carries no Impress state") }
        let logger = logger ?? Logger(label: "controlpad.impress")
        var configuration = configuration(for: try server(address), settings: settings, logger: logger)
        if case .send(let timeout) = use {
            configuration.connectTimeout = timeout
            configuration.pairingTimeout = timeout
        }
        return ImpressRemoteSource(configuration: configuration, logger: logger,
                                   adopting: (descriptor, .init(transcript: link.transcript, stream: link.stream)))
    }
}

extension ImpressRemoteSource {
    /// Stops; while Impress is still streaming this connection a show's
    /// previews (`PreviewStream`), hands the wait over (`handOff`).
    public func leave() -> SourceHandOff? {
        shutdown()
        guard let handOff = handOff() else { return nil }
        return SourceHandOff(kind: ImpressKind.kindID, descriptor: handOff.descriptor, state: handOff.state,
                             holdsUntilShowEnds: handOff.stream.holdsUntilShowEnds,
                             waitDescription: handOff.stream.waitDescription) { say in
            StreamFinisher.finish(descriptor: handOff.descriptor, stream: handOff.stream, within: handOff.remaining) { say($0) }
        }
    }

    /// Stops, leaving the connection to another process (`SourceKind.adopt`).
    public func handOver() -> SourceHandOff? {
        guard let (descriptor, adoption) = handOverLink() else { return nil }
        let stream = adoption.stream
        let state = ImpressLinkState(stream: stream, remaining: stream.deadline(waitingFrom: .zero),
                                     transcript: adoption.transcript)
        return SourceHandOff(kind: ImpressKind.kindID, descriptor: descriptor, state: state.bytes,
                             holdsUntilShowEnds: stream.holdsUntilShowEnds, waitDescription: stream.waitDescription) { say in
            StreamFinisher.finish(descriptor: descriptor, stream: stream, within: state.remaining) { say($0) }
        }
    }
}
