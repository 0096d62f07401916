/// Something on top of the pad. The last one in `PadState.overlays` is on top.
public enum Overlay: Sendable, Equatable {
    case slideList
    /// Every slide's picture in a grid (its own tags, `ViewTag.overviewCell`).
    case overview
    /// Every section with its planned and actual time (`AgendaReading`).
    case agenda
    case help
    /// The go-to prompt, with the digits typed so far.
    case goto(digits: String)
    /// "Quit while the show runs?"
    case confirmQuit
    /// "Stop the show?": the stop key sits next to the list's.
    case confirmStop
    /// "Reset the timer?": a talk's time is not thrown away by one key.
    case confirmTimerReset

    /// Popovers animate as they open and close; the list has its own slide-in.
    public var isPopover: Bool { self != .slideList && self != .overview && self != .agenda }

    /// A yes/no question: y (or Enter, or the key that asked) says yes, any
    /// other key no.
    public var isQuestion: Bool {
        switch self {
        case .confirmQuit, .confirmStop, .confirmTimerReset: return true
        case .slideList, .overview, .agenda, .help, .goto: return false
        }
    }

    /// The same overlay, whatever its contents (the go-to prompt's digits).
    public func isSameKind(as other: Overlay) -> Bool {
        switch (self, other) {
        case (.goto, .goto): return true
        default: return self == other
        }
    }
}

/// A popover growing in or shrinking away; `overlay` is what is drawn.
public struct PopoverUnfold: Sendable, Equatable {
    public var overlay: Overlay
    public var unfold: Unfold
}

/// What a view remembers between frames, kept in one side table keyed by
/// its tag (views themselves are stateless and drawn anew every frame).
public struct ViewState: Sendable, Equatable {
    public var scroll = 0
    public var selection = 0
    public init(scroll: Int = 0, selection: Int = 0) {
        self.scroll = scroll
        self.selection = selection
    }
}

/// The list's slide-in (and a popover's growth): a fraction from `from` to
/// `to` over `duration`.
public struct Unfold: Sendable, Equatable {
    public var from: Double
    public var to: Double
    public var start: Duration
    public static let duration: Duration = .milliseconds(150)

    /// How far the list is in (0 hidden, 1 fully in) at `now`.
    public func fraction(at now: Duration) -> Double {
        let t = min(1, max(0, (now - start) / Unfold.duration))
        let eased = 1 - (1 - t) * (1 - t)
        return from + (to - from) * eased
    }

    public func isDone(at now: Duration) -> Bool { now - start >= Unfold.duration }
}

/// A status-line message shown until `until`.
public struct Flash: Sendable, Equatable {
    public var text: String
    public var until: Duration
    public static let duration: Duration = .milliseconds(2500)
}

/// The whole state of the pad, owned by one loop and changed only by `reduce`.
public struct PadState: Sendable {
    /// Where the show is, as the source said it (and the blank the pad
    /// asked for): the one fold of `SourceEvent` that `send`, `watch` and
    /// the doctors read too. The properties below read it.
    public internal(set) var show = ShowState()
    /// Up until a source says otherwise (the pad sets it before the first frame).
    public var link: LinkState {
        get { show.link ?? .local("") }
        set { show.note(.link(newValue)) }
    }
    /// Why the link last went down, kept while the next attempt runs (the
    /// reason and its fix stay on screen instead of flashing back to
    /// "Connecting…"); nil once Impress answers.
    public var lastLinkProblem: LinkProblem?
    /// The link is up but the show leaves the pad's commands unanswered
    /// (`SourceEvent.unanswered`): the status line says so, not a position
    /// that may be stale. Nil once the show answers or the link changes.
    public var unanswered: LinkProblem? { show.unanswered }
    /// The show's title, as the source last named it (sanitized, one line).
    public var title = ""
    public var showRunning: Bool { show.isRunning }
    /// Whether the source has said if a show runs: false from the moment a
    /// link comes up until Impress sends `slideshow_started` or
    /// `slideshow_finished` (1–2 s on a heavy deck). Starting a show while
    /// it is unknown could restart one that runs, at slide 1: refused.
    public var showStateKnown: Bool { show.isKnown }
    public var slideCount: Int { show.slideCount }
    /// The show's current slide (0-based), as the source last said.
    public var current: Int { show.current }
    /// Impress never reports blank: the pad tracks what it asked for too.
    public var blank: Bool { show.blank }
    public var showStartedAt: Duration?
    /// A show that already ran when the link came up: its talk began
    /// before, so set-up time does not count. The timer starts at the
    /// show's first move, unless the pad kept it (`KeptTalkTimer`).
    public var timerWaitsForFirstMove = false
    /// Time the timer stood still (blank screen) since it started, and when
    /// the current pause began.
    public var pausedTotal: Duration = .zero
    public var pausedSince: Duration?
    /// The talk's planned length, when given (`--duration`, config).
    public var talkDuration: Duration?
    /// When each slide's turn began in a rehearsal (`--pace-from`), from
    /// the talk's start: one more entry than slides, the last its end.
    public var rehearsedSchedule: [Duration]?
    /// The talk's sections: the written agenda or the source's, and the
    /// time spent in each.
    public var agenda = AgendaState()
    /// The thresholds to tell the presenter of, and those told already.
    public var alerts = TalkAlerts()
    /// Where presses not yet confirmed by the show are taking it.
    public var heading: Heading?
    /// The steps of slide `index` (a source whose slides unfold in steps),
    /// as the source last said; shown while that slide is the current one.
    public var slideStep: ShowState.StepAt? { show.step }
    /// The step within the current slide that presses not yet confirmed aim
    /// at (its `target` is a step count, not a slide), while no slide
    /// heading is pending: → shows a step, it does not change the slide.
    public var stepHeading: Heading?
    /// The laser pointer is showing on the real slide.
    public var pointerShown = false
    /// Ink mode (`i`): a drag over the current slide draws a stroke.
    public var inkMode = false
    /// The strokes drawn on each slide, as the room sees them: the current
    /// pane draws them over the slide (`InkStrokes`).
    public var ink = InkStrokes()
    /// What this source does with ink (its kind's capability): nil, it has none.
    public var inkOffer: InkOffer?

