import XCTest
@testable import SlideModel

/// pdfpc's notes (Markdown, as typed) read into rich text: no `**`, `#` or
/// `|` ever reaches the screen, and a star that marks nothing stays.
final class MarkdownNotesTests: XCTestCase {
    private func read(_ markdown: String) -> RichText { MarkdownNotes.read(markdown) }

    func testParagraphsKeepTheirLinesAndBlankLinesSeparateThem() {
        XCTAssertEqual(read("Notes for slide 1.\nSecond line.\n\n\nNext paragraph.").blocks, [
            .paragraph([RichRun("Notes for slide 1.\nSecond line.")]), .paragraph([]), .paragraph([RichRun("Next paragraph.")]),
        ])
    }

    func testInlineMarks() {
        XCTAssertEqual(read("a **bold** and __bold__, *it* and _it_, ***both***, `co*de*`, ~~gone~~ marks").blocks, [.paragraph([
            RichRun("a "), RichRun("bold", .bold), RichRun(" and "), RichRun("bold", .bold), RichRun(", "), RichRun("it", .italic),
            RichRun(" and "), RichRun("it", .italic), RichRun(", "), RichRun("both", [.bold, .italic]), RichRun(", "),
            RichRun("co*de*", .code), RichRun(", gone marks"),
        ])])
    }

    func testMarksThatMarkNothingStayText() {
        XCTAssertEqual(read("5 * 3 = 15, snake_case_name, **unclosed, a").plainText, "5 * 3 = 15, snake_case_name, **unclosed, a")
        XCTAssertEqual(read("**one, a*").blocks, [.paragraph([RichRun("*"), RichRun("one, a", .italic)])], "as CommonMark pairs them")
        XCTAssertEqual(read("`unclosed code and \\*escaped\\* \\_ \\\\ \\# \\|").plainText, "`unclosed code and *escaped* _ \\ # |")
        XCTAssertEqual(read("[the site](https://example.org) and [not a link]").plainText, "the site and [not a link]")
    }

    func testNestedListsByIndentKeepTheirNumbers() {
        let rich = read("""
            - a **bold** point
            - second
              1. first
              2. second
                 * deeper
            + back out
            10) ten
            """)
        XCTAssertEqual(rich.blocks, [
            .item(depth: 0, marker: nil, [RichRun("a "), RichRun("bold", .bold), RichRun(" point")]),
            .item(depth: 0, marker: nil, [RichRun("second")]),
            .item(depth: 1, marker: "1.", [RichRun("first")]),
            .item(depth: 1, marker: "2.", [RichRun("second")]),
            .item(depth: 2, marker: nil, [RichRun("deeper")]),
            .item(depth: 0, marker: nil, [RichRun("back out")]),
            .item(depth: 0, marker: "10.", [RichRun("ten")]),
        ])
        XCTAssertEqual(read("**not** a list\n-not either\n*emphasis* first").plainText, "not a list\n-not either\nemphasis first")
    }

    func testHeadingsRulesQuotesAndFences() {
        XCTAssertEqual(read("# Title #\ntext\n\n---\n> quoted *words*\n\n```\nlet x = 1\n```\n#hashtag").blocks, [
            .heading(level: 1, [RichRun("Title", .bold)]),
            .paragraph([RichRun("text")]), .paragraph([]),
            .paragraph([RichRun("quoted "), RichRun("words", .italic)]), .paragraph([]),
            .paragraph([RichRun("let x = 1", .code)]), .paragraph([]),
            .paragraph([RichRun("#hashtag")]),
        ])
    }

    func testPipeTables() {
        let rich = read("""
            | Year | Sales |
            |------|:-----:|
            | 2025 | **1 M** |
            | 2026 | 2 \\| 3 |
            after
            """)
        XCTAssertEqual(rich.blocks, [
            .table([
                RichTableRow(cells: [[RichRun("Year", .bold)], [RichRun("Sales", .bold)]], isHeader: true),
                RichTableRow(cells: [[RichRun("2025")], [RichRun("1 M", .bold)]]),
                RichTableRow(cells: [[RichRun("2026")], [RichRun("2 | 3")]]),
            ]),
            .paragraph([]), .paragraph([RichRun("after")]),
        ])
        XCTAssertEqual(read("a | b\nno delimiter row").plainText, "a | b\nno delimiter row", "a pipe alone makes no table")
    }

    func testCJKAndControlsAndGarbage() {
        XCTAssertEqual(read("日本語の**ノート**").blocks, [.paragraph([RichRun("日本語の"), RichRun("ノート", .bold)])])
        let text = read("red \u{1B}[31m\ttext\u{07}\r\n\u{9B}2J **x\u{0}y**").plainText
        XCTAssertFalse(text.unicodeScalars.contains { Notes.isControl($0) && $0 != "\n" }, text.debugDescription)
        for garbage in ["*", "**", "***", "_", "`", "``", "[", "[](", "|", "|-|", "#", "-", "1.", "> ", "```", "\\", "*_*_*_", "~~~"] {
            XCTAssertFalse(read(garbage).plainText.contains("\u{0}"), garbage)
        }
    }

    func testDeepNestingAndHugeInputStayBounded() {
        let deep = (0..<3_000).map { String(repeating: " ", count: $0) + "- item \($0)" }.joined(separator: "\n")
        let rich = read(deep)
        XCTAssertTrue(rich.blocks.allSatisfy { if case .item(let depth, _, _) = $0 { depth <= HTMLNotes.maxDepth } else { false } })
        let stars = read(String(repeating: "*a ", count: 60_000))
        XCTAssertFalse(stars.blocks.isEmpty)
        let huge = String(repeating: "- a **bold** point with `code`\n", count: 40_000)  // 1.2 MB
        let start = ContinuousClock.now
        XCTAssertLessThanOrEqual(read(huge).plainText.utf8.count, MarkdownNotes.maxBytes)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testHostileLinesAreReadInOnePass() {
        // Every `[` looking for its `]`, every backtick run for its closer: once per line, not once per mark.
        let brackets = String(repeating: "[", count: 200_000)
        let backticks = (1...600).map { String(repeating: "`", count: $0) + "x" }.joined()  // 180 K, no run closes another
        let start = ContinuousClock.now
        XCTAssertEqual(read(brackets).plainText.count, 200_000)
        XCTAssertEqual(read(backticks).plainText.filter { $0 == "x" }.count, 600)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(3))
    }
}
