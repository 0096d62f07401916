import XCTest
@testable import SlideModel

/// The layout modes as the reducer keeps them: cycled with L, full screen
/// with f (and back to the mode it left), rebindable, past overlays.
final class LayoutModeTests: XCTestCase {
    private func runningPad(bindings: KeyBindings = .standard) -> PadState {
        var state = PadState(bindings: bindings, animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: 20, current: 0)), now: .zero)
        return state
    }

    private func press(_ keys: [Key], _ state: inout PadState, now: Duration = .milliseconds(100)) -> [Effect] {
        keys.flatMap { state.reduce(.key($0), now: now) }
    }

    func testLCyclesSlidesNotesFirstFullScreen() {
        var state = runningPad()
        XCTAssertEqual(state.layoutMode, .slides)
        var seen: [LayoutMode] = []
        for _ in 0..<4 {
            XCTAssertEqual(press([.char("L")], &state), [], "a layout key sends the show nothing")
            seen.append(state.layoutMode)
        }
        XCTAssertEqual(seen, [.notesFirst, .fullScreen, .slides, .notesFirst])
    }

    func testFullScreenGoesBackToTheModeItLeft() {
        var state = runningPad()
        _ = press([.char("L")], &state)
        XCTAssertEqual(state.layoutMode, .notesFirst)
        _ = press([.char("f")], &state)
        XCTAssertTrue(state.isFullScreen)
        _ = press([.char("f")], &state)
        XCTAssertEqual(state.layoutMode, .notesFirst, "f again: back to notes first")
        _ = press([.char("f"), .escape], &state)
        XCTAssertEqual(state.layoutMode, .notesFirst, "Esc too")
    }

    func testTheLayoutKeyIsRebindableAndGetsPastOverlays() {
        var bindings = KeyBindings.standard
        bindings.bind(.char("L"), to: nil)
        bindings.bind(.function(7), to: .cycleLayout)
        var state = runningPad(bindings: bindings)
        _ = press([.char("L")], &state)
        XCTAssertEqual(state.layoutMode, .slides, "unbound: nothing")
        _ = press([.function(7)], &state)
        XCTAssertEqual(state.layoutMode, .notesFirst)
        _ = press([.char("?"), .function(7)], &state)
        XCTAssertEqual(state.layoutMode, .fullScreen, "the help stays open and the layout changes under it")
        XCTAssertEqual(state.topOverlay, .help)
    }

    func testNotesKeepTheirPlaceAcrossModes() {
        var state = runningPad()
        _ = state.reduce(.viewport(Viewport(notesRows: 5, notesMaxScroll: 30)), now: .zero)
        _ = press([.down, .down, .down], &state)
        _ = press([.char("L")], &state)
        XCTAssertEqual(state.viewState(.notes).scroll, 3)
        _ = state.reduce(.viewport(Viewport(notesRows: 20, notesMaxScroll: 2)), now: .zero)
        XCTAssertEqual(state.viewState(.notes).scroll, 2, "clamped to the new room")
    }

    func testTheShowsAspectComesFromItsPictures() {
        var state = runningPad()
        XCTAssertNil(state.slideAspect)
        _ = state.reduce(.source(.preview(index: 0, Preview(png: [], aspect: 4.0 / 3.0))), now: .zero)
        XCTAssertEqual(state.slideAspect, 4.0 / 3.0)
        _ = state.reduce(.source(.preview(index: 1, Preview(png: [], aspect: 40))), now: .zero)
        XCTAssertEqual(state.slideAspect, 4.0 / 3.0, "an absurd aspect is not believed")
    }

    func testListRowIndex() {
        XCTAssertEqual(ViewTag.listRow(0).listRowIndex, 0)
        XCTAssertEqual(ViewTag.listRow(7).listRowIndex, 7)
        XCTAssertNil(ViewTag.current.listRowIndex)
        XCTAssertNil(ViewTag.slideList.listRowIndex)
    }

    func testLayoutModeNames() {
        XCTAssertEqual(LayoutMode.allCases.map(\.rawValue), ["slides", "notes-first", "full-screen"])
        XCTAssertEqual(Action(rawValue: "layout"), .cycleLayout)
        XCTAssertEqual(KeyBindings.standard.keys(for: .cycleLayout), [.char("L")])
    }
}