    public var buffer = LoadBuffer()
    public var overlays: [Overlay] = []
    /// What the presenter chose to give the room to (`LayoutMode`); the
    /// terminal's size decides the rest.
    public var layoutMode = LayoutMode.slides
    /// The mode full screen goes back to.
    public var layoutBeforeFullScreen = LayoutMode.slides
    /// The show's slides' width over height, from the last picture that
    /// came (nil until one did): the panes are cut to it.
    public var slideAspect: Double?
    public var viewStates: [ViewTag: ViewState] = [:]
    /// The notes take PgUp and PgDn (paging them) instead of the show.
    public var notesFocused = false
    /// When the notes give PgUp and PgDn back by themselves: a clicker's
    /// PgDn after a stray click on the notes must move the show again soon.
    public var notesFocusEndsAt: Duration?
    /// How large the notes are drawn: 1 as any text, up to `Viewport.notesZoomLimit`.
    public var notesZoom = 1
    public var listUnfold: Unfold?
    public var popoverUnfold: PopoverUnfold?
    public var viewport = Viewport()
    /// The search over the notes in the list and the overview (nil: none).
    public var search: SlideSearch?

    public var bindings: KeyBindings
    public var animate: Bool
    /// Turns the show's moves into slide visits (`Effect.visitEnded`).
    public var rehearsal = RehearsalRecorder()
    /// Something the user should read (config problems, a file kept): it
    /// stays until dismissed (Esc on the bare pad, or the close-all key).
    public var notice: String?
    /// The go-to prompt's last key: it closes `gotoTimeout` after it.
    public var gotoTouchedAt: Duration?
    /// The last key typed into a search's query: typing ends `searchTypingTimeout` after it.
    public var searchTouchedAt: Duration?
    /// Why the go-to prompt did not go (out of range, not a number), shown in it.
    public var gotoProblem: String?
    /// What quitting does to the audience's screen, in the quit question (nil: nothing to say).
    public var quitNote: String?
    /// Whether a quit the presenter confirms (y) first ends the show: the
    /// source then closes what it opened (Impress over UNO's `present`).
    /// A quit by a signal or Ctrl-\\ never ends it.
    public var quitEndsTheShow = false
    /// Why the stop key does nothing on this source (it always presents); nil: it stops the show.
    public var noShowToStop: String?
    /// What a move does while the screen is blank, as the source says
    /// (its kind's `movesWhileBlank`): where ← heads then.
    public var movesWhileBlank = MovesWhileBlank.endBlankAndMove
    /// The source shows a slide at any step (Impress over UNO): while the
    /// current slide has steps left, the next pane shows it after the next
    /// →, as the room will see it (`nextStepWant`), not the next slide.
    public var picturesAtSteps = false
    /// Every slide's steps, when the source tells them all
    /// (`SourceEvent.stepCounts`): quick presses are predicted across slides.
    public var stepCounts: [Int] { show.stepCounts }
    /// The last picture of a slide at a step that arrived (`Preview.step`).
    public internal(set) var stepPicture: (slide: Int, preview: Preview)?
    /// A short message that goes by itself (a press refused while the link is down).
    public var flash: Flash?

    /// The most slides a show may have (what the wire accepts, too).
    public static let maxSlideCount = SlideLimits.maxSlideCount

    public init(bindings: KeyBindings = .standard, animate: Bool = true) {
        self.bindings = bindings
        self.animate = animate
    }

    // MARK: derived

    /// Whether commands reach the show: a local source, or a link that is up.
    public var isLinkUp: Bool {
        switch link {
        case .local, .connected: return true
        case .connecting, .pairing, .reconnecting, .failed: return false
        }
    }

    /// Whether the link was up and went, or gave up: the screen says why
    /// (during the next attempt too, until it comes up).
    public var isLinkDown: Bool {
        switch link {
        case .reconnecting, .failed: return true
        case .connecting: return lastLinkProblem != nil
        default: return false
        }
    }

