import Foundation
import XCTest
@testable import ControlPadUI
import PadGrid
import PadRuntime
import PadTestSupport
@testable import SlideModel

/// The talk's timer counts the talk, not the set-up, and survives a pad
/// started again mid-talk (issue 30, item 6).
final class TalkTimerTests: XCTestCase {
    private func statusLine(_ grid: CellGrid) -> String {
        String(grid.text.split(separator: "\n", omittingEmptySubsequences: false).last(where: { !$0.isEmpty }) ?? "")
    }

    private func joined(title: String = "deck.odp", count: Int = 14, current: Int = 0) -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.connecting(to: "beamer"))), now: .zero)
        _ = state.reduce(.source(.link(.connected(server: "Impress 25.2 · beamer"))), now: .milliseconds(10))
        _ = state.reduce(.source(.showStarted(slideCount: count, current: current)), now: .milliseconds(20))
        _ = state.reduce(.source(.showTitle(title)), now: .milliseconds(20))
        return state
    }

    func testJoiningARunningShowStartsTheTimerAtItsFirstMoveNotAtConnect() {
        var state = joined()
        var grid = renderPad(&state, width: 80, height: 24, now: .milliseconds(60_000))
        XCTAssertTrue(statusLine(grid).contains("◷ starts at the next slide"), statusLine(grid))
        XCTAssertNil(state.elapsed(at: .milliseconds(60_000)), "set-up time does not count")
        _ = state.reduce(.source(.slideChanged(index: 1)), now: .milliseconds(90_000))
        grid = renderPad(&state, width: 80, height: 24, now: .milliseconds(95_000))
        XCTAssertTrue(statusLine(grid).contains("◷ 00:05"), statusLine(grid))
    }

    func testAShowStartedWhileConnectedStartsTheTimerAtOnce() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.connecting(to: "beamer"))), now: .zero)
        _ = state.reduce(.source(.link(.connected(server: "Impress · beamer"))), now: .milliseconds(10))
        _ = state.reduce(.source(.showFinished), now: .milliseconds(20))
        _ = state.reduce(.source(.showStarted(slideCount: 14, current: 0)), now: .milliseconds(1_000))
        let grid = renderPad(&state, width: 80, height: 24, now: .milliseconds(4_000))
        XCTAssertTrue(statusLine(grid).contains("◷ 00:03"), statusLine(grid))
    }

    /// Restored after a short absence (a crash, a quit by accident), never
    /// after a long one: a rehearsal that ended 25 minutes before the talk
    /// must not open the talk at 25:34, in red.
    func testAKeptTimerRunsOnWhileThePadIsAwayAShortWhileOnly() {
        let kept = KeptTalkTimer(server: "beamer", title: "deck.odp", slideCount: 14, elapsed: 600_000, running: true, writtenAt: 1_000_000)
        XCTAssertEqual(kept.elapsed(atWall: 1_154_000), .milliseconds(754_000), "the talk went on while the pad was away")
        XCTAssertEqual(KeptTalkTimer.awayLimit, 15 * 60 * 1000)
        XCTAssertNil(kept.elapsed(atWall: 1_000_000 + KeptTalkTimer.awayLimit), "away too long: another session")
        XCTAssertNil(kept.elapsed(atWall: 1_000_000 + 25 * 60 * 1000), "a rehearsal 25 minutes before")
        XCTAssertNil(kept.elapsed(atWall: 999_000), "written in the future: not trusted")
        var blank = kept
        blank.running = false
        XCTAssertEqual(blank.elapsed(atWall: 1_154_000), .milliseconds(600_000), "a blank screen's timer stood still")
        XCTAssertTrue(kept.isFor(server: "beamer", title: "deck.odp", slideCount: 14))
        XCTAssertFalse(kept.isFor(server: "beamer", title: "deck.odp", slideCount: 15), "another deck")
        XCTAssertFalse(kept.isFor(server: "other", title: "deck.odp", slideCount: 14), "another server")
    }

    /// An unchanged running timer is written again once a minute, so that
    /// "away" counts from when the pad was last there, not from the last blank.
    func testARunningTimerIsWrittenAgainOnceAMinute() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-timers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = TalkTimerStore(fileURL: directory.appendingPathComponent("talk-timers.json"))
        var keeping = TalkTimerKeeping(store: store, server: "beamer")
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.connected(server: "Impress · beamer"))), now: .zero)
        _ = state.reduce(.source(.showFinished), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 14, current: 0)), now: .milliseconds(1_000))
        func written() -> Int? { store.timer(server: "beamer", title: "", slideCount: 14, wall: 1_000_000)?.writtenAt }
        keeping.keep(state, now: .milliseconds(2_000), wall: 900_000)
        XCTAssertEqual(written(), 900_000)
        keeping.keep(state, now: .milliseconds(32_000), wall: 930_000)
        XCTAssertEqual(written(), 900_000, "nothing changed within the minute: not written")
        keeping.keep(state, now: .milliseconds(63_000), wall: 961_000)
        XCTAssertEqual(written(), 961_000, "a minute on: written again")
    }

    /// The sections' times are kept with the talk's timer (issue 41): a
    /// section change is written at once, and a pad started again gets
    /// every section's time back, the one in progress running on.
    func testTheSectionsTimesAreKeptAcrossARestart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-timers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = TalkTimerStore(fileURL: directory.appendingPathComponent("talk-timers.json"))
        let agenda = [TalkSection(name: "One", firstSlide: 0, planned: .seconds(60)), TalkSection(name: "Two", firstSlide: 5)]
        func joined(on slide: Int) -> PadState {
            var state = PadState(animate: false)
            state.agenda.written = agenda
            _ = state.reduce(.source(.link(.connected(server: "Impress · beamer"))), now: .zero)
            _ = state.reduce(.source(.showStarted(slideCount: 14, current: slide)), now: .zero)
            return state
        }
        var first = joined(on: 0)
        var keeping = TalkTimerKeeping(store: store, server: "beamer")
        _ = first.reduce(.source(.slideChanged(index: 1)), now: .seconds(10))  // the talk begins
        keeping.keep(first, now: .seconds(40), wall: 1_030_000)
        _ = first.reduce(.source(.slideChanged(index: 5)), now: .seconds(80))  // 70 s in One
        keeping.keep(first, now: .seconds(80), wall: 1_070_000)
        let kept = try XCTUnwrap(store.timer(server: "beamer", title: "", slideCount: 14, wall: 1_080_000))
        XCTAssertEqual(kept.writtenAt, 1_070_000, "entering a section is written at once")
        XCTAssertEqual(kept.sectionSpent, [70_000, 0])

        // The pad quits by accident; 20 s later a new one joins the show, still in Two.
        var second = joined(on: 5)
        var again = TalkTimerKeeping(store: store, server: "beamer")
        let restore = try XCTUnwrap(again.restore(second, wall: 1_090_000))
        _ = second.reduce(restore, now: .seconds(500))
        let reading = try XCTUnwrap(second.agendaReading(at: .seconds(500)))
        XCTAssertEqual(reading.rows.map(\.actual), [.seconds(70), .seconds(20)], "One as kept; Two ran on while the pad was away")
        XCTAssertEqual(reading.rows[0].overrun, .seconds(10))
    }

    /// Two pads one after the other on the in-memory terminal: the second,
    /// started 12:34 into the talk, shows the talk's time and says so.
    func testAPadStartedAgainMidTalkRestoresTheTimerAndSaysSo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-timers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = TalkTimerStore(fileURL: directory.appendingPathComponent("talk-timers.json"))
        let mono = Locked<Duration>(.milliseconds(5_000)), wall = Locked<Int>(1_700_000_000_000)
        let clocks = Clocks(monotonic: { mono.current }, wallClock: { "14:05" }, untilNextMinute: { .milliseconds(60_000) },
                            wallMillis: { wall.current })

        func pad() throws -> (RunningPad, TestTerminal, PadLoopTests.ScriptedSource) {
            var state = PadState(animate: false)
            state.link = .connecting(to: "beamer")
            let terminal = try TestTerminal()
            let source = PadLoopTests.ScriptedSource()
            let loop = PadLoop(terminal: terminal, source: source, state: state, clocks: clocks,
                               timers: TalkTimerKeeping(store: store, server: "beamer"))
            return (try RunningPad(loop, terminal: terminal), terminal, source)
        }
        func shown(_ loop: RunningPad, _ what: String, _ condition: () -> Bool) {
            XCTAssertTrue(loop.waitUntil(Date().addingTimeInterval(30), condition), "shown: \(what)")
        }
        func joinShow(_ source: PadLoopTests.ScriptedSource, _ loop: RunningPad, _ terminal: TestTerminal, on slide: Int) {
            source.say(.link(.connected(server: "Impress 25.2 · beamer")))
            source.say(.showStarted(slideCount: 14, current: slide))
            source.say(.showTitle("deck.odp"))
            shown(loop, "the show's title") { loop.state.title == "deck.odp" }
        }

        let (first, firstTerminal, firstSource) = try pad()
        joinShow(firstSource, first, firstTerminal, on: 0)
        firstSource.say(.slideChanged(index: 1))  // the talk begins
        shown(first, "slide 2") { firstTerminal.screen.contains("Current · 2/14") }
        mono.withLock { $0 += .milliseconds(100_000) }
        wall.withLock { $0 += 100_000 }
        first.type([.key(.char("b"))])  // blank and back: written each time
        first.type([.key(.char("b"))])
        first.finish()  // the pad crashes, or quits by accident

        wall.withLock { $0 += 654_000 }  // 12:34 into the talk
        mono.withLock { $0 = .milliseconds(3_000) }  // another process: another monotonic clock
        let (second, terminal, source) = try pad()
        joinShow(source, second, terminal, on: 5)
        XCTAssertTrue(terminal.screen.contains("timer restored: 12:34 into the talk"), terminal.screen)
        mono.withLock { $0 += .milliseconds(10_000) }
        try second.wake()  // ten seconds on: the pad looks at what is due
        XCTAssertTrue(statusLine(terminal.frames.last!).contains("◷ 12:44"), terminal.screen)

        // Another deck on the same server is another talk.
        let (third, otherTerminal, otherSource) = try pad()
        otherSource.say(.link(.connected(server: "Impress 25.2 · beamer")))
        otherSource.say(.showStarted(slideCount: 30, current: 5))
        otherSource.say(.showTitle("other.odp"))
        shown(third, "the other show's title") { third.state.title == "other.odp" }
        XCTAssertFalse(otherTerminal.screen.contains("timer restored"), otherTerminal.screen)
        XCTAssertTrue(otherTerminal.screen.contains("◷ starts at the next slide"), otherTerminal.screen)
    }

    /// `present` keeps the timer under `reveal://127.0.0.1:9222/PAGE`; `watch
    /// reveal://127.0.0.1:9222` and `send` on the same show find it, and with
    /// it the agenda `present` found beside the deck (issue 51).
    func testWatchAndSendFindThePadsTimerAndAgendaWhateverPageTheAddressNames() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("timers-\(UUID().uuidString.prefix(8)).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let store = TalkTimerStore(fileURL: file)
        let agenda = [TalkSection(name: "Opening", firstSlide: 0, planned: .seconds(60)), TalkSection(name: "Demo time", firstSlide: 2)]
        var pad = PadState(animate: false)
        pad.agenda.written = agenda
        _ = pad.reduce(.source(.link(.connecting(to: "reveal://127.0.0.1:9222/6F1C"))), now: .zero)
        _ = pad.reduce(.source(.link(.connected(server: "Chromium"))), now: .zero)
        _ = pad.reduce(.source(.showTitle("Talk")), now: .zero)
        _ = pad.reduce(.source(.showFinished), now: .zero)
        _ = pad.reduce(.source(.showStarted(slideCount: 6, current: 0)), now: .zero)
        var keeping = TalkTimerKeeping(store: store, server: "reveal://127.0.0.1:9222/6F1C")
        keeping.keep(pad, now: .seconds(50), wall: 1_000_000)

        XCTAssertEqual(store.keptAgenda(server: "reveal://127.0.0.1:9222", wall: 1_005_000), agenda, "send's agenda")
        XCTAssertNil(store.keptAgenda(server: "reveal://127.0.0.1:9333", wall: 1_005_000), "another browser's show")
        var watch = PadState(animate: false)
        _ = watch.reduce(.source(.link(.connecting(to: "reveal://127.0.0.1:9222"))), now: .zero)
        _ = watch.reduce(.source(.link(.connected(server: "Chromium"))), now: .zero)
        _ = watch.reduce(.source(.showTitle("Talk")), now: .zero)
        _ = watch.reduce(.source(.showStarted(slideCount: 6, current: 0)), now: .zero)
        var watching = TalkTimerKeeping(store: store, server: "reveal://127.0.0.1:9222")
        let restored = try XCTUnwrap(watching.restore(watch, wall: 1_005_000), "the pad's timer, though the address has no page")
        _ = watch.reduce(restored, now: .zero)
        XCTAssertEqual(watch.elapsed(at: .zero), .seconds(55))
        XCTAssertEqual(watch.sections.map(\.name), ["Opening", "Demo time"])
    }
}
