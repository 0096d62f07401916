import XCTest
@testable import SlideModel

/// The load buffer's requests carry the pixel size a view wants: the
/// current and next panes first, list rows after them at the current
/// pane's size, one want per slide, with the size of what the pad holds.
final class PictureWantsTests: XCTestCase {
    func testRequestsCarryTheirSizeMostWantedFirst() {
        var buffer = LoadBuffer()
        buffer.request(.listRow(0), slide: 0)
        buffer.request(.next, slide: 4, size: PixelSize(width: 400, height: 300))
        buffer.request(.current, slide: 3, size: PixelSize(width: 800, height: 600))
        buffer.request(.notes, slide: 3)
        buffer.request(.listRow(1), slide: 3)  // the same slide as the current pane: one want
        XCTAssertEqual(buffer.pictureWants(), [
            PictureWant(slide: 3, size: PixelSize(width: 800, height: 600)),
            PictureWant(slide: 4, size: PixelSize(width: 400, height: 300)),
            PictureWant(slide: 0, size: PixelSize(width: 800, height: 600)),
        ])
        XCTAssertEqual(buffer.size(for: .current), PixelSize(width: 800, height: 600))
        XCTAssertNil(buffer.size(for: .listRow(0)))

        // The last request per tag wins, size included; a tag that goes wants nothing.
        buffer.request(.current, slide: 5, size: PixelSize(width: 1600, height: 900))
        buffer.remove(.next)
        XCTAssertEqual(buffer.pictureWants().map(\.slide), [5, 0, 3])
        XCTAssertEqual(buffer.pictureWants().first?.size, PixelSize(width: 1600, height: 900))
        XCTAssertNil(buffer.size(for: .next))
    }

    func testAWantSaysThePictureThePadHolds() {
        var buffer = LoadBuffer()
        buffer.request(.current, slide: 1, size: PixelSize(width: 800, height: 450))
        XCTAssertNil(buffer.pictureWants().first?.have)
        let png = PdfpcConnectionTests.FakePdfpc.pngHeader(PixelSize(width: 400, height: 225))
        XCTAssertEqual(buffer.arrive(preview: Preview(png: png), for: 1), [.current], "any picture of the slide fills the view")
        XCTAssertEqual(buffer.pictureWants().first?.have, PixelSize(width: 400, height: 225))
        XCTAssertEqual(buffer.content(for: .current)?.preview?.png, png)
    }

    func testThePadAsksForItsPanesPixelSizes() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.connected(server: "pdfpc · 127.0.0.1"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 1)), now: .zero)
        _ = state.reduce(.viewport(Viewport(currentPixels: PixelSize(width: 700, height: 740),
                                            nextPixels: PixelSize(width: 460, height: 280))), now: .zero)
        XCTAssertEqual(state.buffer.pictureWants(), [
            PictureWant(slide: 1, size: PixelSize(width: 700, height: 740)),
            PictureWant(slide: 2, size: PixelSize(width: 460, height: 280)),
        ])
        _ = state.reduce(.key(.right), now: .milliseconds(10))
        XCTAssertEqual(state.buffer.pictureWants().map(\.slide), [1, 3], "the next pane moves with the press")
    }
}
