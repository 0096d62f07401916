import XCTest
@testable import SlideModel

/// Ink mode: `i`, a drag drawing on the room's screen, `e`, and the strokes
/// following their slide; a clicker's keys working as ever.
final class InkReduceTests: XCTestCase {
    private func runningPad(ink: Bool = true) -> PadState {
        var state = PadState(animate: false)
        state.inkOffer = ink ? InkOffer(sourceName: "reveal.js") : nil
        _ = state.reduce(.source(.link(.connected(server: "reveal.js"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 2)), now: .zero)
        return state
    }

    func testIToggleInkModeAndADragDrawsAStroke() {
        var state = runningPad()
        XCTAssertEqual(state.reduce(.key(.char("i")), now: .milliseconds(1)), [.send(.ink(.mode(true)))])
        XCTAssertTrue(state.inkMode)
        XCTAssertEqual(state.reduce(.pointer(.down, x: 0.2, y: 0.3), now: .milliseconds(2)),
                       [.send(.ink(.began(SlidePoint(x: 0.2, y: 0.3))))])
        XCTAssertEqual(state.reduce(.pointer(.move, x: 0.4, y: 0.3), now: .milliseconds(3)),
                       [.send(.ink(.moved(SlidePoint(x: 0.4, y: 0.3))))])
        XCTAssertEqual(state.reduce(.pointer(.move, x: 0.4001, y: 0.3), now: .milliseconds(4)), [], "a move too small to see adds nothing")
        XCTAssertEqual(state.reduce(.pointer(.up, x: 0.5, y: 0.5), now: .milliseconds(5)),
                       [.send(.ink(.moved(SlidePoint(x: 0.5, y: 0.5)))), .send(.ink(.ended))])
        XCTAssertEqual(state.ink.on(2), [[SlidePoint(x: 0.2, y: 0.3), SlidePoint(x: 0.4, y: 0.3), SlidePoint(x: 0.5, y: 0.5)]])
        XCTAssertEqual(state.reduce(.key(.char("i")), now: .milliseconds(6)), [.send(.ink(.mode(false)))])
        XCTAssertEqual(state.reduce(.pointer(.down, x: 0.2, y: 0.3), now: .milliseconds(7)), [.send(.pointerStarted(x: 0.2, y: 0.3))],
                       "out of ink mode a press is the laser again")
    }

    func testInkBelongsToItsSlideAndEErasesIt() {
        var state = runningPad()
        _ = state.reduce(.key(.char("i")), now: .milliseconds(1))
        _ = state.reduce(.pointer(.down, x: 0.2, y: 0.3), now: .milliseconds(2))
        _ = state.reduce(.pointer(.up, x: 0.6, y: 0.3), now: .milliseconds(3))
        // A clicker's → works in ink mode.
        XCTAssertEqual(state.reduce(.key(.pageDown), now: .milliseconds(4)), [.send(.next)])
        _ = state.reduce(.source(.slideChanged(index: 3)), now: .milliseconds(5))
        XCTAssertEqual(state.ink.on(state.current), [], "slide 4 has no ink")
        _ = state.reduce(.source(.slideChanged(index: 2)), now: .milliseconds(6))
        XCTAssertEqual(state.ink.on(state.current).count, 1, "back on slide 3, its stroke is back")
        XCTAssertEqual(state.reduce(.key(.char("e")), now: .milliseconds(7)), [.send(.ink(.clear))])
        XCTAssertEqual(state.ink.on(2), [])
        XCTAssertTrue(state.inkMode, "erasing keeps ink mode")
    }

    func testASourceWithoutInkSaysSo() {
        var state = runningPad(ink: false)
        XCTAssertEqual(state.reduce(.key(.char("i")), now: .milliseconds(1)), [])
        XCTAssertFalse(state.inkMode)
        XCTAssertEqual(state.flash?.text.hasPrefix("no ink on this source"), true)
        XCTAssertEqual(state.reduce(.pointer(.down, x: 0.2, y: 0.3), now: .milliseconds(2)), [.send(.pointerStarted(x: 0.2, y: 0.3))])
    }

    func testStrokesAreBounded() {
        var ink = InkStrokes()
        for i in 0..<(InkStrokes.maxStrokes + 5) { ink.begin(SlidePoint(x: Double(i) / 1000, y: 0), on: 0) }
        XCTAssertEqual(ink.on(0).count, InkStrokes.maxStrokes)
        for i in 0..<(InkStrokes.maxPoints + 50) { ink.extend(to: SlidePoint(x: Double(i % 2) * 0.5, y: Double(i) / 10_000)) }
        XCTAssertEqual(ink.on(0).last?.count, InkStrokes.maxPoints)
        XCTAssertEqual(SlidePoint(x: .nan, y: 7), SlidePoint(x: 0, y: 1), "points stay on the slide")
    }
}

/// `send pointer X Y`, `send pointer off`, `send ink clear`: read as typed,
/// carried out by the pad as its own mouse and `e` would be.
final class PointerAndInkSendTests: XCTestCase {
    func testTheWordsAreReadOrSaidWrong() throws {
        XCTAssertEqual(try RemoteAction(words: ["pointer", "0.5", "0.25"]), .pointer(x: 0.5, y: 0.25))
        XCTAssertEqual(try RemoteAction(words: ["pointer", "OFF"]), .pointerOff)
        XCTAssertEqual(try RemoteAction(words: ["ink", "clear"]), .inkClear)
        for bad in [["pointer"], ["pointer", "0.5"], ["pointer", "1.5", "0"], ["pointer", "x", "y"], ["pointer", "nan", "0"],
                    ["ink"], ["ink", "red"]] {
            XCTAssertThrowsError(try RemoteAction(words: bad), "\(bad)")
        }
        do {
            _ = try RemoteAction(words: ["pointer", "2", "0.5"])
        } catch {
            XCTAssertTrue(error.description.contains("off the slide"), error.description)
        }
        do {
            _ = try RemoteAction(words: ["pointr", "0", "0"])
        } catch {
            XCTAssertTrue(error.description.contains("did you mean pointer"), error.description)
        }
    }

    func testThePadCarriesThemOut() {
        var state = PadState(animate: false)
        state.inkOffer = InkOffer(sourceName: "reveal.js")
        _ = state.reduce(.source(.link(.connected(server: "reveal.js"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 2)), now: .zero)
        XCTAssertNil(state.refusal(of: .pointer(x: 0.5, y: 0.5)))
        XCTAssertEqual(state.reduce(.remote(.pointer(x: 0.5, y: 0.5)), now: .milliseconds(1)), [.send(.pointerStarted(x: 0.5, y: 0.5))])
        XCTAssertEqual(state.reduce(.remote(.pointer(x: 0.6, y: 0.5)), now: .milliseconds(2)), [.send(.pointerMoved(x: 0.6, y: 0.5))])
        XCTAssertEqual(state.reduce(.remote(.pointerOff), now: .milliseconds(3)), [.send(.pointerDismissed)])
        XCTAssertEqual(state.reduce(.remote(.pointerOff), now: .milliseconds(4)), [], "off twice: nothing more")
        XCTAssertEqual(state.reduce(.remote(.inkClear), now: .milliseconds(5)), [.send(.ink(.clear))])
        state.inkOffer = nil
        XCTAssertEqual(state.refusal(of: .inkClear), "this source takes no ink from the pad")
    }
}
