import XCTest
@testable import SlideModel

/// reveal.js's notes (HTML) read into rich text: each construct notes use,
/// entities, and whatever else a deck may hold, never as markup.
final class HTMLNotesTests: XCTestCase {
    private func read(_ html: String) -> RichText { HTMLNotes.read(html) }

    func testParagraphsAndBreaksAreBlocksAndLines() {
        let rich = read("<p>First  paragraph\n continues.</p><p>Second<br>line two</p><div>Third</div>")
        XCTAssertEqual(rich.blocks, [
            .paragraph([RichRun("First paragraph continues.")]), .paragraph([]),
            .paragraph([RichRun("Second\nline two")]), .paragraph([]),
            .paragraph([RichRun("Third")]),
        ], "white space collapses as in a browser; <br> is a line break")
    }

    func testBoldItalicUnderlineAndCodeAreStylesNotTags() {
        let rich = read("a <b>bold</b> <strong>strong</strong> <i>it</i> <em>em</em> <u>under</u> <code>x()</code> <b><i>both</i></b>")
        XCTAssertEqual(rich.blocks, [.paragraph([
            RichRun("a "), RichRun("bold", .bold), RichRun(" "), RichRun("strong", .bold), RichRun(" "),
            RichRun("it", .italic), RichRun(" "), RichRun("em", .italic), RichRun(" "), RichRun("under", .underline),
            RichRun(" "), RichRun("x()", .code), RichRun(" "), RichRun("both", [.bold, .italic]),
        ])])
    }

    func testNestedListsAreItemsWithDepthAndNumbers() {
        let rich = read("""
            <ul>
              <li>one</li>
              <li>two
                <ol><li>first</li><li>second <b>bold</b></li></ol>
              </li>
              <li>three</li>
            </ul>
            """)
        XCTAssertEqual(rich.blocks, [
            .item(depth: 0, marker: nil, [RichRun("one")]),
            .item(depth: 0, marker: nil, [RichRun("two")]),
            .item(depth: 1, marker: "1.", [RichRun("first")]),
            .item(depth: 1, marker: "2.", [RichRun("second "), RichRun("bold", .bold)]),
            .item(depth: 0, marker: nil, [RichRun("three")]),
        ])
        XCTAssertEqual(rich.plainText, "• one\n• two\n  1. first\n  2. second bold\n• three")
    }

    func testLooseListItemsKeepTheirParagraphsInTheItem() {
        // What Markdown renderers (reveal.js's own, pandoc) make of a list with blank lines.
        XCTAssertEqual(read("<ul>\n<li><p>one</p>\n<p>more</p></li>\n<li><p>two</p></li>\n</ul>").blocks, [
            .item(depth: 0, marker: nil, [RichRun("one\nmore")]), .item(depth: 0, marker: nil, [RichRun("two")]),
        ])
        XCTAssertEqual(RichLayout.lines(read("<ul><li><p>one</p><p>more</p></li></ul>"), width: 20).map(\.text), ["• one", "  more"])
    }

    func testTablesAreRowsOfCellsWithABoldHeader() {
        let rich = read("<table><thead><tr><th>Year</th><th>Sales</th></tr></thead><tbody><tr><td>2025</td><td>1 <i>M</i></td></tr></tbody></table>")
        XCTAssertEqual(rich.blocks, [.table([
            RichTableRow(cells: [[RichRun("Year", .bold)], [RichRun("Sales", .bold)]], isHeader: true),
            RichTableRow(cells: [[RichRun("2025")], [RichRun("1 "), RichRun("M", .italic)]]),
        ])])
        XCTAssertEqual(rich.plainText, "Year | Sales\n2025 | 1 M")
    }

    func testATableInACellIsTextInThatCell() {
        let rich = read("<table><tr><td>a<table><tr><td>in</td><td>ner</td></tr></table></td><td>b</td></tr><tr><td>c</td></tr></table>")
        XCTAssertEqual(rich.plainText, "a in ner | b\nc")
    }

    func testHeadingsAreBold() {
        XCTAssertEqual(read("<h2>Key <i>point</i></h2><p>text</p>").blocks, [
            .heading(level: 2, [RichRun("Key ", .bold), RichRun("point", [.bold, .italic])]), .paragraph([RichRun("text")]),
        ])
    }

