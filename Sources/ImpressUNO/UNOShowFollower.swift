import SlideModel

/// Where LibreOffice's show stands, and when the next press may go: learnt
/// from what its slide show listener says, with no clock of its own.
///
/// Seen on LibreOffice 25.2 and 7.4 (docs/IMPRESS-UNO.md, "Every press lands"):
/// the show's engine spends a press that comes while an effect runs on
/// finishing that effect at once, as its own keyboard does; when that
/// effect is the slide's last, the show does not move on. A show still
/// starting drops presses, whichever thread they come from (LibreOffice's
/// main thread through `AsyncCallback` drops them alike). So a press goes
/// only when the show waits for one: its slide is shown, its main sequence
/// has begun (or its builds have all run), no effect runs, the press
/// before has shown a sign of being taken, and the show has been calm for
/// a moment (`UNOLink.calm`): LibreOffice tells a slide's start, or a
/// build's end and the build that follows it by itself, in one burst of
/// lines, and the moment between two of them only looks idle. One press
/// is in flight at a time and none is sent twice: a press with no sign
/// within the patience (the link's timer) is let go, and the next one goes.
///
/// Steps are counted, never guessed: the main sequence beginning is step
/// 0, each on-click effect that begins one more, the builds ending all of
/// them. ← makes LibreOffice show the slide anew and run its builds up to
/// one fewer, so the same count holds. A show joined mid-slide has an
/// unknown step until the slide is shown anew or its builds end.
struct UNOShowFollower: Sendable {
    enum Press: Sendable, Equatable {
        case next, previous
        case goto(Int)
    }

    /// What the follower asks of the link.
    enum Effect: Sendable, Equatable {
        case send(Press)
        /// Ask where the show stands (a slide was shown: which?).
        case ask
        case armPatience(long: Bool)
        /// Tell `calmed` after a moment with nothing heard.
        case awaitCalm
        case event(SourceEvent)
        case log(String)
    }

    /// The steps shown of the slide on screen.
    private enum Shown: Equatable {
        case counted(Int)
        /// The slide's builds have all run.
        case all
        case unknown
    }

    private(set) var steps: [Int] = []
    private(set) var running = false
    private(set) var slide = -1
    private var shown = Shown.unknown
    private(set) var blank = false

    /// A slide was shown, and its main sequence has not begun (nor its builds ended).
    private var settling = false
    /// Effects begun and not ended.
    private var openEffects = 0
    /// The main sequence ended; LibreOffice's "builds ended" is still to come.
    private var sequenceEnded = false
    /// A slide was shown since the show last said where it stands.
    private var shownSinceAsked = false
    /// ← presses rewind: the slide's builds run again up to there, and the
    /// pad hears of the step only once the show is still.
    private var rewinding = false

    private var queue: [Press] = []
    private var inFlight: Press?
    /// The show said something since the patience was armed.
    private var heardSinceArmed = false
    private var patienceArmed = false
    /// Nothing was heard for a moment: the show's last burst is over.
    private var calm = true
    private var heardSinceCalmAwaited = false
    private var awaitingCalm = false
    private var told: (slide: Int, step: SlideStep)?

    /// The most presses that wait their turn (a held key on a long deck).
    static let maxQueued = 100

    init() {}

    /// The show waits for a press.
    var isIdle: Bool {
        running && slide >= 0 && inFlight == nil && !settling && openEffects == 0 && !sequenceEnded
    }

    /// The clicks shown on the slide on screen; nil while not known.
    var shownCount: Int? {
        switch shown {
        case .counted(let n): return min(n, count(of: slide))
        case .all: return count(of: slide)
        case .unknown: return count(of: slide) == 0 ? 0 : nil
        }
    }

    /// The presses not carried out yet (in flight or waiting).
    var pending: Int { queue.count + (inFlight == nil ? 0 : 1) }

    mutating func deck(steps: [Int]) {
        self.steps = steps.map { min(max(0, $0), SlideStep.maxCount) }
    }

    /// The bridge follows a show: started now (`fresh`: at its first step,
    /// still setting up), or joined.
    mutating func followed(slides: Int, at index: Int, blank: Bool, fresh: Bool) -> [Effect] {
        running = true
        slide = index
        self.blank = blank
        queue = []
        inFlight = nil
        openEffects = 0
        sequenceEnded = false
        rewinding = false
        shownSinceAsked = false
        told = nil
        settling = fresh
        calm = !fresh
        shown = fresh || count(of: index) == 0 ? .counted(0) : .unknown
        return tell() + (fresh ? armPatience(long: true) : [])
    }

    mutating func ended() {
        running = false
        queue = []
        inFlight = nil
        told = nil
    }

    /// A press from the pad: it goes now if the show waits for one, else it waits its turn.
    mutating func press(_ press: Press) -> [Effect] {
        guard running else { return [.log("dropped \(press): no show runs")] }
        if case .goto = press {
            // The presenter's latest word: the presses before it are moot.
            queue = [press]
            inFlight = nil
        } else if queue.count < Self.maxQueued {
            queue.append(press)
        }
        return pump()
    }