    public var topOverlay: Overlay? { overlays.last }
    public var listOpen: Bool { overlays.contains(.slideList) }
    public var overviewOpen: Bool { overlays.contains(.overview) }
    public var agendaOpen: Bool { overlays.contains(.agenda) }

    public var gotoDigits: String? {
        for case .goto(let digits) in overlays.reversed() { return digits }
        return nil
    }

    /// Where the show stands, "3/14"; "→ 6/14" while presses take it to
    /// slide 6; "no slides" for a show without any.
    public var position: String {
        guard slideCount > 0 else { return "no slides" }
        if let target = heading?.target, target != current { return "→ \(target + 1)/\(slideCount)" }
        return "\(current + 1)/\(slideCount)"
    }

    /// The slide after where the show is heading, if there is one: the next
    /// pane moves with the presses, before the show confirms them. While the
    /// current slide has steps left, it is still the next slide (its title
    /// says after how many steps): a picture of this slide's next step is
    /// not taken, and the current picture titled as it would be wrong.
    public var nextSlide: Int? {
        let from = heading?.target ?? current
        return showRunning && from + 1 < slideCount ? from + 1 : nil
    }

    /// The current slide after the next → (its slide and the clicks it
    /// shows), where the next pane shows that (`picturesAtSteps`).
    public var nextStepWant: (slide: Int, step: Int)? {
        guard picturesAtSteps, let step = nextStep else { return nil }
        return (current, step)
    }

    /// The next pane's picture when it shows the current slide after the
    /// next →: the one that arrived for that step, else nil (it loads).
    public var nextStepPreview: Preview? {
        guard let want = nextStepWant, let picture = stepPicture,
              picture.slide == want.slide, picture.preview.step == want.step else { return nil }
        return picture.preview
    }

    /// The pictures the panes want, most wanted first: the buffer's, with
    /// the current slide after the next → right after the current one.
    public func pictureWants() -> [PictureWant] {
        var wants = buffer.pictureWants()
        if let want = nextStepWant, let size = viewport.nextPixels {
            let have = nextStepPreview?.pixelSize
            let at = wants.firstIndex { $0.slide == want.slide }.map { $0 + 1 } ?? 0
            wants.insert(PictureWant(slide: want.slide, size: size, have: have, step: want.step), at: at)
        }
        return wants
    }

    /// The steps of the current slide, when the source gave them and it has any.
    public var currentStep: SlideStep? {
        guard let step = show.currentStep, step.count > 0, heading == nil else { return nil }
        return step
    }

    /// The step of the current slide the presses aim at (shown, or on the way).
    public var aimedStep: Int? {
        guard let step = currentStep, step.isKnown else { return nil }
        return min(max(0, stepHeading.target(or: step.shown)), step.count)
    }

    /// The presses left on the current slide's steps before → changes the slide; nil with none left.
    public var stepsLeft: Int? {
        guard nextStep != nil, let step = currentStep, let aimed = aimedStep else { return nil }
        return step.count - aimed
    }

    /// The step → shows next on the current slide (1-based, of
    /// `currentStep.count`); nil when → goes to another slide.
    public var nextStep: Int? {
        guard showRunning, let step = currentStep, let aimed = aimedStep, aimed < step.count else { return nil }
        return aimed + 1
    }

    /// "step 2/3 · ↓ 2/3", "→ step 3/3" while a press is on the way; nil
    /// for a slide without steps or while the presses head to another slide.
    public var stepText: String? {
        // Presses on their way to a step of another slide.
        if let heading, let step = heading.step, stepCounts.indices.contains(heading.target), stepCounts[heading.target] > 0 {
            return "step \(step)/\(stepCounts[heading.target])"
        }
        guard let steps = currentStep else { return detailText }
        guard let aimed = aimedStep else { return "step \(steps.fraction)" + (steps.detail.map { " · " + $0 } ?? "") }
        let pending = aimed != steps.shown ? "→ " : ""
        return "\(pending)step \(aimed)/\(steps.count)" + (steps.detail.map { " · " + $0 } ?? "")
    }

    /// The source's words for where a slide without steps sits ("↓ 2/3").
    private var detailText: String? {
        guard heading == nil else { return nil }
        return show.currentStep?.detail
    }

    public func viewState(_ tag: ViewTag) -> ViewState { viewStates[tag] ?? ViewState() }

    /// Time the show has run, not counting blank pauses; nil with no show.
    public func elapsed(at now: Duration) -> Duration? {
        guard let started = showStartedAt else { return nil }
        let paused = pausedTotal + (pausedSince.map { now - $0 } ?? .zero)
        return max(.zero, now - started - paused)
    }

    /// How far the slide list is in at `now` (0 when hidden).
    public func listFraction(at now: Duration) -> Double {
        if let unfold = listUnfold { return unfold.fraction(at: now) }
        return listOpen ? 1 : 0
    }

    /// Whether something on screen moves by itself (an animation runs).
    public func isAnimating(at now: Duration) -> Bool {
        (listUnfold.map { !$0.isDone(at: now) } ?? false) || (popoverUnfold.map { !$0.unfold.isDone(at: now) } ?? false)
    }
}
