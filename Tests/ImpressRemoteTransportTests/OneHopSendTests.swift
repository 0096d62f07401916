import Foundation
import NIOCore
import NIOPosix
import ImpressRemoteTransport
import SlideModel
import PadTestSupport
import XCTest

/// A press sent on the source's own event loop (the pad's, which reads the
/// key there) is on the wire in that same turn: no hop, nothing written
/// behind NIO's back. Sends from other threads hop to the loop in order.
/// The loop is held (a task that waits) to make both certain rather than a
/// matter of timing.
final class OneHopSendTests: XCTestCase {
    private var group: MultiThreadedEventLoopGroup?
    private var server: FakeImpressServer?
    private var source: ImpressRemoteSource?
    private let release = DispatchSemaphore(value: 0)
    private var holding = false

    override func tearDown() {
        if holding { release.signal() }
        source?.shutdown()
        server?.stop()
        if let problems = server?.problems, !problems.isEmpty { XCTFail("fake server: \(problems)") }
        try? group?.syncShutdownGracefully()
        super.tearDown()
    }

    /// A paired source with a show of 9 slides on slide 1, on its own loop;
    /// the server hands each message it reads to `messages`.
    private func startShow(messages: Locked<[[String]]>, arrived: DispatchSemaphore) throws -> (ImpressRemoteSource, EventLoop) {
        let server = try FakeImpressServer(scripts: [{ c in
            _ = try acceptPairing(c, showFinished: false)
            c.send(message: "slideshow_started", "9", "0")
            while true {
                guard let m = try? c.readMessage(timeout: 20) else { return }
                messages.withLock { $0.append(m.lines) }
                arrived.signal()
            }
        }])
        self.server = server
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        let source = ImpressRemoteSource(configuration: testConfiguration(server), logger: LogCapture().logger, group: group)
        self.source = source
        let events = EventRecorder()
        source.start(events: events.sink)
        events.wait(for: .showStarted(slideCount: 9, current: 0))
        return (source, group.next())
    }

    /// Holds the loop until tearDown (or `letGo`).
    private func hold(_ loop: EventLoop) {
        let held = DispatchSemaphore(value: 0)
        loop.execute { [release] in
            held.signal()
            release.wait()
        }
        holding = true
        XCTAssertEqual(held.wait(timeout: .now() + 10), .success)
    }

    private func letGo() {
        holding = false
        release.signal()
    }

    func testAPressSentOnTheLoopIsOnTheWireWithinTheSameTurn() throws {
        let messages = Locked<[[String]]>([]), arrived = DispatchSemaphore(value: 0)
        let (source, loop) = try startShow(messages: messages, arrived: arrived)
        // One task on the loop: the press, then the loop held until tearDown.
        let held = DispatchSemaphore(value: 0)
        loop.execute { [release] in
            source.send(.next)
            held.signal()
            release.wait()
        }
        holding = true
        XCTAssertEqual(held.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(arrived.wait(timeout: .now() + 10), .success, "the press is on the wire while its turn still holds the loop")
        XCTAssertEqual(messages.current, [["transition_next"]])
    }

    func testSendsFromAnotherThreadKeepTheirOrder() throws {
        let messages = Locked<[[String]]>([]), arrived = DispatchSemaphore(value: 0)
        let (source, loop) = try startShow(messages: messages, arrived: arrived)
        hold(loop)
        source.send(.goto(index: 4)) { _ in }
        source.send(.goto(index: 6))
        XCTAssertEqual(arrived.wait(timeout: .now() + 0.3), .timedOut, "nothing is written behind the loop's back")
        letGo()
        for _ in 0..<2 { XCTAssertEqual(arrived.wait(timeout: .now() + 10), .success) }
        XCTAssertEqual(messages.current, [["goto_slide", "4"], ["goto_slide", "6"]])
        source.send(.goto(index: 2))
        source.send(.goto(index: 3))
        for _ in 0..<2 { XCTAssertEqual(arrived.wait(timeout: .now() + 10), .success) }
        XCTAssertEqual(messages.current.suffix(2), [["goto_slide", "2"], ["goto_slide", "3"]])
    }
}
