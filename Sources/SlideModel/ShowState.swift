/// Where the show is, as its source has said it: the one fold of
/// `SourceEvent` into the link's state, whether a show runs, its slides,
/// the current slide and its step, the blank, the show's sections and its
/// title. The pad's reducer, `send`, `watch`, the kept link and the doctors
/// all read the show through it, so they agree at the edges (out of order,
/// twice, out of range), and a new event edits this fold and the places
/// that show it, nothing else.
///
/// What the source sends that is not where the show is (previews and
/// notes, the slides' content) is not kept here; neither is anything a
/// holder shows or decides (the pad's timer and heading, what `watch` has
/// printed, what `send` waits for).
///
/// Its rules: `showStarted` is always a reset (the count clamped to
/// `SlideLimits.maxSlideCount`, the current slide into the show); a move
/// or a step is taken only while a show runs and only for a slide it has;
/// the blank is only a running show's, and ends with it; the sections and
/// the slides' steps are said before the show and stay; whether a show
/// runs is unknown again from the moment a link comes up until the source
/// says; a show that does not answer is news only until the link changes.
public struct ShowState: Sendable, Equatable {
    /// Whether a show runs, as last said.
    public enum Phase: Sendable, Equatable {
        /// Never said.
        case unknown
        case none
        case running
    }

    /// The steps of slide `index`, as the source last said.
    public struct StepAt: Sendable, Equatable {
        public var index: Int
        public var step: SlideStep
    }

    /// A part of where the show is that an event told, as the fold took it
    /// (after its rules: a move outside the show is not taken). Told even
    /// when the value is the one already held: sources repeat themselves,
    /// and the holder decides whether a repeat is news (compare with the
    /// state before the event).
    public enum Part: Sendable, Hashable {
        /// The link's state (`link`, and `server` when it came up); a show
        /// that did not answer is forgotten with it.
        case link
        /// Whether the show answers (`unanswered`), said by the show.
        case unanswered
        case title
        /// A show started (always a reset: its count and current slide) or
        /// ended (no slides, no step, no blank).
        case show
        /// The show moved to a slide (perhaps the one it was on).
        case slide
        case step
        case sections
        /// Every slide's steps.
        case stepCounts
        /// The blank began or ended at the show's side.
        case blank
    }

    /// The link's state as last said; nil before the source said any.
    public private(set) var link: LinkState?
    /// The peer as the link named it when it was last up ("Impress 7.4.7.2 ·
    /// 127.0.0.1"); kept once the link goes down.
    public private(set) var server: String?
    /// The link is up but the show does not answer (`SourceEvent.unanswered`);
    /// nil once it answers again or the link changes.
    public private(set) var unanswered: LinkProblem?
    public private(set) var phase = Phase.unknown
    /// Whether the source has said whether a show runs since the link last
    /// came up (true before any link, and for a source without one).
    public private(set) var isKnown = true
    /// The running show's slides (0 with none).
    public private(set) var slideCount = 0
    /// The running show's current slide, 0-based, inside the show.
    public private(set) var current = 0
    /// The last steps said of a slide of this show (not forgotten by a
    /// show started again: a source may say its step first).
    public private(set) var step: StepAt?
    /// The audience's screen is blank: said by the source, or assumed by
    /// its holder for a blank it asked for (`assumeBlank`).
    public private(set) var blank = false
    /// The show's parts and planned times as the source last said them.
    public private(set) var sections = SourceSections.none
    /// Every slide's steps, when the source told them all (before the show,
    /// and in force after it); empty when it did not.
    public private(set) var stepCounts: [Int] = []
    /// The show's title as the source last named it, unsanitized; nil before.
    public private(set) var title: String?

    public init() {}

    public var isRunning: Bool { phase == .running }

    /// Whether commands reach the show: a local source, or a link that is up.
    public var isLinkUp: Bool {
        switch link {
        case .local?, .connected?: return true
        case .connecting?, .pairing?, .reconnecting?, .failed?, nil: return false
        }
    }

    /// The current slide's steps, when the source said them.
    public var currentStep: SlideStep? {
        guard isRunning, let step, step.index == current else { return nil }
        return step.step
    }

    /// Takes what the source said; returns the parts it told (see `Part`).
    @discardableResult
    public mutating func note(_ event: SourceEvent) -> Set<Part> {
        switch event {
        case .link(let link):
            // A link that comes up has not said yet whether a show runs (a
            // second `connected`, naming the version, changes nothing); a
            // local source's show is known at once.
            switch link {
            case .connected(let server):
                if case .connected? = self.link {} else { isKnown = false }
                self.server = server
            case .local: isKnown = true
            default: break
            }
            self.link = link
            unanswered = nil
            return [.link]
        case .unanswered(let problem):
            unanswered = problem
            return [.unanswered]
        case .showTitle(let title):
            self.title = title
            return [.title]
        case .showStarted(let count, let current):
            phase = .running
            isKnown = true
            // Every count and index is clamped here, once: a holder may add
            // and compare them without overflow or traps.
            slideCount = min(max(0, count), SlideLimits.maxSlideCount)
            self.current = min(max(0, current), max(0, slideCount - 1))
            return [.show]
        case .showFinished:
            phase = .none
            isKnown = true
            slideCount = 0
            current = 0
            step = nil
            blank = false
            return [.show]
        case .slideChanged(let index):
            guard isRunning, (0..<slideCount).contains(index) else { return [] }
            current = index
            return [.slide]
        case .step(let index, let step):
            guard isRunning, (0..<slideCount).contains(index) else { return [] }
            self.step = StepAt(index: index, step: step)
            return [.step]
        case .sections(let given):
            sections = given
            return [.sections]
        case .stepCounts(let counts):
            stepCounts = Array(counts.prefix(SlideLimits.maxSlideCount))
            return [.stepCounts]
        case .blankStarted:
            guard isRunning, !blank else { return [] }
            blank = true
            return [.blank]
        case .blankEnded:
            guard isRunning, blank else { return [] }
            blank = false
            return [.blank]
        case .preview, .notes, .inkMode:
            return []
        }
    }

    /// The holder blanked the screen or brought it back itself (Impress
    /// never says either): the blank as it asked, while a show runs, until
    /// the source says otherwise.
    public mutating func assumeBlank(_ blank: Bool) {
        guard isRunning || !blank else { return }
        self.blank = blank
    }

    /// The sections in force: `written` (the presenter's agenda) if given,
    /// else the source's; in slide order and inside the show.
    public func sections(written: [TalkSection]?) -> [TalkSection] {
        (written ?? sections.sections).ordered(slideCount: slideCount)
    }
}
