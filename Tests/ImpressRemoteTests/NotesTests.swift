import XCTest
@testable import SlideModel

/// `Notes` on the notes LibreOffice really sent (Fixtures), and on the edges
/// its unescaped markup allows.
final class NotesTests: XCTestCase {
    private func realNotes() throws -> [Int: String] {
        var out: [Int: String] = [:]
        for message in try ImpressFixture.parsed("lo-session-shared-deck.bin") {
            if case .slideNotes(let i, let markup) = message { out[i] = markup }
        }
        return out
    }

    func testRealNotesBecomeTheTextAsTyped() throws {
        let notes = try realNotes().mapValues(OfficeNotesMarkup.plainText(from:))
        XCTAssertEqual(notes, [
            0: "Notes for slide 1.\nSecond paragraph of slide 1 notes.",
            1: "Notes 2: special chars R&D <beta> \"quoted\" café naïve – dash.",
            2: "Notes 3: one line only.",
            3: "",
            4: "Notes 5: last slide.\nLine two.\nLine three.",
        ])
    }

    func testMarkupWithoutWrapperIsKept() {
        XCTAssertEqual(OfficeNotesMarkup.plainText(from: "plain <b>text</b>"), "plain <b>text</b>")
        XCTAssertEqual(OfficeNotesMarkup.plainText(from: ""), "")
    }

    func testHtmlLookalikesInTheTextSurvive() {
        let markup = "<html><body>a <br/> b &amp; <body> c</body></html>"
        XCTAssertEqual(OfficeNotesMarkup.plainText(from: markup), "a \n b &amp; <body> c")
    }

    func testEmptyParagraphsInTheMiddleStay() {
        XCTAssertEqual(OfficeNotesMarkup.plainText(from: "<html><body>one<br/><br/>three<br/></body></html>"), "one\n\nthree")
    }

    func testEscapeSequencesCannotReachTheTerminal() {
        let markup = "<html><body>\u{1B}[31mred\u{1B}[0m\u{9B}2J\u{0}x\u{7F}<br/></body></html>"
        let text = OfficeNotesMarkup.plainText(from: markup)
        XCTAssertEqual(text, "[31mred[0m2Jx")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
