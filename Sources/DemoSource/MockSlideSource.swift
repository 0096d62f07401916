import Dispatch
import SlideModel
import SourceKit

/// The demo's source: `MockShow`'s schedule played out in real time on a
/// private queue, reaching the pad only through its `EventGate`, as every
/// source does.
public final class MockSlideSource: SlideSource, @unchecked Sendable {
    private let queue = DispatchQueue(label: "controlpad.mock-source")
    private let gate = EventGate()
    // Everything below is touched on `queue` only.
    private var show: MockShow
    private var epoch = DispatchTime.now()
    private var stopped = false

    public init(show: MockShow) { self.show = show }

    /// The demo as every caller makes it (the `demo` command through
    /// `DemoKind`, the tests, the benchmark): the built-in deck, `slides`
    /// long (its slides repeat past its own count), played with `knobs`.
    public static func demo(slides: Int? = nil, knobs: MockKnobs = MockKnobs()) throws -> MockSlideSource {
        MockSlideSource(show: MockShow(deck: try DemoDeck.builtIn(slideCount: slides), knobs: knobs))
    }

    public func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        gate.open(events)
        queue.sync {
            epoch = .now()
            schedule(show.begin(at: .zero))
        }
    }

    public func send(_ command: SourceCommand) {
        queue.async { [self] in
            guard !stopped else { return }
            schedule(show.handle(command, at: elapsed()))
        }
    }

    public func shutdown() {
        queue.sync { stopped = true }
        gate.close()
    }

    private func elapsed() -> Duration {
        .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds - epoch.uptimeNanoseconds))
    }

    private func schedule(_ items: [MockShow.Timed]) {
        for item in items {
            let due = epoch + .milliseconds(item.at.wholeMs)
            queue.asyncAfter(deadline: due) { [self] in
                guard !stopped else { return }
                gate.deliver(item.event)
            }
        }
    }
}
