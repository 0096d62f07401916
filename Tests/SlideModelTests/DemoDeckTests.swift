import XCTest
@testable import SlideModel
@testable import DemoSource

/// The demo deck is built into the binary (EmbedDemoDeck plugin): no files
/// beside it are needed.
final class DemoDeckTests: XCTestCase {
    func testBuiltInDeckHasItsFourteenSlidesWithPicturesAndNotes() throws {
        let deck = try DemoDeck.builtIn()
        XCTAssertEqual(deck.title, "A tour of ControlPad")
        XCTAssertEqual(deck.slides.count, 14)
        for slide in deck.slides {
            XCTAssertEqual(Array(slide.preview.png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
            XCTAssertNotNil(slide.preview.aspect, "pHYs read: the true aspect is known")
        }
        let notes = OfficeNotesMarkup.plainText(from: try XCTUnwrap(deck.slides[0].notesMarkup))
        XCTAssertFalse(notes.isEmpty)
    }

    func testTheSameFilesOnDiskGiveTheSameDeck() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/DemoSource/Resources/DemoDeck").standardized
        let fromDisk = try DemoDeck.load(slideCount: nil) { FileManager.default.contents(atPath: dir.appendingPathComponent($0).path) }
        let builtIn = try DemoDeck.builtIn()
        XCTAssertEqual(fromDisk.slides.map(\.preview.png), builtIn.slides.map(\.preview.png))
        XCTAssertEqual(fromDisk.slides.map(\.notesMarkup), builtIn.slides.map(\.notesMarkup))
    }

    func testAMissingFileSaysWhich() {
        XCTAssertThrowsError(try DemoDeck.load(slideCount: nil) { $0 == "deck.txt" ? Data("2\nTwo\n".utf8) : nil }) {
            XCTAssertEqual("\($0)", "the demo deck is damaged: slide-01.png")
        }
    }
}
