import Foundation
import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import SlideModel
import PadConfig
import SlideImages
import DemoSource

/// The writer: each frame is one buffer, written with one `write` (cells,
/// then pictures, then scaled text), and nothing when nothing changed.
final class RealTerminalWriterTests: XCTestCase {
    /// A headless terminal that keeps each write apart.
    private final class Writes {
        var all: [[UInt8]] = []
        var text: String { String(decoding: all.joined(), as: UTF8.self) }
    }

    private func terminal(_ writes: Writes, width: Int = 100, height: Int = 30, color: Bool = true, term: String = "xterm-256color",
                          pictures: PictureEncoder? = nil, textSizing: Bool = false, asciiOnly: Bool = false) throws -> RealTerminal {
        try RealTerminal(useColor: color, terminalName: term, headless: .init(size: TerminalSize(width: width, height: height)) {
            writes.all.append($0)
        }, pictures: pictures, textSizing: textSizing, asciiOnly: asciiOnly)
    }

    private func demoState() throws -> (PadState, DemoDeck) {
        let deck = try DemoDeck.builtIn()
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: deck.slides.count, current: 0)), now: .zero)
        for (i, s) in deck.slides.enumerated() { _ = state.reduce(.source(.preview(index: i, s.preview)), now: .zero) }
        return (state, deck)
    }

    func testAFrameWithCellsPicturesAndScaledTextIsOneWrite() throws {
        let writes = Writes()
        let kitty = KittyPictures()
        let terminal = try terminal(writes, pictures: kitty, textSizing: true)
        var (state, _) = try demoState()
        let view = PadView(clock: "14:05", pictures: PicturePipeline(depth: .palette256, real: kitty))
        var grid = PadFrame(&state, view: view, size: terminal.size, now: .zero).grid
        grid.scaledText = [ScaledText(x: 2, y: 20, scale: 2, text: "Big", columns: 6, attributes: [])]
        XCTAssertEqual(grid.pictures.count, 2)
        terminal.draw(grid)
        XCTAssertEqual(writes.all.count, 1, "the first frame: one write")
        let first = writes.text
        let cells = try XCTUnwrap(first.range(of: "Current"), "the cells")
        let picture = try XCTUnwrap(first.range(of: "\u{1B}_Ga=t,f=100"), "the PNG was sent")
        let scaled = try XCTUnwrap(first.range(of: "\u{1B}]66;s=2;Big"), "the scaled text")
        XCTAssertLessThan(cells.lowerBound, picture.lowerBound, "pictures after the cells")
        XCTAssertLessThan(picture.lowerBound, scaled.lowerBound, "scaled text after the pictures")

        terminal.draw(grid)
        XCTAssertEqual(writes.all.count, 1, "an unchanged frame writes nothing")

        _ = state.reduce(.key(.right), now: .zero)
        let next = PadFrame(&state, view: view, size: terminal.size, now: .zero).grid
        terminal.draw(next)
        XCTAssertEqual(writes.all.count, 2, "a step: one write")
        XCTAssertTrue(String(decoding: writes.all[1], as: UTF8.self).contains("\u{1B}[21;3H      "), "the gone scaled text is erased in it")

        terminal.restore()
        XCTAssertEqual(writes.all.count, 3)
        XCTAssertTrue(String(decoding: writes.all[2], as: UTF8.self).contains("\u{1B}_Ga=d,d=a,q=2\u{1B}\\"), "quitting deletes the placements")
    }

    func testBoldItalicAndUnderlineAreTheTerminalsAttributes() throws {
        let writes = Writes()
        let terminal = try terminal(writes, width: 40, height: 5, color: false)
        var grid = CellGrid(width: 40, height: 5)
        var x = grid.put("plain ", x: 0, y: 1)
        x += grid.put("BOLD", x: x, y: 1, style: NotesPaneView.style(.bold))
        x += grid.put(" ", x: x, y: 1)
        x += grid.put("ITAL", x: x, y: 1, style: NotesPaneView.style(.italic))
        x += grid.put(" ", x: x, y: 1)
        grid.put("UNDER", x: x, y: 1, style: NotesPaneView.style(.underline))
        terminal.draw(grid)
        let written = writes.text
        XCTAssertTrue(written.contains("\u{1B}[1mBOLD"), written.debugDescription)
        XCTAssertTrue(written.contains("\u{1B}[0m \u{1B}[3mITAL"), "bold off, italic on: \(written.debugDescription)")
        XCTAssertTrue(written.contains("\u{1B}[0m \u{1B}[4mUNDER"), written.debugDescription)
        XCTAssertFalse(written.contains("**"))
    }

    func testTheCursorRestsOnTheSelectionAndHidesWithout() throws {
        let writes = Writes()
        let terminal = try terminal(writes, width: 20, height: 5)
        var grid = CellGrid(width: 20, height: 5)
        grid.put("> slide 3", x: 2, y: 3)
        grid.cursor = Rect(x: 2, y: 3, width: 9, height: 1)
        terminal.draw(grid)
        XCTAssertTrue(writes.text.hasSuffix("\u{1B}[4;3H\u{1B}[?12l\u{1B}[?25h"), "moved there, then shown: \(writes.text.debugDescription)")
        grid.cursor = nil
        terminal.draw(grid)
        XCTAssertEqual(String(decoding: writes.all.last!, as: UTF8.self), "\u{1B}[?25l", "hidden, nothing else")
    }

    func testAsciiLocaleAndSmallPalettes() throws {
        let writes = Writes()
        let ascii = try terminal(writes, width: 20, height: 3, asciiOnly: true)
        var grid = CellGrid(width: 20, height: 3)
        grid.put("│ ▶ 3 · done", x: 0, y: 0)
        ascii.draw(grid)
        XCTAssertTrue(writes.text.contains("| > 3 . done"), writes.text.debugDescription)
        XCTAssertTrue(writes.text.unicodeScalars.allSatisfy(\.isASCII))

        // The Linux console (8 colours): a 256-colour grey becomes one of its 8.
        XCTAssertEqual(ColorMap(colors: 8, direct: false).sgr(.indexed(244)), .palette(7))
        XCTAssertEqual(ColorMap(colors: 8, direct: false).sgr(.indexed(9)), .palette(1), "bright red: red")
        XCTAssertEqual(ColorMap(colors: 16, direct: false).sgr(.indexed(9)), .palette(9))
        XCTAssertEqual(ColorMap(colors: 256, direct: false).sgr(.rgb(255, 0, 0)), .palette(196))
        XCTAssertEqual(ColorMap(colors: 256, direct: true).sgr(.rgb(1, 2, 3)), .rgb(1, 2, 3))
        let linux = try terminal(Writes(), term: "linux")
        XCTAssertEqual(linux.colorCount, 8)
    }

    func testUnknownAndDumbTerminalsAreRefusedWithTheFix() {
        XCTAssertThrowsError(try terminal(Writes(), term: "no-such-terminal")) { error in
            XCTAssertTrue("\(error)".contains("set TERM"), "\(error)")
        }
        XCTAssertThrowsError(try terminal(Writes(), term: "dumb")) { error in
            XCTAssertTrue("\(error)".contains("cannot move the cursor"), "\(error)")
        }
    }
}
