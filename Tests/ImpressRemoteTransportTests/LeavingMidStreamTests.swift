import Dispatch
import Foundation
import ImpressRemoteTransport
import SlideModel
import ImpressRemote
import PadTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The source never closes while Impress is still streaming it a show's
/// previews (`PreviewStream`): after `shutdown` the socket stays open until
/// the last slide's notes, on its own loop or, handed off, in whoever took
/// it. Each script checks the socket is still open before it sends the rest.
final class LeavingMidStreamTests: XCTestCase {
    private var server: FakeImpressServer?

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    /// A show of 3: pairs, sends slide 0, then waits for `go` before the
    /// rest; records whether the client was still there and when it closed.
    private let finished = DispatchSemaphore(value: 0)

    private func streamingScript(firstSent: DispatchSemaphore, go: DispatchSemaphore,
                                 result: Locked<(openBeforeRest: Bool, closedAfterRest: Bool)?>) -> FakeImpressServer.Script {
        { [finished] c in
            _ = try acceptPairing(c, showFinished: false)
            c.send(message: "slideshow_started", "3", "0")
            c.send(message: "slide_preview", "0", "AA")
            c.send(message: "slide_notes", "0", "<html><body>n</body></html>")
            firstSent.signal()
            guard go.wait(timeout: .now() + 10) == .success else { throw ScriptFailure("never told to go on") }
            let open = !c.waitForClose(timeout: 0)
            for i in 1..<3 {
                c.send(message: "slide_preview", "\(i)", "AA")
                c.send(message: "slide_notes", "\(i)", "<html><body>n</body></html>")
            }
            let closed = c.waitForClose()
            result.withLock { $0 = (open, closed) }
            finished.signal()
        }
    }

    /// A source on the streaming script, shut down once slide 0 is in.
    private func shutDownAfterTheFirstSlide() throws -> (FakeImpressServer, ImpressRemoteSource, EventRecorder, DispatchSemaphore,
                                                         Locked<(openBeforeRest: Bool, closedAfterRest: Bool)?>) {
        let (firstSent, go) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let result = Locked<(openBeforeRest: Bool, closedAfterRest: Bool)?>(nil)
        let server = try FakeImpressServer(scripts: [streamingScript(firstSent: firstSent, go: go, result: result)])
        self.server = server
        let source = ImpressRemoteSource(configuration: testConfiguration(server))
        let recorder = EventRecorder()
        source.start(events: recorder.sink)
        XCTAssertEqual(firstSent.wait(timeout: .now() + 10), .success)
        recorder.wait(for: .notes(index: 0, "n"))
        source.shutdown()
        return (server, source, recorder, go, result)
    }

    func testShutdownMidStreamClosesOnlyAfterTheLastNotes() throws {
        let (server, source, recorder, go, result) = try shutDownAfterTheFirstSlide()
        let count = recorder.events.count
        go.signal()
        try source.closed.wait()
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        server.stop()
        XCTAssertEqual(result.current?.openBeforeRest, true, "still connected after shutdown while slides 1 and 2 were coming")
        XCTAssertEqual(result.current?.closedAfterRest, true, "closed once the last notes were in")
        XCTAssertEqual(recorder.events.count, count, "the pad heard nothing after shutdown")
    }

    func testAHandedOffStreamIsFinishedByItsNewOwner() throws {
        let (server, source, _, go, result) = try shutDownAfterTheFirstSlide()
        let handOff = try XCTUnwrap(source.handOff(), "Impress is still streaming: there is something to hand off")
        XCTAssertEqual(handOff.slidesLeft, 2)
        XCTAssertGreaterThan(handOff.remaining, .seconds(60), "the new owner follows the stream, bounded only by the safety net")
        XCTAssertLessThanOrEqual(handOff.remaining, PreviewStream.safetyNet)
        try source.closed.wait()  // the source let go of its copy
        XCTAssertNil(source.handOff(), "handed off once")
        go.signal()
        let said = Locked<[String]>([])
        let left = StreamFinisher.finish(descriptor: handOff.descriptor, stream: handOff.stream, within: handOff.remaining) { line in
            said.withLock { $0.append(line) }
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        server.stop()
        XCTAssertEqual(left, 0, "the new owner saw the stream complete")
        XCTAssertEqual(said.current.first, "waiting for Impress's stream: Impress is still sending 2 slides")
        XCTAssertTrue(said.current.last?.hasPrefix("Impress's stream is done after") == true, "\(said.current)")
        XCTAssertEqual(result.current?.openBeforeRest, true, "the connection outlived the source that handed it off")
        XCTAssertEqual(result.current?.closedAfterRest, true)
    }

    func testNothingStreamingClosesAtOnceAndHasNothingToHandOff() throws {
        let closedByClient = DispatchSemaphore(value: 0)
        let server = try FakeImpressServer(scripts: [{ c in
            _ = try acceptPairing(c)
            if c.waitForClose() { closedByClient.signal() }
        }])
        self.server = server
        let source = ImpressRemoteSource(configuration: testConfiguration(server))
        let recorder = EventRecorder()
        source.start(events: recorder.sink)
        recorder.wait(for: .showFinished)
        source.shutdown()
        XCTAssertNil(source.handOff())
        try source.closed.wait()
        XCTAssertEqual(closedByClient.wait(timeout: .now() + 10), .success)
    }
}
