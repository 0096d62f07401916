import ImpressRemote
import Pdfpc
import XCTest
@testable import SlideModel

final class ReduceTests: XCTestCase {
    /// A pad with a running 12-slide show on slide 3 (index 2).
    private func runningPad(animate: Bool = false) -> PadState {
        var state = PadState(animate: animate)
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 2)), now: .zero)
        _ = state.reduce(.viewport(Viewport(listRows: 5, notesRows: 4, notesMaxScroll: 10)), now: .zero)
        return state
    }

    private func keys(_ keys: [Key], _ state: inout PadState, now: Duration = .milliseconds(100)) -> [Effect] {
        keys.flatMap { state.reduce(.key($0), now: now) }
    }

    func testNavigationKeysSendCommandsAndWaitForTheShow() {
        var state = runningPad()
        for key: Key in [.right, .char(" "), .pageDown, .char("n"), .char("l"), .char("j")] {
            XCTAssertEqual(keys([key], &state), [.send(.next)], "\(key)")
        }
        for key: Key in [.left, .backspace, .pageUp, .char("p"), .char("h"), .char("k")] {
            XCTAssertEqual(keys([key], &state), [.send(.previous)], "\(key)")
        }
        XCTAssertEqual(state.current, 2, "the pad believes the show, not its own count")
        _ = state.reduce(.source(.slideChanged(index: 3)), now: .milliseconds(200))
        XCTAssertEqual(state.current, 3)
    }

    func testAPressWhileTheLinkIsDownIsRefusedVisiblyNotPretended() {
        var state = runningPad()
        _ = state.reduce(.source(.link(.reconnecting(inSeconds: 1, problem: ImpressProblem.reset.problem))), now: .milliseconds(50))
        for key: Key in [.right, .left, .home, .end, .char("b"), .function(5), .char("S")] {
            XCTAssertEqual(keys([key], &state), [], "\(key): nothing goes out")
            XCTAssertEqual(state.position, "3/12", "\(key): no → N that quietly goes back")
            XCTAssertEqual(state.flash?.text, "not connected: nothing was sent · r retries now", "\(key)")
        }
        XCTAssertEqual(keys([.char("5"), .enter], &state), [], "a go-to is refused too")
        XCTAssertFalse(state.blank)
        _ = state.reduce(.tick, now: .milliseconds(100) + Flash.duration)
        XCTAssertNil(state.flash, "the message goes by itself")
        XCTAssertEqual(keys([.char("r")], &state), [.retryNow], "r asks for the link now")
        _ = state.reduce(.source(.link(.connected(server: "Impress"))), now: .milliseconds(200))
        XCTAssertNil(state.flash, "back: nothing left to say")
        XCTAssertEqual(keys([.right], &state), [.send(.next)])
        XCTAssertEqual(keys([.char("r")], &state), [], "nothing to retry while the link is up")
    }

    func testABurstOfPressesIsNeverLost() {
        var state = runningPad()
        XCTAssertEqual(keys(Array(repeating: .right, count: 5), &state), Array(repeating: .send(.next), count: 5))
    }

    func testHomeEndAndDigitsGoToSlides() {
        var state = runningPad()
        XCTAssertEqual(keys([.home], &state), [.send(.goto(index: 0))])
        XCTAssertEqual(keys([.end], &state), [.send(.goto(index: 11))])
        XCTAssertEqual(keys([.char("1")], &state), [])
        XCTAssertEqual(state.gotoDigits, "1")
        XCTAssertEqual(keys([.char("0"), .enter], &state), [.send(.goto(index: 9))])
        XCTAssertNil(state.gotoDigits, "the prompt closes")
        XCTAssertEqual(keys([.char("9"), .char("9"), .enter], &state), [], "out of range: nothing sent")
        XCTAssertEqual(keys([.char("5"), .escape], &state), [], "Esc cancels")
        XCTAssertEqual(keys([.char("5"), .backspace, .char("7"), .enter], &state), [.send(.goto(index: 6))])
    }

    func testSlideListOpensMovesAndGoes() {
        var state = runningPad()
        XCTAssertEqual(keys([.tab], &state), [])
        XCTAssertTrue(state.listOpen)
        XCTAssertEqual(state.viewState(.slideList).selection, 2, "opens on the current slide")
        XCTAssertEqual(keys([.down, .down, .down, .down, .down], &state), [], "arrows move the selection, send nothing")
        XCTAssertEqual(state.viewState(.slideList).selection, 7)
        XCTAssertEqual(state.viewState(.slideList).scroll, 4, "the selection stays visible, with a slide after it")
        XCTAssertEqual(keys([.enter], &state), [.send(.goto(index: 7))])
        XCTAssertFalse(state.listOpen, "Enter closes the list")
        _ = keys([.char("s"), .end], &state)
        XCTAssertEqual(state.viewState(.slideList).selection, 11)
        _ = keys([.escape], &state)
        XCTAssertFalse(state.listOpen)
    }

    func testAnOpenListFollowsTheShowUntilTheUserMovesIt() {
        var state = runningPad()
        _ = keys([.tab], &state)
        _ = state.reduce(.source(.slideChanged(index: 9)), now: .milliseconds(200))
        XCTAssertEqual(state.viewState(.slideList).selection, 9, "the selection follows a show that moved")
        _ = keys([.up], &state)
        _ = state.reduce(.source(.slideChanged(index: 10)), now: .milliseconds(300))
        XCTAssertEqual(state.viewState(.slideList).selection, 8, "a selection the user moved stays")
    }

    func testListRowsWaitInTheLoadBufferOnlyWhileShown() {
        var state = runningPad()
        _ = keys([.tab], &state)
        XCTAssertEqual(state.buffer.slide(for: .listRow(0)), 0)
        XCTAssertEqual(state.buffer.slide(for: .listRow(4)), 4)
        XCTAssertNil(state.buffer.slide(for: .listRow(5)), "only the rows on screen")
        _ = keys([.escape], &state)
        XCTAssertNil(state.buffer.slide(for: .listRow(0)), "a closed list waits for nothing")
    }

    func testListAnimatesWhenAnimationIsOn() {
        var state = runningPad(animate: true)
        _ = state.reduce(.key(.tab), now: .milliseconds(1000))
        XCTAssertEqual(state.listFraction(at: .milliseconds(1000)), 0, accuracy: 0.001)
        XCTAssertTrue(state.isAnimating(at: .milliseconds(1075)))
        XCTAssertEqual(state.listFraction(at: .milliseconds(1150)), 1, accuracy: 0.001)
        _ = state.reduce(.tick, now: .milliseconds(1200))
        XCTAssertNil(state.listUnfold)
    }

    func testPopoversGrowInAndShrinkOutWhenAnimationIsOn() {
        var state = runningPad(animate: true)
        _ = state.reduce(.key(.char("?")), now: .milliseconds(1000))
        XCTAssertEqual(state.popoverUnfold?.overlay, .help)
        XCTAssertEqual(state.popoverUnfold?.unfold.fraction(at: .milliseconds(1000)) ?? -1, 0, accuracy: 0.001)
        XCTAssertTrue(state.isAnimating(at: .milliseconds(1100)))
        _ = state.reduce(.tick, now: .milliseconds(1200))
        XCTAssertNil(state.popoverUnfold, "done growing")
        _ = state.reduce(.key(.escape), now: .milliseconds(2000))
        XCTAssertEqual(state.popoverUnfold?.overlay, .help, "the closed help shrinks away")
        XCTAssertEqual(state.popoverUnfold?.unfold.fraction(at: .milliseconds(2150)) ?? -1, 0, accuracy: 0.001)
        var instant = runningPad(animate: false)
        _ = instant.reduce(.key(.char("?")), now: .zero)
        XCTAssertNil(instant.popoverUnfold, "animation off: instant")
    }

    func testBlankTogglesBecauseImpressNeverSays() {
        var state = runningPad()
        XCTAssertEqual(keys([.char("b")], &state), [.send(.blank)])
        XCTAssertTrue(state.blank)
        XCTAssertEqual(keys([.char(".")], &state), [.send(.resume)])
        XCTAssertFalse(state.blank)
    }

    func testF5StartsOnlyWhenNoShowRuns() {
        var state = PadState()
        XCTAssertEqual(keys([.function(5)], &state), [.send(.start)])
        XCTAssertEqual(keys([.right], &state), [], "no show: nothing to move")
        state = runningPad()
        XCTAssertEqual(keys([.function(5)], &state), [])
    }

    func testQuitAsksFirstWhileAShowRuns() {
        var state = runningPad()
        XCTAssertEqual(keys([.char("q")], &state), [], "a show runs: ask first")
        XCTAssertEqual(state.topOverlay, .confirmQuit)
        XCTAssertEqual(keys([.char("n")], &state), [], "no quit")
        XCTAssertEqual(keys([.char("q"), .char("y")], &state).last, .quit)
        state = runningPad()
        XCTAssertEqual(keys([.control("c"), .char("q")], &state).last, .quit)
        state = runningPad()
        XCTAssertEqual(state.reduce(.interrupted, now: .milliseconds(1)), [], "Ctrl-C as a signal asks too")
        XCTAssertEqual(state.reduce(.interrupted, now: .milliseconds(2)).last, .quit, "and a second one quits")
        state = runningPad()
        XCTAssertEqual(state.reduce(.terminate, now: .milliseconds(3)).last, .quit, "SIGTERM or a hang-up: at once")
        var idle = PadState()
        XCTAssertEqual(keys([.char("q")], &idle), [.quit], "no show: quit at once")
    }

    func testOverlaysStayOpenOverFullScreenAndEscClosesThemFirst() {
        var state = runningPad()
        _ = keys([.tab, .down, .down, .down, .down, .down, .down], &state)
        _ = keys([.char("4")], &state)
        let before = (state.overlays, state.viewState(.slideList))
        XCTAssertEqual(before.0, [.slideList, .goto(digits: "4")])
        XCTAssertEqual(before.1, ViewState(scroll: 5, selection: 8))
        _ = keys([.char("f")], &state)
        XCTAssertTrue(state.isFullScreen, "f gets past the open prompt")
        XCTAssertEqual(state.overlays, before.0, "the overlays stay, over the slide")
        XCTAssertEqual(state.buffer.slide(for: .listRow(0)), 5, "the list shown over the slide still waits for its rows")
        XCTAssertEqual(keys([.char("2")], &state), [], "keys go to the prompt on top")
        XCTAssertEqual(state.gotoDigits, "42")
        XCTAssertEqual(keys([.escape], &state), [], "Esc closes the prompt first")
        XCTAssertEqual(state.overlays, [.slideList])
        XCTAssertEqual(state.viewState(.slideList), before.1)
        _ = keys([.escape], &state)
        XCTAssertTrue(state.isFullScreen, "then the list")
        XCTAssertEqual(keys([.escape], &state), [])
        XCTAssertFalse(state.isFullScreen, "then full screen")
        XCTAssertEqual(state.layoutMode, .slides)
    }

    func testEscPopsOneOverlayAndXClosesThemAll() {
        var state = runningPad()
        _ = keys([.tab, .char("4")], &state)
        XCTAssertEqual(state.overlays, [.slideList, .goto(digits: "4")])
        _ = keys([.escape], &state)
        XCTAssertEqual(state.overlays, [.slideList], "Esc dismisses the topmost")
        _ = keys([.char("?")], &state)
        XCTAssertEqual(state.overlays, [.slideList, .help])
        _ = keys([.char("x")], &state)
        XCTAssertEqual(state.overlays, [], "one key: back to the bare pad")
    }

    func testMouseClickOnAListRowGoesThere() {
        var state = runningPad()
        _ = keys([.tab], &state)
        XCTAssertEqual(state.reduce(.listClicked(row: 3), now: .milliseconds(100)), [.send(.goto(index: 3))])
        XCTAssertFalse(state.listOpen)
        _ = keys([.tab], &state)
        _ = state.reduce(.listWheel(3), now: .milliseconds(100))
        XCTAssertEqual(state.viewState(.slideList).selection, 5)
    }

    func testTimerPausesWhileBlankAndResets() {
        var state = PadState()
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 0)), now: .milliseconds(1_000))
        XCTAssertEqual(state.elapsed(at: .milliseconds(11_000)), .milliseconds(10_000))
        _ = state.reduce(.key(.char("b")), now: .milliseconds(11_000))
        XCTAssertEqual(state.elapsed(at: .milliseconds(41_000)), .milliseconds(10_000), "blank pauses the timer")
        _ = state.reduce(.key(.char("b")), now: .milliseconds(41_000))
        XCTAssertEqual(state.elapsed(at: .milliseconds(51_000)), .milliseconds(20_000))
        _ = state.reduce(.key(.char("t")), now: .milliseconds(51_000))
        _ = state.reduce(.key(.char("y")), now: .milliseconds(51_000))
        XCTAssertEqual(state.elapsed(at: .milliseconds(52_000)), .milliseconds(1_000), "t resets (once asked)")
    }

    func testPaceIsTheSlidesDoneAgainstTheTimeUsed() {
        var state = PadState()
        state.talkDuration = .milliseconds(20 * 60_000)  // 5 slides: a 4-minute turn each
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 0)), now: .zero)
        XCTAssertEqual(state.paceReading(at: .milliseconds(3 * 60_000))?.offset, .zero, "inside slide 1's turn")
        XCTAssertEqual(state.pace(at: .milliseconds(3 * 60_000)), .onTime)
        XCTAssertEqual(state.paceReading(at: .milliseconds(5 * 60_000))?.offset, .milliseconds(60_000), "a minute past slide 1's turn")
        XCTAssertEqual(state.pace(at: .milliseconds(5 * 60_000)), .tight)
        XCTAssertEqual(state.paceReading(at: .milliseconds(5 * 60_000))?.words, "1:00 behind")
        XCTAssertEqual(state.pace(at: .milliseconds(8 * 60_000 + 1)), .over, "behind by more than a turn")
        _ = state.reduce(.source(.slideChanged(index: 4)), now: .milliseconds(10 * 60_000))
        XCTAssertEqual(state.paceReading(at: .milliseconds(10 * 60_000))?.offset, .milliseconds(-6 * 60_000), "on the last slide at 10:00 of 20")
        XCTAssertEqual(state.paceReading(at: .milliseconds(10 * 60_000))?.words, "6:00 ahead")
        XCTAssertEqual(state.pace(at: .milliseconds(10 * 60_000)), .onTime)
        XCTAssertEqual(state.pace(at: .milliseconds(21 * 60_000)), .over, "past the planned length")
    }

    /// Seen: with --duration 3m a pad on 1/14 and one on 14/14 looked the same at 00:59 left.
    func testTheFirstAndTheLastSlideDoNotShareAPace() {
        func pad(on slide: Int) -> PadState {
            var state = PadState()
            state.talkDuration = .milliseconds(3 * 60_000)
            _ = state.reduce(.source(.showStarted(slideCount: 14, current: slide)), now: .zero)
            return state
        }
        XCTAssertEqual(pad(on: 0).pace(at: .milliseconds(121_000)), .over, "2:01 on the first of 14 slides")
        XCTAssertEqual(pad(on: 13).pace(at: .milliseconds(121_000)), .onTime, "2:01 on the last: ahead")
        XCTAssertNil(PadState().pace(at: .zero), "no show, no pace")
    }

    func testClickerEscOnTheBarePadDoesNothingHarmful() {
        var state = runningPad()
        XCTAssertEqual(keys([.escape, .escape], &state), [], "no quit")
        XCTAssertTrue(state.overlays.isEmpty)
    }

    func testNotesScrollIsClampedAndResetOnSlideChange() {
        var state = runningPad()
        _ = keys(Array(repeating: .down, count: 20), &state)
        XCTAssertEqual(state.viewState(.notes).scroll, 10)
        _ = keys([.char("u")], &state)
        XCTAssertEqual(state.viewState(.notes).scroll, 7)
        _ = state.reduce(.source(.slideChanged(index: 4)), now: .milliseconds(300))
        XCTAssertEqual(state.viewState(.notes).scroll, 0)
    }

    func testShowStartedResetsContentAndFinishedClearsTheShow() {
        var state = runningPad()
        _ = state.reduce(.source(.preview(index: 2, Preview(png: [1]))), now: .milliseconds(10))
        XCTAssertNotNil(state.buffer.content(for: .current)?.preview)
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 2)), now: .milliseconds(20))
        XCTAssertNil(state.buffer.content(for: .current)?.preview, "after a resync nothing stale is shown")
        _ = state.reduce(.source(.showFinished), now: .milliseconds(30))
        XCTAssertFalse(state.showRunning)
        XCTAssertNil(state.buffer.slide(for: .current))
    }

    func testOutOfRangeSourceEventsAreIgnored() {
        var state = runningPad()
        _ = state.reduce(.source(.slideChanged(index: 40)), now: .milliseconds(10))
        XCTAssertEqual(state.current, 2)
        _ = state.reduce(.source(.preview(index: -1, Preview(png: [1]))), now: .milliseconds(10))
        _ = state.reduce(.source(.notes(index: 99, "x")), now: .milliseconds(10))
        XCTAssertEqual(state.buffer.previewCount, 0)
    }

    func testNotesNeverKeepControlCharacters() {
        var state = runningPad()
        _ = state.reduce(.source(.notes(index: 2, "red \u{1B}[31m text\u{07}")), now: .milliseconds(10))
        XCTAssertEqual(state.buffer.content(for: .notes)?.notes, "red [31m text")
    }

    func testLaserPointerFollowsTheMouse() {
        var state = runningPad()
        XCTAssertEqual(state.reduce(.pointer(.move, x: 0.5, y: 0.5), now: .milliseconds(1)), [], "no press, no pointer")
        XCTAssertEqual(state.reduce(.pointer(.down, x: 0.25, y: 0.5), now: .milliseconds(1)), [.send(.pointerStarted(x: 0.25, y: 0.5))])
        XCTAssertEqual(state.reduce(.pointer(.move, x: 1.5, y: 0.5), now: .milliseconds(2)), [.send(.pointerMoved(x: 1, y: 0.5))])
        XCTAssertEqual(state.reduce(.pointer(.up, x: 0, y: 0), now: .milliseconds(3)), [.send(.pointerDismissed)])
    }
}
