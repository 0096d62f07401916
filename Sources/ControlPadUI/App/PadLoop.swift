import Foundation
import Logging
import SlideModel

/// The pad's one loop: the single owner of `PadState`. It sleeps in `poll`
/// on the terminal and the inbox until input arrives or something is due
/// (the timer's next second, an animation frame), then reduces every event,
/// sends the effects to the source and draws one frame.
final class PadLoop {
    private let terminal: CursesTerminal
    private let source: SlideSource
    private let inbox: EventInbox
    private let clocks: Clocks
    private let pictures: SlidePictures?
    private let rehearsal: RehearsalLogFile?
    private let config: PadConfig
    private(set) var state: PadState
    private let notesWrap = NotesWrapCache()
    private let logger = Logger(label: "controlpad.pad")

    init(terminal: CursesTerminal, source: SlideSource, state: PadState, inbox: EventInbox,
         clocks: Clocks = .system, pictures: SlidePictures? = nil, rehearsal: RehearsalLogFile? = nil,
         config: PadConfig = PadConfig()) {
        self.rehearsal = rehearsal
        self.config = config
        self.terminal = terminal
        self.source = source
        self.state = state
        self.inbox = inbox
        self.clocks = clocks
        self.pictures = pictures
    }

    func run() {
        source.start { [inbox] event in inbox.post(.source(event)) }
        defer {
            rehearsal?.finish(now: clocks.monotonic())
            source.shutdown()
        }
        draw()
        while !state.quitRequested {
            guard wait(milliseconds: millisecondsUntilDue()) else { break }
            for input in terminal.readInputs() { handle(input) }
            let (events, quit) = inbox.drain()
            for event in events { apply(event) }
            if quit { break }
            apply(.tick)
            draw()
        }
    }

    private func handle(_ input: TerminalInput) {
        switch input {
        case .key(let key): apply(.key(key))
        case .resize: terminal.invalidate()
        case .mouse(let mouse):
            let size = terminal.size
            let layout = PadLayout(width: size.width, height: size.height, fullScreen: state.fullScreen)
            if let event = MouseRouting.event(for: mouse, state: state, layout: layout, now: clocks.monotonic(),
                                              slideArea: slideArea(in: layout)) {
                apply(event)
            }
        }
    }

    private func apply(_ event: PadEvent) {
        let now = clocks.monotonic()
        let effects = state.reduce(event, now: now)
        rehearsal?.observe(state, now: now)
        if event != .tick { logger.trace("\(Self.describe(event)) → \(effects) at slide \(state.current + 1)/\(state.slideCount)") }
        for effect in effects {
            switch effect {
            case .send(let command): source.send(command)
            case .quit: break  // the loop ends on quitRequested
            }
        }
    }

    /// Where the current slide's picture is on screen, if it is drawn.
    private func slideArea(in layout: PadLayout) -> Rect? {
        guard let preview = state.buffer.content(for: .current)?.preview else { return nil }
        let pane = layout.kind == .fullScreen ? layout.current : layout.current.inset(dx: 1, dy: 1)
        return pictures?.pictureFrame(for: preview, slide: state.current, in: pane)
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

    /// Draws a frame; if the layout's sizes changed what the reducer clamps
    /// to, tells it and draws again.
    private func draw() {
        guard !state.quitRequested else { return }
        let size = terminal.size
        let view = PadView(clock: clocks.wallClock(), pictures: pictures, config: config, notesWrap: notesWrap)
        var (grid, viewport) = view.render(state, width: size.width, height: size.height, now: clocks.monotonic())
        if viewport != state.viewport {
            apply(.viewport(viewport))
            (grid, _) = view.render(state, width: size.width, height: size.height, now: clocks.monotonic())
        }
        terminal.draw(grid)
    }

    /// How long the loop may sleep: an animation frame, the timer's next
    /// whole second, or the wall clock's next minute.
    private func millisecondsUntilDue() -> Int32 {
        let now = clocks.monotonic()
        if state.isAnimating(at: now) { return 16 }
        if let started = state.showStartedAt { return Int32(1000 - (now - started) % 1000) }
        var tv = timeval()
        gettimeofday(&tv, nil)
        return Int32(60_000 - (Int(tv.tv_sec) % 60) * 1000 - Int(tv.tv_usec) / 1000)
    }

    /// Sleeps until input, an event, or the timeout; false when the
    /// terminal went away (hung up), which ends the loop.
    private func wait(milliseconds: Int32) -> Bool {
        var fds = [pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: inbox.wakeFD, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, nfds_t(fds.count), max(1, milliseconds))
        return fds[0].revents & Int16(POLLHUP | POLLNVAL | POLLERR) == 0
    }
}
