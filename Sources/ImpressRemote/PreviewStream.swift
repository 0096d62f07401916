import SlideModel

/// Whether Impress is still sending this connection a show's previews, and
/// so whether the connection may close yet.
///
/// Impress sends every client that pairs during a show, and every client
/// when a show starts or resumes, all previews and notes from a thread that
/// outlives the connection. A client that closes before the last slide's
/// were sent can leave Impress's remote dead for everyone (7.4 and 25.2;
/// docs/IMPRESS-REMOTE.md, "Never leave mid-stream"). Impress renders each
/// preview before it sends it, so the deck and the machine set the pace
/// (60 ms a slide of text, 400 ms a slide of diagrams, more on a busy
/// laptop): the wait follows the stream, never a guess from the slide
/// count. A connection closes once the last slide's notes (or preview, for
/// a slide without notes) are in, or once the stream has been quiet for
/// longer than any real gap between two slides (`quiet`), or, as a safety
/// net against a server that trickles forever, after `safetyNet`. After a
/// start or resume of ours it first waits for the stream to begin, and
/// after a show ends it stays half a second (closing a few ms after a show
/// ended crashed 7.4).
/// A show that starts again while it runs (a blank ended: a resume, or a
/// move while blanked) holds the connection open until that show ends:
/// Impress has then left stale listeners of this connection on the show,
/// and once the connection closes, the next slide change makes them use
/// freed memory, which crashes LibreOffice 25.2 (docs/IMPRESS-REMOTE.md,
/// "Clients that leave after a blank ended").
/// It reads raw messages (name first), so the process that finishes a
/// stream in the background (`controlpad finish-stream`) keeps the same
/// rule without a session.
public struct PreviewStream: Sendable, Equatable, Codable {
    /// How long a stream may be quiet before it is taken as over: longer
    /// than any gap between two stream messages measured on heavy decks,
    /// the wait before the first preview included (docs/IMPRESS-REMOTE.md,
    /// "How long a stream takes"), with room for a busier machine.
    public static let quiet: Duration = .seconds(10)
    /// After the last slide's preview its notes follow at once, or never
    /// (a slide without a notes shape).
    public static let notesGrace: Duration = .seconds(1)
    /// How long Impress may take to answer a start, resume or stop: a start
    /// renders the first slide before it is answered, so as long as `quiet`.
    public static let answerGrace: Duration = quiet
    /// How long to stay after a show ended.
    public static let stopSettle: Duration = .milliseconds(500)
    /// The longest a connection waits for a stream that keeps coming: only a
    /// server that trickles forever meets it. A 1,000-slide deck of
    /// diagrams at the slowest pace measured (about 1 s a slide, with both
    /// cores of the machine busy) streams for about 17 minutes.
    public static let safetyNet: Duration = .seconds(30 * 60)
    /// The longest a connection held by a show that started again waits
    /// for the show's end: longer than any talk.
    public static let showHoldLimit: Duration = .seconds(12 * 3600)

    /// Slides in the show whose stream is coming; nil when none is.
    public private(set) var slideCount: Int?
    /// Slides whose preview or notes have arrived in this stream (the highest index + 1).
    public private(set) var slidesSent = 0
    private var lastPreviewArrived = false
    private var showRunning = false
    /// Since when an answer that may open a stream is awaited: the show's
    /// state after pairing, or Impress's answer to a start, resume or stop.
    private var answerAwaitedSince: Duration?
    /// After a show ended: stay until then.
    private var settleUntil: Duration?
    /// The running show started again while this connection was open: it
    /// stays until the show ends (see above).
    public private(set) var holdsUntilShowEnds = false
    /// When the last message of a show's stream passed.
    public private(set) var lastTraffic: Duration = .zero

    public init() {}

    /// Impress is sending this connection a show's previews, and the last slide's has not come.
    public var isSendingSlides: Bool { slideCount.map { slidesSent < $0 } ?? false }

    /// True when no stream is coming: none runs, or its last slide's notes arrived.
    public var isComplete: Bool { slideCount == nil && answerAwaitedSince == nil }