    func testEntitiesNamedAndNumericAreDecoded() {
        XCTAssertEqual(read("R&amp;D &lt;beta&gt; &quot;q&quot; caf&eacute;? &#8211; &#x2014; &hellip; &copy; &nbsp;x &unknown; & done").plainText,
                       "R&D <beta> \"q\" caf&eacute;? – — … ©  x &unknown; & done")
        XCTAssertEqual(read("a&nbsp;b").blocks, [.paragraph([RichRun("a\u{A0}b")])], "no break on screen; a space in the text")
        XCTAssertEqual(read("&#0; &#xD800; &#1114112;").plainText, "\u{FFFD} \u{FFFD} \u{FFFD}", "no character: the replacement, as browsers")
    }

    func testLinksAndSpansAndUnknownTagsKeepTheirText() {
        XCTAssertEqual(read("<a href=\"https://x.org/?a=1&b=2\">the site</a> <span class=\"fragment\">said</span> <blink>loud</blink> <x-note data-a='>'>custom</x-note>").plainText,
                       "the site said loud custom")
    }

    func testScriptStyleHeadAndCommentsGoWithTheirContent() {
        let html = "<html><head><title>T</title><style>p{color:red}</style></head><body><!-- secret --><p>seen</p><script>alert('<b>x</b>')</script>after</body></html>"
        XCTAssertEqual(read(html).plainText, "seen\n\nafter")
    }

    func testGarbageAndUnclosedTagsNeverShowMarkup() {
        XCTAssertEqual(read("a < b and 3<4, <3").plainText, "a < b and 3<4, <3", "a < that starts no tag is text")
        XCTAssertEqual(read("<b>never closed").blocks, [.paragraph([RichRun("never closed", .bold)])])
        XCTAssertEqual(read("before <b class=\"x").plainText, "before", "a tag cut off ends the notes, as in a browser")
        XCTAssertEqual(read("</b></i></ul></li></table></td>text").plainText, "text", "stray closing tags are harmless")
        XCTAssertEqual(read("<!-- never closed comment").plainText, "")
        XCTAssertEqual(read("<td>cell outside a table</td><tr>").plainText, "cell outside a table")
        let text = read("<p>red \u{1B}[31m text\u{07}\u{202E}</p>").plainText
        XCTAssertFalse(text.unicodeScalars.contains { Notes.isControl($0) }, text.debugDescription)
    }

    func testCJKAndEmojiPassThrough() {
        XCTAssertEqual(read("<p>日本語の<b>ノート</b> 🎤</p>").blocks, [.paragraph([RichRun("日本語の"), RichRun("ノート", .bold), RichRun(" 🎤")])])
    }

    func testDeepNestingAndHugeInputStayBounded() {
        let deep = String(repeating: "<ul><li>x", count: 5_000) + String(repeating: "</li></ul>", count: 5_000)
        let rich = read(deep)
        XCTAssertEqual(rich.blocks.count, 5_000)
        XCTAssertTrue(rich.blocks.allSatisfy { if case .item(let depth, _, _) = $0 { depth <= HTMLNotes.maxDepth } else { false } })
        let bold = read(String(repeating: "<b>", count: 50_000) + "deep")
        XCTAssertEqual(bold.blocks, [.paragraph([RichRun("deep", .bold)])])

        let huge = String(repeating: "<p>lorem <b>ipsum</b> &amp; dolor</p>", count: 50_000)  // 1.8 MB
        let start = ContinuousClock.now
        let cut = read(huge)
        XCTAssertLessThan(cut.plainText.utf8.count, HTMLNotes.maxBytes, "cut at the limit")
        XCTAssertGreaterThan(cut.blocks.count, 1_000)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testAScriptFullOfTagsNeverClosedIsSkippedInOnePass() {
        let html = "<p>kept</p><script>" + String(repeating: "<a title='", count: 20_000) + "</script><p>after</p>"
        let start = ContinuousClock.now
        XCTAssertEqual(read(html).plainText, "kept\n\nafter")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(3))
    }

    func testPreKeepsItsLines() {
        XCTAssertEqual(read("<pre>a  b\n  c</pre>").blocks, [.paragraph([RichRun("a  b\n  c")])])
    }
}
