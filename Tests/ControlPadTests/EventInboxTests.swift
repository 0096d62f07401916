import XCTest
@testable import ControlPadScripting
@testable import ControlPadUI
import PadRuntime
import SlideModel
import Syscalls

/// The inbox: events from any thread arrive in the loop, in order, and wake
/// its `poll` exactly when something is waiting.
final class EventInboxTests: XCTestCase {
    func testEventsFromManyThreadsArriveOnceEachAndWakeThePoll() throws {
        let inbox = try EventInbox<PadEvent>()
        XCTAssertEqual(Syscalls.poll([inbox.wakeDescriptor], timeout: 0), [0], "nothing posted: the loop sleeps")
        DispatchQueue.concurrentPerform(iterations: 100) { i in inbox.post(.source(.slideChanged(index: i))) }
        XCTAssertNotEqual(Syscalls.poll([inbox.wakeDescriptor], timeout: 0)[0] & Int16(POLLIN), 0, "posted: the loop wakes")
        let events = inbox.drain()
        XCTAssertEqual(Set(events.compactMap { if case .source(.slideChanged(let i)) = $0 { i } else { nil } }), Set(0..<100))
        XCTAssertEqual(events.count, 100)
        XCTAssertEqual(Syscalls.poll([inbox.wakeDescriptor], timeout: 0), [0], "drained: asleep again")
        XCTAssertEqual(inbox.drain(), [])
    }

    func testOrderFromOneThreadIsKept() throws {
        let inbox = try EventInbox<PadEvent>()
        inbox.post(.interrupted)
        inbox.post(.tick)
        inbox.post(.terminate)
        XCTAssertEqual(inbox.drain(), [.interrupted, .tick, .terminate])
    }
}
