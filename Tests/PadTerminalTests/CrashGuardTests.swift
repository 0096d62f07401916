import CCrashGuard
import Foundation
import XCTest
@testable import PadTerminal

/// What the crash guard works out before a crash: where the report goes and
/// the crash file's time stamp (computed by hand in C, since a signal
/// handler cannot call gmtime). The crash itself is end-to-end
/// (`TerminalRestoreEndToEndTests`).
final class CrashGuardTests: XCTestCase {
    private func stamp(_ seconds: Int64) -> String {
        var out = [CChar](repeating: 0, count: 17)
        cp_crash_guard_utc_stamp(seconds, &out)
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func testCrashFileStampsAreUTCInISOBasicFormat() {
        XCTAssertEqual(stamp(0), "19700101T000000Z")
        XCTAssertEqual(stamp(951_782_400), "20000229T000000Z", "2000 is a leap year")
        XCTAssertEqual(stamp(1_709_251_199), "20240229T235959Z")
        XCTAssertEqual(stamp(4_107_542_400), "21000301T000000Z", "2100 is not: 28 February, then 1 March")
        XCTAssertEqual(stamp(1_795_409_109), "20261123T044509Z")

        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        var seed: UInt64 = 0x5EED
        for _ in 0..<5_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Int64(seed >> 33) % 7_258_118_400  // 1970 to 2200
            XCTAssertEqual(stamp(seconds), formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))),
                           "\(seconds)")
        }
    }

    func testTheReportGoesToTheStateDirectoryUnlessStandardErrorIsRedirected() {
        let xdg = ["XDG_STATE_HOME": "/x/state", "HOME": "/home/p"]
        XCTAssertEqual(CrashGuard.reportPlace(standardError: .noPlace, environment: xdg),
                       .init(directory: "/x/state/controlpad", standardErrorName: nil))
        XCTAssertEqual(CrashGuard.reportPlace(standardError: .noPlace, environment: ["HOME": "/home/p"]),
                       .init(directory: "/home/p/.local/state/controlpad", standardErrorName: nil))
        XCTAssertEqual(CrashGuard.reportPlace(standardError: .noPlace, environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]),
                       .init(directory: "/h/.local/state/controlpad", standardErrorName: nil),
                       "a relative XDG_STATE_HOME is ignored, as for the pairings")
        XCTAssertEqual(CrashGuard.reportPlace(standardError: .noPlace, environment: [:]),
                       .init(directory: nil, standardErrorName: nil), "no state directory: standard error (the terminal)")
        XCTAssertEqual(CrashGuard.reportPlace(standardError: .elsewhere("/tmp/err.txt"), environment: xdg),
                       .init(directory: nil, standardErrorName: "/tmp/err.txt"))
    }

    func testStandardErrorRedirectedToAFileIsNamedByItsPath() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cp-stderr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        let saved = dup(STDERR_FILENO)
        dup2(file, STDERR_FILENO)
        let seen = CrashGuard.standardError()
        dup2(saved, STDERR_FILENO)
        close(saved)
        close(file)
        XCTAssertEqual(seen, .elsewhere(path))

        let null = open("/dev/null", O_WRONLY)
        let before = dup(STDERR_FILENO)
        dup2(null, STDERR_FILENO)
        let discarded = CrashGuard.standardError()
        dup2(before, STDERR_FILENO)
        close(before)
        close(null)
        XCTAssertEqual(discarded, .noPlace, "a report sent to /dev/null would be lost: it goes to the crash file")
    }
}
