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

    /// The input harness compares reads cut anywhere with one read, but not
    /// where the decoder's caps make a cut decide: a control sequence whose
    /// parameters run past the 64 bytes held for one.
    func testTheInputHarnessComparesCutsWhereTheyMustAgree() {
        XCTAssertTrue(FuzzTarget.splitsAlike(Array("\u{1B}[1;5C\u{1B}[<0;10;5M\u{1B}[200~x\u{1B}[201~".utf8)))
        XCTAssertFalse(FuzzTarget.splitsAlike(Array(("\u{1B}[" + String(repeating: "1;", count: 40) + "C").utf8)))
        XCTAssertNil(FuzzTarget.input.check(Array("\u{1B}[1;5C\u{1B}[<0;10;".utf8) + Array("5M\u{1B}".utf8)))
    }
}
