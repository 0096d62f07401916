import Foundation
import XCTest
@testable import PadTerminal
import Syscalls

/// The start-up queries on a real pseudo-terminal: the queries go out, the
/// answers are read, and a key typed before them is kept for curses.
final class TerminalProbeTests: XCTestCase {
    /// A pty pair.
    private func pty() throws -> (master: Int32, slave: Int32) {
        let (master, path) = try Syscalls.openPseudoTerminal()
        let slave = open(path, O_RDWR | O_NOCTTY)
        XCTAssertGreaterThanOrEqual(slave, 0)
        return (master, slave)
    }

    func testAnswersAreReadAndATypedKeyIsKept() throws {
        let (master, slave) = try pty()
        defer { close(master); close(slave) }
        // The user pressed → just before the terminal answered.
        try Syscalls.writeAll(master, Array("\u{1B}[C\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?2;0;1000;630S\u{1B}[?62;4c".utf8))
        let probe = TerminalProbe.run(input: slave, output: slave, queries: TerminalProbe.queries, timeoutMs: 5000)
        XCTAssertTrue(probe.answered)
        XCTAssertTrue(probe.kitty)
        XCTAssertTrue(probe.sixel)
        XCTAssertEqual(probe.maxSixelSize?.width, 1000)
        XCTAssertEqual(probe.typed, [.key(.right)])
        // What the terminal was asked.
        // All of it, however the pty splits it (what was typed before the
        // probe took the line may come first: its echo).
        var sent: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: sent, as: UTF8.self).contains(TerminalProbe.queries),
              Syscalls.poll([master], timeout: 1000)[0] & Int16(POLLIN) != 0 {
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { break }
            sent += buffer[0..<n]
        }
        XCTAssertTrue(String(decoding: sent, as: UTF8.self).contains(TerminalProbe.queries))
        // The terminal's modes are back (echo and line editing on).
        var modes = termios()
        tcgetattr(slave, &modes)
        XCTAssertNotEqual(modes.c_lflag & tcflag_t(ICANON), 0)
    }

    func testASilentTerminalGivesNoPicturesAndKeepsWhatWasTyped() throws {
        let (master, slave) = try pty()
        defer { close(master); close(slave) }
        try Syscalls.writeAll(master, Array("q".utf8))
        let probe = TerminalProbe.run(input: slave, output: slave, queries: TerminalProbe.queries, timeoutMs: 20)
        XCTAssertFalse(probe.answered)
        XCTAssertFalse(probe.kitty)
        XCTAssertFalse(probe.sixel)
        XCTAssertEqual(probe.typed, [.key(.char("q"))])
    }
}
