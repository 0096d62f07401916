import XCTest
@testable import ControlPadUI
@testable import PadTerminal
@testable import SlideModel

final class MouseRoutingTests: XCTestCase {
    func testClicksWheelAndPointerGoWhereTheyHappen() {
        var state = samplePadState()
        let layout = PadLayout(width: 120, height: 40)
        _ = renderPad(&state, width: 120, height: 40)
        let notes = layout.notes
        XCTAssertEqual(MouseRouting.event(for: MouseEvent(kind: .wheelDown, x: notes.x + 3, y: notes.y + 3),
                                          state: state, layout: layout, now: .zero), .notesWheel(3))
        let pane = layout.current
        let down = MouseRouting.event(for: MouseEvent(kind: .press, x: pane.x + 1, y: pane.y + 1),
                                      state: state, layout: layout, now: .zero)
        guard case .pointer(.down, let x, let y)? = down else { return XCTFail("\(String(describing: down))") }
        XCTAssertLessThan(x, 0.05)
        XCTAssertLessThan(y, 0.05)
        _ = state.reduce(.key(.tab), now: .zero)
        let list = layout.list
        XCTAssertEqual(MouseRouting.event(for: MouseEvent(kind: .press, x: list.x + 5, y: list.y + 3),
                                          state: state, layout: layout, now: .zero), .listClicked(row: 2))
        XCTAssertEqual(MouseRouting.event(for: MouseEvent(kind: .wheelUp, x: list.x + 5, y: list.y + 3),
                                          state: state, layout: layout, now: .zero), .listWheel(-3))
    }
}
