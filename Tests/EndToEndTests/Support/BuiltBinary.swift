import FakePeerSupport
import Foundation

/// The `controlpad` that `swift build` made, which the end-to-end tests run.
enum BuiltBinary {
    /// The directory that holds it: next to the test bundle, wherever the
    /// test runner (`swift test`, Xcode, an xctest binary) was started from.
    static var productsDirectory: URL {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent(),
                          Bundle(for: BundleToken.self).bundleURL.deletingLastPathComponent()]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("controlpad").path) }
            ?? bundle.deletingLastPathComponent()
    }

    static var path: String { productsDirectory.appendingPathComponent("controlpad").path }

    /// It must have been built: a missing one fails the test, never skips it.
    static func require() throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw E2EError.make("controlpad was not built at \(path)")
        }
    }

    /// A class of this module, for `Bundle(for:)`.
    private final class BundleToken {}
}
