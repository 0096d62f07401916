import Pdfpc
import ImpressRemote
import XCTest
@testable import ControlPadUI
@testable import PadConfig
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
            _ = state.reduce(.key(.tab), now: .zero)
            _ = renderPad(&state, width: w, height: h)
            _ = state.reduce(.key(.down), now: .zero)
            _ = state.reduce(.key(.down), now: .zero)
            assertSnapshot(renderPad(&state, width: w, height: h), named: "list-\(w)x\(h)")
        }
    }

    func testHelpAndGotoPrompt() {
        var state = samplePadState()
        _ = state.reduce(.key(.char("?")), now: .zero)
        assertSnapshot(renderPad(&state, width: 80, height: 24), named: "help-80x24")
        assertSnapshot(renderPad(&state, width: 110, height: 30), named: "help-110x30-folded")
        assertSnapshot(renderPad(&state, width: 120, height: 40), named: "help-120x40")
        state = samplePadState()
        _ = state.reduce(.key(.char("1")), now: .zero)
        _ = state.reduce(.key(.char("1")), now: .zero)
        assertSnapshot(renderPad(&state, width: 80, height: 24), named: "goto-80x24")
    }

    func testTimeLeftWithATalkDuration() {
        var state = samplePadState()
        state.talkDuration = .milliseconds(20 * 60_000)
        let status = renderPad(&state, width: 120, height: 40).text.split(separator: "\n").last ?? ""
        XCTAssertTrue(status.contains("◷ 03:21 / 20:00"), String(status))
        XCTAssertTrue(status.contains("16:39 left"), String(status))
    }

    func testNoShowAndPairing() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.pairing(pin: "4821", place: ImpressSession.pinPlace))), now: .zero)
        _ = state.reduce(.source(.showFinished), now: .zero)
        assertSnapshot(renderPad(&state, width: 80, height: 24), named: "pairing-80x24")
    }

    /// A link that went down says so in the middle, with the reason and the
    /// fix wrapped (never cut off), and the status line turns colour.
    func testLinkDownSaysWhyAndWhatToDoAtEverySize() {
        for (w, h) in [(120, 40), (80, 24), (40, 12)] {
            var state = PadState(animate: false)
            _ = state.reduce(.source(.link(.connected(server: "Impress 25.2.3.2 · 127.0.0.1"))), now: .zero)
            _ = state.reduce(.source(.link(.reconnecting(inSeconds: 1, problem: ImpressProblem.refused.problem))), now: .zero)
            let grid = renderPad(&state, width: w, height: h)
            assertSnapshot(grid, named: "link-down-\(w)x\(h)")
            XCTAssertFalse(grid.text.contains("F5"), "no F5 advice without a link")
            let status = grid.bounds.height - 1
            XCTAssertEqual(grid[0, status].style.role, .warning, "the status line turns colour")
        }
        var refused = PadState(animate: false)
        _ = refused.reduce(.source(.link(.failed(ImpressProblem.pairingRefused.problem))), now: .zero)
        let text = renderPad(&refused, width: 80, height: 24).text
        XCTAssertTrue(text.contains("Press r to try again."), text)
    }

    func testTheShowsTitleIsInTheStatusLine() {
        var state = samplePadState()
        _ = state.reduce(.source(.link(.connected(server: "Impress 25.2.3.2 · 127.0.0.1"))), now: .zero)
        _ = state.reduce(.source(.showTitle("deck.odp")), now: .zero)
        let status = renderPad(&state, width: 120, height: 40).text.split(separator: "\n").last ?? ""
        XCTAssertTrue(status.contains("● Impress 25.2.3.2 · 127.0.0.1 · deck.odp"), String(status))
    }

    func testThePreviewCountGoesOnceEveryPaneHasItsPicture() {
        var state = samplePadState()
        _ = state.reduce(.source(.preview(index: 3, Preview(png: [3]))), now: .zero)
        let status = renderPad(&state, width: 120, height: 40).text.split(separator: "\n", omittingEmptySubsequences: false)[39]
        XCTAssertFalse(status.contains("previews"), "current and next are in: \(status)")
    }

    func testLibreOfficeAskingOnItsScreenIsSaidInTheMiddleBeforeAnyShow() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.connected(server: "LibreOffice 25.2 · uno:controlpad"))), now: .zero)
        let problem = LinkProblem(source: "uno", code: "asking", reason: "LibreOffice is asking something on its own screen",
                                  fix: "Answer it there (a locked file: Open; a password; document recovery).")
        _ = state.reduce(.source(.unanswered(problem)), now: .zero)
        let screen = renderPad(&state, width: 120, height: 40).text
        XCTAssertTrue(screen.contains("LibreOffice is asking something on its own screen"), screen)
        XCTAssertTrue(screen.contains("Answer it there"), screen)
        XCTAssertFalse(screen.contains("Asking about the show"), screen)
    }

    func testStatusLineShowsPositionTimerClockProgressAndBlank() {
        var state = samplePadState()
        _ = state.reduce(.key(.char("b")), now: .milliseconds(201_000))
        let grid = renderPad(&state, width: 120, height: 40, now: .milliseconds(260_000))
        let status = grid.text.split(separator: "\n", omittingEmptySubsequences: false)[39]
        for part in ["● demo · A tour of ControlPad", "3/12", "◷ 03:21 ❚❚", "14:05", "previews 5/12", "BLANK"] {
            XCTAssertTrue(status.contains(part), "status line lacks \(part): \(status)")
        }
    }
}
