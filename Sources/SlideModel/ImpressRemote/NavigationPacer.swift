/// Releases commands in order, steps at least `spacing` apart.
///
/// LibreOffice's slideshow ignores a `transition_next`/`transition_previous`
/// that arrives within ~20 ms of the previous navigation, so five quick →
/// presses would move the show only a few slides. Every command is queued in
/// the order given; a step (next/previous) leaves the queue only once
/// `spacing` has passed since the last navigation (step or goto). `goto_slide`
/// is never dropped by the server, so it goes as soon as its turn comes, and
/// so does everything else (blank, pointer, ...), never overtaking a step.
///
/// Pure: time is whatever monotonic `Duration` the caller passes in, so tests
/// drive it with a virtual clock.
public struct NavigationPacer: Sendable {
    /// Twice the ~20 ms LibreOffice needs, measured on 7.4.
    public static let defaultSpacing: Duration = .milliseconds(40)
    /// Holding → down with key repeat would otherwise queue steps that keep
    /// the show moving for seconds after the key is let go.
    public static let defaultCapacity = 32

    public let spacing: Duration
    public let capacity: Int
    private var queue: [SourceCommand] = []
    private var lastNavigation: Duration?

    public init(spacing: Duration = defaultSpacing, capacity: Int = defaultCapacity) {
        self.spacing = spacing
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

    /// The commands to send at `now`, in order. Call again at `nextRelease`.
    public mutating func release(now: Duration) -> [SourceCommand] {
        var out: [SourceCommand] = []
        while let head = queue.first {
            if ImpressClientEncoding.isStep(head), let last = lastNavigation, now < last + spacing {
                break
            }
            queue.removeFirst()
            if Self.isNavigation(head) { lastNavigation = now }
            out.append(head)
        }
        return out
    }

    /// When the head of the queue may go, or nil when the queue is empty.
    public var nextRelease: Duration? {
        guard let head = queue.first else { return nil }
        guard ImpressClientEncoding.isStep(head), let last = lastNavigation else { return .zero }
        return last + spacing
    }

    /// Drops everything queued (the connection went away: stale presses must
    /// not move the show after a reconnect). The spacing memory stays.
    public mutating func clear() {
        queue.removeAll()
    }

    static func isNavigation(_ command: SourceCommand) -> Bool {
        switch command {
        case .next, .previous, .goto: return true
        default: return false
        }
    }
}
