import XCTest
import PadGrid

/// The grid a frame is: wide characters kept whole, nothing raw written
/// into it, and the diff the writer sends.
final class CellGridTests: XCTestCase {
    func testWideCharactersTakeTwoColumns() {
        var grid = CellGrid(width: 10, height: 1)
        XCTAssertEqual(grid.put("日本x", x: 0, y: 0), 5)
        XCTAssertEqual(grid[0, 0].width, 2)
        XCTAssertEqual(grid[1, 0].width, 0)
        XCTAssertEqual(grid[4, 0].text, "x")
    }

    func testOverwritingHalfAWideCharacterClearsTheOtherHalf() {
        var grid = CellGrid(width: 4, height: 1)
        grid.put("日", x: 0, y: 0)
        grid.put("a", x: 1, y: 0)
        XCTAssertEqual(grid.text, " a")
    }

    func testWideCharacterThatDoesNotFitIsNotSplit() {
        var grid = CellGrid(width: 3, height: 1)
        XCTAssertEqual(grid.put("ab日", x: 0, y: 0), 2)
        XCTAssertEqual(grid.text, "ab")
    }

    func testControlCharactersAreNeverWritten() {
        var grid = CellGrid(width: 6, height: 1)
        grid.put("a\u{1B}b", x: 0, y: 0)
        XCTAssertFalse(grid.text.unicodeScalars.contains { $0.value == 0x1B })
    }

    func testEmojiSequencesAreDrawnAsTheirFirstEmoji() {
        var grid = CellGrid(width: 20, height: 1)
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        XCTAssertEqual(grid.put("\(family)\u{1F44D}\u{1F3FD}\u{2764}\u{FE0F}e\u{301}", x: 0, y: 0), 6)
        XCTAssertEqual(grid[0, 0].text, "\u{1F468}", "the family: its first face, one scalar the terminal measures as we do")
        XCTAssertEqual(grid[2, 0].text, "\u{1F44D}", "no skin tone modifier")
        XCTAssertEqual(grid[4, 0].text, "\u{2764}", "no variation selector: one column, as wcwidth says")
        XCTAssertEqual(grid[5, 0].text, "e\u{301}", "accents stay")
    }

    func testTheDiffWritesOnlyWhatChangedAndWideCharactersWhole() {
        var before = CellGrid(width: 6, height: 2)
        before.put("日ab", x: 0, y: 0)
        XCTAssertEqual(before.changes(since: nil).count, 11, "a first frame: every cell but the continuation")
        XCTAssertTrue(before.isFullRepaint(since: nil))
        XCTAssertEqual(before.changes(since: before), [])

        var after = before
        after.put("c", x: 3, y: 0)
        XCTAssertEqual(after.changes(since: before).map { [$0.x, $0.y] }, [[3, 0]])

        after = before
        after.put("月", x: 0, y: 0)
        XCTAssertEqual(after.changes(since: before).map { [$0.x, $0.y] }, [[0, 0]], "the wide cell, never its continuation")

        after = before
        after.put("xy", x: 0, y: 0)  // the wide character is broken: both cells are written
        XCTAssertEqual(after.changes(since: before).map { [$0.x, $0.y] }, [[0, 0], [1, 0]])

        after = before
        after.put("本", x: 2, y: 1)
        XCTAssertEqual(after.changes(since: before).map(\.cell.text), ["本"])
        XCTAssertTrue(CellGrid(width: 6, height: 3).isFullRepaint(since: before), "a new size repaints")
    }
}
