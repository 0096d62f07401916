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
        XCTAssertEqual(CDPFailures.failure(IOError(errnoCode: EHOSTUNREACH, reason: "connect")).description, "host unreachable",
                       "a case reveal.js has no name for, in the shared words")
        XCTAssertEqual(RevealLink.Failure.timedOut.description, "no answer in time")
    }
}
