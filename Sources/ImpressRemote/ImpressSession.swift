import SlideModel

/// How loud a line the session wants logged. The transport maps it onto its
/// logger; the model itself does not depend on a logging library.
public typealias ImpressLogLevel = SourceLogLevel

/// What one connection's session asks of its transport.
public enum ImpressSessionOutput: Sendable, Equatable {
    /// Deliver to the pad.
    case event(SourceEvent)
    /// The server accepted `pin` for our client name: store it for this server.
    case rememberPin(String)
    /// A `slide_updated` for slide `index` arrived (duplicates included): the
    /// show carried out a navigation (see `NavigationPacer`).
    case navigationConfirmed(Int)
    case log(ImpressLogLevel, String)
}

/// One connection's conversation with an Impress Remote server, without
/// sockets: pairing, then server messages turned into `SourceEvent`s.
///
/// A new connection gets a new session. The pad then learns the show's state
/// afresh: right after pairing the server sends `slideshow_finished` or
/// `slideshow_started`, and `showStarted` resets everything the pad knew, so
/// nothing from before a reconnect survives.
public struct ImpressSession: Sendable {
    /// Where the presenter types the PIN, in Impress's words (the pad's banner shows it).
    public static let pinPlace = "Slide Show ▸ Impress Remote in LibreOffice"

    public enum Phase: Sendable, Equatable {
        /// Nothing sent yet.
        case idle
        /// Pair request sent, no answer yet.
        case requested
        /// The server waits for a person to type `pin` into Impress.
        case validatingPin
        case paired
    }

    public let clientName: String
    public let pin: String
    /// How the status line names the peer's address, e.g. "127.0.0.1".
    public let serverLabel: String
    public private(set) var phase: Phase = .idle
    /// The show as the server last described it; nil when none runs.
    public private(set) var show: (slideCount: Int, current: Int)?
    /// The show's title as Impress named it (`slideshow_info`), and whether
    /// the pad was told it is gone (at the show's end): Impress names a show
    /// only on connect, not when it starts again, so the session names it then.
    private var title = ""
    private var titleTakenBack = false

    public init(clientName: String, pin: String, serverLabel: String) {
        self.clientName = clientName
        self.pin = pin
        self.serverLabel = serverLabel
    }

    public var isPaired: Bool { phase == .paired }

    /// The pair request, to be written in one write as soon as the socket is up.
    public mutating func start() -> [UInt8] {
        phase = .requested
        return ImpressClientEncoding.pairRequest(name: clientName, pin: pin)
    }

    /// One framed message (its lines) from the server.
    public mutating func receive(_ lines: [String]) -> [ImpressSessionOutput] {
        do {
            return handle(try ImpressServerMessage.parse(lines))
        } catch {
            return [.log(.warning, "ignored a bad message: \(error)")]
        }
    }

    public mutating func handle(_ message: ImpressServerMessage) -> [ImpressSessionOutput] {
        switch message {
        case .validatingPin:
            phase = .validatingPin
            return [
                // The PIN is a secret: shown on the pad's own screen, never logged.
                .log(.notice, "server waits for the PIN shown on the pad to be typed into Impress"),
                .event(.link(.pairing(pin: pin, place: Self.pinPlace))),
            ]
        case .paired:
            let first = phase != .paired
            phase = .paired
            guard first else { return [] }
            return [
                .log(.info, "paired as \(clientName.debugDescription)"),
                .rememberPin(pin),
                .event(.link(.connected(server: "Impress · \(serverLabel)"))),
            ]
        case .serverInfo(let version):
            let clean = Self.oneLine(version)
            let name = clean.isEmpty ? "Impress" : "Impress \(clean)"
            return [.event(.link(.connected(server: "\(name) · \(serverLabel)")))]
        case .showStarted(let count, let current):
            show = (count, current)
            // LibreOffice starts the show's stream again when a move ends a
            // blank (twice, 25.2), and never says "blank" otherwise: the
            // audience sees slides again.
            var events: [ImpressSessionOutput] = [.event(.blankEnded), .event(.showStarted(slideCount: count, current: current))]
            if titleTakenBack, !title.isEmpty { events.append(.event(.showTitle(title))) }
            titleTakenBack = false
            return events
        case .showInfo(let title):
            self.title = Self.oneLine(title)
            titleTakenBack = false
            return [.event(.showTitle(self.title))]
        case .slidePreview(let index, let png):
            if let reason = outOfShow(index) { return [.log(.notice, "ignored preview \(index): \(reason)")] }
            let preview = Preview(png: png)
            return [.event(.preview(index: index, preview))]
        case .slideNotes(let index, let markup):
            if let reason = outOfShow(index) { return [.log(.notice, "ignored notes \(index): \(reason)")] }
            return [.event(.notes(index: index, .plain(OfficeNotesMarkup.plainText(from: markup))))]
        case .slideUpdated(let index):
            if let reason = outOfShow(index) {
                return [.navigationConfirmed(index), .log(.notice, "ignored slide_updated \(index): \(reason)")]
            }
            // After a resume LibreOffice repeats every slide_updated three times.
            if let current = show?.current, current == index { return [.navigationConfirmed(index)] }
            if let count = show?.slideCount { show = (count, index) }
            return [.navigationConfirmed(index), .event(.slideChanged(index: index))]
        case .showFinished:
            show = nil
            titleTakenBack = true
            return [.event(.showFinished), .event(.showTitle(""))]
        case .unknown(let name):
            return [.log(.notice, "ignored unknown message \(name.debugDescription)")]
        }
    }

    /// Why `index` cannot belong to the running show, if it cannot.
    private func outOfShow(_ index: Int) -> String? {
        guard let show, index >= show.slideCount else { return nil }
        return "the show has \(show.slideCount) slides"
    }

    /// Text from the server for one line of the status bar: no control
    /// characters, no line breaks.
    static func oneLine(_ text: String) -> String {
        Notes.sanitized(text).split(separator: "\n").joined(separator: " ")
    }
}
