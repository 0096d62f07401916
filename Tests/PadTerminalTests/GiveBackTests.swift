import XCTest
import PadGrid
@testable import PadTerminal

/// Giving the terminal back is described once (`TerminalModes.giveBack`):
/// quitting and Ctrl-Z write `RealTerminal.giveBack`, and the crash handler
/// is handed the same bytes when it is armed. (The crash itself is
/// end-to-end: `TerminalRestoreEndToEndTests`.)
final class GiveBackTests: XCTestCase {
    private final class Writes {
        var all: [[UInt8]] = []
    }

    private static let terms = ["xterm-256color", "xterm", "screen-256color", "tmux-256color", "linux"].filter(TerminfoLookup.exists)

    private func terminal(_ writes: Writes, term: String, pictures: PictureEncoder? = nil) throws -> RealTerminal {
        try RealTerminal(useColor: true, terminalName: term, headless: .init(size: TerminalSize(width: 20, height: 5)) {
            writes.all.append($0)
        }, pictures: pictures)
    }

    /// What the C handler keeps, back as bytes.
    private func handedToTheCrashHandler(_ terminal: RealTerminal) -> [UInt8] {
        let handed = CrashGuard.handed(terminal.giveBack)
        XCTAssertEqual(handed.last, 0, "a C string")
        return handed.dropLast().map { UInt8(bitPattern: $0) }
    }

    func testQuittingAndACrashWriteTheSameBytes() throws {
        XCTAssertFalse(Self.terms.isEmpty, "no terminfo entry to test with")
        for term in Self.terms {
            let encoders: [(String, PictureEncoder?)] = [("no pictures", nil), ("kitty", KittyPictures()), ("sixel", SixelPictures { (10, 20) })]
            for (name, pictures) in encoders {
                let writes = Writes()
                let terminal = try terminal(writes, term: term, pictures: pictures)
                XCTAssertEqual(terminal.giveBack, TerminalModes.giveBack(terminal.info, pictures: pictures), "\(term), \(name)")
                let crash = handedToTheCrashHandler(terminal)
                terminal.restore()
                XCTAssertEqual(writes.all, [terminal.giveBack], "quitting writes the give-back, in one write (\(term), \(name))")
                XCTAssertEqual(crash, terminal.giveBack, "the crash handler is handed what quitting writes (\(term), \(name))")
                XCTAssertLessThanOrEqual(terminal.giveBack.count, CrashGuard.maxBytes, "the C handler keeps all of it")
                terminal.restore()
                XCTAssertEqual(writes.all.count, 1, "given back once")
            }
        }
    }

    /// Pictures the terminal keeps are freed first; the give-back follows whole.
    func testQuittingFreesKittysImagesThenGivesTheTerminalBack() throws {
        let writes = Writes()
        let kitty = KittyPictures()
        let terminal = try terminal(writes, term: "xterm-256color", pictures: kitty)
        var grid = CellGrid(width: 20, height: 5)
        grid.pictures = [PicturePlacement(slide: 3, content: 7, rect: Rect(x: 1, y: 1, width: 8, height: 3), aspect: 4.0 / 3, png: [1, 2, 3])]
        terminal.draw(grid)
        terminal.restore()
        let quit = try XCTUnwrap(writes.all.last)
        let free = Array("\u{1B}_Ga=d,d=I,i=\(KittyPictures.imageID(slide: 3)),q=2\u{1B}\\".utf8)
        XCTAssertEqual(quit, free + terminal.giveBack)
        XCTAssertEqual(handedToTheCrashHandler(terminal), terminal.giveBack, "a crash takes the placements off too, which images it cannot know")
    }

    /// What the crash handler wrote before the one description (its own
    /// constant), the give-back still does, in the entry's words.
    func testTheGiveBackTurnsOffWhatThePadTurnedOn() throws {
        let writes = Writes()
        let terminal = try terminal(writes, term: "xterm-256color", pictures: KittyPictures())
        let text = String(decoding: terminal.giveBack, as: UTF8.self)
        for (bytes, what) in [("\u{1B}_Ga=d,d=a,q=2\u{1B}\\", "kitty's placements deleted"), ("\u{1B}[?2004l", "bracketed paste off"),
                              ("\u{1B}[?1006l", "SGR mouse off"), ("\u{1B}[?1002l", "drag reports off"), ("\u{1B}[?1000l", "mouse off"),
                              ("\u{1B}[?1l\u{1B}>", "the keypad's normal mode"), ("\u{1B}[0m", "colours reset"),
                              ("\u{1B}[H\u{1B}[J", "the alternate screen cleared"), ("\u{1B}[?25h", "the cursor shown"),
                              ("\u{1B}[?1049l", "the alternate screen left")] {
            XCTAssertTrue(text.contains(bytes), what)
        }
        XCTAssertTrue(text.hasPrefix("\u{1B}_G"), "pictures first, while the pad's screen is still up")
        XCTAssertTrue(text.hasSuffix(String(decoding: terminal.info.leaveScreen, as: UTF8.self)), "the alternate screen left last")
        XCTAssertFalse(String(decoding: TerminalModes.giveBack(terminal.info, pictures: SixelPictures { (10, 20) }), as: UTF8.self).contains("\u{1B}_G"),
                       "sixel's pixels go with the alternate screen: no kitty command")
    }
}
