import Pdfpc
import SlideModel
import XCTest

/// What pdfpc's link says of a blank the pad kept (the pad knows no source:
/// pdfpc says whether its screen is black).
extension PdfpcConnectionTests {
    /// A show opened says a blank the pad kept ended, unless pdfpc's screen is still black.
    func testAShowOpenedSaysTheBlankEndedUnlessPdfpcIsBlack() {
        var h = Harness()
        h.pdfpc.slides = 5
        h.run(.start)
        h.serveAll()
        let started = h.events.firstIndex(of: .showStarted(slideCount: 5, current: 0))
        XCTAssertNotNil(started)
        XCTAssertEqual(h.events.firstIndex(of: .blankEnded).map { $0 + 1 }, started, "said just before the show")
        var black = Harness()
        black.pdfpc.slides = 5
        black.pdfpc.black = true
        black.run(.start)
        black.serveAll()
        XCTAssertTrue(black.events.contains(.showStarted(slideCount: 5, current: 0)))
        XCTAssertFalse(black.events.contains(.blankEnded), "pdfpc is still black: so is the pad")
        let shown = black.events.firstIndex(of: .showStarted(slideCount: 5, current: 0)) ?? .max
        XCTAssertGreaterThan(black.events.firstIndex(of: .blankStarted) ?? -1, shown, "a black screen found on connecting is BLANK")
    }

    /// A black screen made in pdfpc (its `b`) shows on the pad as BLANK, its end as the screen back.
    func testABlackScreenMadeInPdfpcIsFollowed() {
        var h = Harness()
        h.pdfpc.slides = 5
        h.run(.start)
        h.serveAll()
        XCTAssertFalse(h.events.contains(.blankStarted))
        h.pdfpc.black = true
        h.advance(to: h.now + .seconds(10))
        XCTAssertTrue(h.events.contains(.blankStarted), "the poll saw the black screen")
        let count = h.events.count
        h.pdfpc.black = false
        h.advance(to: h.now + .seconds(10))
        XCTAssertTrue(h.events[count...].contains(.blankEnded), "and its end")
        XCTAssertEqual(h.events.filter { $0 == .blankStarted }.count, 1, "said once, not at every poll")
    }
}
