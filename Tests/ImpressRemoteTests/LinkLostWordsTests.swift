import XCTest
@testable import SlideModel
@testable import ImpressRemote

/// A link that worked and is lost is Impress going away, not a set-up
/// problem; a port other than 1599 that refuses is the wrong port
/// (issue 30, item 8).
final class LinkLostWordsTests: XCTestCase {
    private func connection(address: String = "127.0.0.1:1599") -> ImpressConnection {
        ImpressConnection(.init(clientName: "pad", serverLabel: "127.0.0.1", address: address,
                                backoff: ReconnectBackoff(initial: .seconds(1), maximum: .seconds(15))))
    }
    private func at(_ seconds: Double) -> Duration { .milliseconds(Int(seconds * 1000)) }
    private func reasons(_ actions: [ImpressConnection.Action]) -> [String] {
        actions.compactMap { if case .emit(.link(.reconnecting(_, let problem))) = $0 { problem.reason } else { nil } }
    }

    func testRefusedAfterALinkThatWorkedSaysImpressStoppedAnswering() {
        var c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        _ = c.handle(.connected, now: at(0.01))
        _ = c.handle(.received(Array("LO_SERVER_SERVER_PAIRED\n\nslideshow_finished\n\n".utf8)), now: at(0.02))
        XCTAssertEqual(reasons(c.handle(.closed, now: at(5))), [ImpressProblem.closed.reason])
        _ = c.handle(.timerFired(.countdown), now: at(6))
        let refused = c.handle(.connectFailed(ImpressProblem.refused.problem), now: at(6.01))
        XCTAssertEqual(reasons(refused).first, "Impress stopped answering: did LibreOffice quit?")
        XCTAssertFalse(ImpressProblem.stoppedAnswering.fix.contains("Tools ▸ Options"), "no first-time set-up advice")
        XCTAssertEqual(reasons(c.handle(.connectFailed(ImpressProblem.timedOut.problem), now: at(9))).first,
                       ImpressProblem.stoppedAnswering.reason)
    }

    func testRefusedOnALinkThatNeverCameUpKeepsTheSetUpAdvice() {
        var c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        let refused = c.handle(.connectFailed(ImpressProblem.refused.problem), now: at(0.01))
        XCTAssertEqual(reasons(refused).first, ImpressProblem.refused.reason)
        XCTAssertTrue(ImpressProblem.refused.fix.contains("Enable remote control"))
    }

    func testAnotherPortThatRefusesIsTheWrongPortAsTheDoctorSays() {
        var c = connection(address: "127.0.0.1:17999")
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: at(0))
        let refused = c.handle(.connectFailed(ImpressProblem.refused.problem), now: at(0.01))
        XCTAssertEqual(reasons(refused).first, "connection refused: nothing listens on this port (Impress Remote listens on 1599)")
        XCTAssertTrue(ImpressProblem.refusedOnOtherPort.fix.hasPrefix("Check the port: Impress Remote listens on port 1599"))
    }
}
