/// Why the link to Impress (or pdfpc) is down, in a presenter's words, and
/// what to do about it: the one place for the words the pad's centre pane,
/// `send`, `watch`, `discover` and `doctor` use. Each problem has a short
/// `reason` (the status line, `watch`'s `link_lost`) and a `fix`.
public enum LinkProblem: String, Sendable, CaseIterable, Codable {
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
    /// pdfpc answered 401: the REST password is not the one it expects.
    case pdfpcWrongPassword
    /// Nothing listens on pdfpc's port: it runs without its REST server (`-V`), or not at all.
    case pdfpcNotListening
    /// pdfpc answered 403: once a client has sent a command, pdfpc serves
    /// only that client's computer until it quits.
    case pdfpcLocked
    /// pdfpc was there and went (it quit, or its REST server stopped).
    case pdfpcQuit
    /// pdfpc accepted the connection but did not answer in time.
    case pdfpcStalled
    /// Something that is not pdfpc's REST API answered (or pdfpc answered garbage).
    case notPdfpc
    /// `pdfpcs://`: the TLS handshake failed (an untrusted certificate, or plain HTTP).
    case pdfpcTLS

    /// The two settings that start LibreOffice's network remote, and the restart.
    /// Impress Remote's port (`ImpressServerAddress.defaultPort`), named here
    /// while Impress's problems live beside the shared ones.
    static let impressRemotePort = 1599

    public static let settingsFix = """
        In Impress: Tools ▸ Options ▸ LibreOffice Impress ▸ General, turn on "Enable remote control" \
        and (LibreOffice 24.8 and later) "Enable insecure WiFi connections", then quit and restart LibreOffice.
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
        case .pairingRefused: "Impress refused the pairing request"
        case .pairingUnconfirmed: "pairing was not confirmed in Impress"
        case .waitingForPin: "Impress waits for this remote's PIN to be typed in"
        case .closed: "Impress closed the connection"
        case .stoppedAnswering: "Impress stopped answering: did LibreOffice quit?"
        case .refusedOnOtherPort: "connection refused: nothing listens on this port (Impress Remote listens on 1599)"
        case .pdfpcWrongPassword: "pdfpc refused the password (HTTP 401)"
        case .pdfpcNotListening: "connection refused: pdfpc's REST server is not running"
        case .pdfpcLocked: "pdfpc serves another computer (HTTP 403)"
        case .pdfpcQuit: "pdfpc went away (it quit, or its REST server stopped)"
        case .pdfpcStalled: "pdfpc accepted the connection but did not answer in time"
        case .notPdfpc: "the port answered with something that isn't pdfpc's REST API (wrong port?)"
        case .pdfpcTLS: "HTTPS with pdfpc failed: its certificate is not trusted, or it serves plain HTTP"
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
                + "Quit LibreOffice completely and open the presentation again."
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
            "Check the port: Impress Remote listens on port \(Self.impressRemotePort) (give the address without a port). "
                + "If Impress does listen on this one, its remote is off. " + Self.settingsFix
        case .pdfpcWrongPassword:
            "Give pdfpc's REST password (user pdfpc): --password, or pdfpc-password in the config file. "
                + "pdfpc takes it from `option rest-passwd …` in its pdfpcrc; without one it makes up a new password "
                + "at every start and shows it only as a QR code. Then press r."
        case .pdfpcNotListening:
            "Start pdfpc with its REST server: pdfpc -V talk.pdf (add -p PORT for another port than 8088), "
                + "with `option rest-passwd PASSWORD` in ~/.config/pdfpc/pdfpcrc; the pad connects when it answers."
        case .pdfpcLocked:
            "Another computer has sent pdfpc a command, and pdfpc now serves only that one until it quits: "
                + "drive it from that computer, or restart pdfpc, then press r."
        case .pdfpcQuit:
            "pdfpc quit or closed the presentation; the pad reconnects when it is back (start it with -V)."
        case .pdfpcStalled:
            "pdfpc may be busy or frozen; the pad tries again by itself. If it stays stuck, restart pdfpc."
        case .notPdfpc:
            "Check the port: pdfpc's REST server listens on 8088 unless started with -p PORT."
        case .pdfpcTLS:
            "Pass pdfpc's own certificate with --trust FILE (the one `option rest-https` serves), "
                + "or connect with pdfpc://HOST if its REST server is plain HTTP. The log says what TLS refused."
        }
    }

    /// The reason to show for a failed connection attempt: after a link
    /// that worked, "stopped answering" instead of set-up advice; a port
    /// other than 1599 that refuses is most likely the wrong port.
    public static func attemptReason(_ reason: String, linkWorkedBefore: Bool, port: Int?) -> String {
        let problem = LinkProblem(reason: reason)
        if linkWorkedBefore, problem == .refused || problem == .timedOut || problem == .refusedOnOtherPort {
            return Self.stoppedAnswering.reason
        }
        if problem == .refused, let port, port != Self.impressRemotePort { return Self.refusedOnOtherPort.reason }
        return reason
    }

    /// A fix said outside the pad (the doctor, `send`): no key to press,
    /// the command is run again.
    public static func outsideThePad(_ fix: String) -> String {
        fix.replacing(" (in the pad: press r)", with: "")
            .replacing("then press r to ask again", with: "then run the command again")
            .replacing("Then press r.", with: "Then run the command again.")
            .replacing("then press r.", with: "then run the command again.")
    }

    /// The problem a reason names, for reasons that came from `reason`.
    public init?(reason: String) {
        guard let problem = Self.allCases.first(where: { $0.reason == reason }) else { return nil }
        self = problem
    }
}