    mutating func heard(_ heard: UNOHeard) -> [Effect] {
        guard running else { return [] }
        heardSinceArmed = true
        heardSinceCalmAwaited = true
        calm = false
        var effects: [Effect] = []
        switch heard {
        case .transition:
            settling = true
            openEffects = 0
            sequenceEnded = false
            shown = .unknown
            shownSinceAsked = true
            inFlight = nil
            effects.append(.ask)
        case .begin(let node):
            switch node {
            case UNONode.mainSequence:
                settling = false
                openEffects = 0
                sequenceEnded = false
                shown = .counted(0)
            case UNONode.timingRoot, UNONode.interactiveSequence: break
            default:
                openEffects += 1
                inFlight = nil
                if node == UNONode.onClick, case .counted(let n) = shown { shown = .counted(n + 1) }
            }
        case .end(let node):
            switch node {
            case UNONode.mainSequence: sequenceEnded = true
            case UNONode.timingRoot, UNONode.interactiveSequence: break
            default: openEffects = max(0, openEffects - 1)
            }
        case .buildsEnded:
            settling = false
            openEffects = 0
            sequenceEnded = false
            shown = .all
            inFlight = nil
        case .paused:
            if !blank { effects.append(.event(.blankStarted)) }
            blank = true
        case .resumed:
            if blank { effects.append(.event(.blankEnded)) }
            // ← on a blank screen only brings the slides back.
            if blank, inFlight == .previous { inFlight = nil }
            blank = false
        }
        return effects + pump() + tell()
    }

    /// Where the show stands, as the bridge answered `where`.
    mutating func stands(at index: Int, blank nowBlank: Bool) -> [Effect] {
        guard running, index >= 0 else { return [] }
        var effects: [Effect] = []
        if index != slide {
            // A slide shown since we asked counts its own steps; one the
            // listener never told of (its listener joined late) is not known.
            if !shownSinceAsked {
                shown = count(of: index) == 0 ? .counted(0) : .unknown
                settling = false
                openEffects = 0
                sequenceEnded = false
            }
            slide = index
        }
        shownSinceAsked = false
        if nowBlank != blank { effects.append(.event(nowBlank ? .blankStarted : .blankEnded)) }
        blank = nowBlank
        return effects + pump() + tell()
    }

    /// The patience ran out: a press the show gave no sign of is let go,
    /// and an effect that never said it ended (one that repeats until the
    /// next click) no longer holds the presses up.
    mutating func patienceRanOut() -> [Effect] {
        patienceArmed = false
        guard running, inFlight != nil || !isIdle else { return [] }
        if heardSinceArmed, inFlight == nil {
            // The show still speaks (a long effect, a build that follows by itself): wait on.
            return armPatience()
        }
        var effects: [Effect] = []
        if let press = inFlight { effects.append(.log("LibreOffice showed no sign of \(press); the next press may go")) }
        inFlight = nil
        settling = false
        openEffects = 0
        sequenceEnded = false
        return effects + pump() + tell()
    }

    /// A moment passed since `awaitCalm`: calm if nothing was heard in it.
    mutating func calmed() -> [Effect] {
        awaitingCalm = false
        guard running else { return [] }
        if heardSinceCalmAwaited { return awaitCalm() }
        calm = true
        return pump() + tell()
    }

    private mutating func awaitCalm() -> [Effect] {
        heardSinceCalmAwaited = false
        awaitingCalm = true
        return [.awaitCalm]
    }

    private mutating func armPatience(long: Bool = false) -> [Effect] {
        heardSinceArmed = false
        patienceArmed = true
        return [.armPatience(long: long)]
    }

    /// Sends the next press if the show waits for one.
    private mutating func pump() -> [Effect] {
        var effects: [Effect] = []
        while isIdle, calm, !queue.isEmpty {
            let press = queue.removeFirst()
            switch press {
            case .next where atEnd:
                queue = []
                return effects + [.log("not past the end of the show: LibreOffice's end screen crashed it once with a listener attached")]
            case .previous where !blank && slide == 0 && shown == .counted(0):
                continue
            case .previous:
                rewinding = !blank
            case .next, .goto:
                rewinding = false
            }
            inFlight = press
            effects += [.send(press)] + armPatience()
        }
        // Calm is awaited as soon as the show is idle, not when the next
        // press comes: a press then goes at once (measured: waiting for it
        // from the press on cost every press 25 ms).
        if isIdle, !calm, !awaitingCalm { effects += awaitCalm() }
        if isIdle, calm { rewinding = false }
        // Presses wait on a show that is busy: the patience bounds the wait.
        if !queue.isEmpty, !patienceArmed { effects += armPatience() }
        return effects
    }

    /// The show stands on its last step of its last slide.
    private var atEnd: Bool {
        guard slide == steps.count - 1 || (steps.isEmpty && slide >= 0) else { return false }
        switch shown {
        case .all: return true
        case .counted(let n): return n >= count(of: slide)
        case .unknown: return false
        }
    }

    private func count(of index: Int) -> Int {
        steps.indices.contains(index) ? steps[index] : 0
    }

    /// The step the pad shows, when it changed: held back while ← rewinds
    /// and while the slide shown is not known yet.
    private mutating func tell() -> [Effect] {
        // A slide was shown and the show has not said which yet: its step is not this slide's.
        guard running, slide >= 0, !rewinding, !shownSinceAsked else { return [] }
        let count = count(of: slide)
        let step: SlideStep
        switch shown {
        case .counted(let n): step = SlideStep(shown: n, count: count)
        case .all: step = SlideStep(shown: count, count: count)
        case .unknown: step = count == 0 ? SlideStep(shown: 0, count: 0) : .unknown(count: count)
        }
        if let told, told.slide == slide, told.step == step { return [] }
        let moved = told.map { $0.slide != slide } ?? false
        told = (slide, step)
        return (moved ? [.event(.slideChanged(index: slide))] : []) + [.event(.step(index: slide, step))]
    }
}
