import ImpressUNO
import SlideModel

/// A `UNOLink` on virtual time against `SimulatedImpress`: the link's
/// requests reach the show `latency` later, what the show's listener says
/// reaches the link `latency` after it said it, and the link's timers fire
/// when the clock passes them. Nothing sleeps: `run(for:)` moves the clock
/// from one thing due to the next.
struct UNOStage {
    var link = UNOLink(mode: .present(deck: "/talks/steps.odp", window: true), pipe: "controlpad")
    var show: SimulatedImpress
    var now: Duration = .zero
    let latency: Duration = .milliseconds(2)
    private var timers: [UNOLink.Timer: Duration] = [:]
    private var inbox: [(at: Duration, event: UNOBridgeEvent)] = []
    /// Every request the link wrote, in order.
    private(set) var written: [UNOBridgeRequest] = []
    /// Every event the link told the pad, in order.
    private(set) var told: [SourceEvent] = []
    private(set) var logged: [String] = []

    /// A fresh show (`present`): LibreOffice's first slide is up at `readyAt`;
    /// `heardUp`: the listener hears it (else it came before the listener).
    init(slides: Int = 62, readyAt: Duration = .milliseconds(1400), heardUp: Bool = true) {
        show = SimulatedImpress(slideCount: slides, readyAt: readyAt)
        perform(link.handle(.start))
        perform(link.handle(.line(.hello(office: "LibreOffice 25.2"))))
        perform(link.handle(.line(.deck(title: "steps", steps: show.steps, names: [], aspect: 16.0 / 9))))
        perform(link.handle(.line(.show(slides: slides, slide: 0, blank: false, fresh: true))))
        show.begin()
        if heardUp { carrySaid() } else { show.said = [] }
    }

    /// The pad sends `command`.
    mutating func press(_ command: SourceCommand) {
        perform(link.handle(.send(command)))
    }

    /// Moves the clock by `span`, carrying out everything due on the way.
    mutating func run(for span: Duration) {
        let end = now + span
        while true {
            let due = [inbox.first?.at, timers.values.min(), show.running?.until].compactMap { $0 }.min()
            guard let due, due <= end else { break }
            now = max(now, due)
            show.advance(to: now)
            carrySaid()
            while let first = inbox.first, first.at <= now {
                inbox.removeFirst()
                perform(link.handle(.line(first.event)))
            }
            for (timer, at) in timers.sorted(by: { $0.value < $1.value }) where at <= now {
                timers[timer] = nil
                perform(link.handle(.timerFired(timer)))
            }
        }
        now = end
    }

    /// The step the pad was last told.
    var padStep: (slide: Int, step: SlideStep)? {
        for event in told.reversed() { if case .step(let index, let step) = event { return (index, step) } }
        return nil
    }

    var moves: [UNOBridgeRequest] { written.filter { [.next, .previous].contains($0) } }

    private mutating func perform(_ actions: [UNOLink.Action]) {
        for action in actions {
            switch action {
            case .write(let request):
                written.append(request)
                carry(request)
            case .arm(let timer, let after): timers[timer] = now + after
            case .cancel(let timer): timers[timer] = nil
            case .emit(let event): told.append(event)
            case .log(let text): logged.append(text)
            case .launchOffice, .spawnBridge, .endBridge: break
            }
        }
    }

    private mutating func carry(_ request: UNOBridgeRequest) {
        let at = now + latency
        switch request {
        case .next: show.next(at: at)
        case .previous: show.previous(at: at)
        case .goto(let index): show.goto(index, at: at)
        case .blank: show.blank(at: at)
        case .where: deliver(.whereAnswer(slide: show.slide, blank: show.paused, others: []), at: at)
        default: break
        }
        carrySaid()
    }

    private mutating func carrySaid() {
        for said in show.said { deliver(.heard(said.heard), at: said.at + latency) }
        show.said = []
    }

    private mutating func deliver(_ event: UNOBridgeEvent, at: Duration) {
        let index = inbox.firstIndex { $0.at > at } ?? inbox.endIndex
        inbox.insert((at, event), at: index)
    }
}
