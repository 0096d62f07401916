import SlideModel

/// Why the link to pdfpc is down, in a presenter's words, and what to do
/// about it: pdfpc's catalogue, carried on the link as the generic
/// `LinkProblem` (`problem`), typed, never parsed back from its words.
public enum PdfpcProblem: String, Sendable, CaseIterable, Codable {
    case hostNotFound
    case unreachable
    /// The connection was reset before pdfpc ever answered.
    case reset
    /// pdfpc answered 401: the REST password is not the one it expects.
    case wrongPassword
    /// Nothing listens on pdfpc's port: it runs without its REST server (`-V`), or not at all.
    case notListening
    /// pdfpc answered 403: once a client has sent a command, pdfpc serves
    /// only that client's computer until it quits.
    case locked
    /// pdfpc was there and went (it quit, or its REST server stopped).
    case quit
    /// pdfpc accepted the connection but did not answer in time.
    case stalled
    /// Something that is not pdfpc's REST API answered (or pdfpc answered garbage).
    case notPdfpc
    /// `pdfpcs://`: the TLS handshake failed (an untrusted certificate, or plain HTTP).
    case tls

    /// The source id every pdfpc problem carries.
    public static let source = "pdfpc"

    /// The generic value the link carries.
    public var problem: LinkProblem { LinkProblem(source: Self.source, code: rawValue, reason: reason, fix: fix) }

    /// The catalogue's case a problem is, when it is pdfpc's.
    public init?(_ problem: LinkProblem) {
        guard problem.source == Self.source, let known = Self(rawValue: problem.code) else { return nil }
        self = known
    }

    /// A problem that leaves the link waiting for the presenter (`r`), not counting down.
    public var waitsForPresenter: Bool { self == .wrongPassword || self == .locked }

    /// A short reason, for the status line and `watch`'s `link_lost`.
    public var reason: String {
        switch self {
        case .hostNotFound: "host not found"
        case .unreachable: "host unreachable"
        case .reset: "connection reset"
        case .wrongPassword: "pdfpc refused the password (HTTP 401)"
        case .notListening: "connection refused: pdfpc's REST server is not running"
        case .locked: "pdfpc serves another computer (HTTP 403)"
        case .quit: "pdfpc went away (it quit, or its REST server stopped)"
        case .stalled: "pdfpc accepted the connection but did not answer in time"
        case .notPdfpc: "the port answered with something that isn't pdfpc's REST API (wrong port?)"
        case .tls: "HTTPS with pdfpc failed: its certificate is not trusted, or it serves plain HTTP"
        }
    }

    /// What the presenter can do, in one or two sentences.
    public var fix: String {
        switch self {
        case .hostNotFound:
            "Check the computer's name, or use its IP address."
        case .unreachable:
            "Check that this computer and the one running pdfpc are on the same network."
        case .reset:
            "pdfpc dropped the connection; the pad reconnects by itself."
        case .wrongPassword:
            "Give pdfpc's REST password (user pdfpc): --password, or pdfpc-password in the config file. "
                + "pdfpc takes it from `option rest-passwd …` in its pdfpcrc; without one it makes up a new password "
                + "at every start and shows it only as a QR code. Then press r."
        case .notListening:
            "Start pdfpc with its REST server: pdfpc -V talk.pdf (add -p PORT for another port than 8088), "
                + "with `option rest-passwd PASSWORD` in ~/.config/pdfpc/pdfpcrc; the pad connects when it answers."
        case .locked:
            "Another computer has sent pdfpc a command, and pdfpc now serves only that one until it quits: "
                + "drive it from that computer, or restart pdfpc, then press r."
        case .quit:
            "pdfpc quit or closed the presentation; the pad reconnects when it is back (start it with -V)."
        case .stalled:
            "pdfpc may be busy or frozen; the pad tries again by itself. If it stays stuck, restart pdfpc."
        case .notPdfpc:
            "Check the port: pdfpc's REST server listens on 8088 unless started with -p PORT."
        case .tls:
            "Pass pdfpc's own certificate with --trust FILE (the one `option rest-https` serves), "
                + "or connect with pdfpc://HOST if its REST server is plain HTTP. The log says what TLS refused."
        }
    }
}
