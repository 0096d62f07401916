import PadConfig
import FoundationEssentials
import Logging
import PadRuntime
import ControlPadScripting
import PadTerminal
import SlideModel

/// The pad's turns: the single owner of `PadState`. A turn reduces the
/// terminal's input and the events that came, carries out the effects and
/// draws one frame. `PadOnEventLoop` runs the turns on the pad's NIO event
/// loop (the one the sources live on), in the product and in the tests.
final class PadLoop {
    private let terminal: TerminalBackend
    private let source: SlideSource
    private let clocks: Clocks
    private let pictures: PicturePipeline?
    private let rehearsal: RehearsalLogFile?
    private let config: PadConfig
    /// Which real pictures are in use, for the help (nil: half-blocks as ever).
    private let picturesLabel: String?
    /// A cell's size in pixels, asked again after a resize (the font may
    /// have changed): panes ask their pictures at their size in pixels.
    private let cellPixels: () -> PixelSize?
    private var cellSize: PixelSize?
    private let sourceNotes: HelpView.SourceNotes?
    /// The terminal draws scaled text (the notes zoom uses it).
    private let textSizing: Bool
    /// The pictures last asked of the source: asked again only when they change.
    private var lastWants: [PictureWant] = []
    /// What the thumbnails were last prepared for (previews in, size, places).
    private var lastAhead: [Int] = []
    private(set) var state: PadState
    private let notesWrap = NotesWrapCache()
    private let helpPages = HelpPagesCache()
    private var size = TerminalSize(width: 0, height: 0)
    /// The last frame drawn: mouse events are about what it showed.
    private var frame: PadFrame?
    private(set) var quitting = false
    /// The talk's timer kept across a restart (nil: none kept, the demo).
    private var timers: TalkTimerKeeping?
    private let logger = Logger(label: "controlpad.pad")

    init(terminal: TerminalBackend, source: SlideSource, state: PadState,
         clocks: Clocks = .system, pictures: PicturePipeline? = nil, rehearsal: RehearsalLogFile? = nil,
         config: PadConfig = PadConfig(), picturesLabel: String? = nil,
         cellPixels: @escaping () -> PixelSize? = { nil }, sourceNotes: HelpView.SourceNotes? = nil,
         textSizing: Bool = false, timers: TalkTimerKeeping? = nil) {
        self.timers = timers
        self.textSizing = textSizing
        self.picturesLabel = picturesLabel
        self.cellPixels = cellPixels
        self.sourceNotes = sourceNotes
        self.rehearsal = rehearsal
        self.config = config
        self.terminal = terminal
        self.source = source
        self.state = state
        self.clocks = clocks
        self.pictures = pictures
    }

    /// Starts the source and draws the first frame. The source's events go
    /// to `post` (`PadOnEventLoop.post`: they wait for the end of the turn).
    func start(post: @escaping @Sendable (PadEvent) -> Void) {
        source.start { event in post(.source(event)) }
        size = terminal.size
        cellSize = cellPixels()
        draw()
    }

    /// The terminal's input, in order (until the pad quits).
    func take(_ inputs: [TerminalInput]) {
        for input in inputs where !quitting { handle(input) }
    }

    /// An event (from a source, a signal), unless the pad is quitting.
    func take(_ event: PadEvent) {
        if !quitting { apply(event) }
    }

    /// The end of a turn: the clock's tick, then one frame. False once the pad quits.
    func endTurn() -> Bool {
        guard !quitting else { return false }
        apply(.tick)
        draw()
        return !quitting
    }

    /// Stops the source; the rehearsal log is complete.
    func finish() {
        rehearsal?.close()
        source.shutdown()
    }

    private func handle(_ input: TerminalInput) {
        switch input {
        case .key(let key): apply(.key(key))
        case .resize(let newSize):
            size = newSize
            cellSize = cellPixels()
        case .mouse(let report):
            guard let frame else { return }
            // A report in pixels (SGR-pixels) is placed in cells for the views, keeping its pixel for the slide.
            let cell = cellSize ?? PixelSize(width: 10, height: 20)
            let mouse = report.inCells(cellWidth: cell.width, cellHeight: cell.height)
            let slideArea = frame.currentPicture(state, pictures: pictures)
            if let event = MouseRouting.event(for: mouse, state: state, layout: frame.layout, now: clocks.monotonic(),
                                              slideArea: slideArea, cellAspect: pictures?.cellAspect,
                                              cellPixels: mouse.pixelX == nil ? nil : cell) {
                apply(event)
            }
        case .paste(let text):
            // Typed into the prompt that is open (go to, search); never keys.
            for key in PastedText.keys(text, into: state) { apply(.key(key)) }
        case .pictureRejected(let content, let message):
            pictures?.reject(content)
            Logger(label: "controlpad.pictures").warning("the terminal rejected a slide picture (\(message)): half-blocks for it")
        }
    }

