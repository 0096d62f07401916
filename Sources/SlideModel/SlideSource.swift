/// What a slide source (the demo mock, or a real Impress over the network)
/// tells the pad. Every event is idempotent: sources deliver out of order,
/// late, twice or never, and the pad copes.
public enum SourceEvent: Sendable, Equatable {
    /// Link state for the status line (connecting, pairing, reconnecting, ...).
    case link(LinkState)
    /// A show is running with `slideCount` slides, `current` (0-based) shown.
    /// Always a reset: everything known about slides before it is stale.
    case showStarted(slideCount: Int, current: Int)
    /// The show's title (the presentation window's title), when known.
    case showTitle(String)
    /// The show moved to slide `index` (0-based), whoever moved it.
    case slideChanged(index: Int)
    /// Slide `index`'s preview picture arrived.
    case preview(index: Int, Preview)
    /// Slide `index`'s speaker notes arrived: plain text (see `Notes`),
    /// Markdown or HTML (`SlideNotes`).
    case notes(index: Int, SlideNotes)
    /// No show is running (it ended, or never started).
    case showFinished
}

/// The state of the link to the presentation, as the status line shows it.
public enum LinkState: Sendable, Equatable {
    /// The built-in demo deck: always there.
    case demo
    case connecting(to: String)
    /// Waiting for the user to type `pin` into Impress (Slide Show ▸ Impress Remote).
    case pairing(pin: String)
    /// Paired; `server` names the peer, e.g. "Impress 7.4.7.2 · 127.0.0.1".
    case connected(server: String)
    /// The link dropped; the next attempt starts in `seconds`.
    case reconnecting(inSeconds: Int, reason: String)
    /// Gave up; `message` says why and what to do.
    case failed(message: String)
}

/// What the pad asks the show to do. No command has a direct reply: the pad
/// believes the `slideChanged` that follows, not its own count.
public enum SourceCommand: Sendable, Equatable {
    case next
    case previous
    case goto(index: Int)
    case start
    case stop
    case blank
    case resume
    /// Laser pointer, x and y in 0...1 of the slide.
    case pointerStarted(x: Double, y: Double)
    case pointerMoved(x: Double, y: Double)
    case pointerDismissed
}

/// A source of slides. `start` hands it the one way back to the pad: a
/// `@Sendable` sink that may be called from any thread; the pad's loop turns
/// each call into an event on its own thread.
public protocol SlideSource: AnyObject, Sendable {
    func start(events: @escaping @Sendable (SourceEvent) -> Void)
    func send(_ command: SourceCommand)
    /// The link is down: try again now instead of when the countdown ends.
    func retryNow()
    /// The pictures the pad's views want now, most wanted first (see
    /// `PictureWant`). Sources that render on request fetch them; the rest ignore it.
    func want(_ pictures: [PictureWant])
    /// Stop all work; no event is delivered after this returns.
    func shutdown()
}

extension SlideSource {
    /// Sources that are always there have nothing to retry.
    public func retryNow() {}
    /// Sources that push their previews (Impress, the demo) choose no size.
    public func want(_ pictures: [PictureWant]) {}
}
