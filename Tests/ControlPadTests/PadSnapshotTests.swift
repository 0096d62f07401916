import XCTest
@testable import ControlPadUI
@testable import SlideModel

final class PadSnapshotTests: XCTestCase {
    func testPadAtEverySize() {
        for (w, h) in [(120, 40), (80, 24), (40, 12), (20, 6)] {
            var state = samplePadState()
            assertSnapshot(renderPad(&state, width: w, height: h), named: "pad-\(w)x\(h)")
        }
    }

    func testTooSmall() {
        var state = samplePadState()
        let grid = renderPad(&state, width: 19, height: 5)
        XCTAssertTrue(grid.text.contains("terminal too sm"), grid.text)
    }

    func testSlideListOpenWithSelection() {
        for (w, h) in [(120, 40), (80, 24), (40, 12)] {
            var state = samplePadState()
            _ = state.reduce(.key(.tab), now: 0)
            _ = renderPad(&state, width: w, height: h)
            _ = state.reduce(.key(.down), now: 0)
            _ = state.reduce(.key(.down), now: 0)
            assertSnapshot(renderPad(&state, width: w, height: h), named: "list-\(w)x\(h)")
        }
    }

    func testHelpAndGotoPrompt() {
        var state = samplePadState()
        _ = state.reduce(.key(.char("?")), now: 0)
        assertSnapshot(renderPad(&state, width: 80, height: 24), named: "help-80x24")
        assertSnapshot(renderPad(&state, width: 110, height: 30), named: "help-110x30-folded")
        assertSnapshot(renderPad(&state, width: 120, height: 40), named: "help-120x40")
        state = samplePadState()
        _ = state.reduce(.key(.char("1")), now: 0)
        _ = state.reduce(.key(.char("1")), now: 0)
        assertSnapshot(renderPad(&state, width: 80, height: 24), named: "goto-80x24")
    }

    func testTimeLeftWithATalkDuration() {
        var state = samplePadState()
        state.talkDuration = 20 * 60_000
        let status = renderPad(&state, width: 120, height: 40).text.split(separator: "\n").last ?? ""
        XCTAssertTrue(status.contains("⏱ 03:21 / 20:00"), String(status))
        XCTAssertTrue(status.contains("16:39 left"), String(status))
    }

    func testNoShowAndPairing() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.pairing(pin: "4821"))), now: 0)
        _ = state.reduce(.source(.showFinished), now: 0)
        assertSnapshot(renderPad(&state, width: 80, height: 24), named: "pairing-80x24")
    }

    func testStatusLineShowsPositionTimerClockProgressAndBlank() {
        var state = samplePadState()
        _ = state.reduce(.key(.char("b")), now: 201_000)
        let grid = renderPad(&state, width: 120, height: 40, now: 260_000)
        let status = grid.text.split(separator: "\n", omittingEmptySubsequences: false)[39]
        for part in ["● demo · A tour of ControlPad", "3/12", "⏱ 03:21 ⏸", "14:05", "previews 5/12", "BLANK"] {
            XCTAssertTrue(status.contains(part), "status line lacks \(part): \(status)")
        }
    }
}
