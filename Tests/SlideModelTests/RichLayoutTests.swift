import XCTest
@testable import SlideModel

/// Rich notes laid out for the pane: wrapped by display columns, bullets
/// with their lines under their text, tables in aligned columns.
final class RichLayoutTests: XCTestCase {
    private func texts(_ rich: RichText, width: Int) -> [String] { RichLayout.lines(rich, width: width).map(\.text) }

    func testParagraphsWrapAtSpacesAndKeepTheirStyles() {
        let rich = RichText([.paragraph([RichRun("one two "), RichRun("three four", .bold), RichRun(" five")])])
        let lines = RichLayout.lines(rich, width: 10)
        XCTAssertEqual(lines.map(\.text), ["one two", "three four", "five"])
        XCTAssertEqual(lines[1].runs, [RichRun("three four", .bold)])
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0.text) <= 10 })
    }

    func testBulletsHangAndNestAndNumbersStay() {
        let rich = MarkdownNotes.read("- a **bold** point that wraps\n  1. first step here\n- end")
        XCTAssertEqual(texts(rich, width: 16), [
            "• a bold point",
            "  that wraps",
            "  1. first step",
            "     here",
            "• end",
        ])
    }

    func testCJKBreaksBetweenWideCharactersAndNeverSplitsOne() {
        let rich = RichText([.paragraph([RichRun("notes: 日本語のノートと中文")])])
        let lines = texts(rich, width: 12)
        XCTAssertEqual(lines, ["notes: 日本", "語のノートと", "中文"], "the line is filled, not broken at the space before the CJK")
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 12 })
        XCTAssertEqual(texts(RichText([.paragraph([RichRun("日本")])]), width: 1), ["日", "本"], "a wide character wider than the pane is a line by itself")
    }

    func testTablesAreAlignedByDisplayWidth() {
        let rich = MarkdownNotes.read("| City | Population |\n|---|---|\n| 東京 | 14 M |\n| Oslo | 0.7 M |")
        XCTAssertEqual(texts(rich, width: 40), [
            "City │ Population",
            "─────┼───────────",
            "東京 │ 14 M",
            "Oslo │ 0.7 M",
        ])
        let lines = RichLayout.lines(rich, width: 40)
        XCTAssertEqual(lines[0].runs.first, RichRun("City", .bold), "the header is bold")
    }

    func testWideTablesShrinkToThePaneAndWrapTheirCells() {
        let rich = HTMLNotes.read("<table><tr><th>Id</th><th>What to say about this</th></tr><tr><td>1</td><td>a long cell that must wrap</td></tr></table>")
        let lines = texts(rich, width: 16)
        XCTAssertEqual(lines, [
            "Id │ What to say",
            "   │ about this",
            "───┼────────────",
            "1  │ a long cell",
            "   │ that must",
            "   │ wrap",
        ])
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 16 })
        for width in 1...20 {
            for line in texts(rich, width: width) { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "\(width): \(line)") }
        }
    }

    func testColumnWidthsShareWhatIsLeft() {
        XCTAssertEqual(TableLayout.fit([3, 30, 20], into: 23), [3, 10, 10])
        XCTAssertEqual(TableLayout.fit([3, 4], into: 20), [3, 4], "a table that fits keeps its widths")
        XCTAssertEqual(TableLayout.fit([5, 5, 5], into: 2), [1, 1, 1], "at least one column each")
    }

    func testPlainTextIsWrappedAsItAlwaysWas() {
        let text = "- a typed bullet that wraps under its text\n日本語"
        XCTAssertEqual(RichLayout.lines(plain: text, width: 14).map(\.text), TextWrap.lines(text, width: 14))
    }

    func testAGapSeparatesBlocksButNotItems() {
        let rich = HTMLNotes.read("<h3>Intro</h3><p>Hello</p><ul><li>a</li><li>b</li></ul><p>Bye</p>")
        XCTAssertEqual(texts(rich, width: 20), ["Intro", "Hello", "", "• a", "• b", "", "Bye"])
    }
}
