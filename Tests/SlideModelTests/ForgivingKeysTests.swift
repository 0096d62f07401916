import XCTest
@testable import SlideModel

/// Nothing a presenter does by mistake hurts the talk: prompts validate,
/// overlays swallow their keys, destructive keys ask, the timer is kept.
/// All on virtual time: `now` is whatever the test says.
final class ForgivingKeysTests: XCTestCase {
    /// A 14-slide show on slide 5 (index 4), as the demo at 80×24.
    private func pad(slides: Int = 14, current: Int = 4, listRows: Int = 10) -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: slides, current: current)), now: .zero)
        _ = state.reduce(.viewport(Viewport(listRows: listRows, notesRows: 4, notesMaxScroll: 10)), now: .zero)
        return state
    }

    private var clock: Duration = .milliseconds(1_000)

    private func press(_ keys: [Key], _ state: inout PadState) -> [Effect] {
        keys.flatMap { key -> [Effect] in
            clock += .milliseconds(40)
            return state.reduce(.key(key), now: clock)
        }
    }

    private func sends(_ effects: [Effect]) -> [Effect] {
        effects.filter { if case .send = $0 { return true } else { return false } }
    }

    // MARK: r on a link that is up

    func testROnALinkThatIsUpAnswersOnlyWhatTheSourceOffersToAnswer() {
        var state = pad()
        XCTAssertEqual(press([.char("r")], &state), [], "nothing left unanswered: r does nothing")
        let said = LinkProblem(source: "uno", code: "asking", reason: "LibreOffice is asking", fix: "Answer it there.")
        _ = state.reduce(.source(.unanswered(said)), now: clock)
        XCTAssertEqual(press([.char("r")], &state), [], "a question only the presenting app can answer")
        let offered = LinkProblem(source: "uno", code: "other-show", reason: "another show runs", fix: "r ends it.", retryAnswers: true)
        _ = state.reduce(.source(.unanswered(offered)), now: clock)
        XCTAssertEqual(press([.char("r")], &state), [.retryNow], "the source does what it offered")
    }

    // MARK: the go-to prompt

    func testOutOfRangeIsRefusedInThePromptWithTheRange() {
        var state = pad()
        for digits in ["99", "10000", "0", "15"] {
            XCTAssertEqual(press(digits.map { Key.char($0) } + [.enter], &state), [], digits)
            XCTAssertEqual(state.gotoDigits, digits, "\(digits): the prompt stays open with what was typed")
            XCTAssertEqual(state.gotoProblem, "no slide \(Int(digits)!): 1–14", digits)
            XCTAssertEqual(state.position, "5/14", "\(digits): the show did not move")
            _ = press([.escape], &state)
            XCTAssertNil(state.gotoDigits)
            XCTAssertNil(state.gotoProblem, "a closed prompt forgets its problem")
        }
        _ = press([.char("9"), .char("9"), .enter], &state)
        _ = press([.backspace], &state)
        XCTAssertNil(state.gotoProblem, "typing again clears the problem")
        XCTAssertEqual(press([.enter], &state), [.send(.goto(index: 8))], "9 is in range")
        XCTAssertNil(state.gotoDigits)
    }

    func testBackspaceOnAnEmptyPromptKeepsItOpenAndNeverMovesTheShow() {
        var state = pad()
        XCTAssertEqual(press([.char("1"), .backspace], &state), [])
        XCTAssertEqual(state.gotoDigits, "", "an emptied prompt stays open")
        XCTAssertEqual(press([.backspace, .backspace, .delete], &state), [], "Backspace is previous on the pad, not here")
        XCTAssertEqual(state.gotoDigits, "")
        XCTAssertEqual(state.position, "5/14")
        XCTAssertEqual(press([.enter], &state), [], "Enter on nothing typed just closes")
        XCTAssertNil(state.gotoDigits)
        XCTAssertEqual(press([.backspace], &state), [.send(.previous)], "on the bare pad Backspace is previous again")
    }

    func testWithNoShowThePromptClosesAndSaysWhy() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        XCTAssertEqual(press([.char("5"), .enter], &state), [])
        XCTAssertNil(state.gotoDigits, "nothing typed could help: it closes")
        XCTAssertEqual(state.flash?.text, "no show is running: nothing to go to")
        _ = state.reduce(.source(.showStarted(slideCount: 0, current: 0)), now: clock)
        _ = press([.char("5"), .enter], &state)
        XCTAssertEqual(state.flash?.text, "the show has no slides: nothing to go to")
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 0)), now: clock)
        XCTAssertEqual(press([.right], &state), [.send(.next)], "the next key reaches the show")
    }

    func testAKeyThatIsNotADigitStaysInThePrompt() {
        var state = pad()
        XCTAssertEqual(press([.char("1"), .char("w"), .char("y")], &state), [])
        XCTAssertEqual(state.gotoDigits, "1")
        XCTAssertEqual(state.gotoProblem, "digits, then Enter · Esc cancels")
        XCTAssertEqual(press([.char("2"), .enter], &state), [.send(.goto(index: 11))])
    }

    // MARK: overlays swallow their keys

    /// Every key that moves or stops the show (as bound, and the clicker's
    /// PgUp/PgDn), pressed on every overlay that keeps them (the go-to
    /// prompt gives way, and blank and start reach the show from anywhere:
    /// `KeyRuleTests`): nothing reaches the show.
    func testNoMovingKeyGetsPastTheListTheHelpOrAQuestion() {
        let moving: Set<Action> = [.next, .previous, .first, .last, .stopShow]
        let navigation = KeyBindings.standard.actions.filter { moving.contains($0.value) }.map(\.key)
            .sorted { $0.name < $1.name }
        XCTAssertTrue(navigation.contains(.pageDown) && navigation.contains(.char("j")) && navigation.contains(.char("S")))
        let openers: [(String, [Key])] = [
            ("help", [.char("?")]), ("slide list", [.tab]), ("overview", [.char("o")]),
            ("help over the list", [.tab, .char("?")]), ("quit question", [.char("q")]),
            ("stop question", [.char("S")]), ("timer question", [.char("t")]),
        ]
        for (name, open) in openers {
            for key in navigation where !(name == "stop question" && key == .char("S")) {  // S S is the yes
                var state = pad()
                _ = press(open, &state)
                let overlays = state.overlays
                XCTAssertFalse(overlays.isEmpty, name)
                let effects = press([key], &state)
                XCTAssertEqual(sends(effects), [], "\(key.name) on the \(name) went to the show")
                XCTAssertEqual(state.position, "5/14", "\(key.name) on the \(name)")
                XCTAssertFalse(state.blank, "\(key.name) on the \(name)")
                if overlays.last?.isQuestion == true {
                    XCTAssertEqual(state.overlays, overlays.dropLast(), "\(key.name) answers the \(name) with no")
                } else {
                    XCTAssertEqual(state.overlays.count, overlays.count, "\(key.name): the \(name) stays open")
                }
            }
        }
    }

    func testHelpClosesWithItsOwnKeysOnly() {
        var state = pad()
        _ = press([.char("?"), .pageDown, .char("j"), .char("4")], &state)
        XCTAssertEqual(state.overlays, [.help], "keys on the help go nowhere (no go-to prompt either)")
        XCTAssertEqual(state.position, "5/14")
        _ = press([.char("?")], &state)
        XCTAssertEqual(state.overlays, [])
        _ = press([.char("?"), .escape], &state)
        XCTAssertEqual(state.overlays, [])
        _ = press([.char("?"), .char("x")], &state)
        XCTAssertEqual(state.overlays, [], "close-all closes it")
        _ = press([.char("?"), .char("q")], &state)
        XCTAssertEqual(state.topOverlay, .confirmQuit, "quitting is always possible, and asks")
    }

    func testTheShowsKeysMoveTheListSelectionNotTheShow() {
        var state = pad()
        _ = press([.tab], &state)
        XCTAssertEqual(press([.right, .char("j"), .char(" ")], &state), [])
        XCTAssertEqual(state.viewState(.slideList).selection, 7)
        XCTAssertEqual(press([.left], &state), [])
        XCTAssertEqual(state.viewState(.slideList).selection, 6)
        XCTAssertEqual(press([.end], &state), [])
        XCTAssertEqual(state.viewState(.slideList).selection, 13)
        XCTAssertEqual(press([.enter], &state), [.send(.goto(index: 13))], "Enter is the one key that goes")
    }

    func testAClickOnAPopoverIsNotALaserPointer() {
        var state = pad()
        _ = press([.char("?")], &state)
        XCTAssertEqual(state.reduce(.pointer(.down, x: 0.5, y: 0.5), now: .milliseconds(5_000)), [])
        _ = press([.escape], &state)
        XCTAssertEqual(state.reduce(.pointer(.down, x: 0.5, y: 0.5), now: .milliseconds(6_000)), [.send(.pointerStarted(x: 0.5, y: 0.5))])
    }

    // MARK: destructive keys ask

    func testStoppingTheShowAsks() {
        var state = pad()
        XCTAssertEqual(press([.char("S")], &state), [], "nothing stops yet")
        XCTAssertEqual(state.topOverlay, .confirmStop)
        XCTAssertEqual(press([.char("n")], &state), [])
        XCTAssertEqual(state.overlays, [])
        XCTAssertEqual(press([.char("S"), .char("s")], &state), [], "s (the list, next to S) is a no")
        XCTAssertEqual(state.overlays, [], "and opens nothing")
        XCTAssertEqual(press([.char("S"), .char("y")], &state), [.send(.stop)])
        XCTAssertEqual(press([.char("S"), .char("S")], &state), [.send(.stop)], "the same key twice is a yes, like q q")
        XCTAssertEqual(press([.char("S"), .enter], &state), [.send(.stop)])
    }

    func testQuittingInFullScreenAsksToo() {
        var state = pad()
        _ = press([.char("f"), .char("q")], &state)
        XCTAssertTrue(state.isFullScreen, "the question opens over the slide: full screen stays")
        XCTAssertEqual(state.topOverlay, .confirmQuit)
        XCTAssertEqual(press([.char("n")], &state), [])
        XCTAssertTrue(state.isFullScreen)
        _ = press([.char("S")], &state)
        XCTAssertEqual(state.topOverlay, .confirmStop)
    }

    func testResettingTheTimerAsks() {
        var state = pad()
        XCTAssertEqual(state.elapsed(at: .milliseconds(17_000)), .milliseconds(17_000))
        _ = state.reduce(.key(.char("t")), now: .milliseconds(17_000))
        XCTAssertEqual(state.topOverlay, .confirmTimerReset)
        XCTAssertEqual(state.elapsed(at: .milliseconds(17_000)), .milliseconds(17_000), "asked, not reset")
        _ = state.reduce(.key(.char("n")), now: .milliseconds(17_500))
        XCTAssertEqual(state.elapsed(at: .milliseconds(18_000)), .milliseconds(18_000), "no: the talk's time is kept")
        _ = state.reduce(.key(.char("t")), now: .milliseconds(18_000))
        _ = state.reduce(.key(.char("y")), now: .milliseconds(18_000))
        XCTAssertEqual(state.elapsed(at: .milliseconds(19_000)), .milliseconds(1_000), "yes: reset")
    }

    func testARestartedShowKeepsTheTalksTimer() {
        var state = pad()
        XCTAssertEqual(state.reduce(.key(.function(5)), now: .milliseconds(17_000)), [], "F5 while the show runs does nothing")
        XCTAssertEqual(state.elapsed(at: .milliseconds(17_000)), .milliseconds(17_000))
        _ = state.reduce(.source(.showFinished), now: .milliseconds(17_000))
        _ = state.reduce(.source(.showStarted(slideCount: 14, current: 0)), now: .milliseconds(20_000))
        XCTAssertEqual(state.elapsed(at: .milliseconds(21_000)), .milliseconds(18_000), "stopped and started again (F5, or in Impress): the timer goes on")
        _ = state.reduce(.key(.char("b")), now: .milliseconds(21_000))
        _ = state.reduce(.source(.showFinished), now: .milliseconds(22_000))
        _ = state.reduce(.source(.showStarted(slideCount: 14, current: 0)), now: .milliseconds(30_000))
        XCTAssertEqual(state.elapsed(at: .milliseconds(31_000)), .milliseconds(19_000), "blank, stop and start: only the time shown counts")
        _ = state.reduce(.key(.char("t")), now: .milliseconds(31_000))
        _ = state.reduce(.key(.char("y")), now: .milliseconds(31_000))
        XCTAssertEqual(state.elapsed(at: .milliseconds(32_000)), .milliseconds(1_000), "only the presenter resets it")
    }

    // MARK: the list and the notice

    func testTheListOpensWithFollowingSlidesInView() {
        var state = pad(slides: 60, current: 44, listRows: 10)
        _ = press([.tab], &state)
        let view = state.viewState(.slideList)
        XCTAssertEqual(view.selection, 44)
        XCTAssertGreaterThanOrEqual(view.scroll + 10 - 1 - view.selection, 2, "slides 46 and 47 are in view: \(view)")
        _ = press(Array(repeating: .down, count: 5), &state)
        let moved = state.viewState(.slideList)
        XCTAssertGreaterThanOrEqual(moved.scroll + 10 - 1 - moved.selection, 2, "moving keeps them in view: \(moved)")
        _ = press([.end], &state)
        XCTAssertEqual(state.viewState(.slideList), ViewState(scroll: 50, selection: 59), "the last slide can be on the last row")
        _ = press([.home], &state)
        XCTAssertEqual(state.viewState(.slideList), ViewState(scroll: 0, selection: 0))
    }

    func testTheNoticeStaysUntilPutAway() {
        var state = pad()
        state.notice = "config: 3 problems"
        _ = press([.right, .char("?"), .escape, .char("3"), .escape], &state)
        XCTAssertEqual(state.notice, "config: 3 problems", "keys that do something else leave it")
        _ = press([.escape], &state)
        XCTAssertNil(state.notice, "Esc on the bare pad puts it away")
        state.notice = "again"
        _ = press([.char("x")], &state)
        XCTAssertNil(state.notice, "so does close-all")
    }
}
