import Foundation
import XCTest
@testable import FuzzHarnesses

/// Every input a fuzzer ever found a fault with (Fuzz/FailCases/TARGET/*),
/// replayed through its harness: each one that finds the fault again fails
/// here, by name, and the rest still run.
final class FailCasesTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/FailCases")

    func testEveryFailCaseIsFixed() throws {
        var replayed = 0
        for target in FuzzTarget.allCases {
            let folder = Self.folder.appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() {
                let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
                XCTAssertNil(target.check(bytes), "Fuzz/FailCases/\(target.rawValue)/\(name) finds its fault again")
                replayed += 1
            }
        }
        XCTAssertGreaterThanOrEqual(replayed, 8, "the committed fail cases were all found")
    }

    /// What a harness reports is the first fault it saw.
    func testAFindingIsTheFirstFaultSeen() {
        var findings = FuzzTarget.Findings()
        findings.expect(true, "fine")
        findings.expect(false, "the first fault")
        findings.expect(false, "one that follows from it")
        XCTAssertEqual(findings.first, "the first fault")
        XCTAssertNil(FuzzTarget.config.check(Array("duration = \"20m\"".utf8)))
    }
}
