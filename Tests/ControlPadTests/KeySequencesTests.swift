import Foundation
import XCTest
@testable import ControlPadUI
import SlideModel

/// A press that is one whole key skips curses (`KeySequences`, through
/// `InputPump`): the keys and their order are the ones curses would give.
final class KeySequencesTests: XCTestCase {
    private func bytes(_ text: String) -> ArraySlice<UInt8> { ArraySlice(Array(text.utf8)) }

    func testTheTerminfoEntrysNavigationKeysAndPrintableCharacters() throws {
        let (terminal, _, close) = try headlessTerminal()
        defer { close() }
        let keys = terminal.keySequences
        // xterm-256color's kcuf1, kcuu1, knp, kpp, khome.
        XCTAssertEqual(keys.key(bytes("\u{1B}OC")), .right)
        XCTAssertEqual(keys.key(bytes("\u{1B}OA")), .up)
        XCTAssertEqual(keys.key(bytes("\u{1B}[6~")), .pageDown)
        XCTAssertEqual(keys.key(bytes("\u{1B}[5~")), .pageUp)
        XCTAssertEqual(keys.key(bytes("\u{1B}OH")), .home)
        // The arrows out of keypad-transmit mode (between endwin and smkx, around Ctrl-Z).
        XCTAssertEqual(keys.key(bytes("\u{1B}[C")), .right)
        XCTAssertEqual(keys.key(bytes("\u{1B}[D")), .left)
        XCTAssertEqual(keys.key(bytes("q")), .char("q"))
        XCTAssertEqual(keys.key(bytes(" ")), .char(" "))
        // Left to curses: not what this entry names, a lone Escape (curses
        // waits for what may follow), two keys, control bytes, UTF-8.
        for other in ["\u{1B}[Z", "\u{1B}", "qq", "\u{1B}OCq", "\u{7F}", "\r", "é"] {
            XCTAssertNil(keys.key(bytes(other)), "\(Array(other.utf8))")
        }
    }

    func testBytesNamedForTwoKeysNameNeither() {
        let keys = KeySequences([(Array("\u{1B}[H".utf8), .home), (Array("\u{1B}[H".utf8), .end), (Array("\u{1B}[F".utf8), .end)])
        XCTAssertNil(keys.key(bytes("\u{1B}[H")), "curses decides between them")
        XCTAssertEqual(keys.key(bytes("\u{1B}[F")), .end)
    }

    func testAPressComesAsTheSameKeyWithOrWithoutCurses() throws {
        let (terminal, type, close) = try headlessTerminal()
        defer { close() }
        type("\u{1B}OC")
        XCTAssertEqual(terminal.readInputs(ready: true), [.key(.right)])
        type("\u{1B}OCq")
        XCTAssertEqual(terminal.readInputs(ready: true), [.key(.right), .key(.char("q"))], "two keys in one read: curses")
        // A kitty answer in the same read is taken out; the key still arrives.
        type("\u{1B}_Gi=7;OK\u{1B}\\\u{1B}[6~")
        XCTAssertEqual(terminal.readInputs(ready: true), [.key(.pageDown)])
        XCTAssertEqual(terminal.readInputs(ready: false), [], "nothing is read twice")
    }

    func testKeysTypedBeforeStayFirst() throws {
        // "a" came during the start-up queries: curses has it, unread.
        let (terminal, type, close) = try headlessTerminal(typed: Array("a".utf8))
        defer { close() }
        type("\u{1B}OC")
        XCTAssertEqual(terminal.readInputs(ready: true), [.key(.char("a")), .key(.right)])
        type("b")
        XCTAssertEqual(terminal.readInputs(ready: true), [.key(.char("b"))])
    }

    /// Curses on xterm-256color with real pictures (so the pump stands
    /// before it), reading a pipe this test types into.
    private func headlessTerminal(typed: [UInt8] = []) throws -> (CursesTerminal, (String) -> Void, () -> Void) {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let out = try XCTUnwrap(tmpfile()), input = try XCTUnwrap(fdopen(fds[0], "r"))
        let terminal = try CursesTerminal(useColor: true, terminalName: "xterm-256color", output: out, input: input,
                                          pictures: KittyPictures(), typed: typed)
        let type = { (text: String) in
            let bytes = Array(text.utf8)
            XCTAssertEqual(write(fds[1], bytes, bytes.count), bytes.count)
        }
        return (terminal, type, {
            terminal.restore()
            Foundation.close(fds[1])
            fclose(input)
            fclose(out)
        })
    }
}
