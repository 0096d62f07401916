import XCTest
import PadGrid
@testable import PadTerminal
import PadConfig

/// The bytes of half-block picture cells (`CellEncoder`, `HalfBlockForm`):
/// only the colour that changed, each cell in the form that keeps the
/// colours set.
final class HalfBlockFormTests: XCTestCase {
    private func text(_ cells: [CellChange]) -> String {
        var encoder = CellEncoder(theme: .standard(colors: 256), colors: ColorMap(colors: 256, direct: true), rendition: .plain)
        var out: [UInt8] = []
        for cell in cells { encoder.write(cell, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    private func cell(_ x: Int, _ y: Int, _ top: SGRColor, _ bottom: SGRColor) -> CellChange {
        func color(_ c: SGRColor) -> CellColor {
            switch c {
            case .palette(let n): return .indexed(Int(n))
            case .rgb(let r, let g, let b): return .rgb(r, g, b)
            }
        }
        return CellChange(x: x, y: y, cell: Cell(text: "\u{2580}", width: 1,
                                                 style: Style(.text, foreground: color(top), background: color(bottom))))
    }

    func testARowSendsOnlyTheColourThatChanged() {
        let out = text([cell(4, 2, .palette(231), .palette(250)), cell(5, 2, .palette(231), .palette(244)),
                        cell(6, 2, .palette(231), .palette(244))])
        XCTAssertEqual(out, "\u{1B}[3;5H\u{1B}[38;5;231;48;5;250m▀\u{1B}[48;5;244m▀▀",
                       "the first cell sets both colours, the second only the background, the third none")
    }

    func testACellIsFlippedWhenThatKeepsTheColours() {
        // The second cell is the first upside down: ▄ in the same colours.
        let out = text([cell(0, 0, .palette(16), .palette(231)), cell(1, 0, .palette(231), .palette(16))])
        XCTAssertEqual(out, "\u{1B}[1;1H\u{1B}[38;5;16;48;5;231m▀▄")
    }

    func testACellOfOneColourNeedsOnlyOne() {
        let out = text([cell(0, 0, .palette(16), .palette(231)), cell(1, 0, .palette(231), .palette(231)),
                        cell(2, 0, .palette(16), .palette(16)), cell(3, 0, .palette(52), .palette(52))])
        // Each as a space in its colour: white is the background already;
        // black and dark red set it. Never █, whose glyph may leave a gap
        // showing a background of another colour.
        XCTAssertEqual(out, "\u{1B}[1;1H\u{1B}[38;5;16;48;5;231m▀ \u{1B}[48;5;16m \u{1B}[48;5;52m ")
    }

    func testGapsAreSkippedAndRowsAddressed() {
        let out = text([cell(0, 0, .palette(1), .palette(2)), cell(1, 0, .palette(1), .palette(2)),
                        cell(5, 0, .palette(1), .palette(2)), cell(0, 1, .palette(1), .palette(2))])
        XCTAssertEqual(out, "\u{1B}[1;1H\u{1B}[31;42m▀▀\u{1B}[3C▀\u{1B}[2;1H▀")
    }

    func testTruecolorWithinTheToleranceKeepsTheColourSet() {
        let out = text([cell(0, 0, .rgb(250, 250, 250), .rgb(10, 20, 30)),
                        cell(1, 0, .rgb(252, 247, 250), .rgb(10, 20, 30)),
                        cell(2, 0, .rgb(240, 250, 250), .rgb(10, 20, 30))])
        XCTAssertEqual(out, "\u{1B}[1;1H\u{1B}[38;2;250;250;250;48;2;10;20;30m▀▀\u{1B}[38;2;240;250;250m▀",
                       "3 apart is drawn in the colour set; 10 apart is not")
    }

    func testAFlatAreaIsExactEvenWithinTheTolerance() {
        // White after a near-white edge: drawn 255, not left at 252, or a
        // run of it would show as a faint band.
        let out = text([cell(0, 0, .rgb(10, 20, 30), .rgb(252, 252, 252)), cell(1, 0, .rgb(255, 255, 255), .rgb(255, 255, 255))])
        XCTAssertEqual(out, "\u{1B}[1;1H\u{1B}[38;2;10;20;30;48;2;252;252;252m▀\u{1B}[48;2;255;255;255m ")
    }

    func testNothingToWriteIsNoBytes() {
        XCTAssertEqual(text([]), "")
    }
}
