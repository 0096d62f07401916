import FoundationEssentials
import SlideModel

/// One line of a show's events as the process holding its link passes them
/// to a follower (`DoorRequest.follow`, `ShowFollowers`, `DoorFollower`):
/// a `SourceEvent` as JSON, or the holder's last word. Pictures never go
/// this way (a follower prints where the show is, not what it shows).
///
///     {"event":{"slideChanged":{"index":3}}}
///     {"end":"handedOver"}
package enum FollowLine: Equatable, Sendable {
    case event(SourceEvent)
    /// The holder stops: `handedOver`, the link went to a new pad, which
    /// opens the door in a moment; `left`, the holder is gone.
    case end(Ending)

    package enum Ending: String, Codable, Sendable {
        case handedOver, left
    }

    /// The longest line read back (a show's notes, one slide's worth).
    package static let maxBytes = 1 << 20

    /// The line, without its newline; nil for what is not sent (a preview).
    package var text: String? {
        let wire: Wire
        switch self {
        case .end(let ending): wire = Wire(end: ending)
        case .event(let event):
            guard let event = WireEvent(event) else { return nil }
            wire = Wire(event: event)
        }
        return (try? JSONEncoder().encode(wire)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A line read back; nil for one that is not a follow line.
    package init?(text: String) {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(text.utf8)) else { return nil }
        if let end = wire.end {
            self = .end(end)
        } else if let event = wire.event?.event {
            self = .event(event)
        } else {
            return nil
        }
    }

    private struct Wire: Codable {
        var event: WireEvent?
        var end: Ending?
    }
}

/// `SourceEvent` without the previews, in a shape JSON can carry
/// (durations in milliseconds).
private enum WireEvent: Codable {
    case link(WireLink)
    case showStarted(slideCount: Int, current: Int)
    case showTitle(String)
    case slideChanged(index: Int)
    case step(index: Int, shown: Int, count: Int, detail: String?, known: Bool)
    case sections(sections: [WireSection], timingsMs: [Int?], totalMs: Int?)
    case stepCounts([Int])
    case notes(index: Int, format: String, text: String)
    case showFinished, blankEnded, blankStarted
    case unanswered(LinkProblem?)
    case inkMode(Bool)

    struct WireSection: Codable {
        var name: String
        var firstSlide: Int
        var plannedMs: Int?
    }

    enum WireLink: Codable {
        case local(String)
        case connecting(String)
        case pairing(pin: String, place: String)
        case connected(String)
        case reconnecting(inSeconds: Int, problem: LinkProblem)
        case failed(LinkProblem)
    }

    init?(_ event: SourceEvent) {
        switch event {
        case .link(let link):
            switch link {
            case .local(let name): self = .link(.local(name))
            case .connecting(let server): self = .link(.connecting(server))
            case .pairing(let pin, let place): self = .link(.pairing(pin: pin, place: place))
            case .connected(let server): self = .link(.connected(server))
            case .reconnecting(let seconds, let problem): self = .link(.reconnecting(inSeconds: seconds, problem: problem))
            case .failed(let problem): self = .link(.failed(problem))
            }
        case .showStarted(let count, let current): self = .showStarted(slideCount: count, current: current)
        case .showTitle(let title): self = .showTitle(title)
        case .slideChanged(let index): self = .slideChanged(index: index)
        case .step(let index, let step):
            self = .step(index: index, shown: step.shown, count: step.count, detail: step.detail, known: step.isKnown)
        case .sections(let given):
            self = .sections(sections: given.sections.map { WireSection(name: $0.name, firstSlide: $0.firstSlide, plannedMs: $0.planned?.milliseconds) },
                             timingsMs: given.slideTimings.map { $0?.milliseconds }, totalMs: given.totalTime?.milliseconds)
        case .stepCounts(let counts): self = .stepCounts(counts)
        case .notes(let index, let notes):
            switch notes {
            case .plain(let text): self = .notes(index: index, format: "plain", text: text)
            case .markdown(let text): self = .notes(index: index, format: "markdown", text: text)
            case .html(let text): self = .notes(index: index, format: "html", text: text)
            }
        case .showFinished: self = .showFinished
        case .blankEnded: self = .blankEnded
        case .blankStarted: self = .blankStarted
        case .unanswered(let problem): self = .unanswered(problem)
        case .inkMode(let on): self = .inkMode(on)
        case .preview: return nil
        }
    }

    var event: SourceEvent? {
        switch self {
        case .link(let link):
            switch link {
            case .local(let name): return .link(.local(name))
            case .connecting(let server): return .link(.connecting(to: server))
            case .pairing(let pin, let place): return .link(.pairing(pin: pin, place: place))
            case .connected(let server): return .link(.connected(server: server))
            case .reconnecting(let seconds, let problem): return .link(.reconnecting(inSeconds: seconds, problem: problem))
            case .failed(let problem): return .link(.failed(problem))
            }
        case .showStarted(let count, let current): return .showStarted(slideCount: count, current: current)
        case .showTitle(let title): return .showTitle(title)
        case .slideChanged(let index): return .slideChanged(index: index)
        case .step(let index, let shown, let count, let detail, let known):
            var step = SlideStep(shown: shown, count: count, detail: detail)
            step.isKnown = known
            return .step(index: index, step)
        case .sections(let sections, let timings, let total):
            return .sections(SourceSections(sections: sections.map { TalkSection(name: $0.name, firstSlide: $0.firstSlide,
                                                                                   planned: $0.plannedMs.map(Duration.milliseconds)) },
                                            slideTimings: timings.map { $0.map(Duration.milliseconds) },
                                            totalTime: total.map(Duration.milliseconds)))
        case .stepCounts(let counts): return .stepCounts(counts)
        case .notes(let index, let format, let text):
            switch format {
            case "plain": return .notes(index: index, .plain(text))
            case "markdown": return .notes(index: index, .markdown(text))
            case "html": return .notes(index: index, .html(text))
            default: return nil
            }
        case .showFinished: return .showFinished
        case .blankEnded: return .blankEnded
        case .blankStarted: return .blankStarted
        case .unanswered(let problem): return .unanswered(problem)
        case .inkMode(let on): return .inkMode(on)
        }
    }
}

extension Duration {
    fileprivate var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(clamping: seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000)
    }
}
