import XCTest
@testable import PadTerminal
import SlideModel

/// The one decoder of the terminal's bytes: every key, mouse report, paste
/// and answer, however the reads cut them.
final class InputDecoderTests: XCTestCase {
    private typealias Item = InputDecoder.Item
    private static func k(_ keys: Key...) -> [Item] { keys.map { .input(.key($0)) } }
    private static func m(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) -> Item { .input(.mouse(MouseEvent(kind: kind, x: x, y: y))) }

    /// Sequences as terminals send them, with what they mean.
    private static let cases: [(String, [Item])] = [
        ("q", k(.char("q"))),
        ("é→", k(.char("é"), .char("→"))),
        ("\r\t\u{7F}\u{08}\u{03}", k(.enter, .tab, .backspace, .backspace, .control("c"))),
        ("\u{1B}OC\u{1B}[C\u{1B}[1;5C\u{1B}OA\u{1B}[B\u{1B}[D", k(.right, .right, .right, .up, .down, .left)),
        ("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[3~\u{1B}[Z",
         k(.pageUp, .pageDown, .home, .end, .home, .end, .delete, .backTab)),
        // F1 (SS3, the Linux console's), F5, Shift-F5 (a clicker's "resume"), Ctrl-F5, F12, Shift-F1.
        ("\u{1B}OP\u{1B}[[A\u{1B}[15~\u{1B}[15;2~\u{1B}[15;5~\u{1B}[24~\u{1B}[1;2P",
         k(.function(1), .function(1), .function(5), .function(17), .function(29), .function(12), .function(13))),
        // kitty's keyboard protocol.
        ("\u{1B}[13u\u{1B}[97;5u\u{1B}[27u", k(.enter, .control("a"), .escape)),
        // SGR mouse: press, drag, release, wheel.
        ("\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<0;11;5m\u{1B}[<64;3;4M\u{1B}[<65;3;4M",
         [m(.press, 9, 4), m(.drag, 10, 4), m(.release, 10, 4), m(.wheelUp, 2, 3), m(.wheelDown, 2, 3)]),
        // A paste is text, whatever keys it holds.
        ("\u{1B}[200~12 q\u{1B}[C\u{1B}[201~n", [.input(.paste("12 q\u{1B}[C"))] + k(.char("n"))),
        // Answers to the pad's queries, between keys.
        ("a\u{1B}_Gi=31;OK\u{1B}\\b\u{1B}[?62;4c\u{1B}[6;20;10t\u{1B}[4;3R\u{1B}[?2;0;1000;800S",
         k(.char("a")) + [.answer(.kitty(id: 31, message: "OK"))] + k(.char("b"))
            + [.answer(.deviceAttributes([62, 4])), .answer(.cellSize(width: 10, height: 20)),
               .answer(.cursorPosition(row: 4, column: 3)), .answer(.graphics(item: 2, status: 0, values: [1000, 800]))]),
        // The background (OSC 11) and the name (XTVERSION) are answers.
        ("\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}P>|XTerm(379)\u{1B}\\y",
         [.answer(.background(red: 0, green: 0, blue: 0)), .answer(.version("XTerm(379)"))] + k(.char("y"))),
        // Sequences the pad has no use for are dropped whole, not typed
        // (a mode report other than the pixel mouse's too).
        ("\u{1B}]10;rgb:0000/0000/0000\u{07}\u{1B}[?1;2$yx", k(.char("x"))),
    ]

    private func decodeWhole(_ text: String, keys: TerminfoKeys = TerminfoKeys()) -> [InputDecoder.Item] {
        var decoder = InputDecoder(keys: keys)
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    func testEachSequenceMeansWhatTheTerminalMeant() {
        for (text, expected) in Self.cases {
            XCTAssertEqual(decodeWhole(text), expected, text.debugDescription)
        }
    }

    func testEverySplitAtEveryByteGivesTheSameInputs() {
        for (text, expected) in Self.cases {
            let bytes = Array(text.utf8)
            for cut in 1..<bytes.count {
                var decoder = InputDecoder()
                let items = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...]) + decoder.flush()
                XCTAssertEqual(items, expected, "\(text.debugDescription) cut at \(cut)")
            }
            // And a byte at a time, as a slow link delivers it.
            var decoder = InputDecoder()
            let items = bytes.flatMap { decoder.feed([$0]) } + decoder.flush()
            XCTAssertEqual(items, expected, "\(text.debugDescription) byte by byte")
        }
    }

    func testALoneEscapeWaitsForTheDelayThenIsTheEscapeKey() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [], "it may be the start of an arrow")
        XCTAssertTrue(decoder.isHolding)
        XCTAssertEqual(decoder.flush(), [.input(.key(.escape))])
        XCTAssertFalse(decoder.isHolding)
        // Escape pressed, then q: Escape, q.
        XCTAssertEqual(decoder.feed(Array("\u{1B}q".utf8)), [.input(.key(.escape)), .input(.key(.char("q")))])
        // A sequence cut by a lost byte: Escape and the rest, nothing stuck.
        XCTAssertEqual(decoder.feed(Array("\u{1B}[1;".utf8)), [])
        XCTAssertEqual(decoder.flush(), [.input(.key(.escape)), .input(.key(.char("["))), .input(.key(.char("1"))),
                                         .input(.key(.char(";")))])
    }

    func testTheTerminfoEntrysSpellingsComeFirst() throws {
        // A made-up entry whose F2 is ESC [ q: no common spelling has it.
        let keys = TerminfoKeys([(Array("\u{1B}[q".utf8), .function(2)), (Array("\u{1B}OC".utf8), .right)])
        XCTAssertEqual(decodeWhole("\u{1B}[q\u{1B}OC", keys: keys), [.input(.key(.function(2))), .input(.key(.right))])
        // The real entries: xterm's arrows (keypad mode) and the Linux console's F1.
        let xterm = try Terminfo.load("xterm-256color", fd: -1)
        XCTAssertEqual(decodeWhole("\u{1B}OC\u{1B}[6~", keys: xterm.keys), [.input(.key(.right)), .input(.key(.pageDown))])
        let linux = try Terminfo.load("linux", fd: -1)
        XCTAssertEqual(decodeWhole("\u{1B}[[A\u{1B}[[E", keys: linux.keys), [.input(.key(.function(1))), .input(.key(.function(5)))])
    }

    func testGarbageNeverGrowsWithoutEndNorStopsTheKeysAfterIt() {
        var decoder = InputDecoder()
        // An endless string sequence is cut.
        _ = decoder.feed([0x1B, UInt8(ascii: "_")] + [UInt8](repeating: 0x41, count: InputDecoder.maxHeld + 10))
        XCTAssertEqual(decoder.feed(Array("q".utf8)), [.input(.key(.char("q")))])
        // Invalid UTF-8 is dropped.
        XCTAssertEqual(decoder.feed([0xFF, 0xC3, 0x28, UInt8(ascii: "x")]), [.input(.key(.char("("))), .input(.key(.char("x")))])
    }
}
