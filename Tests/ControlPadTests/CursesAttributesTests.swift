import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// The ncurses backend draws the notes' bold, italic and underline as the
/// terminal's own attributes (SGR), not as marks in the text.
final class CursesAttributesTests: XCTestCase {
    func testBoldItalicAndUnderlineCellsAreWrittenWithTheirAttributes() throws {
        setenv("COLUMNS", "40", 1)
        setenv("LINES", "5", 1)
        defer { unsetenv("COLUMNS"); unsetenv("LINES") }
        let out = try XCTUnwrap(tmpfile()), input = try XCTUnwrap(fopen("/dev/null", "r"))
        defer { fclose(out); fclose(input) }
        let terminal = try CursesTerminal(useColor: false, terminalName: "xterm-256color", output: out, input: input, pictures: nil)
        defer { terminal.restore() }
        var grid = CellGrid(width: 40, height: 5)
        var x = grid.put("plain ", x: 0, y: 1)
        x += grid.put("BOLD", x: x, y: 1, style: NotesPaneView.style(.bold))
        x += grid.put(" ", x: x, y: 1)
        x += grid.put("ITAL", x: x, y: 1, style: NotesPaneView.style(.italic))
        x += grid.put(" ", x: x, y: 1)
        grid.put("UNDER", x: x, y: 1, style: NotesPaneView.style(.underline))
        terminal.draw(grid)
        fflush(out)
        rewind(out)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let n = fread(&buffer, 1, buffer.count, out), n > 0 { bytes += buffer[0..<n] }
        let written = String(decoding: bytes, as: UTF8.self)
        func sgr(before word: String) throws -> String {
            let at = try XCTUnwrap(written.range(of: word), "\(word) written").lowerBound
            let lead = written[..<at]
            let escape = try XCTUnwrap(lead.range(of: "\u{1B}[", options: .backwards), "an SGR before \(word)")
            return String(lead[escape.lowerBound...])
        }
        let bold = try sgr(before: "BOLD"), under = try sgr(before: "UNDER")
        XCTAssertTrue(bold.hasSuffix(";1m") || bold == "\u{1B}[1m", bold.debugDescription)
        XCTAssertTrue(written.contains("\u{1B}[3m"), "italic: \(written.debugDescription)")
        XCTAssertTrue(under.contains(";4") || under.contains("[4"), under.debugDescription)
        XCTAssertFalse(written.contains("**"))
    }
}
