import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel
import SlideImages
import DemoSource

/// The ncurses backend with real pictures: picture bytes come after the
/// cells curses wrote, with the cursor put back where curses left it, only
/// when something changed; quitting takes the pictures off the terminal.
final class CursesPicturesTests: XCTestCase {
    func testKittyBytesFollowTheCellsAndQuitDeletesThem() throws {
        setenv("COLUMNS", "100", 1)
        setenv("LINES", "30", 1)
        defer { unsetenv("COLUMNS"); unsetenv("LINES") }
        let out = try XCTUnwrap(tmpfile()), input = try XCTUnwrap(fopen("/dev/null", "r"))
        defer { fclose(out); fclose(input) }
        let kitty = KittyPictures()
        let terminal = try CursesTerminal(useColor: true, terminalName: "xterm-256color", output: out, input: input,
                                          pictures: kitty)
        func written() -> String {
            fflush(out)
            rewind(out)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&buffer, 1, buffer.count, out)
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let deck = try DemoDeck.builtIn()
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: deck.slides.count, current: 0)), now: .zero)
        for (i, s) in deck.slides.enumerated() { _ = state.reduce(.source(.preview(index: i, s.preview)), now: .zero) }
        let view = PadView(clock: "14:05", pictures: PicturePipeline(depth: .palette256, real: kitty))
        let grid = PadFrame(&state, view: view, size: terminal.size, now: .zero).grid
        XCTAssertEqual(grid.pictures.count, 2)
        terminal.draw(grid)
        let first = written()
        let cells = try XCTUnwrap(first.range(of: "Current"), "curses wrote the cells")
        let picture = try XCTUnwrap(first.range(of: "\u{1B}_Ga=t,f=100"), "the PNG was sent")
        XCTAssertLessThan(cells.lowerBound, picture.lowerBound, "pictures after the cells")
        XCTAssertTrue(first.hasSuffix("\u{1B}8"), "the cursor is put back where curses left it")
        let size = first.utf8.count
        terminal.draw(grid)
        XCTAssertEqual(written().utf8.count, size, "an unchanged frame writes nothing")
        terminal.restore()
        XCTAssertTrue(written().contains("\u{1B}_Ga=d,d=a,q=2\u{1B}\\"), "quitting deletes the placements")
    }
}
