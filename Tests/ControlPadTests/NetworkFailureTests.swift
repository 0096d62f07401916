#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOPosix
import XCTest
import Pdfpc
@testable import PdfpcTransport
import SlideModel

/// NIO's errors read by one rule for every network source
/// (`NetworkFailure.classifying`), here as pdfpc's link hears them.
final class NetworkFailureTests: XCTestCase {
    private func pdfpc(_ error: any Error) -> PdfpcConnection.Failure { PdfpcSource.failure(error, limit: 1 << 20) }

    func testTheSocketsErrorsAreTheSharedCasesWithTheirWords() {
        XCTAssertEqual(pdfpc(IOError(errnoCode: ECONNREFUSED, reason: "connect")), .refused)
        XCTAssertEqual(pdfpc(IOError(errnoCode: EPIPE, reason: "write")), .reset)
        XCTAssertEqual(pdfpc(IOError(errnoCode: EHOSTUNREACH, reason: "connect")), .unreachable)
        XCTAssertEqual(pdfpc(IOError(errnoCode: ETIMEDOUT, reason: "connect")), .timedOut)
        XCTAssertEqual(pdfpc(ChannelError.connectTimeout(.seconds(1))), .timedOut)
        XCTAssertEqual(pdfpc(ChannelError.eof), .reset)
        XCTAssertEqual(PdfpcConnection.Failure.refused.description, "connection refused")
        XCTAssertEqual(PdfpcConnection.Failure.unreachable.description, "host unreachable")
        XCTAssertEqual(PdfpcConnection.Failure.tooLarge(limit: 8 << 20).description, "answer larger than 8 MB", "pdfpc's own case keeps its words")
    }
}
