import FakePeerSupport
import Foundation
import XCTest

/// The patterns that crashed LibreOffice 25.2's remote (issue 38,
/// docs/IMPRESS-REMOTE.md "Clients that leave after a blank ended"), run
/// as a presenter runs them against the real Impress on a 40-slide show
/// (scripts/real-peer-test.sh starts it): a pedal's `send blank`, `resume`,
/// `next` a second and a fifth of a second apart, and the pad quit and
/// started again with `b` and → in between. Each ends with Impress alive
/// and the show where the last command put it. Opt in:
/// CONTROLPAD_REAL_PEER_CRASH=1 (ROUNDS, default 20, sets the rounds).
/// The gaps between commands are the scenario's pace, not a synchronisation.
final class RealImpressCrashEndToEndTests: FakeImpressTestCase {
    private let pairing = ["--name", "controlpad-test", "--pin", "1234"]
    private var environment: [String: String] { ["XDG_STATE_HOME": stateHome.path, "XDG_RUNTIME_DIR": stateHome.path] }
    private var rounds: Int { Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 20 }

    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["CONTROLPAD_REAL_PEER_CRASH"] == "1" else {
            throw XCTSkip("set CONTROLPAD_REAL_PEER_CRASH=1 with peer.sh running a 40-slide deck (scripts/real-peer-test.sh)")
        }
        try super.setUpWithError()
    }

    private func send(_ words: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try ControlpadProcess.run(["send", "127.0.0.1"] + words + pairing, environment: environment,
                                            file: file, line: line)
        XCTAssertEqual(run.status, 0, "send \(words.joined(separator: " ")): \(run.err)", file: file, line: line)
        return run.out.trimmingCharacters(in: .newlines)
    }

    /// soffice runs, and its remote answers a new client with the show's state.
    private func assertImpressAlive(on slide: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let (status, _) = try ChildProcess.run(["pgrep", "-f", "soffice.bin"])
        XCTAssertEqual(status, 0, "soffice is running", file: file, line: line)
        XCTAssertEqual(try send("start", file: file, line: line), "slide \(slide)/40", file: file, line: line)
    }

    /// The show started and on slide 1. For its first seconds a show may
    /// ignore `transition_next` (docs/IMPRESS-REMOTE.md): step until one is
    /// confirmed, then back to 1.
    private func freshShow() throws {
        _ = try send("start")
        var moved = false
        for _ in 0..<10 where !moved {
            moved = try ControlpadProcess.run(["send", "127.0.0.1", "next"] + pairing, environment: environment).status == 0
        }
        XCTAssertTrue(moved, "LibreOffice never obeyed transition_next: restart the peer")
        XCTAssertEqual(try send("first"), "slide 1/40")
    }

    private func pedal(gap: TimeInterval) throws {
        try freshShow()
        for round in 1...rounds {
            XCTAssertEqual(try send("blank"), "slide \(round)/40 · blank")
            Thread.sleep(forTimeInterval: gap)
            XCTAssertEqual(try send("resume"), "slide \(round)/40")
            Thread.sleep(forTimeInterval: gap)
            XCTAssertEqual(try send("next"), "slide \(round + 1)/40", "round \(round)")
            Thread.sleep(forTimeInterval: gap)
        }
        try assertImpressAlive(on: rounds + 1)
        print("real Impress: \(rounds) rounds of send blank, resume, next \(gap) s apart: alive on slide \(rounds + 1)/40")
    }

    func testAPedalsBlankResumeNextOneSecondApart() throws { try pedal(gap: 1) }

    func testAPedalsBlankResumeNextAFifthOfASecondApart() throws { try pedal(gap: 0.2) }

    func testThePadQuitAndStartedAgainWithBlankAndNext() throws {
        try freshShow()
        for cycle in 1...rounds {
            let pad = try TmuxSession(command: "\(TmuxSession.binary) connect 127.0.0.1 --no-animation "
                                      + pairing.joined(separator: " "), environment: environment)
            try pad.waitFor("cycle \(cycle): on slide \(cycle), previews in", timeout: 60) {
                let status = TmuxSession.statusLine($0)
                return status.contains(" \(cycle)/40 ") && !status.contains("previews ")
            }
            try pad.send("b")
            try pad.waitFor("BLANK") { TmuxSession.statusLine($0).contains("BLANK") }
            try pad.send("Right")
            try pad.waitFor("cycle \(cycle): → on \(cycle + 1)/40", timeout: 30) {
                TmuxSession.statusLine($0).contains(" \(cycle + 1)/40 ")
            }
            _ = try pad.quit()
        }
        try assertImpressAlive(on: rounds + 1)
        print("real Impress: \(rounds) cycles of the pad quit and started again, b and →: alive on slide \(rounds + 1)/40")
        XCTAssertEqual(try send("stop"), "no show", "the show ends: the held links may close")
    }
}
