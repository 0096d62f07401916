import XCTest
@testable import PadTerminal

/// A locale that is not UTF-8 gets ASCII, each cell as wide as before.
final class AsciiGlyphsTests: XCTestCase {
    func testFramesMarksAndTheClockHaveASCIIStandIns() {
        XCTAssertEqual(["┌", "─", "│", "╯", "▶", "●", "◌", "·", "…", "◷", "█", "▀", "✘"].map { AsciiGlyphs.fallback($0, width: 1) },
                       ["+", "-", "|", "+", ">", "*", "o", ".", ".", "T", "#", "\"", "x"])
    }

    /// "§ 1/5 Welcome" under LANG=C: a heading's mark, never "?" (issue 52, item 14).
    func testTheSectionMarkIsAHash() {
        XCTAssertEqual(AsciiGlyphs.fallback("§", width: 1), "#")
    }

    func testPlainTextIsKeptAndTheRestIsAQuestionMarkPerColumn() {
        XCTAssertEqual(AsciiGlyphs.fallback("a", width: 1), "a")
        XCTAssertEqual(AsciiGlyphs.fallback("é", width: 1), "e")
        XCTAssertEqual(AsciiGlyphs.fallback("漢", width: 2), "??")
        XCTAssertEqual(AsciiGlyphs.fallback("🙂", width: 2), "??")
    }

    func testAPictureCellIsASpaceInItsLowerColour() {
        XCTAssertEqual(AsciiGlyphs.fallback("▀", width: 1, picture: true), " ")
    }
}
