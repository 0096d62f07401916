import NIOCore
import NIOPosix
import SourceKit
import Syscalls
import XCTest

/// A child process speaking lines (what Impress over UNO's bridge is, and a
/// Keynote or PowerPoint helper would be).
final class LineProcessTests: XCTestCase {
    private final class Lines: @unchecked Sendable {
        var lines: [String] = []
    }

    func testLinesGoInAndComeBackAndTheEndIsSaidOnce() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let cat = try XCTUnwrap(Syscalls.findProgram(["cat"], searchPath: "/usr/bin:/bin"))
        let heard = Lines()
        let two = expectation(description: "two lines back")
        let ended = expectation(description: "its output ended")
        let written = expectation(description: "the first line reached the pipe")
        let process = try LineProcess(program: cat, arguments: [], on: loop, onLine: { line in
            XCTAssertTrue(loop.inEventLoop)
            heard.lines.append(String(decoding: line, as: UTF8.self))
            if heard.lines.count == 2 { two.fulfill() }
        }, onEnd: { ended.fulfill() })
        process.write("{\"hello\": 1}\n", whenWritten: { XCTAssertTrue($0); written.fulfill() })
        process.write("second\n")
        wait(for: [written, two], timeout: 10)
        XCTAssertEqual(heard.lines, ["{\"hello\": 1}", "second"])
        process.end()
        wait(for: [ended], timeout: 10)
    }
}
