import SlideModel
import SourceKit

/// One `controlpad send`, without sockets or clocks: the source's events go
/// in, what to do comes out — wait, send a command, or finish with the line
/// to print. The command runs it against the source its kind makes (see
/// `SendCommand`); tests feed it events directly.
///
/// It waits until paired and the show's state is known (Impress sends it
/// right after pairing), decides the command from that state (a slide out
/// of range or no show is an error before anything is sent), then waits for
/// the command to be written and, unless told not to, for Impress's
/// confirmation where one comes: `slide_updated` after a move,
/// `slideshow_started`/`_finished` after start/stop. Blank and resume, and
/// moves that change nothing, are never confirmed (docs/IMPRESS-REMOTE.md).
package struct SendConversation {
    package enum Step: Equatable {
        case send(SourceCommand)
        /// Done: print `line` and exit 0.
        case succeed(String)
        /// Failed: print `reason` and exit 1.
        case fail(String)
    }

    private enum Expectation: Equatable {
        case nothing, slideChange, showStarted, showFinished
    }

    private enum Phase: Equatable {
        case pairing, sending(Expectation), confirming(Expectation), done
    }

    /// The command went out and its confirmation is overdue: a show that
    /// carries it out late (a busy LibreOffice) gets as long again, and its
    /// answer is success, said as such, never a failure that invites a retry.
    private var late = false
    /// Overdue timeouts so far, and whether the source said anything since
    /// the last: a show still sending (LibreOffice renders every preview
    /// again after a resume, seconds on a big deck, and carries a step out
    /// only then) is waited for, up to `lateRounds` timeouts.
    private var overdue = 0
    private var heardSinceTimeout = false
    static let lateRounds = 6

    /// Who answers, as its kind says: its name, what it can do (a source
    /// without `.startStop` always presents: no show to start or stop), and
    /// how to pair with it.
    package struct Peer: Equatable {
        package var name: String
        package var capabilities: SourceCapabilities
        package var pairingAdvice: String

        package init(name: String, capabilities: SourceCapabilities, pairingAdvice: String) {
            self.name = name
            self.capabilities = capabilities
            self.pairingAdvice = pairingAdvice
        }

        package init(_ kind: any SourceKind) {
            self.init(name: kind.displayName, capabilities: kind.capabilities, pairingAdvice: kind.pairingAdvice)
        }
    }

    package let action: RemoteAction
    package let peer: Peer
    /// `--no-wait`: done once the command is written.
    package let waitForConfirmation: Bool
    /// `host:port`, for messages.
    package let server: String
    private var phase = Phase.pairing
    /// Where the show is, as the source said it.
    private var show = ShowState()
    /// This command blanked the screen (Impress never says it did).
    private var blanked = false
    /// The blank this command leaves, once carried out: true for `blank`,
    /// false for `resume`, nil for the others (`KeptLink` tells its followers).
    package var blanks: Bool? {
        switch action {
        case .blank: true
        case .resume: false
        default: nil
        }
    }
    /// The agenda given to `send` (`--agenda`): it wins over the source's sections.
    private let writtenAgenda: [TalkSection]?
    /// The confirmation arrived before the write was reported.
    private var confirmedEarly = false
    /// The command sent, once it is.
    private var sent: SourceCommand?

    package init(action: RemoteAction, waitForConfirmation: Bool = true, server: String, peer: Peer,
                 agenda: [TalkSection]? = nil) {
        self.action = action
        self.writtenAgenda = agenda
        self.peer = peer
        self.waitForConfirmation = waitForConfirmation
        self.server = server
    }

    package var isDone: Bool { phase == .done }

    package mutating func handle(_ event: SourceEvent) -> Step? {
        guard phase != .done else { return nil }
        heardSinceTimeout = true
        let before = show
        let heard = show.note(event)
        if heard.contains(.link) {
            switch show.link {
            case .pairing?:
                return finish(.fail("not paired with \(server) yet: run `controlpad connect \(server)` once and \(peer.pairingAdvice)"))
            case .reconnecting(_, let problem)?:
                let reason = problem.reason
                return finish(.fail(phase == .pairing ? "cannot reach \(server): \(reason)" : "lost \(server): \(reason)"))
            case .failed(let problem)?:
                return finish(.fail("cannot reach \(server): \(problem.reason)"))
            default:
                return nil
            }
        }
        if heard.contains(.unanswered), let problem = show.unanswered {
            return finish(.fail("\(server): \(problem.reason). \(problem.fix ?? "")"))
        }
        if heard.contains(.show) {
            if show.isRunning { return showKnown(expected: .showStarted) }
            if case .confirming(.slideChange) = phase { return finish(.fail("the show on \(server) ended")) }
            return showKnown(expected: .showFinished)
        }
        if heard.contains(.slide) { return confirmed(.slideChange) }
        if heard.contains(.step), let now = show.step {
            // A step within a slide (a fragment) is the show's answer to a
            // move too; the first said of a slide only says where it stands.
            guard let was = before.step, was.index == now.index, was.step != now.step else { return nil }
            return confirmed(.slideChange)
        }
        return nil
    }

    /// The command was written (true) or dropped (false).
    package mutating func written(_ ok: Bool) -> Step? {
        guard case .sending(let expectation) = phase else { return nil }
        guard ok else { return finish(.fail("the command did not reach \(server): the link closed")) }
        // A go-to the slide the show is on, standing on a later step: the
        // show goes back to the first step (reveal.js's `Reveal.slide(h, v,
        // -1)`), and that step is the answer (where the show stood may be
        // said only after the go-to was decided).
        if expectation == .nothing, waitForConfirmation, !confirmedEarly, case .goto(let index)? = sent,
           let stood = show.step, stood.index == index, stood.step.shown > 0 {
            phase = .confirming(.slideChange)
            return nil
        }
        if expectation == .nothing || !waitForConfirmation || confirmedEarly {
            return finish(.succeed(waitForConfirmation || expectation == .nothing ? position : "sent (the show was on \(position))"))
        }
        phase = .confirming(expectation)
        return nil
    }

    /// The time allowed for the current phase ran out: what to say, or nil
    /// when the caller waits as long again (a confirmation overdue, `late`).
    package mutating func timedOut(after seconds: Double) -> Step? {
        timedOut(seconds: seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s")
    }

    package mutating func timedOut(seconds: String) -> Step? {
        switch phase {
        case .pairing:
            return finish(.fail(show.isLinkUp
                ? "\(server) paired but never said whether a show runs (within \(seconds))"
                : "no answer from \(server) within \(seconds)"))
        case .sending where waitsLonger():
            // Held back by the pacing (`NavigationPacer`) behind a busy show: it goes out later.
            return nil
        case .sending:
            return finish(.fail("""
                the command did not go out to \(server) in time (\(seconds), then as long again while the show was \
                busy): it may still go out; look before sending it again
                """))
        case .confirming where waitsLonger():
            return nil
        case .confirming:
            // Sent, and not confirmed in twice the time: it may still be
            // carried out, so the words say to look before sending it again.
            return finish(.fail("""
                sent, but \(peer.name) did not confirm it in time (\(seconds), then as long again while the show was \
                busy; an animation step moves no slide; --no-wait does not wait): now \(position); look before \
                sending it again
                """))
        case .done:
            return .fail("done")
        }
    }

    // MARK: -

    /// Once overdue, as long again; then again while the show still says
    /// something (it is busy, not gone), `lateRounds` times at most.
    private mutating func waitsLonger() -> Bool {
        defer { heardSinceTimeout = false }
        guard !late || (heardSinceTimeout && overdue < Self.lateRounds) else { return false }
        late = true
        overdue += 1
        return true
    }

    private mutating func showKnown(expected: Expectation) -> Step? {
        switch phase {
        case .pairing where show.isLinkUp: return decide()
        case .confirming(let e) where e == expected: return finish(.succeed(confirmedPosition))
        case .sending(let e) where e == expected:
            confirmedEarly = true
            return nil
        default: return nil
        }
    }

    private mutating func confirmed(_ expectation: Expectation) -> Step? {
        switch phase {
        case .confirming(let e) where e == expectation: return finish(.succeed(confirmedPosition))
        case .sending(let e) where e == expectation:
            confirmedEarly = true
            return nil
        default: return nil
        }
    }

    /// Paired and the show's state known: what to send, if anything.
    private mutating func decide() -> Step? {
        guard show.isRunning else {
            switch action {
            case .start: return send(.start, expecting: .showStarted)
            case .stop: return finish(.succeed(position))
            default:
                return finish(.fail("no show is running on \(server): start one with `controlpad send \(server) start`"))
            }
        }
        let last = show.slideCount - 1
        switch action {
        case .start: return finish(.succeed(position))
        case .stop where !peer.capabilities.contains(.startStop):
            return finish(.fail("\(peer.name) has no show to stop: it presents until it quits (blank the screen with `blank`)"))
        case .stop: return send(.stop, expecting: .showFinished)
        case .next: return send(.next, expecting: show.current < last ? .slideChange : .nothing)
        case .previous: return send(.previous, expecting: show.current > 0 ? .slideChange : .nothing)
        case .first: return go(to: 0)
        case .last: return go(to: last)
        case .goto(let slide):
            guard slide <= show.slideCount else {
                return finish(.fail("slide \(slide) is out of range: the show on \(server) has \(show.slideCount) slides"))
            }
            return go(to: slide - 1)
        case .blank:
            blanked = true
            return send(.blank, expecting: .nothing)
        case .resume:
            return send(.resume, expecting: .nothing)
        case .section(let word):
            switch show.sections(written: writtenAgenda).slide(for: word, from: show.current) {
            case .success(let slide): return go(to: slide)
            case .failure(let problem): return finish(.fail("\(problem) (the show on \(server) is at slide \(show.current + 1)/\(show.slideCount))"))
            }
        case .pointer(let x, let y):
            // A kept link (Impress) holds the pointer where it was put until `pointer off`.
            guard peer.capabilities.contains(.pointer) else { return finish(.fail("\(peer.name) shows no pointer from the pad")) }
            return send(.pointerStarted(x: x, y: y), expecting: .nothing)
        case .pointerOff:
            return send(.pointerDismissed, expecting: .nothing)
        case .inkClear:
            guard peer.capabilities.contains(.ink) || peer.capabilities.contains(.ownPen) else {
                return finish(.fail("\(peer.name) takes no ink from the pad"))
            }
            return send(.ink(.clear), expecting: .nothing)
        }
    }

    /// A go-to the slide the show is on starts it again: a source whose
    /// slides unfold in steps goes back to its first step and says so (the
    /// answer waits for that step, or it would print the step before; see `written`).
    private mutating func go(to index: Int) -> Step? {
        let restartsSteps = show.step.map { $0.index == index && $0.step.shown > 0 } ?? false
        return send(.goto(index: index), expecting: index == show.current && !restartsSteps ? .nothing : .slideChange)
    }

    private mutating func send(_ command: SourceCommand, expecting: Expectation) -> Step? {
        sent = command
        phase = .sending(expecting)
        return .send(command)
    }

    private mutating func finish(_ step: Step) -> Step {
        phase = .done
        return step
    }

    /// Where the show is once it confirmed the command, and whether it did so late.
    private var confirmedPosition: String {
        position + (late ? " (confirmed late: \(peer.name) took longer than the timeout)" : "")
    }

    /// "slide 3/14", "slide 3/14 · blank" or "no show".
    private var position: String {
        guard show.isRunning else { return "no show" }
        var text = "slide \(show.current + 1)/\(show.slideCount)"
        if let step = show.currentStep, step.count > 0 {
            text += " · step \(step.fraction)"
        }
        return text + (blanked ? " · blank" : "")
    }
}
