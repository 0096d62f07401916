import XCTest
@testable import ControlPadScripting
@testable import ControlPadUI
import PadRuntime
@testable import SlideModel

/// The loop itself, on an in-memory terminal, an injected clock and a
/// scripted source: key → effect → frame, resize, a source waking the loop,
/// and every way it ends.
final class PadLoopTests: XCTestCase {
    /// A source that records commands and lets the test speak for the show.
    final class ScriptedSource: SlideSource, @unchecked Sendable {
        private let lock = NSLock()
        private var sink: (@Sendable (SourceEvent) -> Void)?
        private var _sent: [SourceCommand] = []
        private(set) var shutDown = false
        var sent: [SourceCommand] { lock.withLock { _sent } }

        func start(events: @escaping @Sendable (SourceEvent) -> Void) { lock.withLock { sink = events } }
        func send(_ command: SourceCommand) { lock.withLock { _sent.append(command) } }
        func shutdown() { lock.withLock { shutDown = true } }
        /// The show says something, from another thread as a network would.
        func say(_ event: SourceEvent) {
            let sink = lock.withLock { self.sink }
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async { sink?(event); done.signal() }
            done.wait()
        }
    }

    private let clocks = Clocks(monotonic: { .milliseconds(5_000) }, wallClock: { "14:05" }, untilNextMinute: { .milliseconds(60_000) })

    private func loop(_ terminal: TestTerminal, _ source: ScriptedSource, rehearsal: RehearsalLogFile? = nil) throws -> PadLoop {
        let loop = PadLoop(terminal: terminal, source: source, state: PadState(animate: false), inbox: try EventInbox(),
                           clocks: clocks, rehearsal: rehearsal)
        loop.start()
        return loop
    }

    /// Waits (in `poll`, woken by the source's pipe) until the loop has seen
    /// what the source said: no sleeping, the wake-up is the point.
    private func stepUntil(_ loop: PadLoop, _ condition: () -> Bool) {
        for _ in 0..<100 where !condition() { loop.step(waitingAtMost: 10_000) }
    }

    func testAKeyBecomesACommandAndAFrame() throws {
        let terminal = try TestTerminal()
        let source = ScriptedSource()
        let loop = try loop(terminal, source)
        XCTAssertEqual(terminal.frames.count, 1, "a first frame before any input")
        XCTAssertTrue(terminal.screen.contains("no show"), terminal.screen)

        source.say(.showStarted(slideCount: 12, current: 2))
        stepUntil(loop) { terminal.screen.contains("3/12") }
        XCTAssertTrue(terminal.screen.contains("Current · 3/12"), terminal.screen)

        terminal.type(.key(.right))
        XCTAssertTrue(loop.step())
        XCTAssertEqual(source.sent, [.next])
        source.say(.slideChanged(index: 3))
        stepUntil(loop) { terminal.screen.contains("Current · 4/12") }
        XCTAssertTrue(terminal.screen.contains("Current · 4/12"), "the show's confirmation reaches the screen")
    }

    func testAResizeIsAMessageAndTheNextFrameHasTheNewSize() throws {
        let terminal = try TestTerminal(width: 100, height: 30)
        let loop = try loop(terminal, ScriptedSource())
        terminal.type(.resize(TerminalSize(width: 40, height: 12)))
        loop.step()
        XCTAssertEqual(terminal.frames.last.map { [$0.width, $0.height] }, [40, 12])
        terminal.type(.resize(TerminalSize(width: 10, height: 3)))
        loop.step()
        XCTAssertTrue(terminal.screen.contains("terminal"), terminal.screen)
    }

    func testQuitFromAKeyEndsTheLoopAndStopsTheSource() throws {
        let terminal = try TestTerminal()
        let source = ScriptedSource()
        let loop = try loop(terminal, source)
        terminal.type(.key(.char("q")))
        XCTAssertFalse(loop.step(), "no show runs: q quits at once")
        loop.finish()
        XCTAssertTrue(source.shutDown)
    }

    func testCtrlCAsksWhileAShowRunsThenQuits() throws {
        let terminal = try TestTerminal()
        let source = ScriptedSource()
        let inbox = try EventInbox<PadEvent>()
        let loop = PadLoop(terminal: terminal, source: source, state: PadState(animate: false), inbox: inbox, clocks: clocks)
        loop.start()
        source.say(.showStarted(slideCount: 5, current: 0))
        stepUntil(loop) { terminal.screen.contains("1/5") }
        inbox.post(.interrupted)
        XCTAssertTrue(loop.step())
        XCTAssertTrue(terminal.screen.contains("Quit ControlPad?"), terminal.screen)
        inbox.post(.interrupted)
        XCTAssertFalse(loop.step())
    }

    func testASignalEndsTheLoop() throws {
        let terminal = try TestTerminal()
        let inbox = try EventInbox<PadEvent>()
        let loop = PadLoop(terminal: terminal, source: ScriptedSource(), state: PadState(animate: false), inbox: inbox, clocks: clocks)
        loop.start()
        inbox.post(.terminate)
        XCTAssertFalse(loop.step(waitingAtMost: 10_000))
    }

    func testAHangUpEndsTheLoop() throws {
        let terminal = try TestTerminal()
        let loop = try loop(terminal, ScriptedSource())
        terminal.hangUp()
        XCTAssertFalse(loop.step(waitingAtMost: 10_000))
    }

    func testVisitsReachTheRehearsalLogThroughEffects() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cp-rehearsal-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let terminal = try TestTerminal()
        let source = ScriptedSource()
        let loop = try loop(terminal, source, rehearsal: try RehearsalLogFile(path: path))
        source.say(.showStarted(slideCount: 5, current: 0))
        stepUntil(loop) { terminal.screen.contains("1/5") }
        source.say(.slideChanged(index: 1))
        stepUntil(loop) { terminal.screen.contains("Current · 2/5") }
        terminal.type(.key(.char("q")), .key(.char("y")))
        XCTAssertFalse(loop.step())
        loop.finish()
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rows.count, 3, "header, slide 1, slide 2: \(rows)")
        XCTAssertEqual(rows.first, "slide,entered_at,seconds")
    }
}
