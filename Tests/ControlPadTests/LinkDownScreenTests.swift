import Pdfpc
import ImpressRemote
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// While the link is down the reason and its fix stay on screen, during
/// the next attempt too (issue 30, items 8 and 9).
final class LinkDownScreenTests: XCTestCase {
    private func screen(_ state: inout PadState) -> String {
        renderPad(&state, width: 100, height: 30, now: .milliseconds(10_000)).text.replacingOccurrences(of: "│", with: " ")
    }

    /// A line of the banner (not the status line) says `text`.
    private func inBanner(_ text: String, _ state: inout PadState) -> Bool {
        screen(&state).split(separator: "\n").dropLast().contains { $0.contains(text) }
    }

    private func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    func testALostLinkKeepsItsReasonAndFixWhileTheNextAttemptRuns() {
        var state = samplePadState()
        _ = state.reduce(.source(.link(.connected(server: "Impress 25.2 · beamer"))), now: .milliseconds(1_000))
        let lost = ImpressProblem.stoppedAnswering.problem
        _ = state.reduce(.source(.link(.reconnecting(inSeconds: 2, problem: lost))), now: .milliseconds(2_000))
        var text = words(screen(&state))
        XCTAssertTrue(inBanner("Impress stopped answering: did LibreOffice quit?", &state), text)
        XCTAssertTrue(text.contains("presentation, open it again: the pad reconnects"), text)
        XCTAssertFalse(text.contains("Tools ▸ Options"), "no first-time set-up advice for a link that worked")

        _ = state.reduce(.source(.link(.connecting(to: "beamer"))), now: .milliseconds(4_000))
        text = words(screen(&state))
        XCTAssertTrue(text.contains("Trying again now…"), text)
        XCTAssertTrue(inBanner("Impress stopped answering: did LibreOffice quit?", &state), "the reason stays: \(text)")
        XCTAssertTrue(text.contains("open it again"), "and its fix")
        XCTAssertFalse(text.contains("Connecting…"), text)

        _ = state.reduce(.source(.link(.connected(server: "Impress 25.2 · beamer"))), now: .milliseconds(6_000))
        text = words(screen(&state))
        XCTAssertFalse(text.contains("did LibreOffice quit?"), "gone once Impress answers")
    }

    func testAFirstAttemptSaysConnecting() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.connecting(to: "beamer"))), now: .zero)
        XCTAssertTrue(screen(&state).contains("Connecting…"))
    }
}
