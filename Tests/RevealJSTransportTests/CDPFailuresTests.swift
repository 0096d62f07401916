#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOHTTP1
import XCTest
import RevealJS
@testable import RevealJSTransport

/// The browser's errors by the same rule as pdfpc's (`NetworkFailure`),
/// plus a page list that is not HTTP.
final class CDPFailuresTests: XCTestCase {
    func testTheBrowsersErrorsInTheLinksWords() {
        XCTAssertEqual(CDPFailures.failure(IOError(errnoCode: ECONNREFUSED, reason: "connect")), .refused)
        XCTAssertEqual(CDPFailures.failure(ChannelError.ioOnClosedChannel), .reset)
        XCTAssertEqual(CDPFailures.failure(RevealLink.Failure.upgradeRefused(status: 403, body: "")), .upgradeRefused(status: 403, body: ""))
        XCTAssertEqual(CDPFailures.failure(HTTPParserError.invalidVersion), .other("not HTTP"))
        XCTAssertEqual(CDPFailures.failure(IOError(errnoCode: EHOSTUNREACH, reason: "connect")), .unreachable)
        XCTAssertEqual(CDPFailures.failure(ChannelError.connectTimeout(.seconds(1))), .unreachable,
                       "a host that never connects is no answer at all: reveal.js's own words")
        XCTAssertEqual(RevealLink.Failure.unreachable.description, "no connection in time")
        XCTAssertEqual(RevealLink.Failure.timedOut.description, "no answer in time")
    }
}
