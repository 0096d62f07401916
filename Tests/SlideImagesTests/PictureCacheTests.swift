import XCTest
@testable import SlideImages
import SlideModel

final class PictureCacheTests: XCTestCase {
    func key(_ slide: Int, cols: Int = 80, depth: ColorDepth = .palette256) -> PictureKey {
        PictureKey(slide: slide, content: 1, cols: cols, rows: 23, depth: depth)
    }

    func testHitsAndMissesByEveryKeyPart() {
        let cache = PictureCache<String>()
        cache.insert("a", for: key(1))
        XCTAssertEqual(cache.value(for: key(1)), "a")
        XCTAssertNil(cache.value(for: key(2)))
        XCTAssertNil(cache.value(for: key(1, cols: 79)))
        XCTAssertNil(cache.value(for: key(1, depth: .truecolor)))
        XCTAssertNil(cache.value(for: PictureKey(slide: 1, content: 2, cols: 80, rows: 23, depth: .palette256)))
    }

    func testBoundedAndLeastRecentlyUsedGoesFirst() {
        let cache = PictureCache<Int>(capacity: 3)
        cache.insert(1, for: key(1))
        cache.insert(2, for: key(2))
        cache.insert(3, for: key(3))
        _ = cache.value(for: key(1))  // 2 is now the oldest
        cache.insert(4, for: key(4))
        XCTAssertEqual(cache.count, 3)
        XCTAssertNil(cache.value(for: key(2)))
        XCTAssertEqual(cache.value(for: key(1)), 1)
        XCTAssertEqual(cache.value(for: key(3)), 3)
        XCTAssertEqual(cache.value(for: key(4)), 4)
        // Replacing an entry does not evict anything.
        cache.insert(40, for: key(4))
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.value(for: key(4)), 40)
    }

    /// Large pictures are bounded by their bytes, not only their count: a
    /// deck of big panes cannot take the pad's memory.
    func testBytesBoundTheCacheAndTheNewestStays() {
        let cache = PictureCache<Int>(capacity: 100, byteLimit: 1000) { $0 }
        for i in 1...5 { cache.insert(300, for: key(i)) }
        XCTAssertEqual(cache.count, 3, "three of 300 bytes fit in 1000")
        XCTAssertEqual(cache.bytes, 900)
        XCTAssertNil(cache.value(for: key(2)), "the oldest went first")
        XCTAssertEqual(cache.value(for: key(5)), 300)
        cache.insert(5000, for: key(6))
        XCTAssertEqual(cache.count, 1, "a picture over the limit alone is still kept: it is on screen")
        XCTAssertEqual(cache.bytes, 5000)
        cache.removeAll()
        XCTAssertEqual(cache.bytes, 0)
    }

    func testManyInsertsStayWithinCapacity() {
        let cache = PictureCache<Int>()
        for i in 0..<1000 { cache.insert(i, for: key(i)) }
        XCTAssertEqual(cache.count, 64)
        XCTAssertEqual(cache.value(for: key(999)), 999)
        XCTAssertNil(cache.value(for: key(0)))
    }

    func testOrMakeBuildsOnceAndRemoveBySlide() throws {
        let cache = PictureCache<QuantizedPicture>()
        let bytes = try Fixtures.preview(0)
        var made = 0
        func make() throws(PictureError) -> QuantizedPicture {
            made += 1
            return HalfBlockRaster.place(try PNGDecoder.decode(bytes), paneCols: 80, paneRows: 24).picture.quantized(.palette256)
        }
        let k = PictureKey(slide: 0, content: Preview(png: bytes).id, cols: 80, rows: 24, depth: .palette256)
        let first = try cache.value(for: k, orMake: make)
        let second = try cache.value(for: k, orMake: make)
        XCTAssertEqual(first, second)
        XCTAssertEqual(made, 1)
        cache.insert(first, for: key(1))
        cache.removeAll(slide: 0)
        XCTAssertNil(cache.value(for: k))
        XCTAssertEqual(cache.count, 1)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
    }

    func testEveryPreviewMadeHasAContentOfItsOwnWhichItsCopiesKeep() throws {
        let previews = try (0..<5).map { Preview(png: try Fixtures.preview($0)) }
        XCTAssertEqual(Set(previews.map(\.id)).count, 5)
        XCTAssertFalse(previews.contains { $0.id == 0 })
        let copy = previews[2]
        XCTAssertEqual(copy.id, previews[2].id, "a copy is the same picture")
    }
}

final class PanePictureTests: XCTestCase {
    func testRenderRealPreviewThroughTheCache() throws {
        let png = try Fixtures.preview(2)
        let cache = PictureCache<PanePicture>()
        let key = PictureKey(slide: 2, content: Preview(png: png).id, cols: 40, rows: 12, depth: .palette256)
        let shown = try cache.value(for: key) { () throws(PictureError) in
            try PanePicture.render(png: png, paneCols: 40, paneRows: 12, depth: .palette256)
        }
        XCTAssertEqual(shown.frame, CellRect(x: 0, y: 0, cols: 40, rows: 11))  // 40 / (16/9) / 2 = 11.25
        XCTAssertEqual(shown.cells.cols, 40)
        XCTAssertEqual(shown.cells.rows, 11)
        XCTAssertEqual(shown.cells[0, 10], QuantizedCell(glyph: "▀", foreground: .indexed(231), background: .indexed(231)))
        XCTAssertEqual(cache.value(for: key), shown)
    }

    func testBadPreviewGivesAMessageToShow() {
        XCTAssertThrowsError(try PanePicture.render(png: Array("<html>".utf8), paneCols: 40, paneRows: 12, depth: .truecolor)) {
            XCTAssertEqual(($0 as? PictureError)?.description, "picture could not be read: not a PNG")
        }
    }
}
