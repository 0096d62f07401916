import Pdfpc
import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import SlideModel

/// Rich notes on the pad's screen: bold and italic as the cells' attributes,
/// lists as bullets, tables as columns, and never a mark of the markup.
final class RichNotesScreenTests: XCTestCase {
    /// The pad on slide 2 of 5 with `notes` for it.
    private func pad(_ notes: SlideNotes, width: Int = 100, height: Int = 30) -> CellGrid {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 1)), now: .zero)
        _ = state.reduce(.source(.notes(index: 1, notes)), now: .zero)
        return renderPad(&state, width: width, height: height)
    }

    /// The cells of the first row holding `text`, one per grapheme.
    private func cells(_ grid: CellGrid, of text: String, file: StaticString = #filePath, line: UInt = #line) -> [Cell] {
        for y in 0..<grid.height {
            let row = (0..<grid.width).map { grid[$0, y] }
            let texts = row.map(\.text)
            let wanted = text.map(String.init)
            for x in 0...max(0, texts.count - wanted.count) where Array(texts[x..<min(texts.count, x + wanted.count)]) == wanted {
                return Array(row[x..<(x + wanted.count)])
            }
        }
        XCTFail("no \(text) on screen:\n\(grid.text)", file: file, line: line)
        return []
    }

    func testPdfpcNotesShowTheirBulletsAndBoldNotTheirMarkdown() {
        // What pdfpc 4.6 answers for the shared deck's slide 2 (`/api/notes/1/html`), as the connection passes it on.
        let html = "<p>Notes 2: special chars R&amp;D <beta> &ldquo;quoted&rdquo; café naïve – dash.\n- a <strong>bold</strong> point\n- a second point</p>"
        let grid = pad(.markdown(PdfpcNotes.text(fromHTML: html)))
        XCTAssertTrue(grid.text.contains("│ Notes 2: special chars R&D <beta> “quoted” café naïve – dash."), grid.text)
        XCTAssertTrue(grid.text.contains("│ • a bold point"), grid.text)
        XCTAssertTrue(grid.text.contains("│ • a second point"), grid.text)
        XCTAssertFalse(grid.text.contains("**"), "no Markdown mark on screen")
        let point = cells(grid, of: "a bold point")
        XCTAssertEqual(point.map { $0.style.attributes.contains(.bold) }, [false, false, true, true, true, true, false, false, false, false, false, false],
                       "\"bold\", and only it, is bold")
    }

    func testRevealHTMLNotesAreDrawnWithAttributesBulletsAndColumns() {
        let html = """
            <h2>Opening</h2>
            <p>Say <b>this</b> <em>slowly</em> &amp; <u>smile</u>.</p>
            <ul><li>first <code>point</code></li><li>second<ol><li>nested</li></ol></li></ul>
            <table><tr><th>Year</th><th>Sales</th></tr><tr><td>2025</td><td>1&nbsp;M</td></tr><tr><td>二〇二六</td><td>2 M</td></tr></table>
            <script>alert("<b>no</b>")</script><!-- hidden -->
            """
        let grid = pad(.html(html), height: 34)
        assertSnapshot(grid, named: "rich-notes-html-100x34")
        for mark in ["<b>", "</", "<h2", "&amp;", "&nbsp;", "alert", "hidden", "**"] {
            XCTAssertFalse(grid.text.contains(mark), "\(mark) on screen")
        }
        XCTAssertTrue(cells(grid, of: "this").allSatisfy { $0.style.attributes == .bold })
        XCTAssertTrue(cells(grid, of: "slowly").allSatisfy { $0.style.attributes == .italic })
        XCTAssertTrue(cells(grid, of: "smile").allSatisfy { $0.style.attributes == .underline })
        XCTAssertTrue(cells(grid, of: "Opening").allSatisfy { $0.style.attributes == .bold }, "a heading is bold")
        XCTAssertTrue(cells(grid, of: "Say").allSatisfy { $0.style.attributes.isEmpty && $0.style.role == .text })
        XCTAssertTrue(cells(grid, of: "point").allSatisfy { $0.style.role == .accent }, "code stands out")
    }

    func testRichNotesDrawAtEveryWidth() {
        let html = "<h1>日本語</h1><ul><li>a <b>bold</b> 中文<ol><li>n</li></ol></li></ul><table><tr><th>x</th><th>長い見出し</th></tr><tr><td>1</td><td>2</td></tr></table>"
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 1)), now: .zero)
        _ = state.reduce(.source(.notes(index: 1, .html(html))), now: .zero)
        for width in 0...40 {
            for height in [0, 1, 2, 3, 5, 8, 12] {
                let grid = renderPad(&state, width: width, height: height)
                XCTAssertFalse(grid.text.contains("<"), "\(width)×\(height)")
            }
        }
    }

    func testTheNotesWrapCacheLaysRichNotesOutOncePerWidth() {
        let cache = NotesWrapCache()
        let rich = HTMLNotes.read(String(repeating: "<p>lorem <b>ipsum</b> dolor</p>", count: 2_000))
        let text = rich.plainText
        let first = cache.lines(text, rich: rich, width: 40)
        for _ in 0..<50 { XCTAssertEqual(cache.lines(text, rich: rich, width: 40).count, first.count) }
        XCTAssertEqual(cache.wraps, 1)
        _ = cache.lines(text, rich: rich, width: 30)
        XCTAssertEqual(cache.wraps, 2)
    }

    func testNotesScaledByTheTerminalKeepTheirLooks() throws {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 1)), now: .zero)
        _ = state.reduce(.source(.notes(index: 1, .markdown("- one **two** three"))), now: .zero)
        let view = PadView(clock: "14:05", pictures: nil, textSizing: true)
        _ = PadFrame(&state, view: view, size: TerminalSize(width: 120, height: 40), now: .zero)
        for _ in 0..<2 { _ = state.reduce(.key(.char("+")), now: .zero) }
        let grid = PadFrame(&state, view: view, size: TerminalSize(width: 120, height: 40), now: .zero).grid
        XCTAssertEqual(grid.scaledText.map(\.text), ["• one ", "two", " three"])
        XCTAssertEqual(grid.scaledText.map(\.attributes), [[], .bold, []])
        XCTAssertEqual(grid.scaledText.map(\.x), grid.scaledText.map(\.x).sorted(), "side by side")
        XCTAssertEqual(grid.scaledText[1].x - grid.scaledText[0].x, 6 * 3, "each run after the one before, at 3×")
        let bytes = String(decoding: ScaledTextWriter.bytes(grid.scaledText), as: UTF8.self)
        XCTAssertTrue(bytes.contains("\u{1B}[0;1m"), bytes.debugDescription)
        let bold = try XCTUnwrap(bytes.range(of: "\u{1B}[0;1m")), two = try XCTUnwrap(bytes.range(of: ";two"))
        let reset = try XCTUnwrap(bytes.range(of: "\u{1B}[0m", range: two.upperBound..<bytes.endIndex))
        XCTAssertLessThan(bold.lowerBound, two.lowerBound)
        XCTAssertLessThan(reset.lowerBound, try XCTUnwrap(bytes.range(of: "; three")).lowerBound, "bold ends with its run")
    }

    func testZoomedRichNotesAreSpacedAndStillStyled() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 1)), now: .zero)
        _ = state.reduce(.source(.notes(index: 1, .markdown("- one **two**\n- three"))), now: .zero)
        _ = renderPad(&state, width: 100, height: 30)
        _ = state.reduce(.key(.char("+")), now: .zero)
        let grid = renderPad(&state, width: 100, height: 30)
        XCTAssertTrue(grid.text.contains("Notes 2×"), grid.text)
        XCTAssertTrue(cells(grid, of: "two").allSatisfy { $0.style.attributes == .bold })
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        let one = try? XCTUnwrap(rows.firstIndex { $0.contains("• one two") })
        let three = try? XCTUnwrap(rows.firstIndex { $0.contains("• three") })
        XCTAssertEqual(three.flatMap { t in one.map { t - $0 } }, 2, "a blank row between lines at 2×")
    }
}
