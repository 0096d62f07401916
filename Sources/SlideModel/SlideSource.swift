/// What a slide source (the demo mock, or a presenting app over the network)
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
    /// Slide `index` shows `step` (sources whose slides unfold in steps;
    /// sent after every move, whoever made it, with or without a slide change).
    case step(index: Int, SlideStep)
    /// The show's parts and planned times (`SourceSections`), from a source
    /// that knows them; sent before `showStarted`, an empty value when none.
    case sections(SourceSections)
    /// Every slide's steps, from a source that knows them before the show
    /// (Impress over UNO): the pad then predicts where quick presses land
    /// across slides. Sent before `showStarted`, and in force after it.
    case stepCounts([Int])
    /// Slide `index`'s preview picture arrived.
    case preview(index: Int, Preview)
    /// Slide `index`'s speaker notes arrived: plain text (see `Notes`),
    /// Markdown or HTML (`SlideNotes`).
    case notes(index: Int, SlideNotes)
    /// No show is running (it ended, or never started). The title stays
    /// what the source last named (a source that names none sends `showTitle("")`).
    case showFinished
    /// The audience sees the slides again: a blank the pad asked for ended
    /// at the show's side (LibreOffice ends it when a move comes, and says so
    /// only by starting the show again; a reloaded page is no longer paused).
    /// The pad's blank, and the pause of its timer, end with it.
    case blankEnded
    /// The audience's screen went blank at the show's side, whoever blanked
    /// it (the presenter in LibreOffice, a pause made in the browser, another
    /// remote): the pad shows BLANK and its timer stands still, as for a
    /// blank it asked for.
    case blankStarted
    /// The link is up but the show does not answer the pad's commands:
    /// `problem` says so, and the position on screen may be stale; nil: it
    /// answers again.
    case unanswered(LinkProblem?)
    /// The show's ink mode is on or off, whoever switched it (the pad, a
    /// second pad, the presenter at pdfpc): the pad shows INK by it, and
    /// `watch --json` says it.
    case inkMode(Bool)
}

/// The state of the link to the presentation, as the status line shows it.
public enum LinkState: Sendable, Equatable {
    /// A source with no link to make (a show inside this process): always
    /// there, the state of its show known at once, made afresh each run (no
    /// talk timer is kept for it). `name` is how the status line names it.
    case local(String)
    case connecting(to: String)
    /// Waiting for the presenter to type `pin` into the presenting app;
    /// `place` is the source's own words for where, e.g. "Slide Show ▸
    /// Impress Remote in LibreOffice" (empty: the pad says no more).
    case pairing(pin: String, place: String)
    /// Paired; `server` names the peer, e.g. "Impress 7.4.7.2 · 127.0.0.1".
    case connected(server: String)
    /// The link dropped because of `problem`; the next attempt starts in `seconds`.
    case reconnecting(inSeconds: Int, problem: LinkProblem)
    /// Gave up until the presenter asks again: `problem` says why and what to do.
    case failed(LinkProblem)

    /// A source with no link (`local`).
    public var isLocal: Bool {
        if case .local = self { true } else { false }
    }
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
    /// Ink on the room's screen (`InkCommand`): strokes in 0...1 of the
    /// slide, kept with the slide the show is on.
    case ink(InkCommand)
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
    /// Stops as `shutdown` does, and hands over what must still finish after
    /// this process is gone (nil: nothing; see `SourceHandOff`).
    func leave() -> SourceHandOff?
    /// Stops, leaving its link open for another process to take over
    /// (`SourceKind.adopt`); nil when it has none to give (it stopped as `shutdown` does).
    func handOver() -> SourceHandOff?
}

extension SlideSource {
    /// Sources that are always there have nothing to retry.
    public func retryNow() {}
    /// Sources that push their previews (Impress, the demo) choose no size.
    public func want(_ pictures: [PictureWant]) {}
    /// Most sources leave nothing behind.
    public func leave() -> SourceHandOff? {
        shutdown()
        return nil
    }
    /// Most sources have no link to give.
    public func handOver() -> SourceHandOff? {
        shutdown()
        return nil
    }
}
