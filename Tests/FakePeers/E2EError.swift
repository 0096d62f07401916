import Foundation

/// The error the end-to-end helpers throw: an `NSError` whose description is
/// `message`, so XCTest's "caught error" line says what went wrong.
package enum E2EError {
    package static func make(_ message: String, domain: String = "e2e", code: Int = 1) -> NSError {
        NSError(domain: domain, code: code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
