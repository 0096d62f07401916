/// Releases commands in order, navigation spaced so LibreOffice drops none.
///
/// LibreOffice's slideshow ignores a `transition_next`/`transition_previous`
/// that arrives while the previous navigation is still being carried out
/// (~20 ms on an idle machine, far more on a busy one or while it first
/// renders a slide), so five quick → presses would move the show only a few
/// slides. Every command is queued in the order given; a navigation (next,
/// previous, goto) leaves the queue only when
///
/// - at least `spacing` (40 ms) has passed since the last navigation, and
/// - the show has confirmed that navigation with a `slide_updated`, and a
///   settle time has passed since: `settle` (75 ms) or, if the show took
///   longer than that to confirm, as long as it took (a busy show is slow
///   to finish the change too) — or `ackTimeout` has passed without a
///   confirmation (an animation step, the end screen, or a goto to the
///   current slide send nothing).
///
/// Measured on LibreOffice 7.4 (see the commit): a fixed 40 ms lost steps
/// when the show was slow; sending right when `slide_updated` arrived lost
/// steps too (it is sent when the transition *starts*); a `transition_next`
/// right after a `goto_slide`'s confirmation was swallowed. Pacing every
/// navigation on the confirmations lost none once the show was warm.
/// `goto_slide` itself is never dropped, so pacing it costs at most a few
/// tens of milliseconds. Other commands (blank, pointer, ...) go at once
/// but never overtake a waiting navigation.
///
/// Pure: time is whatever monotonic `Duration` the caller passes in, so
/// tests drive it with a virtual clock.
public struct NavigationPacer: Sendable {
    /// Twice the ~20 ms LibreOffice needs when idle.
    public static let defaultSpacing: Duration = .milliseconds(40)
    /// After `slide_updated` (the transition's start) before the next
    /// navigation. 25 ms was not always enough after a goto; at 75 ms five
    /// quick presses still take only about half a second.
    public static let defaultSettle: Duration = .milliseconds(75)
    /// How long a navigation waits for the previous one's `slide_updated`.
    public static let defaultAckTimeout: Duration = .milliseconds(200)
    /// Holding → down with key repeat would otherwise queue steps that keep
    /// the show moving for seconds after the key is let go.
    public static let defaultCapacity = 32

    public let spacing: Duration
    public let settle: Duration
    public let ackTimeout: Duration
    public let capacity: Int
    private var queue: [SourceCommand] = []
    /// No step before this (spacing after a navigation, settle after an ack).
    private var notBefore: Duration?
    /// The last navigation sent, while it waits for its `slide_updated`.
    private var inFlight: Duration?
    /// When that wait ends without a confirmation.
    private var awaitingAckUntil: Duration?

    public init(
        spacing: Duration = defaultSpacing,
        settle: Duration = defaultSettle,
        ackTimeout: Duration = defaultAckTimeout,
        capacity: Int = defaultCapacity
    ) {
        self.spacing = spacing
        self.settle = settle
        self.ackTimeout = max(ackTimeout, spacing)
        self.capacity = max(1, capacity)
    }

    public var isEmpty: Bool { queue.isEmpty }
    public var pending: [SourceCommand] { queue }

    /// Queues `command`; false (and nothing queued) when the queue is full.
    @discardableResult
    public mutating func enqueue(_ command: SourceCommand) -> Bool {
        guard queue.count < capacity else { return false }
        queue.append(command)
        return true
    }

    /// The show reported a slide change (`slide_updated`) at `now`: the
    /// navigation in flight is confirmed, and the next one waits `settle`,
    /// or as long as this confirmation took if that was longer.
    public mutating func acknowledge(now: Duration) {
        let took = inFlight.map { now - $0 } ?? .zero
        inFlight = nil
        awaitingAckUntil = nil
        notBefore = max(notBefore ?? now, now + max(settle, took))
    }

    /// The commands to send at `now`, in order. Call again at `nextRelease`
    /// (or sooner, after `acknowledge`).
    public mutating func release(now: Duration) -> [SourceCommand] {
        var out: [SourceCommand] = []
        while let head = queue.first {
            if Self.isNavigation(head), let earliest = earliestNavigation, now < earliest {
                break
            }
            queue.removeFirst()
            if Self.isNavigation(head) {
                notBefore = max(notBefore ?? now, now + spacing)
                inFlight = now
                awaitingAckUntil = now + ackTimeout
            }
            out.append(head)
        }
        return out
    }

    /// When the head of the queue may go at the latest, or nil when the
    /// queue is empty. A navigation may go earlier if `acknowledge` is called.
    public var nextRelease: Duration? {
        guard let head = queue.first else { return nil }
        guard Self.isNavigation(head), let earliest = earliestNavigation else { return .zero }
        return earliest
    }

    /// Drops everything queued (the connection went away: stale presses must
    /// not move the show after a reconnect).
    public mutating func clear() {
        queue.removeAll()
        inFlight = nil
        awaitingAckUntil = nil
    }

    private var earliestNavigation: Duration? {
        switch (notBefore, awaitingAckUntil) {
        case (nil, nil): return nil
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (let a?, let b?): return max(a, b)
        }
    }

    static func isNavigation(_ command: SourceCommand) -> Bool {
        switch command {
        case .next, .previous, .goto: return true
        default: return false
        }
    }
}