    private func apply(_ event: PadEvent) {
        let now = clocks.monotonic()
        let effects = state.react(to: event, now: now)
        // The command first: `send` puts it on the wire in this turn (the
        // source lives on this loop), before the pad's bookkeeping (`settle`).
        for case .send(let command) in effects { source.send(command) }
        for effect in state.settle(quitting: effects.contains(.quit), now: now) + effects {
            switch effect {
            case .send: break  // on the wire already
            case .visitEnded(let visit): rehearsal?.write(visit)
            case .retryNow: source.retryNow()
            case .quit: quitting = true
            case .alert(let alert):
                // Never waits: one byte written between frames, and the log's line.
                if state.alerts.rules.bell { terminal.bell() }
                logger.info("alert: \(alert.words)")
            }
        }
        if event != .tick { logger.trace("\(Self.describe(event)) → \(effects) at slide \(state.position)") }
        keepTimer(now: now)
    }

    /// A joined show's kept timer comes back; a changed one is written.
    private func keepTimer(now: Duration) {
        guard var keeping = timers else { return }
        let wall = clocks.wallMillis()
        if let restored = keeping.restore(state, wall: wall) {
            _ = state.reduce(restored, now: now)
            logger.info("\(Self.describe(restored))")
        }
        keeping.keep(state, now: now, wall: wall)
        timers = keeping
    }

    /// An event for the log: previews by size, not by their bytes, and
    /// never the pairing PIN (a secret, shown only on the pad's screen).
    static func describe(_ event: PadEvent) -> String {
        switch event {
        case .source(.preview(let index, let preview)): return "preview(\(index), \(preview.png.count) bytes)"
        case .source(.link(.pairing)): return "link(pairing)"
        default: return "\(event)"
        }
    }

    private func draw() {
        let view = PadView(clock: clocks.wallClock(), pictures: pictures, config: config, notesWrap: notesWrap, helpPages: helpPages,
                           picturesLabel: picturesLabel, cellPixels: cellSize, sourceNotes: sourceNotes,
                           textSizing: textSizing)
        let frame = PadFrame(&state, view: view, size: size, now: clocks.monotonic())
        terminal.draw(frame.grid)
        self.frame = frame
        // The frame is out: thumbnails around the list's and the overview's places are prepared meanwhile.
        let ahead = [state.buffer.previewCount, size.width, size.height, state.current, state.listOpen ? 1 : 0,
                     state.viewState(.slideList).scroll, state.overlays.contains(.overview) ? 1 : 0, state.viewState(.overview).scroll]
        if let pictures, ahead != lastAhead {
            lastAhead = ahead
            pictures.prepareAhead(pictures.aheadWants(state, layout: frame.layout))
        }
        // After the frame is out: which pictures the panes want, at what size.
        let wants = state.pictureWants()
        if wants != lastWants {
            lastWants = wants
            source.want(wants)
        }
    }

    /// How long the loop may sleep: an animation frame, the timer's next
    /// whole second, or the wall clock's next minute.
    func untilDue() -> Duration {
        let now = clocks.monotonic()
        if state.isAnimating(at: now) { return .milliseconds(16) }
        var due = clocks.untilNextMinute()
        if state.showRunning, let started = state.showStartedAt {
            due = .seconds(1) - Duration(attoseconds: (now - started).attoseconds % Duration.seconds(1).attoseconds)
        }
        let soonest = Duration.milliseconds(1)
        if let heading = state.heading { due = min(due, max(soonest, heading.expiresAt - now)) }
        if let heading = state.stepHeading { due = min(due, max(soonest, heading.expiresAt - now)) }
        if let flash = state.flash { due = min(due, max(soonest, flash.until - now)) }
        if let until = state.alerts.flashUntil, until > now { due = min(due, max(soonest, until - now)) }
        if let expires = state.gotoExpiresAt { due = min(due, max(soonest, expires - now)) }
        if let expires = state.searchTypingExpiresAt { due = min(due, max(soonest, expires - now)) }
        return due
    }
}
