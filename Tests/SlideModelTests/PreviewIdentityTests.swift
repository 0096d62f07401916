import XCTest
import DemoSource
@testable import SlideModel

/// A preview is read once, as it arrives: its identity (`Preview.id`), its
/// aspect and its pixel size travel with it, and the load buffer keeps the
/// preview it has when the same bytes arrive again.
final class PreviewIdentityTests: XCTestCase {
    /// Impress's 320×240 of a 16:9 slide, its shape in `pHYs`.
    func impressPNG() throws -> [UInt8] { try DemoDeck.builtIn().slides[0].preview.png }

    func testAPreviewGetsItsIdentityOnceAndEveryCopyKeepsIt() throws {
        let png = try impressPNG()
        let preview = Preview(png: png)
        XCTAssertNotEqual(preview.id, 0)
        let copies = [preview, preview]
        XCTAssertEqual(copies.map(\.id), [preview.id, preview.id], "a copy is the same picture")
        let again = Preview(png: png)
        XCTAssertNotEqual(again.id, preview.id, "each preview made is given an identity of its own")
        XCTAssertEqual(again, preview, "equal all the same: the same bytes and aspect")
        XCTAssertNotEqual(Preview(png: png + [0]), preview)
    }

    func testTheAspectAndSizeAreReadOnceAsThePreviewArrives() throws {
        let png = try impressPNG()
        let preview = Preview(png: png)
        XCTAssertEqual(try XCTUnwrap(preview.aspect), 16.0 / 9, accuracy: 0.01, "from pHYs")
        XCTAssertEqual(preview.pixelSize, PixelSize(width: 320, height: 240))
        XCTAssertEqual(Preview(png: png, aspect: 4.0 / 3).aspect, 4.0 / 3, "the source's word first")
        XCTAssertEqual(try XCTUnwrap(Preview(png: png, aspect: .nan).aspect), 16.0 / 9, accuracy: 0.01, "a nonsensical word is not")
        XCTAssertEqual(try XCTUnwrap(Preview(png: png, aspect: 0).aspect), 16.0 / 9, accuracy: 0.01)
        XCTAssertNil(Preview(png: Array("<html>".utf8)).aspect, "not a PNG: no aspect")
        XCTAssertNil(Preview(png: []).pixelSize)
    }

    func testTheSameBytesArrivingAgainKeepTheIdentityAChangedPreviewGetsANewOne() throws {
        let png = try impressPNG()
        var buffer = LoadBuffer()
        buffer.request(.current, slide: 3, size: PixelSize(width: 800, height: 450))
        let first = Preview(png: png)
        XCTAssertEqual(buffer.arrive(preview: first, for: 3), [.current])
        XCTAssertEqual(buffer.arrive(preview: Preview(png: png), for: 3), [], "a duplicate changes no view")
        XCTAssertEqual(buffer.preview(of: 3)?.id, first.id, "and the picture shown keeps its identity")
        let edited = Preview(png: png + [0])
        XCTAssertEqual(buffer.arrive(preview: edited, for: 3), [.current])
        XCTAssertEqual(buffer.content(for: .current)?.preview?.id, edited.id, "a changed preview is a new picture")
        XCTAssertEqual(buffer.pictureWants().first?.have, PixelSize(width: 320, height: 240), "its size, read as it arrived")
    }

    func testTheReducerKeepsTheIdentityOfAnUnchangedPreview() throws {
        let png = try impressPNG()
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 0)), now: .zero)
        let first = Preview(png: png)
        _ = state.reduce(.source(.preview(index: 0, first)), now: .zero)
        _ = state.reduce(.source(.preview(index: 0, Preview(png: png))), now: .zero)
        XCTAssertEqual(state.buffer.preview(of: 0)?.id, first.id)
        XCTAssertEqual(try XCTUnwrap(state.slideAspect), 16.0 / 9, accuracy: 0.01, "the show's aspect, from the preview's")
        let edited = Preview(png: png + [1])
        _ = state.reduce(.source(.preview(index: 0, edited)), now: .zero)
        XCTAssertEqual(state.buffer.preview(of: 0)?.id, edited.id)
    }
}
