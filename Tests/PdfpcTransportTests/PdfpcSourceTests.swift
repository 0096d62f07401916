import XCTest
@testable import PdfpcTransport
