/// The life every link to a presenting app lives, whatever it speaks
/// (Impress Remote, pdfpc's REST, CDP…): one pure machine that the connections
/// (`ImpressConnection`, `PdfpcConnection`, `RevealLink`) hold and follow, so that
/// connecting, counting down, retrying and stopping read and behave the
/// same for every source.
///
///     idle ──start──▶ connecting ──opened──▶ open
///                        ▲    │                │
///                        │    └─────lost───────┤
///                        │                     ▼
///                        ├──── 0 s left ── countingDown(left, problem)   "reconnecting in N s"
///                        │                     (each `countdownStep`)
///                        └──── retryNow ── countingDown, waiting
///     refused (only the presenter can fix it) ──▶ waiting (for retryNow)
///     stop, from any state ──▶ stopped (for good)
///
/// The delays between attempts come from `ReconnectBackoff`; a link that
/// worked (`worked`) starts the backoff afresh, and so does the presenter's
/// `retryNow`. It says what to do as `Step`s; how to connect is the
/// connection's own business (`Step.connect`). Pure: time is whatever the
/// caller passes in.
public struct LinkLife: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case idle, connecting, open
        /// Waiting before the next attempt: `left` after the timer armed now.
        case countingDown(left: Duration, problem: LinkProblem)
        /// Refused in a way only the presenter can fix (a PIN to type, a
        /// wrong password, another client's lock): no retry until `retryNow`.
        case waiting
        case stopped
    }

    /// What the connection does next.
    public enum Step: Sendable, Equatable {
        /// Start an attempt now (the connection's own `connect`).
        case connect
        /// Tell the pad (a `SourceEvent.link`).
        case tell(LinkState)
        case armCountdown(after: Duration)
        case cancelCountdown
        case log(SourceLogLevel, String)
    }

    public private(set) var phase: Phase = .idle
    public private(set) var backoff: ReconnectBackoff
    /// How often "reconnecting in N s" is refreshed (zero: once).
    public let countdownStep: Duration

    public init(backoff: ReconnectBackoff = ReconnectBackoff(), countdownStep: Duration = .seconds(1)) {
        self.backoff = backoff
        self.countdownStep = countdownStep
    }

    public var isOpen: Bool { phase == .open }
    public var isConnecting: Bool { phase == .connecting }
    public var isStopped: Bool { phase == .stopped }

    /// The first attempt, once: nothing unless idle.
    public func start() -> [Step] { phase == .idle ? [.connect] : [] }

    /// An attempt begins (the connection's `connect` says so).
    public mutating func connecting() {
        guard !isStopped else { return }
        phase = .connecting
    }

    /// The attempt reached the other side.
    public mutating func opened() {
        guard !isStopped else { return }
        phase = .open
    }

    /// The link did its job (paired, answered): the next loss waits the
    /// shortest delay again.
    public mutating func worked() { backoff.reset() }

    /// The attempt failed or the link went down: count down to the next
    /// attempt, each loss in a row waiting longer (`ReconnectBackoff`).
    public mutating func lost(_ problem: LinkProblem) -> [Step] {
        guard !isStopped else { return [] }
        return countDown(left: backoff.nextDelay(), problem: problem)
    }

    /// Refused in a way that asking again cannot fix: say why, and wait for
    /// the presenter (`retryNow`).
    public mutating func refused(_ problem: LinkProblem) -> [Step] {
        guard !isStopped else { return [] }
        phase = .waiting
        return [.tell(.failed(problem))]
    }

    /// The countdown's timer fired: count on, or connect at 0.
    public mutating func countdownFired() -> [Step] {
        guard case .countingDown(let left, let problem) = phase else { return [] }
        return countDown(left: left, problem: problem)
    }

    /// The presenter asks to reconnect now: only while counting down or
    /// waiting (an attempt or a link that is up is left alone).
    public mutating func retryNow() -> [Step] {
        switch phase {
        case .countingDown, .waiting:
            backoff.reset()
            return [.cancelCountdown, .log(.info, "reconnecting now, as asked"), .connect]
        case .idle, .connecting, .open, .stopped:
            return []
        }
    }

    /// For good, from any state. The connection cancels its timers (the
    /// countdown's among them) and closes what it has open.
    public mutating func stop() { phase = .stopped }

    /// "reconnecting in N s" every `countdownStep`, then connect.
    mutating func countDown(left: Duration, problem: LinkProblem) -> [Step] {
        guard left > .zero else { return [.connect] }
        let step = min(countdownStep > .zero ? countdownStep : left, left)
        phase = .countingDown(left: left - step, problem: problem)
        return [.tell(.reconnecting(inSeconds: ReconnectBackoff.countdownSeconds(left), problem: problem)),
                .armCountdown(after: step)]
    }
}
