/// Why the link to the presenting app is down, typed: which source said it,
/// a stable code, the reason in words (the status line, `watch`'s
/// `link_lost`) and what the presenter can do (the pad's banner, the doctor,
/// `send`). It travels typed in `LinkState` and is never parsed back from
/// its words. Each source keeps its own catalogue (an enum in its own
/// folder) and converts its cases to this value; the pad knows only this.
public struct LinkProblem: Sendable, Equatable, Hashable, Codable {
    /// The source kind that said it, e.g. "impress", "pdfpc".
    public var source: String
    /// Stable within its source, e.g. "refused"; `unexplainedCode` for
    /// words a source passed on without a catalogue entry.
    public var code: String
    /// A short reason, for the status line and `watch`'s `link_lost`.
    public var reason: String
    /// What the presenter can do, in one or two sentences (nil: nothing to say).
    public var fix: String?
    /// The pad's retry key answers it while the link is up: the source does
    /// what `fix` offers (e.g. ends another deck's show). Said in `fix`.
    public var retryAnswers = false

    private enum CodingKeys: String, CodingKey { case source, code, reason, fix }

    public init(source: String, code: String, reason: String, fix: String? = nil, retryAnswers: Bool = false) {
        self.source = source
        self.code = code
        self.reason = reason
        self.fix = fix
        self.retryAnswers = retryAnswers
    }

    /// The code of a problem a source has no catalogue entry for.
    public static let unexplainedCode = "unexplained"

    /// A problem said only in words (the system's, a library's): no fix.
    public static func unexplained(_ reason: String, source: String) -> LinkProblem {
        LinkProblem(source: source, code: unexplainedCode, reason: reason)
    }

    /// The same problem, with more said after its reason (e.g. what the link waits for meanwhile).
    public func adding(_ more: String) -> LinkProblem {
        var copy = self
        copy.reason = "\(reason); \(more)"
        return copy
    }

    /// A fix said outside the pad (the doctor, `send`): no key to press,
    /// the command is run again.
    public static func outsideThePad(_ fix: String) -> String {
        fix.replacing(" (in the pad: press r)", with: "")
            .replacing("then press r to ask again", with: "then run the command again")
            .replacing("Then press r.", with: "Then run the command again.")
            .replacing("then press r.", with: "then run the command again.")
    }
}
