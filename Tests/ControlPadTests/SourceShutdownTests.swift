import NIOCore
import NIOPosix
import XCTest
import SlideModel
import SourceKit

/// Every driver stops the same way (`SourceShutdown`): once, its gate
/// closed so no event reaches the pad after `shutdown` returns, its own stop
/// run on its loop.
final class SourceShutdownTests: XCTestCase {
    private final class Count: @unchecked Sendable { var stops = 0, events = 0, onLoop = true }

    func testFromAnotherThreadItStopsOnceOnTheLoopAndNoEventGetsThroughAfter() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let gate = EventGate(), shutdown = SourceShutdown(), count = Count()
        gate.open { _ in count.events += 1 }
        gate.deliver(.slideChanged(index: 1))

        XCTAssertFalse(shutdown.isStopped)
        XCTAssertTrue(shutdown.stop(closing: gate, on: loop) {
            count.stops += 1
            count.onLoop = loop.inEventLoop
        }, "the first call stops the source")
        XCTAssertEqual(count.stops, 1, "stopped before it returns")
        XCTAssertTrue(count.onLoop, "the driver's stop runs on its loop")
        XCTAssertTrue(shutdown.isStopped, "commands after it are dropped")
        gate.deliver(.slideChanged(index: 2))
        XCTAssertEqual(count.events, 1, "no event reaches the pad after shutdown")

        XCTAssertFalse(shutdown.stop(closing: gate, on: loop) { count.stops += 1 }, "a second shutdown does nothing")
        XCTAssertEqual(count.stops, 1)
    }

    func testOnItsLoopItStopsInTheSameTurn() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let gate = EventGate(), shutdown = SourceShutdown(), count = Count()
        let stoppedInTurn = try loop.submit { () -> Int in
            shutdown.stop(closing: gate, on: loop) { count.stops += 1 }
            return count.stops
        }.wait()
        XCTAssertEqual(stoppedInTurn, 1, "called on the loop, it neither hops nor waits for itself")
    }
}
