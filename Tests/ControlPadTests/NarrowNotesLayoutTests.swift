import XCTest
@testable import ControlPadUI
import PadGrid
@testable import SlideModel

/// In 60–100 × 14–20 windows the notes never get a column too narrow to
/// read: below a readable width they go under the slides (issue 30, item 10).
final class NarrowNotesLayoutTests: XCTestCase {
    private func overlap(_ a: Rect, _ b: Rect) -> Bool {
        !a.isEmpty && !b.isEmpty && a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    func testTheNotesAreReadableOrUnderTheSlidesAtEverySizeInTheRange() {
        for width in 60...100 {
            for height in 14...20 {
                let layout = PadLayout(width: width, height: height)
                let inside = layout.notes.width - 2
                XCTAssertGreaterThanOrEqual(inside, PadLayout.minNotesWidth,
                                            "\(width)×\(height): notes \(layout.notes) beside current \(layout.current)")
                XCTAssertGreaterThanOrEqual(layout.notes.height, PadLayout.minNotesHeight, "\(width)×\(height)")
                XCTAssertFalse(overlap(layout.notes, layout.current) || overlap(layout.notes, layout.next), "\(width)×\(height)")
            }
        }
    }

    func testAt80By16TheNotesWordsAreWhole() {
        var state = samplePadState()
        let text = renderPad(&state, width: 80, height: 16).text
        XCTAssertTrue(text.contains("Remember the R&D figures"), text)
        XCTAssertTrue(text.contains("Notes"), text)
    }
}
