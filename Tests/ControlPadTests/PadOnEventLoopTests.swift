import Foundation
import NIOCore
import NIOPosix
import XCTest
@testable import ControlPadUI
import PadRuntime
import SourceKit
@testable import SlideModel

/// The pad run as `PadRunner` runs it: on an NIO event loop, the terminal a
/// channel of that loop. A key's command reaches the source on that loop,
/// in the turn that read the key, before the turn's frame; events from
/// other threads hop there; the pad ends on a signal or a hang-up.
final class PadOnEventLoopTests: XCTestCase {
    /// Records each command with where and when it came: on the loop or
    /// not, and how many frames had been drawn by then.
    final class LoopSource: SlideSource, @unchecked Sendable {
        struct Sent: Equatable {
            var command: SourceCommand
            var onTheLoop: Bool
            var framesBefore: Int
        }
        private let lock = NSLock()
        private var sink: (@Sendable (SourceEvent) -> Void)?
        private var _sent: [Sent] = []
        private var _shutDown = false
        let loop: any EventLoop
        let terminal: TestTerminal
        let arrived = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        var sent: [Sent] { lock.withLock { _sent } }
        var shutDown: Bool { lock.withLock { _shutDown } }

        init(loop: any EventLoop, terminal: TestTerminal) {
            self.loop = loop
            self.terminal = terminal
        }

        func start(events: @escaping @Sendable (SourceEvent) -> Void) {
            lock.withLock { sink = events }
            started.signal()
        }
        func send(_ command: SourceCommand) {
            let sent = Sent(command: command, onTheLoop: loop.inEventLoop, framesBefore: terminal.frames.count)
            lock.withLock { _sent.append(sent) }
            arrived.signal()
        }
        func shutdown() { lock.withLock { _shutDown = true } }
        /// The show says something, from another thread as the demo would.
        func say(_ event: SourceEvent) {
            let sink = lock.withLock { self.sink }
            sink?(event)
        }
    }

    private var group: MultiThreadedEventLoopGroup?

    override func tearDown() {
        try? group?.syncShutdownGracefully()
        super.tearDown()
    }

    private let clocks = Clocks(monotonic: { .milliseconds(5_000) }, wallClock: { "14:05" }, untilNextMinute: { .milliseconds(60_000) })

