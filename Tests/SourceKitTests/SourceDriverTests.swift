import NIOCore
import NIOEmbedded
import NIOPosix
import SlideModel
import SourceKit
import XCTest

/// The one driver, on an `EmbeddedEventLoop` (time moves only when the test
/// moves it) with a toy machine: what every network source now stands on.
final class SourceDriverTests: XCTestCase {
    /// A machine that says what each input tells it to, and remembers what it was given and when.
    struct Toy: SourceMachine {
        enum Timer: Hashable, Sendable { case poll, patience }

        enum Input: Sendable, Equatable, PlainStartAndStop, WantsPictures {
            case start, stop, retryNow
            case send(SourceCommand)
            case want([PictureWant])
            case timerFired(Timer)
            /// Carry these out (what a real machine would decide).
            case say([Action])
        }

        enum Action: Sendable, Equatable {
            case arm(Timer, after: Duration)
            case cancel(Timer)
            case emit(SourceEvent)
            case write(String)
            case dropped
        }

        var heard: [(Input, Duration)] = []
        var isStopped = false

        mutating func handle(_ input: Input, now: Duration) -> [Action] {
            heard.append((input, now))
            switch input {
            case .say(let actions): return actions
            case .stop:
                isStopped = true
                return []
            case .send(.next): return [.write("next")]
            case .send: return [.dropped]
            case .start: return [.emit(.link(.connecting(to: "toy")))]
            default: return []
            }
        }

        var inputs: [Input] { heard.map(\.0) }
    }

    /// Carries the toy's actions out; writes go to `channel` when there is one.
    final class ToyIO: SourceIO {
        typealias Machine = Toy
        var channel: Channel?
        var written: [String] = []
        /// Handed to the machine from inside the next write (as an I/O does when starting its helper fails).
        var feedOnWrite: Toy.Input?

        func carryOut(_ actions: [Toy.Action], driver: SourceDriver<ToyIO>, whenWritten: (@Sendable (Bool) -> Void)?) {
            var answered = false
            for action in actions {
                switch action {
                case .arm(let timer, let delay): driver.arm(timer, after: delay)
                case .cancel(let timer): driver.cancel(timer)
                case .emit(let event): driver.deliver(event)
                case .write(let text):
                    written.append(text)
                    if let input = feedOnWrite {
                        feedOnWrite = nil
                        driver.handle(input)
                    }
                    if let channel {
                        driver.write(channel.allocator.buffer(string: text), to: channel, whenWritten: whenWritten)
                        answered = true
                    }
                case .dropped:
                    whenWritten?(false)
                    answered = true
                }
            }
            if !answered { whenWritten?(true) }
        }
    }

    final class ToySource: DrivenSource {
        let driver: SourceDriver<ToyIO>
        init(loop: any EventLoop) {
            driver = SourceDriver(machine: Toy(), io: ToyIO(), eventLoop: loop, logger: .init(label: "toy"))
        }
    }

    /// What came out of the gate, and the answers to `whenWritten`.
    final class Heard: @unchecked Sendable {
        var events: [SourceEvent] = []
        var written: [Bool] = []
        func sink(_ event: SourceEvent) { events.append(event) }
        func report(_ written: Bool) { self.written.append(written) }
    }

    private var loop: EmbeddedEventLoop!

    override func setUp() { loop = EmbeddedEventLoop() }
    override func tearDown() { try? loop.syncShutdownGracefully() }

    private func driver() -> SourceDriver<ToyIO> {
        SourceDriver(machine: Toy(), io: ToyIO(), eventLoop: loop, logger: .init(label: "toy"))
    }

    // MARK: timers

    func testATimerFiresOnceWhenItsTimeComesWithNowOnTheLoopsClock() {
        let driver = driver()
        loop.advanceTime(by: .milliseconds(1_000))
        driver.handle(.say([.arm(.poll, after: .milliseconds(250))]))
        XCTAssertEqual(driver.armedTimers, [.poll])

        loop.advanceTime(by: .milliseconds(249))
        XCTAssertEqual(driver.machine.inputs.count, 1, "not yet")
        loop.advanceTime(by: .milliseconds(1))
        XCTAssertEqual(driver.machine.inputs.last, .timerFired(.poll))
        XCTAssertEqual(driver.machine.heard.last?.1, .milliseconds(1_250), "now is the loop's time")
        XCTAssertEqual(driver.armedTimers, [], "a timer that fired is no longer armed")

        loop.advanceTime(by: .seconds(10))
        XCTAssertEqual(driver.machine.inputs.filter { $0 == .timerFired(.poll) }.count, 1)
    }

    func testArmingATimerAgainReplacesItAndCancellingOneStopsIt() {
        let driver = driver()
        driver.handle(.say([.arm(.poll, after: .milliseconds(100)), .arm(.patience, after: .milliseconds(100))]))
        loop.advanceTime(by: .milliseconds(60))
        driver.handle(.say([.arm(.poll, after: .milliseconds(100)), .cancel(.patience)]))
        XCTAssertEqual(driver.armedTimers, [.poll])

        loop.advanceTime(by: .milliseconds(99))
        XCTAssertFalse(driver.machine.inputs.contains(.timerFired(.poll)), "the first arming was replaced")
        loop.advanceTime(by: .milliseconds(1))
        loop.advanceTime(by: .seconds(1))
        let fired = driver.machine.inputs.filter { if case .timerFired = $0 { true } else { false } }
        XCTAssertEqual(fired, [.timerFired(.poll)], "poll once at 160 ms; patience never")
        XCTAssertEqual(driver.machine.heard.last?.1, .milliseconds(160))
    }

