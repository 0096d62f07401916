import SlideModel

/// Why the link to Impress is down, in a presenter's words, and what to do
/// about it: Impress's catalogue of the words the pad's banner, `send`,
/// `watch`, `discover` and `doctor` use. Each problem has a short `reason`
/// (the status line, `watch`'s `link_lost`) and a `fix`; the link carries
/// it as the generic `LinkProblem` (`problem`), typed, never parsed back.
public enum ImpressProblem: String, Sendable, CaseIterable, Codable {
    case hostNotFound
    /// Nothing listens: the remote is off (on 24.8+, the WiFi setting is off).
    case refused
    case unreachable
    /// The connection attempt got no answer at all: a firewall dropping it.
    case timedOut
    case reset
    /// Something that is not Impress Remote answered.
    case notImpress
    /// The remote accepts connections but never answers: the stuck state a
    /// client leaving mid-stream leaves LibreOffice in (docs/IMPRESS-REMOTE.md).
    case stuck
    /// Paired, then not a word about the show: the hung state LibreOffice's
    /// remote server is left in after it crashed (docs/IMPRESS-REMOTE.md).
    case silentAfterPairing
    /// Linked, but Impress confirms none of the pad's presses and says
    /// nothing else: its remote died while the pad was linked.
    case unconfirmed
    /// Impress closed the pair request without an answer.
    case pairingRefused
    /// The PIN was never typed into Impress before the link closed.
    case pairingUnconfirmed
    /// Impress does not know this remote's name and PIN yet: it waits for a
    /// person to type the PIN into Impress (`LO_SERVER_VALIDATING_PIN`).
    case waitingForPin
    /// Impress closed the link (it quit, or its window closed).
    case closed
    /// A link that worked, then nothing answers (refused, or no answer):
    /// LibreOffice quit, not a set-up problem.
    case stoppedAnswering
    /// Nothing listens on a port other than Impress Remote's 1599.
    case refusedOnOtherPort

    /// The two settings that start LibreOffice's network remote, and the restart.
    public static let settingsFix = """
        In Impress: Tools ▸ Options ▸ LibreOffice Impress ▸ General, turn on "Enable remote control" \
        and (LibreOffice 24.8 and later) "Enable insecure WiFi connections", then quit and restart LibreOffice.
        """

    /// The only cure for a stuck or crashed remote server.
    public static let restartFix = """
        Quit LibreOffice completely (check that no soffice process is left: `pkill -f soffice`), \
        and open the presentation again.
        """

    /// A short reason, for the status line and `watch`'s `link_lost`.
    public var reason: String {
        switch self {
        case .hostNotFound: "host not found"
        case .refused: "connection refused: Impress's network remote is off"
        case .unreachable: "host unreachable"
        case .timedOut: "no answer (timed out)"
        case .reset: "connection reset"
        case .notImpress: "the port answered with something that isn't Impress Remote (wrong port?)"
        case .stuck: "Impress accepted the connection but never answered"
        case .silentAfterPairing: "Impress's remote is stuck: it paired but never said whether a show runs"
        case .unconfirmed: "Impress's remote stopped answering: the last presses were not carried out"
        case .pairingRefused: "Impress refused the pairing request"
        case .pairingUnconfirmed: "pairing was not confirmed in Impress"
        case .waitingForPin: "Impress waits for this remote's PIN to be typed in"
        case .closed: "Impress closed the connection"
        case .stoppedAnswering: "Impress stopped answering: did LibreOffice quit?"
        case .refusedOnOtherPort: "connection refused: nothing listens on this port (Impress Remote listens on 1599)"
        }
    }

    /// What the presenter can do, in one or two sentences.
    public var fix: String {
        switch self {
        case .hostNotFound:
            "Check the computer's name, or use its IP address (`controlpad discover` finds Impress on this network)."
        case .refused:
            "Nothing listens on the Impress Remote port. " + Self.settingsFix
        case .unreachable:
            "Check that this computer and the one running Impress are on the same network."
        case .timedOut:
            "A firewall may be dropping the connection: allow TCP 1599 (and UDP 1598 for discover) on the computer running Impress."
        case .reset:
            "Impress dropped the connection; the pad reconnects by itself."
        case .notImpress:
            "Check the port: Impress Remote listens on 1599."
        case .stuck:
            "Impress's remote is stuck (a client left while Impress was still sending it the slides). "
                + Self.restartFix
        case .silentAfterPairing, .unconfirmed:
            "LibreOffice's remote server has crashed or hung; the show window may not move either. " + Self.restartFix
        case .pairingRefused:
            "Check that \"Enable remote control\" is on in Impress, then ask again (in the pad: press r)."
        case .pairingUnconfirmed:
            "Type the PIN the pad shows into Impress (Slide Show ▸ Impress Remote), then press r to ask again."
        case .waitingForPin:
            "Pair once: `controlpad connect` shows a PIN to type into Impress (Slide Show ▸ Impress Remote) and "
                + "remembers it once Impress accepts it; or give the name and PIN Impress already knows with --name and --pin."
        case .closed:
            "Impress quit or closed the presentation; the pad reconnects when it is back."
        case .stoppedAnswering:
            "The link worked until now. If LibreOffice quit or closed the presentation, open it again: "
                + "the pad reconnects by itself as soon as Impress answers."
        case .refusedOnOtherPort:
            "Check the port: Impress Remote listens on port \(ImpressServerAddress.defaultPort) (give the address without a port). "
                + "If Impress does listen on this one, its remote is off. " + Self.settingsFix
        }
    }

    /// The source id every Impress problem carries.
    public static let source = "impress"

    /// The generic value the link carries.
    public var problem: LinkProblem { LinkProblem(source: Self.source, code: rawValue, reason: reason, fix: fix) }

    /// The catalogue's case a problem is, when it is Impress's.
    public init?(_ problem: LinkProblem) {
        guard problem.source == Self.source, let known = Self(rawValue: problem.code) else { return nil }
        self = known
    }

    /// The link closed with a message half read.
    public static let midMessageCode = "midMessage"
    public static var midMessage: LinkProblem {
        LinkProblem(source: source, code: midMessageCode, reason: "connection closed in the middle of a message")
    }

    /// The framer refused what came (too big, too many lines), in its words.
    public static let protocolErrorCode = "protocolError"
    public static func protocolError(_ words: String) -> LinkProblem {
        LinkProblem(source: source, code: protocolErrorCode, reason: words)
    }

    /// Words the system or SwiftNIO gave, with no entry in the catalogue.
    public static func unexplained(_ words: String) -> LinkProblem { LinkProblem.unexplained(words, source: source) }

    /// The problem to show for a failed connection attempt: after a link
    /// that worked, "stopped answering" instead of set-up advice; a port
    /// other than 1599 that refuses is most likely the wrong port.
    public static func attempt(_ problem: LinkProblem, linkWorkedBefore: Bool, port: Int?) -> LinkProblem {
        let known = Self(problem)
        if linkWorkedBefore, known == .refused || known == .timedOut || known == .refusedOnOtherPort {
            return Self.stoppedAnswering.problem
        }
        if known == .refused, let port, port != ImpressServerAddress.defaultPort { return Self.refusedOnOtherPort.problem }
        return problem
    }
}
