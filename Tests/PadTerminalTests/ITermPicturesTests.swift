import Foundation
import XCTest
import PadGrid
@testable import PadTerminal

/// iTerm2's inline images (OSC 1337), byte for byte against the format its
/// documentation publishes ("Inline Images Protocol"): `ESC ] 1337 ; File =
/// key=value;… : base64 BEL`, `inline=1` to show it, `size` the file's bytes,
/// `width` and `height` bare numbers (cells). No iTerm2 or WezTerm runs
/// here: these bytes are what was tested.
final class ITermPicturesTests: XCTestCase {
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100)

    /// The arguments and the payload of every OSC 1337 in `bytes`.
    private func files(_ bytes: [UInt8]) -> [(arguments: [String: String], payload: [UInt8])] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\u{1B}]1337;File=").dropFirst().map { part in
            let body = part.prefix { $0 != "\u{07}" }
            let (head, data) = (body.prefix { $0 != ":" }, body.drop { $0 != ":" }.dropFirst())
            var arguments: [String: String] = [:]
            for pair in head.split(separator: ";") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                arguments[String(kv[0])] = kv.count > 1 ? String(kv[1]) : ""
            }
            return (arguments, [UInt8](Data(base64Encoded: String(data)) ?? Data()))
        }
    }

    func testTheSequenceIsThePublishedFormat() {
        let bytes = ITermPictures.sequence(png: png, columns: 40, rows: 12)
        XCTAssertEqual(Array(bytes.prefix(12)), Array("\u{1B}]1337;File=".utf8))
        XCTAssertEqual(bytes.last, 0x07, "ended by BEL, as iTerm2's examples are")
        XCTAssertEqual(bytes.filter { $0 == 0x1B }.count, 1, "one escape: the base64 carries none")
        let file = try! XCTUnwrap(files(bytes).first)
        XCTAssertEqual(file.arguments["inline"], "1", "shown, not downloaded")
        XCTAssertEqual(file.arguments["size"], "\(png.count)")
        XCTAssertEqual(file.arguments["width"], "40", "a bare number is cells")
        XCTAssertEqual(file.arguments["height"], "12")
        XCTAssertEqual(file.arguments["preserveAspectRatio"], "1")
        XCTAssertEqual(file.payload, png, "the PNG, whole")
    }

    func testAPictureIsDrawnAtItsPlaceAndWrittenAgainOnlyWhenItChangedOrWasPaintedOver() {
        let pictures = ITermPictures()
        let place = PicturePlacement(slide: 1, content: 11, rect: Rect(x: 2, y: 3, width: 40, height: 12), aspect: 16.0 / 9, png: png)
        _ = pictures.prepare([place], fullRepaint: false)
        let first = pictures.bytes([place], screenHeight: 40) { _ in false }
        let text = String(decoding: first, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}7\u{1B}[4;3H\u{1B}]1337;File="), "saved cursor, then at row 4, column 3 (1-based)")
        XCTAssertTrue(text.hasSuffix("\u{07}\u{1B}8"), "the cursor and rendition restored after")
        XCTAssertEqual(pictures.bytes([place], screenHeight: 40) { _ in false }, [], "unchanged: nothing")
        XCTAssertEqual(files(pictures.bytes([place], screenHeight: 40) { _ in true }).count, 1, "text written under it: again")
        var next = place
        next.content = 12
        XCTAssertEqual(files(pictures.bytes([next], screenHeight: 40) { _ in false }).count, 1, "a new preview: again")
        // Moved: the old place's cells are written again.
        var moved = next
        moved.rect = Rect(x: 50, y: 3, width: 40, height: 12)
        XCTAssertEqual(pictures.prepare([moved], fullRepaint: false), [place.rect])
    }

    func testNeverDownToTheLastRow() {
        let pictures = ITermPictures()
        let place = PicturePlacement(slide: 1, content: 11, rect: Rect(x: 0, y: 30, width: 40, height: 10), aspect: 2, png: png)
        let file = files(pictures.bytes([place], screenHeight: 40) { _ in false }).first
        XCTAssertEqual(file?.arguments["height"], "9", "rows 30–38: row 39, the last, would scroll")
    }
}
