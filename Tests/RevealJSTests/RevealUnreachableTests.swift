import RevealJS
import SlideModel
import XCTest

/// A host that never answers (off, or a firewall that drops, as a remote
/// address with --allow-remote may be) is said as no connection, not as a
/// server that is not a DevTools port; one that answers and then says
/// nothing still is.
final class RevealUnreachableTests: XCTestCase {
    private func problem(after failure: RevealLink.Failure) -> LinkProblem? {
        var link = RevealLink(RevealLink.Settings(address: RevealAddress(host: "192.0.2.7", port: 9222)))
        _ = link.handle(.start, now: .zero)
        for action in link.handle(.httpFailed(.version, failure), now: .seconds(3)) {
            if case .emit(.link(.reconnecting(_, let problem))) = action { return problem }
            if case .emit(.link(.failed(let problem))) = action { return problem }
        }
        return nil
    }

    func testNoConnectionIsSaidAsSuch() {
        let lost = problem(after: .unreachable)
        XCTAssertEqual(lost?.code, "unreachable")
        XCTAssertEqual(lost?.reason, "no connection to 192.0.2.7:9222 (the computer is off or unreachable, or a firewall drops it)")
        XCTAssertEqual(problem(after: .timedOut)?.code, "not-cdp", "connected, then no answer: not a DevTools port")
    }
}
