import Logging
import XCTest
@testable import ControlPadCLI
@testable import PdfpcTransport
@testable import ImpressRemoteTransport
@testable import SourceKit

/// `controlpad doctor` picks one source's doctor by the address's scheme,
/// through one function (`doctor(for:)`), and runs it without knowing which.
final class DoctorChoiceTests: XCTestCase {
    func testTheSchemePicksTheDoctor() throws {
        let logger = Logger(label: "test")
        let pdfpc = try DoctorCommand.parse(["pdfpc://127.0.0.1:9", "--password", "secret"])
        let chosen = try pdfpc.doctor(for: "pdfpc://127.0.0.1:9", logger: logger)
        XCTAssertEqual((chosen as? PdfpcDoctor)?.configuration.address.port, 9)
        XCTAssertEqual((chosen as? PdfpcDoctor)?.configuration.password, "secret")
        let secure = try pdfpc.doctor(for: "  PDFPCS://127.0.0.1", logger: logger)
        XCTAssertEqual((secure as? PdfpcDoctor)?.configuration.address.secure, true)

        let impress = try DoctorCommand.parse(["127.0.0.1:1600", "--pin", "1234"])
        let other = try impress.doctor(for: "127.0.0.1:1600", logger: logger)
        XCTAssertEqual((other as? ImpressDoctor)?.configuration.address.port, 1600)
        XCTAssertEqual((other as? ImpressDoctor)?.pin, .given("1234"))
    }

    func testABadAddressIsRefusedBeforeAnyCheck() {
        XCTAssertThrowsError(try DoctorCommand.parse(["pdfpc://"]))
        XCTAssertThrowsError(try DoctorCommand.parse(["host:notaport"]))
    }
}
