import Foundation
import Logging
import XCTest
@testable import ControlPadUI

/// `--log FILE`: one line per entry, appended, never the terminal.
final class FileLogHandlerTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("controlpad-log-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // Give write permission back before removing (see the unwritable test).
        chmod(directory.path, 0o700)
        try? FileManager.default.removeItem(at: directory)
    }

    private func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    func testALineIsAppendedWithLevelAndLabel() throws {
        let path = directory.appendingPathComponent("pad.log").path
        try "earlier run\n".write(toFile: path, atomically: true, encoding: .utf8)
        let file = try LogFile(path: path)
        var logger = Logger(label: "controlpad.impress") { FileLogHandler(label: $0, file: file) }
        logger.logLevel = .debug

        logger.notice("lost 127.0.0.1:1599: connection reset", metadata: ["try": "2"])
        logger.debug("two\nlines\u{1B}[2J")
        logger.trace("below the level: not written")

        let written = try lines(path)
        XCTAssertEqual(written.count, 4, "\(written)")  // earlier line, two entries, final empty piece
        XCTAssertEqual(written[0], "earlier run", "appends, never truncates")
        XCTAssertEqual(written[3], "")

        let first = written[1]
        XCTAssertTrue(first.hasSuffix(" notice controlpad.impress: lost 127.0.0.1:1599: connection reset try=2"), first)
        let stamp = try XCTUnwrap(first.split(separator: " ").first.map(String.init))
        XCTAssertNotNil(stamp.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression), stamp)

        // One entry stays one line: breaks and control characters are escaped.
        XCTAssertTrue(written[2].hasSuffix(" debug controlpad.impress: two\\nlines\\u{1b}[2J"), written[2])
    }

    func testANewLogFileIsPrivate() throws {
        let path = directory.appendingPathComponent("new.log").path
        let file = try LogFile(path: path)
        FileLogHandler(label: "controlpad.pairings", file: file).log(event: LogEvent(
            level: .error, message: "cannot remember the PIN", metadata: nil, source: "test",
            file: #fileID, function: #function, line: #line))
        var mode = stat()
        XCTAssertEqual(stat(path, &mode), 0)
        XCTAssertEqual(mode.st_mode & 0o777, 0o600)
        XCTAssertTrue(try lines(path)[0].hasSuffix(" error controlpad.pairings: cannot remember the PIN"))
    }

    func testAnUnwritablePathGivesAClearError() throws {
        let missing = directory.appendingPathComponent("no-such-dir/pad.log").path
        XCTAssertThrowsError(try LogFile(path: missing)) { error in
            XCTAssertEqual("\(error)", "cannot open the log file \(missing): No such file or directory")
        }
        XCTAssertThrowsError(try bootstrapLogging(path: missing, environment: [:])) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot open the log file \(missing): "), "\(error)")
        }

        // A directory, not a file.
        XCTAssertThrowsError(try LogFile(path: directory.path)) { error in
            XCTAssertEqual("\(error)", "cannot open the log file \(directory.path): Is a directory")
        }

        // A directory without write permission (root may write anyway).
        let locked = directory.appendingPathComponent("locked", isDirectory: true)
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        chmod(locked.path, 0o500)
        defer { chmod(locked.path, 0o700) }
        if geteuid() != 0 {
            let path = locked.appendingPathComponent("pad.log").path
            XCTAssertThrowsError(try LogFile(path: path)) { error in
                XCTAssertEqual("\(error)", "cannot open the log file \(path): Permission denied")
            }
        }
    }
}