    /// Slides still to come (0 when complete).
    public var slidesLeft: Int { slideCount.map { max(0, $0 - slidesSent) } ?? 0 }

    /// What a connection waiting on this stream waits for, in words.
    public var waitDescription: String {
        if holdsUntilShowEnds {
            return "the link stays until the show ends (a blank ended while it was open: "
                + "closing it before would crash LibreOffice's remote)"
        }
        return slidesLeft > 0 ? "Impress is still sending \(slidesLeft) slide\(slidesLeft == 1 ? "" : "s")"
            : "Impress is still answering"
    }

    /// A message from Impress, its lines name first.
    public mutating func note(_ message: [String], now: Duration) {
        switch message.first {
        case "LO_SERVER_SERVER_PAIRED":
            // `slideshow_started` (and the stream) or `slideshow_finished` follow.
            answerAwaitedSince = now
        case "slideshow_started":
            let count = message.count > 1 ? Int(message[1]) ?? 0 : 0
            if showRunning { holdsUntilShowEnds = true }
            slideCount = count > 0 ? count : nil
            slidesSent = 0
            lastPreviewArrived = false
            showRunning = true
            answerAwaitedSince = nil
        case "slideshow_finished":
            // Closing a few ms after a show ended crashed 7.4 (whoever ended
            // it); one that ends mid-stream may still have a preview on its
            // way from Impress's sending thread: wait for a quiet second.
            if showRunning { settleUntil = now + (slideCount != nil ? Self.quiet : Self.stopSettle) }
            slideCount = nil
            showRunning = false
            holdsUntilShowEnds = false
            answerAwaitedSince = nil
        case "slide_preview", "slide_notes":
            guard let count = slideCount, message.count > 1, let index = Int(message[1]), index >= 0 else { return }
            slidesSent = max(slidesSent, min(count, index + 1))
            if index + 1 == count {
                if message[0] == "slide_notes" { slideCount = nil } else { lastPreviewArrived = true }
            }
        default:
            return
        }
        lastTraffic = now
    }

    /// A command went out: a start (no show running), resume or stop (a
    /// show running) is answered by Impress, and the connection waits for it.
    public mutating func commandSent(_ command: SourceCommand, now: Duration) {
        switch command {
        case .start where !showRunning, .resume where showRunning, .stop where showRunning:
            answerAwaitedSince = now
        default:
            break
        }
    }

    /// The latest a connection that starts waiting at `start` may stay
    /// (`safetyNet`): the stream's own end or a quiet spell closes it long before.
    public func deadline(waitingFrom start: Duration) -> Duration {
        start + (holdsUntilShowEnds ? Self.showHoldLimit : Self.safetyNet)
    }

    /// When a waiting connection may close if nothing else arrives, never
    /// after `deadline`: `notesGrace` after the last preview, `quiet` after
    /// the last message of a stream, `answerGrace` after a command still
    /// unanswered, `stopSettle` after our stop was answered; `.zero` when
    /// nothing is left to wait for; the deadline itself while the show holds it.
    public func closesAt(deadline: Duration) -> Duration {
        let end: Duration
        if holdsUntilShowEnds {
            end = deadline
        } else if slideCount != nil {
            end = lastTraffic + (lastPreviewArrived ? Self.notesGrace : Self.quiet)
        } else if let answerAwaitedSince {
            end = answerAwaitedSince + Self.answerGrace
        } else {
            end = settleUntil ?? .zero
        }
        return min(deadline, end)
    }

    /// Whether a connection may close at `now` without waiting.
    public func mayClose(at now: Duration) -> Bool { closesAt(deadline: .seconds(Int64.max)) <= now }

    /// The same stream on another clock: times shifted by `to - from`
    /// (for the process that takes the wait over, whose clock differs).
    public func rebased(from: Duration, to: Duration) -> PreviewStream {
        var copy = self
        copy.lastTraffic = lastTraffic - from + to
        copy.answerAwaitedSince = answerAwaitedSince.map { $0 - from + to }
        copy.settleUntil = settleUntil.map { $0 - from + to }
        return copy
    }
}
