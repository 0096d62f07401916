import XCTest
@testable import SlideModel

/// Whatever a server says about its show, the pad neither crashes nor asks
/// for a slide that is not there.
final class HostileShowTests: XCTestCase {
    func testGoToOnAShowWithoutSlidesDoesNothing() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: 0, current: 0)), now: .zero)
        XCTAssertEqual(state.position, "no slides", "not \"1/0\"")
        var effects: [Effect] = []
        for key: Key in [.char("5"), .enter, .escape, .end, .home, .right, .tab, .down, .enter] {
            effects += state.reduce(.key(key), now: .milliseconds(10))
        }
        XCTAssertEqual(effects, [.send(.next)], "only → reaches the show; no go-to to a slide that is not there")
        XCTAssertNil(state.buffer.slide(for: .current), "no view waits for slide 1 of 0")
    }

    func testEveryCountIsClamped() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: Int.max, current: Int.max)), now: .zero)
        XCTAssertEqual(state.slideCount, PadState.maxSlideCount)
        XCTAssertEqual(state.current, PadState.maxSlideCount - 1)
        XCTAssertEqual(state.reduce(.key(.end), now: .milliseconds(1)), [])
        _ = state.reduce(.key(.tab), now: .milliseconds(1))
        _ = state.reduce(.key(.end), now: .milliseconds(1))  // the list's End moves by slideCount: no overflow
        XCTAssertEqual(state.viewState(.slideList).selection, PadState.maxSlideCount - 1)
        _ = state.reduce(.source(.showStarted(slideCount: -7, current: -3)), now: .milliseconds(2))
        XCTAssertEqual(state.slideCount, 0)
        XCTAssertEqual(state.current, 0)
    }

    /// 20 000 seeded random events and keys: counts and indexes negative,
    /// zero, huge; the state stays consistent and every go-to names a slide.
    func testRandomEventsKeepTheStateConsistent() {
        var random = SeededRandom(seed: 13)
        let numbers = [Int.min, -1, 0, 1, 2, 3, 11, 12, 99_999, 100_000, Int.max]
        let keys: [Key] = [.right, .left, .home, .end, .enter, .escape, .tab, .up, .down, .pageUp, .pageDown,
                           .backspace, .char("0"), .char("5"), .char("9"), .char("q"), .char("y"), .char("b"),
                           .char("f"), .char("?"), .char("x"), .function(5), .char("S"), .char("o"), .char("/"), .char("n"), .char("N")]
        var state = PadState(animate: true)
        var now: Duration = .zero
        for step in 0..<20_000 {
            now += .milliseconds(Int(random.next() % 50))
            let n = numbers[Int(random.next() % UInt64(numbers.count))]
            let event: PadEvent
            switch random.next() % 9 {
            case 0: event = .source(.showStarted(slideCount: n, current: numbers.randomElement(using: &random)!))
            case 1: event = .source(.slideChanged(index: n))
            case 2: event = .source(.notes(index: n, "notes \(n)"))
            case 3: event = .source(.preview(index: n, Preview(png: [1])))
            case 4: event = .viewport(Viewport(listRows: n % 50, notesRows: n % 20, notesMaxScroll: n % 100))
            case 5: event = .listClicked(row: n)
            case 6: event = random.next() % 10 == 0 ? .source(.showFinished) : .notesWheel(n % 1000)
            default: event = .key(keys[Int(random.next() % UInt64(keys.count))])
            }
            let effects = state.reduce(event, now: now)
            XCTAssertTrue((0...PadState.maxSlideCount).contains(state.slideCount), "step \(step): \(event)")
            XCTAssertTrue(state.slideCount == 0 ? state.current == 0 : (0..<state.slideCount).contains(state.current),
                          "step \(step): \(event)")
            for case .send(.goto(let index)) in effects {
                XCTAssertTrue((0..<state.slideCount).contains(index), "step \(step): go-to \(index) of \(state.slideCount)")
            }
            if effects.contains(.quit) { state.overlays.removeAll() }
        }
    }
}
