import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadConfig
import SlideModel

final class PopoverLayoutTests: XCTestCase {
    /// A popover with `text` pointing at `anchor` (marked `*`) on a w×h screen.
    private func draw(_ text: String, lines: Int = 1, anchor: (Int, Int)?, width: Int = 30, height: Int = 9) -> String {
        var grid = CellGrid(width: width, height: height)
        if let anchor { grid.put("*", x: anchor.0, y: anchor.1) }
        let placement = PopoverPlacement.place(width: DisplayWidth.of(text), height: lines,
                                               anchor: anchor.map { (x: $0.0, y: $0.1) }, in: grid.bounds)
        let inside = grid.popover(placement, theme: PopoverTheme())
        for i in 0..<lines where i < inside.height { grid.put(text, x: inside.x, y: inside.y + i, clip: inside) }
        return grid.text
    }

    func testArrowPointsDownAtAnAnchorBelow() {
        assertSnapshotText(draw("Go to: 12", anchor: (14, 8)), named: "popover-down")
    }

    func testArrowPointsUpAtAnAnchorAbove() {
        assertSnapshotText(draw("Go to: 12", anchor: (5, 0)), named: "popover-up-top-left")
    }

    func testArrowPointsRightAndLeftWhenOnlyTheSidesHaveRoom() {
        assertSnapshotText(draw("tall", lines: 5, anchor: (29, 4)), named: "popover-right-edge")
        assertSnapshotText(draw("tall", lines: 5, anchor: (0, 4)), named: "popover-left-edge")
    }

    func testCornersAndTinyScreens() {
        assertSnapshotText(draw("Go to: 12", anchor: (29, 8)), named: "popover-bottom-right-corner")
        assertSnapshotText(draw("Go to: 12", anchor: (0, 8)), named: "popover-bottom-left-corner")
        assertSnapshotText(draw("Go to: 12", anchor: (29, 0)), named: "popover-top-right-corner")
        assertSnapshotText(draw("Go to slide: 12 (1–14)", anchor: (10, 5), width: 20, height: 6), named: "popover-tiny-20x6")
        assertSnapshotText(draw("Go", anchor: (2, 1), width: 6, height: 3), named: "popover-too-tiny-for-an-arrow")
    }

    /// Every anchor on a screen: the frame stays inside, never covers the
    /// anchor, and the arrow is on the edge facing it, beside it, off the corners.
    func testEveryAnchorPosition() {
        let screen = Rect(x: 0, y: 0, width: 24, height: 10)
        for (w, h) in [(6, 1), (12, 3), (20, 6)] {
            for y in 0..<screen.height {
                for x in 0..<screen.width {
                    let p = PopoverPlacement.place(width: w, height: h, anchor: (x, y), in: screen)
                    let f = p.frame
                    let label = "content \(w)x\(h) anchor (\(x),\(y)) frame \(f)"
                    XCTAssertTrue(f.x >= 0 && f.y >= 0 && f.maxX <= screen.maxX && f.maxY <= screen.maxY, label)
                    guard let dir = p.arrow, let at = p.arrowAt else { continue }
                    XCTAssertFalse(f.contains(x: x, y: y), "covers its anchor: \(label)")
                    switch dir {
                    case .down:
                        XCTAssertEqual(at.y, f.maxY - 1, label); XCTAssertEqual(at.y + 1, y, label)
                        XCTAssertTrue(at.x >= f.x + 2 && at.x <= f.maxX - 3, "arrow on a corner: \(label)")
                    case .up:
                        XCTAssertEqual(at.y, f.y, label); XCTAssertEqual(at.y - 1, y, label)
                        XCTAssertTrue(at.x >= f.x + 2 && at.x <= f.maxX - 3, "arrow on a corner: \(label)")
                    case .right:
                        XCTAssertEqual(at.x, f.maxX - 1, label); XCTAssertEqual(at.x + 1, x, label)
                        XCTAssertTrue(at.y >= f.y + 1 && at.y <= f.maxY - 2, "arrow on a corner: \(label)")
                    case .left:
                        XCTAssertEqual(at.x, f.x, label); XCTAssertEqual(at.x - 1, x, label)
                        XCTAssertTrue(at.y >= f.y + 1 && at.y <= f.maxY - 2, "arrow on a corner: \(label)")
                    }
                }
            }
        }
    }
}