    func testOnceTheMachineStopsNoTimerIsLeft() {
        let driver = driver()
        driver.handle(.say([.arm(.poll, after: .seconds(1)), .arm(.patience, after: .seconds(2))]))
        driver.handle(.stop)
        XCTAssertEqual(driver.armedTimers, [])
        loop.advanceTime(by: .seconds(5))
        XCTAssertEqual(driver.machine.inputs, [.say([.arm(.poll, after: .seconds(1)), .arm(.patience, after: .seconds(2))]), .stop])
    }

    func testTheIOMayHandTheMachineAnInputWhileCarryingOutItsActions() {
        let driver = driver()
        driver.io.feedOnWrite = .say([.write("b"), .arm(.patience, after: .seconds(1))])
        driver.handle(.say([.write("a"), .arm(.poll, after: .seconds(1))]))
        XCTAssertEqual(driver.io.written, ["a", "b"], "the input given inside is carried out there, the rest after it")
        XCTAssertEqual(driver.armedTimers, [.poll, .patience])
        XCTAssertEqual(driver.machine.inputs.count, 2)
    }

    // MARK: generations

    func testACallbackFromAReplacedConnectionIsDropped() {
        let driver = driver()
        let first = driver.newGeneration()
        let second = driver.newGeneration()
        XCTAssertFalse(driver.isCurrent(first))
        XCTAssertTrue(driver.isCurrent(second))

        driver.ifCurrent(first) { _ in driver.handle(.say([.write("stale")])) }
        driver.ifCurrent(second) { _ in driver.handle(.say([.write("fresh")])) }
        XCTAssertEqual(driver.io.written, ["fresh"], "heard in this turn, the stale one not at all")

        driver.endGeneration(of: OneChannel.only)
        driver.ifCurrent(second) { _ in driver.handle(.say([.write("after its end")])) }
        XCTAssertEqual(driver.io.written, ["fresh"], "a connection that ended says nothing more")
    }

    func testEachChannelHasItsOwnGenerations() {
        enum Page: Hashable, Sendable { case audience, render }
        let driver = driver()
        let audience = driver.newGeneration(of: Page.audience)
        let render = driver.newGeneration(of: Page.render)
        _ = driver.newGeneration(of: Page.render)
        XCTAssertTrue(driver.isCurrent(audience), "replacing the render page leaves the audience's current")
        XCTAssertFalse(driver.isCurrent(render))
    }

    // MARK: writes

    func testWhenWrittenSaysTrueOnceTheBytesAreWrittenAndFalseWhenDropped() throws {
        let source = ToySource(loop: loop)
        let channel = EmbeddedChannel(loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        source.driver.io.channel = channel
        let heard = Heard()

        source.send(.next, whenWritten: heard.report)
        XCTAssertEqual(heard.written, [], "in a turn of its own, never inside the caller's")
        loop.run()
        XCTAssertEqual(heard.written, [true])
        XCTAssertEqual(try channel.readOutbound(as: ByteBuffer.self).map { String(buffer: $0) }, "next")

        source.send(.previous, whenWritten: heard.report)
        loop.run()
        XCTAssertEqual(heard.written, [true, false], "the machine dropped it")

        _ = try channel.finish()
        source.send(.next, whenWritten: heard.report)
        loop.run()
        XCTAssertEqual(heard.written, [true, false, false], "the channel is closed: not written")
    }

    // MARK: start and shutdown

    func testShutdownStopsEveryEventAndEveryCommandAfterIt() {
        let source = ToySource(loop: loop)
        let heard = Heard()
        source.start(events: heard.sink)
        XCTAssertEqual(heard.events, [], "start acts in a turn of its own")
        loop.run()
        XCTAssertEqual(heard.events, [.link(.connecting(to: "toy"))])
        source.want([PictureWant(slide: 0, size: PixelSize(width: 8, height: 6))])
        source.retryNow()

        source.shutdown()
        XCTAssertTrue(source.driver.isStopped)
        XCTAssertEqual(source.driver.machine.inputs.last, .stop, "stopped on the loop before shutdown returns")
        source.driver.deliver(.showFinished)
        source.send(.next)
        source.send(.next, whenWritten: heard.report)
        source.retryNow()
        source.start(events: heard.sink)
        loop.run()
        XCTAssertEqual(heard.events, [.link(.connecting(to: "toy"))], "no event after shutdown, and the gate stays shut")
        XCTAssertEqual(heard.written, [false], "a command after shutdown is answered no at once")
        XCTAssertEqual(source.driver.machine.inputs,
                       [.start, .want([PictureWant(slide: 0, size: PixelSize(width: 8, height: 6))]), .retryNow, .stop])
        XCTAssertFalse(source.driver.shutdown(with: .stop), "a second shutdown does nothing")
    }

    /// Built off its loop, the driver neither waits for the loop nor traps;
    /// then the loop is its state's only owner.
    func testBuiltOffItsLoopWithoutWaiting() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let source = ToySource(loop: group.next())
        let heard = Heard()
        source.start(events: heard.sink)
        source.send(.next)
        let inputs = try source.driver.eventLoop.submit { source.driver.machine.inputs }.wait()
        XCTAssertEqual(inputs, [.start, .send(.next)], "in order, on the loop")
        XCTAssertEqual(try source.driver.eventLoop.submit { source.driver.io.written }.wait(), ["next"])
    }
}
