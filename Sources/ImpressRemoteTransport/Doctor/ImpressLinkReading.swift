import SlideModel
import SourceKit
import ImpressRemote

/// What `controlpad doctor` learns from one run of the network source (steps
/// 3–6: is it Impress, pairing, the show, previews and notes), without
/// sockets or clocks: the source's events go in with the time they arrived
/// (seconds since the link started), and `end` says when the doctor has seen
/// enough and why.
///
/// A client must not leave while Impress is still sending it a show's
/// previews (docs/IMPRESS-REMOTE.md, "Never leave mid-stream"): when a show runs,
/// the reading ends only once the last slide's preview and notes are in, or
/// the stream has been quiet for `Timing.quiet`, or after `Timing.window`.
/// The command then leaves through its `DoctorLinkRunner`, which waits for
/// the rest of a long stream in the background.
package struct ImpressLinkReading: Equatable, DoctorLinkWatcher {
    package struct Timing: Equatable {
        /// How long the pair request may go unanswered, from the start (the
        /// source gives up first, after its pairing timeout: this is a backstop).
        package var answer: Double = 8
        /// How long Impress may take, once paired, to say whether a show runs.
        package var showState: Double = 3
        /// A stream with nothing new for this long has ended (or stalled):
        /// the connection's own rule (`PreviewStream.quiet`).
        package var quiet: Double = PreviewStream.quiet.inSeconds
        /// After the last slide's preview, how long its notes may take (a
        /// slide without a notes box sends none).
        package var lastNotes: Double = PreviewStream.notesGrace.inSeconds
        /// How long the doctor reads a stream that keeps coming before it
        /// reports: a long deck's rest is waited for in the background.
        package var window: Double = 30

        package init() {}
    }

    package enum Answer: Equatable {
        /// Nothing that starts with `LO_SERVER_` came back.
        case none
        /// `LO_SERVER_VALIDATING_PIN`: Impress does not know this name and PIN.
        case waitingForPin
        case paired
    }

    package enum Show: Equatable {
        case unknown
        case none
        case running(slides: Int, current: Int)
    }

    package enum End: Equatable {
        /// The link dropped (before or after pairing), with the source's problem.
        case lost(LinkProblem)
        /// No answer and no drop within `Timing.answer`.
        case noAnswer
        /// Paired, but Impress never said whether a show runs.
        case noShowState
        case interrupted
        case waitingForPin
        case noShow
        /// Every slide's preview arrived (and the last one's notes, or a pause after it).
        case complete
        /// The stream went quiet before it was complete.
        case quiet
        /// The stream was still coming when its window closed.
        case window
    }

    package let timing: Timing
    package private(set) var answer = Answer.none
    /// Where the show is, as the link said it.
    private(set) var said = ShowState()
    private(set) var previews: Set<Int> = []
    private(set) var notes: Set<Int> = []
    package private(set) var end: End?
    /// When the (last) show started streaming, and when its stream last brought something.
    private(set) var streamStartedAt: Double?
    private(set) var lastTrafficAt: Double?
    private var startedAt: Double
    private var pairedAt: Double?

    package init(timing: Timing = Timing(), at now: Double = 0) {
        self.timing = timing
        startedAt = now
    }

    package var isDone: Bool { end != nil }

    package mutating func note(_ event: SourceEvent, at now: Double) {
        guard end == nil else { return }
        let heard = said.note(event)
        if heard.contains(.link) {
            switch said.link {
            case .pairing?:
                answer = .waitingForPin
                end = .waitingForPin
            case .connected?:
                if answer != .paired {
                    answer = .paired
                    pairedAt = now
                }
            case .reconnecting(_, let problem)?, .failed(let problem)?:
                end = .lost(problem)
            default:
                break
            }
        }
        if heard.contains(.show), said.isRunning {
            // A (re)start: Impress sends the whole stream again.
            previews = []
            notes = []
            streamStartedAt = now
            lastTrafficAt = now
        }
        switch event {
        case .preview(let index, _):
            previews.insert(index)
            lastTrafficAt = now
        case .notes(let index, _):
            notes.insert(index)
            lastTrafficAt = now
        default:
            break
        }
        settle(at: now)
    }

    /// "Impress 25.2.3.2", once Impress said its version ("Impress" before):
    /// the name the link gave, without its address.
    var server: String? { said.server?.components(separatedBy: " · ").first }

    /// Whether a show runs, as Impress last said.
    var show: Show {
        switch said.phase {
        case .unknown: .unknown
        case .none: .none
        case .running: .running(slides: said.slideCount, current: said.current)
        }
    }

    /// The show's title, when Impress named one.
    var title: String? { said.title.flatMap { $0.isEmpty ? nil : $0 } }

    /// Ctrl-C: stop reading (the command still waits for a running stream).
    package mutating func interrupt() {
        if end == nil { end = .interrupted }
    }

    /// Looks at the clock: ends the reading once a wait has run out.
    package mutating func settle(at now: Double) {
        guard end == nil else { return }
        switch (answer, show) {
        case (.none, _), (.waitingForPin, _):
            if now - startedAt >= timing.answer { end = .noAnswer }
        case (.paired, .unknown):
            if now - (pairedAt ?? startedAt) >= timing.showState { end = .noShowState }
        case (.paired, .none):
            end = .noShow
        case (.paired, .running(let slides, _)):
            let started = streamStartedAt ?? now
            let last = lastTrafficAt ?? started
            if slides <= 0 {
                end = .complete
            } else if previews.count >= slides && (notes.contains(slides - 1) || now - last >= timing.lastNotes) {
                end = .complete
            } else if now - last >= timing.quiet {
                end = .quiet
            } else if now - started >= timing.window {
                end = .window
            }
        }
    }

    /// When `settle` has something to decide next (nil: only an event can
    /// change anything).
    package func wakeUp() -> Double? {
        guard end == nil else { return nil }
        switch (answer, show) {
        case (.none, _), (.waitingForPin, _):
            return startedAt + timing.answer
        case (.paired, .unknown):
            return (pairedAt ?? startedAt) + timing.showState
        case (.paired, .none):
            return nil
        case (.paired, .running(let slides, _)):
            let started = streamStartedAt ?? startedAt
            let last = lastTrafficAt ?? started
            var next = min(last + timing.quiet, started + timing.window)
            if previews.count >= slides { next = min(next, last + timing.lastNotes) }
            return next
        }
    }

    /// Seconds from the show's start to the last preview or notes seen.
    package var streamSeconds: Double? {
        guard let start = streamStartedAt, let last = lastTrafficAt else { return nil }
        return last - start
    }
}
