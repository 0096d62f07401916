@testable import ControlPadUI
import SlideModel
import XCTest

/// `send` and `watch` stay connected until Impress has sent the last
/// preview of the show it streams (LibreOffice hangs if they leave earlier).
final class PreviewStreamTests: XCTestCase {
    func testCompleteOnceTheLastSlideArrivesOrNoShowRuns() {
        var stream = PreviewStream()
        XCTAssertTrue(stream.isComplete, "nothing streams before a show")
        stream.note(.showStarted(slideCount: 3, current: 1))
        XCTAssertFalse(stream.isComplete)
        stream.note(.preview(index: 0, Preview(png: [])))
        stream.note(.notes(index: 1, "x"))
        stream.note(.slideChanged(index: 2))
        XCTAssertFalse(stream.isComplete, "slides 0 and 1 are not the end")
        stream.note(.preview(index: 2, Preview(png: [])))
        XCTAssertTrue(stream.isComplete)
        // A resume starts the whole stream again.
        stream.note(.showStarted(slideCount: 3, current: 2))
        XCTAssertEqual(stream.awaiting, 3)
        stream.note(.showFinished)
        XCTAssertTrue(stream.isComplete, "a stopped show streams nothing more")
    }

    func testOnlyShowContentCountsAsTraffic() {
        XCTAssertTrue(PreviewStream.isTraffic(.notes(index: 0, "")))
        XCTAssertTrue(PreviewStream.isTraffic(.showStarted(slideCount: 1, current: 0)))
        XCTAssertFalse(PreviewStream.isTraffic(.slideChanged(index: 0)))
        XCTAssertFalse(PreviewStream.isTraffic(.link(.connected(server: "x"))))
    }
}
