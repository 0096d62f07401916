import XCTest
@testable import ControlPadScripting
@testable import ControlPadUI
@testable import PadTerminal
import PadRuntime
@testable import SlideModel

/// The loop itself, run as the product runs it (`RunningPad`: on the pad's
/// event loop), on an in-memory terminal, an injected clock and a scripted
/// source: key → effect → frame, resize, a source waking the loop, and every
/// way it ends.
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

    private func loop(_ terminal: TestTerminal, _ source: ScriptedSource, rehearsal: RehearsalLogFile? = nil) throws -> RunningPad {
        try RunningPad(PadLoop(terminal: terminal, source: source, state: PadState(animate: false), clocks: clocks, rehearsal: rehearsal),
                       terminal: terminal)
    }

    /// Waits (woken by each frame the loop draws) until the loop has shown
    /// what the source said: no sleeping, the wake-up is the point.
    private func drawn(_ loop: RunningPad, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) {
        XCTAssertTrue(loop.waitUntil(Date().addingTimeInterval(30), condition), "a frame showed it", file: file, line: line)
    }

    func testAKeyBecomesACommandAndAFrame() throws {
        let terminal = try TestTerminal()
        let source = ScriptedSource()
        let loop = try loop(terminal, source)
        XCTAssertEqual(terminal.frames.count, 1, "a first frame before any input")
        XCTAssertTrue(terminal.screen.contains("no show"), terminal.screen)

        source.say(.showStarted(slideCount: 12, current: 2))
        drawn(loop) { terminal.screen.contains("3/12") }
        XCTAssertTrue(terminal.screen.contains("Current · 3/12"), terminal.screen)

        XCTAssertTrue(loop.type([.key(.right)]))
        XCTAssertFalse(loop.ended)
        XCTAssertEqual(source.sent, [.next])
        source.say(.slideChanged(index: 3))
        drawn(loop) { terminal.screen.contains("Current · 4/12") }
        XCTAssertTrue(terminal.screen.contains("Current · 4/12"), "the show's confirmation reaches the screen")
    }

    func testAResizeIsAMessageAndTheNextFrameHasTheNewSize() throws {
        let terminal = try TestTerminal(width: 100, height: 30)
        let loop = try loop(terminal, ScriptedSource())
        loop.type([.resize(TerminalSize(width: 40, height: 12))])
        XCTAssertEqual(terminal.frames.last.map { [$0.width, $0.height] }, [40, 12])
        loop.type([.resize(TerminalSize(width: 10, height: 3))])
        XCTAssertTrue(terminal.screen.contains("terminal"), terminal.screen)
    }

    func testQuitFromAKeyEndsTheLoopAndStopsTheSource() throws {
        let terminal = try TestTerminal()
        let source = ScriptedSource()
        let loop = try loop(terminal, source)
        let frames = terminal.frames.count
        loop.type([.key(.char("q"))])
        XCTAssertTrue(loop.ended, "no show runs: q quits at once")
        XCTAssertEqual(terminal.frames.count, frames, "and draws nothing more")
        loop.finish()
        XCTAssertTrue(source.shutDown)
    }

    func testCtrlCAsksWhileAShowRunsThenQuits() throws {
        let terminal = try TestTerminal()
        let source = ScriptedSource()
        let loop = try loop(terminal, source)
        source.say(.showStarted(slideCount: 5, current: 0))
        drawn(loop) { terminal.screen.contains("1/5") }
        try loop.post(.interrupted)
        XCTAssertFalse(loop.ended)
        XCTAssertTrue(terminal.screen.contains("Quit ControlPad?"), terminal.screen)
        try loop.post(.interrupted)
        XCTAssertTrue(loop.ended)
    }

    func testASignalEndsTheLoop() throws {
        let terminal = try TestTerminal()
        let loop = try loop(terminal, ScriptedSource())
        try loop.post(.terminate)
        XCTAssertTrue(loop.ended)
    }

    func testAHangUpEndsTheLoop() throws {
        let terminal = try TestTerminal()
        let source = ScriptedSource()
        let loop = try loop(terminal, source)
        terminal.hangUp()
        XCTAssertTrue(terminal.waitUntil(Date().addingTimeInterval(30)) { $0.ended }, "the pad ended")
        XCTAssertTrue(loop.ended)
        loop.finish()
        XCTAssertTrue(source.shutDown)
    }

    func testVisitsReachTheRehearsalLogThroughEffects() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cp-rehearsal-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let terminal = try TestTerminal()
        let source = ScriptedSource()
        let loop = try loop(terminal, source, rehearsal: try RehearsalLogFile(path: path))
        source.say(.showStarted(slideCount: 5, current: 0))
        drawn(loop) { terminal.screen.contains("1/5") }
        source.say(.slideChanged(index: 1))
        drawn(loop) { terminal.screen.contains("Current · 2/5") }
        loop.type([.key(.char("q")), .key(.char("y"))])
        XCTAssertTrue(loop.ended)
        loop.finish()
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rows.count, 5, "header, the show's start, slide 1, slide 2, the run's end: \(rows)")
        XCTAssertEqual(rows.first, "slide,entered_at,seconds,section,title,step,since_start,event")
        XCTAssertEqual(rows.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).last ?? "" },
                       ["show_start", "slide", "slide", "show_end"])
    }

    /// An alert rings the bell only when asked (`--alert …,bell`), once per
    /// threshold, between frames: the keys go on (issue 51).
    func testAnAlertRingsTheBellWhenAskedAndOnlyOnce() throws {
        for bell in [true, false] {
            let terminal = try TestTerminal()
            let source = ScriptedSource()
            var state = PadState(animate: false)
            state.talkDuration = .seconds(10)
            state.alerts.rules = AlertRules(talkLeft: [.seconds(20)], bell: bell)
            let loop = try RunningPad(PadLoop(terminal: terminal, source: source, state: state, clocks: clocks), terminal: terminal)
            source.say(.showStarted(slideCount: 5, current: 0))
            drawn(loop) { terminal.screen.contains("⚑ 0:10 left in the talk") }
            XCTAssertTrue(loop.type([.key(.right)]))
            XCTAssertEqual(source.sent, [.next], "the key goes out as ever")
            source.say(.slideChanged(index: 1))
            drawn(loop) { terminal.screen.contains("2/5") }
            XCTAssertEqual(terminal.bells, bell ? 1 : 0, bell ? "rung once" : "not asked: no bell")
            XCTAssertTrue(loop.type([.key(.char("q")), .key(.char("y"))]))
        }
    }
}
