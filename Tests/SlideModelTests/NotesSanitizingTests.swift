import XCTest
@testable import SlideModel

final class NotesSanitizingTests: XCTestCase {
    func testImpressMarkupBecomesTextAsTyped() {
        let markup = "<html><body>R&D <beta> \"quoted\" café<br/>line two<br/></body></html>"
        XCTAssertEqual(OfficeNotesMarkup.plainText(from: markup), "R&D <beta> \"quoted\" café\nline two")
    }

    func testEmptyNotesBox() {
        XCTAssertEqual(OfficeNotesMarkup.plainText(from: "<html><body><br/></body></html>"), "")
    }

    func testControlCharactersNeverSurvive() {
        XCTAssertEqual(Notes.sanitized("a\u{1B}]0;title\u{07}b\tc\r\nd\u{9B}e\u{202E}f"), "a]0;titleb    c\nde" + "f")
    }
}
