import Dispatch
import FoundationEssentials
import SlideModel

/// The demo's source: `MockShow`'s schedule played out in real time on a
/// private queue, reaching the pad only through its event sink.
public final class MockSlideSource: SlideSource, @unchecked Sendable {
    private let queue = DispatchQueue(label: "controlpad.mock-source")
    // Everything below is touched on `queue` only.
    private var show: MockShow
    private var sink: (@Sendable (SourceEvent) -> Void)?
    private var epoch = DispatchTime.now()
    private var stopped = false

    public init(show: MockShow) { self.show = show }

    public func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        queue.sync {
            sink = events
            epoch = .now()
            schedule(show.begin(at: 0))
        }
    }

    public func send(_ command: SourceCommand) {
        queue.async { [self] in
            guard !stopped else { return }
            schedule(show.handle(command, at: elapsedMilliseconds()))
        }
    }

    public func shutdown() {
        queue.sync {
            stopped = true
            sink = nil
        }
    }

    private func elapsedMilliseconds() -> Int {
        Int((DispatchTime.now().uptimeNanoseconds - epoch.uptimeNanoseconds) / 1_000_000)
    }

    private func schedule(_ items: [MockShow.Timed]) {
        for item in items {
            let due = epoch + .milliseconds(item.at)
            queue.asyncAfter(deadline: due) { [self] in
                guard !stopped else { return }
                sink?(item.event)
            }
        }
    }
}
