import Pdfpc
import ImpressRemote
import ArgumentParser
import XCTest
@testable import ControlPadCLI
@testable import ImpressRemoteTransport
@testable import SourceKit
import SlideModel

/// A mistyped option gets the nearest real one, and a negative number is
/// said to be negative, not "Missing value" (issue 30, cosmetic sweep).
final class OptionMistakeTests: XCTestCase {
    private func line(_ arguments: [String]) -> String {
        do {
            _ = try ControlPadCommand.parseAsRoot(arguments)
            return "parsed"
        } catch {
            return ControlPadCommand.usageLine(for: error, arguments: arguments)
        }
    }

    func testAMistypedVersionGetsDidYouMean() {
        XCTAssertEqual(line(["--verison"]), "controlpad: Unknown option '--verison'; did you mean --version? (see `controlpad demo --help`)")
        XCTAssertEqual(line(["send", "127.0.0.1", "next", "--no-wiat"]),
                       "controlpad: Unknown option '--no-wiat'; did you mean --no-wait? (see `controlpad send --help`)")
    }

    func testANegativeNumberIsSaidToBeNegative() {
        XCTAssertEqual(line(["demo", "--duration", "-5"]), "controlpad: --duration cannot be negative: -5 (see `controlpad demo --help`)")
        XCTAssertEqual(line(["demo", "--drop", "-0.5"]), "controlpad: --drop cannot be negative: -0.5 (see `controlpad demo --help`)")
    }

    /// `-v` was an unknown option, and `--timeout 0` was refused by a message
    /// that said 0 was allowed (issue 52, item 20).
    func testDashVIsTheVersionAndTheTimeoutsRangeIsSaidAsItIs() {
        for asked in [["-v"], ["-V"], ["--version"]] { XCTAssertEqual(ControlPadVersion.answer(asked), ControlPadVersion.string, "\(asked)") }
        XCTAssertNil(ControlPadVersion.answer(["demo", "-v"]))
        XCTAssertNil(ControlPadVersion.answer([]))
        for command in ["discover", "doctor", "send"] {
            let arguments = command == "send" ? [command, "127.0.0.1", "next", "--timeout", "0"] : [command, "--timeout", "0"]
            let said = line(arguments)
            XCTAssertTrue(said.contains("--timeout must be more than 0 and at most"), said)
        }
    }

    func testTheParsersOwnSuggestionIsNotSaidTwice() {
        let said = line(["doctor", "--jsn"])
        XCTAssertEqual(said.components(separatedBy: "id you mean").count, 2, said)
    }
}

/// The doctor is a command-line tool: its fixes never say "press r".
final class DoctorFixWordsTests: XCTestCase {
    func testNoFixInTheDoctorSaysPressR() {
        for problem in ImpressProblem.allCases.map(\.problem) + PdfpcProblem.allCases.map(\.problem) {
            let fix = LinkProblem.outsideThePad(problem.fix ?? "")
            XCTAssertFalse(fix.contains("press r"), "\(problem): \(fix)")
        }
        XCTAssertEqual(DoctorCheck(name: .pairing, title: "Pairing", ok: false, detail: "x", fix: ImpressProblem.pairingRefused.fix).fix,
                       "Check that \"Enable remote control\" is on in Impress, then ask again.")
    }
}
