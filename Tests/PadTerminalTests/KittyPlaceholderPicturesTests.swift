import Foundation
import XCTest
import PadGrid
@testable import PadTerminal

/// kitty's Unicode placeholders through tmux, byte for byte against kitty's
/// published format (its graphics protocol, "Unicode placeholders": the
/// examples there are checked as written) and tmux's passthrough. kitty
/// 0.26, the one here, has no placeholders (0.28+): these bytes are what
/// was tested.
final class KittyPlaceholderPicturesTests: XCTestCase {
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 9, count: 5000)

    private func text(_ scalars: UInt32...) -> [UInt8] {
        Array(String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! })).utf8)
    }

    func testARowIsKittysExample() {
        // kitty's docs: the placeholder for image 33554474 = 42 + (2 << 24),
        // "\e[38;5;42m\U10EEEE\U0305\U0305\U030E\U10EEEE\U0305\U030D\U030E";
        // the pad writes the first cell whole and lets the rest follow from
        // it (the docs' 2 × 3 example: "\U10EEEE\U0305\U10EEEE\U10EEEE").
        let id: UInt32 = 42 + (2 << 24)
        XCTAssertEqual(KittyPlaceholderPictures.placeholderRow(id: id, row: 0, columns: 2),
                       Array("\u{1B}[38;5;42m".utf8) + text(0x10EEEE, 0x0305, 0x0305, 0x030E, 0x10EEEE) + Array("\u{1B}[39m".utf8))
        XCTAssertEqual(KittyPlaceholderPictures.placeholderRow(id: id, row: 1, columns: 3),
                       Array("\u{1B}[38;5;42m".utf8) + text(0x10EEEE, 0x030D, 0x0305, 0x030E, 0x10EEEE, 0x10EEEE) + Array("\u{1B}[39m".utf8))
        XCTAssertEqual(KittyPlaceholderDiacritics.all.count, 297, "kitty's rowcolumn-diacritics.txt")
        XCTAssertEqual(Array(KittyPlaceholderDiacritics.all.prefix(3)), [0x0305, 0x030D, 0x030E])
    }

    func testPassthroughDoublesEveryEscape() {
        XCTAssertEqual(KittyPlaceholderPictures.passthrough(Array("\u{1B}_Ga=d\u{1B}\\".utf8)),
                       Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d\u{1B}\u{1B}\\\u{1B}\\".utf8))
    }

    func testImageIDsAreDistinctAndNeverOneOfTheSixteenColours() {
        var seen: Set<UInt32> = []
        for slide in 0..<2000 {
            for place in 1...3 {
                let id = KittyPlaceholderPictures.imageID(slide: slide, place: place)
                XCTAssertGreaterThanOrEqual(id & 0xFF, 16)
                XCTAssertTrue(seen.insert(id).inserted, "slide \(slide) place \(place)")
            }
        }
    }

    /// The kitty commands inside the passthroughs of `bytes`, unwrapped:
    /// a doubled ESC is one, a single ESC and `\\` ends the passthrough.
    private func commands(_ bytes: [UInt8]) -> [String] {
        let start = Array("\u{1B}Ptmux;".utf8)
        var out: [String] = [], i = 0
        while i + start.count <= bytes.count {
            guard Array(bytes[i..<(i + start.count)]) == start else { i += 1; continue }
            i += start.count
            var inner: [UInt8] = []
            while i + 1 < bytes.count {
                if bytes[i] == 0x1B && bytes[i + 1] == 0x1B { inner.append(0x1B); i += 2 } else if bytes[i] == 0x1B && bytes[i + 1] == 0x5C { i += 2; break } else { inner.append(bytes[i]); i += 1 }
            }
            var text = String(decoding: inner, as: UTF8.self)
            if text.hasSuffix("\u{1B}\\") { text.removeLast(2) }
            out.append(text)
        }
        return out
    }

    func testAPictureIsSentOncePlacedVirtuallyAndDrawnAsText() throws {
        let pictures = KittyPlaceholderPictures()
        let place = PicturePlacement(slide: 3, content: 7, rect: Rect(x: 2, y: 1, width: 30, height: 10), aspect: 16.0 / 9, png: png)
        _ = pictures.prepare([place], fullRepaint: false)
        let first = pictures.bytes([place], screenHeight: 40) { _ in false }
        let id = KittyPlaceholderPictures.imageID(slide: 3, place: 1)
        let sent = commands(first)
        XCTAssertTrue(sent[0].hasPrefix("\u{1B}_Ga=t,f=100,t=d,i=\(id),q=2,m=1;"), sent[0])
        XCTAssertTrue(sent.contains("\u{1B}_Ga=p,U=1,i=\(id),c=30,r=10,q=2"), "the virtual placement of the place's cells")
        let payload = sent.filter { !$0.contains("a=p") }.map { $0.split(separator: ";", maxSplits: 1)[1] }.joined()
        XCTAssertEqual([UInt8](try XCTUnwrap(Data(base64Encoded: payload))), png, "the PNG, whole, in chunks")
        XCTAssertTrue(sent.filter { $0.contains("a=t") || $0.hasPrefix("\u{1B}_Gm=") }.allSatisfy { $0.contains("q=2") || $0.hasPrefix("\u{1B}_Gm=") },
                      "quiet: no answer to come through tmux")
        // The text: each row at its place, the image's colour, U+10EEEE.
        // (Bytes and scalars, not Swift's characters: a cell and its diacritics are one character.)
        func cells(_ bytes: [UInt8]) -> Int { String(decoding: bytes, as: UTF8.self).unicodeScalars.filter { $0.value == 0x10EEEE }.count }
        for row in 0..<10 {
            let start = Array("\u{1B}[\(row + 2);3H\u{1B}[38;5;\(id & 0xFF)m".utf8) + text(0x10EEEE, KittyPlaceholderDiacritics.all[row], 0x0305)
            XCTAssertNotNil(first.indices.first { first[$0...].starts(with: start) }, "row \(row) at its place, numbered")
        }
        XCTAssertEqual(cells(first), 300, "every cell")
        XCTAssertTrue(first.starts(with: [0x1B, 0x37]) && first.suffix(2) == [0x1B, 0x38], "cursor and rendition kept")
        // Unchanged: nothing; text written under it: the text again, not the picture.
        XCTAssertEqual(pictures.bytes([place], screenHeight: 40) { _ in false }, [])
        let again = pictures.bytes([place], screenHeight: 40) { _ in true }
        XCTAssertTrue(commands(again).isEmpty)
        XCTAssertEqual(cells(again), 300)
        // Another size (a resize of the pane): a new virtual placement, no PNG.
        var wider = place
        wider.rect = Rect(x: 2, y: 1, width: 40, height: 12)
        XCTAssertEqual(pictures.prepare([wider], fullRepaint: false), [place.rect])
        XCTAssertEqual(commands(pictures.bytes([wider], screenHeight: 40) { _ in false }), ["\u{1B}_Ga=p,U=1,i=\(id),c=40,r=12,q=2"])
        // A new preview of the slide: sent again.
        var newer = wider
        newer.content = 8
        XCTAssertTrue(commands(pictures.bytes([newer], screenHeight: 40) { _ in false })[0].contains("a=t,f=100"))
        // Quitting frees it.
        XCTAssertEqual(commands(pictures.freeAll()), ["\u{1B}_Ga=d,d=I,i=\(id),q=2"])
    }

    func testTheSameSlideInTwoPlacesIsTwoImages() {
        let pictures = KittyPlaceholderPictures()
        let big = PicturePlacement(slide: 1, content: 7, rect: Rect(x: 0, y: 0, width: 60, height: 20), aspect: 2, png: png)
        let small = PicturePlacement(slide: 1, content: 7, rect: Rect(x: 70, y: 0, width: 20, height: 6), aspect: 2, png: png)
        let placements = commands(pictures.bytes([big, small], screenHeight: 40) { _ in false }).filter { $0.contains("U=1") }
        XCTAssertEqual(placements, ["\u{1B}_Ga=p,U=1,i=\(KittyPlaceholderPictures.imageID(slide: 1, place: 1)),c=60,r=20,q=2",
                                    "\u{1B}_Ga=p,U=1,i=\(KittyPlaceholderPictures.imageID(slide: 1, place: 2)),c=20,r=6,q=2"],
                       "each place its own size")
    }

    func testKittyChosenInsideTmuxGetsPlaceholdersAndAutoSaysWhyNot() {
        let answers: (String) -> TerminalProbe = { _ in var p = TerminalProbe(); p.take(.version("tmux 3.5a")); p.take(.deviceAttributes([1, 2])); return p }
        let chosen = PictureSetup.decide(choice: .kitty, colorOn: true, environment: ["TMUX": "x"], probe: answers)
        XCTAssertEqual(chosen.mode.kind, .kittyPlaceholders)
        XCTAssertTrue(chosen.mode.reason.contains("allow-passthrough"), chosen.mode.reason)
        let auto = PictureSetup.decide(choice: .auto, colorOn: true, environment: ["TMUX": "x"], probe: answers)
        XCTAssertEqual(auto.mode.kind, .blocks)
        XCTAssertTrue(auto.mode.reason.contains("--pictures kitty"), auto.mode.reason)
    }
}
