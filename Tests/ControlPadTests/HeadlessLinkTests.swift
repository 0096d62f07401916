import XCTest
@testable import ControlPadScripting
import PadRuntime
import SlideModel
import SourceKit

/// `send` and `watch` read their link on the pad's event loop, with its clocks:
/// events and write confirmations come in the order they happened, and a
/// deadline on the injected clock ends a wait that nothing answers.
final class HeadlessLinkTests: XCTestCase {
    private final class ScriptedSource: ConfirmingSource, @unchecked Sendable {
        var events: (@Sendable (SourceEvent) -> Void)?
        func start(events: @escaping @Sendable (SourceEvent) -> Void) { self.events = events }
        func send(_ command: SourceCommand) {}
        func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
            events?(.slideChanged(index: 1))
            whenWritten(true)
        }
        func shutdown() {}
    }

    /// A clock that stands still at `now` unless the test moves it.
    private final class Clock: @unchecked Sendable { var now: Duration = .milliseconds(1000) }

    func testItemsComeInOrderAndADeadlineOnTheClockEndsTheWait() throws {
        let clock = Clock()
        let source = ScriptedSource()
        let link = try HeadlessLink(source: source, clocks: Clocks(monotonic: { clock.now }, wallClock: { "" }, untilNextMinute: { .milliseconds(60_000) }))
        link.start()
        source.events?(.showStarted(slideCount: 3, current: 0))
        link.send(.next)
        XCTAssertEqual(link.next(before: nil), .event(.showStarted(slideCount: 3, current: 0)))
        XCTAssertEqual(link.next(before: nil), .event(.slideChanged(index: 1)))
        XCTAssertEqual(link.next(before: nil), .written(true))
        XCTAssertEqual(link.now, .milliseconds(1000))
        XCTAssertNil(link.next(before: .milliseconds(1000)), "a deadline that has come returns at once with nothing")
        source.events?(.slideChanged(index: 2))
        XCTAssertEqual(link.next(before: .milliseconds(900)), .event(.slideChanged(index: 2)), "what is already in is taken even past the deadline")
        link.shutdown()
    }
}
