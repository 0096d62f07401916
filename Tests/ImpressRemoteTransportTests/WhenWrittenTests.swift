import Foundation
import ImpressRemoteTransport
import SlideModel
import PadTestSupport
import XCTest

/// `send(_:whenWritten:)`: `controlpad send` learns when its command has
/// gone out, so it can close the connection without losing it.
final class WhenWrittenTests: XCTestCase {
    private final class Answers: @unchecked Sendable {
        private let condition = NSCondition()
        private var values: [Bool] = []
        func add(_ value: Bool) {
            condition.lock()
            values.append(value)
            condition.broadcast()
            condition.unlock()
        }
        func wait(count: Int) -> [Bool] {
            let deadline = Date(timeIntervalSinceNow: 10)
            condition.lock()
            defer { condition.unlock() }
            while values.count < count, condition.wait(until: deadline) {}
            return values
        }
    }

    func testWrittenOnceTheBytesAreOutAndDroppedWhenNotPaired() throws {
        let received = Answers()
        let server = try FakeImpressServer(scripts: [{ c in
            _ = try acceptPairing(c)
            let blank = try c.readMessage()
            received.add(blank.lines == ["presentation_blank_screen"])
        }])
        defer { server.stop() }
        let source = ImpressRemoteSource(configuration: testConfiguration(server))
        defer { source.shutdown() }
        let events = EventRecorder()
        let answers = Answers()
        // Before start: nothing is paired, so the command is dropped.
        source.send(.blank) { answers.add($0) }
        XCTAssertEqual(answers.wait(count: 1), [false])

        source.start(events: events.sink)
        events.wait(for: .showFinished)
        source.send(.blank) { answers.add($0) }
        XCTAssertEqual(answers.wait(count: 2), [false, true])
        XCTAssertEqual(received.wait(count: 1), [true], "the server read the command")
    }

    func testAfterShutdownTheAnswerIsNo() throws {
        let server = try FakeImpressServer(scripts: [{ c in _ = try acceptPairing(c) }])
        defer { server.stop() }
        let source = ImpressRemoteSource(configuration: testConfiguration(server))
        source.shutdown()
        let answers = Answers()
        source.send(.next) { answers.add($0) }
        XCTAssertEqual(answers.wait(count: 1), [false])
    }
}
