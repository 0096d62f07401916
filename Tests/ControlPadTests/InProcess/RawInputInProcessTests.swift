import Foundation
import XCTest
@testable import ControlPadUI
@testable import PadTerminal
@testable import SlideModel

/// The terminal's raw bytes into the running pad: written to the pipe the
/// pad's loop reads as its terminal (`TerminalChannel`), decoded by the
/// real decoder with xterm-256color's spellings, in reads cut where a test
/// cuts them. What is asserted is what the presenter sees: the show moved,
/// the prompt got the text, and nothing of a sequence on the screen.
final class RawInputInProcessTests: XCTestCase {
    private static let esc = "\u{1B}"

    /// A terminal typed in bytes; `escapeDelay`, when a test cuts a
    /// sequence between two writes: longer than a busy machine may take to
    /// write the second once the first is read.
    private func pad(escapeDelay: Duration = InputDecoder.escapeDelay) throws -> ScriptedPad {
        let pad = try ScriptedPad(width: 120, height: 40, depth: nil, typedAs: "xterm-256color", escapeDelay: escapeDelay)
        try pad.waitFor(text: "Current · 1/14")
        return pad
    }

    /// Nothing of a control sequence on the screen: no ESC, no control
    /// character, none of the sequences' own characters.
    private func assertNothingRaw(_ pad: ScriptedPad, _ leftovers: [String], file: StaticString = #filePath, line: UInt = #line) {
        let screen = pad.screen
        XCTAssertFalse(screen.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F..<0xA0).contains($0.value) },
                       "a control character on the screen:\n\(screen)", file: file, line: line)
        for leftover in leftovers {
            XCTAssertFalse(screen.contains(leftover), "\"\(leftover)\" on the screen:\n\(screen)", file: file, line: line)
        }
    }

    func testArrowsWithAndWithoutModifiersMoveTheShow() throws {
        let pad = try pad()
        pad.typeBytes("\(Self.esc)[1;5C")  // Ctrl-Right, as xterm sends it
        try pad.waitForSlide(2)
        try pad.waitFor(text: "Current · 2/14")
        pad.typeBytes("\(Self.esc)OC")  // Right in keypad-transmit mode (terminfo's kcuf1)
        try pad.waitForSlide(3)
        pad.typeBytes("\(Self.esc)[1;2D")  // Shift-Left
        try pad.waitForSlide(2)
        pad.typeBytes("\(Self.esc)[C\(Self.esc)[C")  // two in one read
        try pad.waitForSlide(4)
        try pad.waitFor(text: "Current · 4/14")
        assertNothingRaw(pad, ["[1;5C", "1;5", ";2D", "OC", "[C"])
    }

    func testAMouseClickCutBetweenTwoReadsIsOneClick() throws {
        let pad = try pad(escapeDelay: .seconds(10))
        pad.typeBytes("\t")  // the list
        try pad.waitFor(text: "╭ Slides")
        let (x, y) = try XCTUnwrap(Self.place(of: "│   5 ", in: pad.screen), "slide 5's row in the list:\n\(pad.screen)")
        let press = "\(Self.esc)[<0;\(x + 1);\(y + 1)M"
        let cut = press.index(press.startIndex, offsetBy: 6)
        pad.typeBytes(String(press[..<cut]))
        XCTAssertEqual(pad.state.current, 0, "half a report does nothing")
        XCTAssertTrue(try holds(pad), "the first half waits for the rest")
        pad.typeBytes(String(press[cut...]) + "\(Self.esc)[<0;\(x + 1);\(y + 1)m")
        try pad.waitForSlide(5)
        try pad.waitFor(text: "Current · 5/14")
        assertNothingRaw(pad, ["[<0", "<0;", ";\(y + 1)M", "M\(Self.esc)"])
    }

    func testABracketedPasteIsTextEvenCutAnywhere() throws {
        let pad = try pad(escapeDelay: .seconds(10))
        // Into the pad itself (the wrong window): "q" would ask to quit, space move on.
        pad.typeBytes("\(Self.esc)[200~q 5 >\nx\(Self.esc)[201~")
        XCTAssertTrue(pad.running)
        XCTAssertTrue(pad.state.overlays.isEmpty, "\(pad.state.overlays)")
        XCTAssertEqual(pad.state.current, 0, "the show did not move")
        // Into the go-to prompt, its start and end markers cut by the reads.
        pad.typeBytes("1")
        try pad.waitFor(text: "Go to slide: 1")
        for piece in ["\(Self.esc)[20", "0~", "2", "\(Self.esc)[2", "01~"] { pad.typeBytes(piece) }
        try pad.waitFor(text: "Go to slide: 12")
        pad.typeBytes("\r")
        try pad.waitForSlide(12)
        try pad.waitFor(text: "Current · 12/14")
        assertNothingRaw(pad, ["200~", "201~", "[20"])
    }

    func testGarbageShowsNothingAndTheKeysAfterItStillWork() throws {
        let pad = try pad()
        let garbage: [[UInt8]] = [
            [0xFF, 0xFE, 0xC0, 0xAF, 0x80, 0x9B, 0x00, 0x1C, 0x1F],  // bytes no UTF-8, C1 or key is
            Array("\(Self.esc)[99;99x\(Self.esc)O~\(Self.esc)[<0;0;0M\(Self.esc)[0u".utf8),  // sequences that mean nothing
            Array("\(Self.esc)]0;evil title\u{07}\(Self.esc)]52;c;ZXZpbA==\(Self.esc)\\".utf8),  // a title, the clipboard
            Array("\(Self.esc)P1$qm\(Self.esc)\\\(Self.esc)_Gi=9;EBADF:evil\(Self.esc)\\".utf8),  // DCS, an answer about no picture
            Array(("\(Self.esc)[" + String(repeating: "7;", count: 40) + "x").utf8),  // parameters past the cap
        ]
        for bytes in garbage { pad.typeBytes(bytes) }
        XCTAssertTrue(pad.running)
        XCTAssertEqual(pad.state.current, 0, "the show did not move")
        XCTAssertTrue(pad.state.overlays.isEmpty, "\(pad.state.overlays)")
        XCTAssertFalse(try holds(pad), "nothing left waiting")
        pad.typeBytes(" ")
        try pad.waitForSlide(2)
        try pad.waitFor(text: "Current · 2/14")
        assertNothingRaw(pad, ["evil", "ZXZp", "99;99", "7;7;", "$qm", "EBADF"])
    }

    /// A lone ESC waits `InputDecoder.escapeDelay` for the rest of a
    /// sequence; nothing more comes, and it is the Escape key.
    func testALoneEscapeIsEscapeOnceTheDelayPasses() throws {
        let pad = try pad()
        pad.typeBytes("?")
        try pad.until("the help open") { !$0.state.overlays.isEmpty }
        pad.typeBytes(Self.esc)
        try pad.until("the help closed by Escape") { $0.state.overlays.isEmpty }
        XCTAssertFalse(try holds(pad))
        XCTAssertTrue(pad.running)
    }

    /// Whether the decoder holds bytes for the rest of a sequence (asked on the pad's loop).
    private func holds(_ pad: ScriptedPad) throws -> Bool {
        let terminal = pad.terminal
        return try pad.run.loop.submit { terminal.holdsInput }.wait()
    }

    /// Where `text` is on the screen (0-based column and row).
    private static func place(of text: String, in screen: String) -> (x: Int, y: Int)? {
        for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (DisplayWidth.of(String(line[..<range.lowerBound])), y) }
        }
        return nil
    }
}