    /// The pad running on a loop of its own (on another thread, as
    /// `PadRunner` blocks in `run`); `ended` is signalled when `run` returns.
    private func running() throws -> (PadOnEventLoop, LoopSource, TestTerminal, ended: DispatchSemaphore) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        let terminal = try TestTerminal()
        let source = LoopSource(loop: group.next(), terminal: terminal)
        let driver = PadOnEventLoop(loop: group.next())
        let pad = PadLoop(terminal: terminal, source: source, state: PadState(animate: false), clocks: clocks)
        let ended = DispatchSemaphore(value: 0)
        let handed = Handed(pad: pad)
        Thread.detachNewThread {
            try? driver.run(handed.pad, terminal: terminal)
            ended.signal()
        }
        XCTAssertEqual(source.started.wait(timeout: .now() + 10), .success)
        try settle(driver.loop)  // the first frame, and the terminal's channel
        return (driver, source, terminal, ended)
    }

    private struct Handed: @unchecked Sendable { let pad: PadLoop }

    /// Until every turn asked for so far has ended: two rounds of the loop's
    /// tasks (a turn's end is a task the first round may ask for).
    private func settle(_ loop: any EventLoop) throws {
        for _ in 0..<3 { try loop.submit {}.wait() }
    }

    func testAKeysCommandGoesOutOnThePadsLoopBeforeTheFrame() throws {
        let (driver, source, terminal, ended) = try running()
        source.say(.showStarted(slideCount: 12, current: 2))
        try settle(driver.loop)
        XCTAssertTrue(terminal.screen.contains("Current · 3/12"), terminal.screen)
        let framesBefore = terminal.frames.count

        terminal.type(.key(.right))
        XCTAssertEqual(source.arrived.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(source.sent, [.init(command: .next, onTheLoop: true, framesBefore: framesBefore)],
                       "sent on the pad's loop, before the turn drew anything")
        try settle(driver.loop)
        XCTAssertEqual(terminal.frames.count, framesBefore + 1, "one frame for the turn")
        XCTAssertTrue(ScriptedPad.statusLine(terminal.screen).contains("4/12"), terminal.screen)

        driver.post(.terminate)  // SIGTERM, from the signal trap's thread
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success, "the pad ended")
        XCTAssertTrue(source.shutDown)
    }

    func testManyEventsInOneTurnMakeOneFrame() throws {
        let (driver, source, terminal, ended) = try running()
        let framesBefore = terminal.frames.count
        // Held: everything the source says waits for the same turn.
        try driver.loop.submit {
            source.say(.showStarted(slideCount: 12, current: 0))
            for index in 1...5 { source.say(.slideChanged(index: index)) }
        }.wait()
        try settle(driver.loop)
        XCTAssertEqual(terminal.frames.count, framesBefore + 1, "six events, one frame")
        XCTAssertTrue(terminal.screen.contains("Current · 6/12"), terminal.screen)
        driver.post(.terminate)
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success)
    }

    func testTheTerminalHangingUpEndsThePad() throws {
        let (_, source, terminal, ended) = try running()
        terminal.hangUp()
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success, "a hang-up ends the pad")
        XCTAssertTrue(source.shutDown)
    }

    /// What the old harness could not see: it took the source's events and
    /// the keys itself, on the test's thread, in turns it ran, one key at a
    /// time. Here the source speaks from a thread of its own (as the demo
    /// does) while keys arrive through the terminal's channel, several in a
    /// read, and the product's loop alone sorts them into turns: no event
    /// and no key is lost, each stream keeps its order, and each go-to
    /// typed meanwhile is the number typed. (A loop that took only the
    /// first key of a read fails it every time; one that took a post from
    /// another thread without hopping to the loop, now and then.)
    func testASourceSpeakingFromItsThreadWhileKeysArriveLosesNothingAndKeepsEachOrder() throws {
        let terminal = try TestTerminal()
        let source = LoopSource(loop: PadEventLoop.loop, terminal: terminal)
        let pad = try RunningPad(PadLoop(terminal: terminal, source: source, state: PadState(animate: false), clocks: clocks),
                                 terminal: terminal)
        source.say(.showStarted(slideCount: 3_000, current: 0))
        try pad.settle()

        // The show moves through 2,000 slides three times, each slide's notes
        // written anew each round, from the source's own thread.
        let rounds = 3, slides = 2_000
        let spoken = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for round in 1...rounds {
                for index in 1...slides {
                    source.say(.notes(index: index, .plain("note \(round).\(index)")))
                    source.say(.slideChanged(index: index))
                }
            }
            spoken.signal()
        }
        // Meanwhile go-tos are typed key by key, none waiting for the pad,
        // each to another slide past those the show moves through.
        var targets: [Int] = []
        repeat {
            let number = 2_100 + (targets.count * 37) % 900
            for digit in String(number) { terminal.type(.key(.char(digit))) }
            terminal.type(.key(.enter))
            targets.append(number)
        } while targets.count < 1_000 && spoken.wait(timeout: .now()) == .timedOut
        if targets.count == 1_000 { XCTAssertEqual(spoken.wait(timeout: .now() + 60), .success) }
        XCTAssertTrue(terminal.waitUntil(Date().addingTimeInterval(60)) { $0.typedIsDrawn }, "every key read, and a frame after")
        try pad.settle()

        let sent: [SourceCommand] = source.sent.map(\.command)
        let typed: [SourceCommand] = targets.map { .goto(index: $0 - 1) }
        let differs: Int? = zip(sent, typed).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        XCTAssertTrue(sent == typed, "each go-to reached the show as typed, in order: \(sent.count) sent of \(typed.count) typed, "
                      + "the first difference at \(differs.map { String($0) } ?? "the end")")
        XCTAssertTrue(source.sent.allSatisfy(\.onTheLoop), "written on the pad's loop")
        let state = pad.state
        XCTAssertEqual(state.current, slides, "the show's last word came last")
        XCTAssertEqual((1...slides).filter { state.buffer.notes(of: $0) != "note \(rounds).\($0)" }, [],
                       "every slide's latest notes arrived")
        pad.finish()
        XCTAssertTrue(source.shutDown)
    }
}
