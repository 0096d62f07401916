import Foundation
import PadTestSupport
import XCTest
@testable import ControlPadUI
@testable import PadTerminal
@testable import PadConfig
@testable import SlideModel

/// The layout modes at the sizes presenters use, and the panes cut to the slide.
final class LayoutSnapshotTests: XCTestCase {
    private func state(in mode: LayoutMode) -> PadState {
        var state = samplePadState()
        state.talkDuration = .milliseconds(20 * 60_000)
        while state.layoutMode != mode { _ = state.reduce(.key(.char("L")), now: .zero) }
        return state
    }

    func testEveryModeAtEverySize() {
        for mode in LayoutMode.allCases {
            for (w, h) in [(80, 24), (120, 40), (200, 60), (40, 12)] {
                var state = state(in: mode)
                assertSnapshot(renderPad(&state, width: w, height: h), named: "layout-\(mode.rawValue)-\(w)x\(h)")
            }
        }
    }

    /// Full screen keeps a status line (position, timer) and the go-to
    /// prompt and the help open over the slide.
    func testFullScreenKeepsTheStatusLineAndOverlays() {
        var state = state(in: .fullScreen)
        var text = renderPad(&state, width: 80, height: 24).text
        let status = String(text.split(separator: "\n").last ?? "")
        XCTAssertTrue(status.contains("3/12") && status.contains("◷ 03:21"), status)
        _ = state.reduce(.key(.char("5")), now: .zero)
        text = renderPad(&state, width: 80, height: 24).text
        XCTAssertTrue(text.contains("Go to slide"), text)
        _ = state.reduce(.key(.escape), now: .zero)
        _ = state.reduce(.key(.char("?")), now: .zero)
        text = renderPad(&state, width: 80, height: 24).text
        XCTAssertTrue(text.contains("Keys · Esc closes"), text)
        XCTAssertTrue(state.isFullScreen)
    }

    /// The current slide's picture fills its pane: at most a cell of bars
    /// on either side, in both modes with panes, 16:9 and 4:3.
    func testTheCurrentSlideHasAtMostOneCellOfBars() throws {
        for n in [0, 3] {
            let png = try Fixtures.preview(n)
            for mode in [LayoutMode.slides, .notesFirst] {
                for (w, h) in [(80, 24), (120, 40), (200, 60)] {
                    var state = state(in: mode)
                    _ = state.reduce(.source(.preview(index: 2, Preview(png: png))), now: .zero)
                    let pictures = PicturePipeline(depth: .palette256)
                    let frame = PadFrame(&state, view: PadView(clock: "14:05", pictures: pictures),
                                         size: TerminalSize(width: w, height: h), now: .milliseconds(201_000))
                    let area = frame.layout.currentPictureArea
                    var rows = Set<Int>(), cols = Set<Int>()
                    for y in area.y..<area.maxY {
                        for x in area.x..<area.maxX where frame.grid[x, y].style.background != nil {
                            rows.insert(y)
                            cols.insert(x)
                        }
                    }
                    let label = "preview-\(n) \(mode) \(w)×\(h) in \(area)"
                    let (top, bottom) = ((rows.min() ?? area.maxY) - area.y, area.maxY - 1 - (rows.max() ?? area.y))
                    let (left, right) = ((cols.min() ?? area.maxX) - area.x, area.maxX - 1 - (cols.max() ?? area.x))
                    XCTAssertLessThanOrEqual(max(top, bottom), 1, label + ": bars above or below")
                    XCTAssertLessThanOrEqual(max(left, right), 1, label + ": bars at the sides")
                }
            }
        }
    }
}
