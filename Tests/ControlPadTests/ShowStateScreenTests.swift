import Pdfpc
import ImpressRemote
import XCTest
@testable import ControlPadUI
import PadGrid
@testable import SlideModel

/// Right after the pad pairs, Impress has not said yet whether a show runs
/// (on a heavy deck `slideshow_started` comes 1–2 s later). The pad says it
/// is asking, and a start key then is refused: a `presentation_start` would
/// restart a running show at slide 1.
final class ShowStateScreenTests: XCTestCase {
    private func statusLine(_ grid: CellGrid) -> String {
        String(grid.text.split(separator: "\n", omittingEmptySubsequences: false).last(where: { !$0.isEmpty }) ?? "")
            .trimmingCharacters(in: .whitespaces)
    }

    private func justPaired() -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.connecting(to: "beamer:1599"))), now: .zero)
        _ = state.reduce(.source(.link(.connected(server: "Impress · beamer"))), now: .milliseconds(10))
        _ = state.reduce(.source(.link(.connected(server: "Impress 25.2 · beamer"))), now: .milliseconds(20))
        return state
    }

    func testRightAfterPairingThePadAsksAndRefusesToStart() {
        var state = justPaired()
        var grid = renderPad(&state, width: 80, height: 24, now: .milliseconds(100))
        XCTAssertTrue(statusLine(grid).contains("asking about the show…"), statusLine(grid))
        XCTAssertFalse(grid.text.contains("no show"), "nothing false about the show")
        XCTAssertFalse(grid.text.contains("F5 starts") || grid.text.contains("Press F5"))
        for key in [Key.function(5), Key.function(17)] {
            let effects = state.reduce(.key(key), now: .milliseconds(200))
            XCTAssertEqual(effects, [], "\(key): nothing sent")
            grid = renderPad(&state, width: 80, height: 24, now: .milliseconds(210))
            XCTAssertEqual(statusLine(grid), "wait: not known yet whether a show runs (nothing was sent)")
        }
    }

    func testAShowThatRunsIsShownAndF5DoesNotRestartIt() {
        var state = justPaired()
        _ = state.reduce(.source(.showStarted(slideCount: 40, current: 17)), now: .milliseconds(1500))
        XCTAssertEqual(state.reduce(.key(.function(5)), now: .milliseconds(1600)), [])
        let grid = renderPad(&state, width: 80, height: 24, now: .milliseconds(1700))
        XCTAssertTrue(statusLine(grid).contains("the show is already running"), statusLine(grid))
        XCTAssertEqual(state.position, "18/40")
    }

    func testOnceImpressSaysNoShowRunsF5Starts() {
        var state = justPaired()
        _ = state.reduce(.source(.showFinished), now: .milliseconds(1500))
        let grid = renderPad(&state, width: 80, height: 24, now: .milliseconds(1600))
        XCTAssertTrue(statusLine(grid).contains("no show · F5 starts"), statusLine(grid))
        XCTAssertEqual(state.reduce(.key(.function(5)), now: .milliseconds(1700)), [.send(.start)])
    }

    func testAReconnectAsksAgain() {
        var state = justPaired()
        _ = state.reduce(.source(.showFinished), now: .milliseconds(1500))
        _ = state.reduce(.source(.link(.reconnecting(inSeconds: 2, problem: ImpressProblem.unexplained("connection reset")))), now: .milliseconds(2000))
        _ = state.reduce(.source(.link(.connected(server: "Impress 25.2 · beamer"))), now: .milliseconds(4000))
        XCTAssertEqual(state.reduce(.key(.function(5)), now: .milliseconds(4100)), [], "a show may have started meanwhile")
    }
}
