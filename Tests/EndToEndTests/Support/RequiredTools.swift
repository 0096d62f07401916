import FakePeerSupport
import Foundation

/// Programs an end-to-end test runs (tmux, Xvfb, kitty …). A missing one
/// fails the test with what installs it, never skips it: a skipped
/// end-to-end test reads as a passed one in a summary.
enum RequiredTools {
    /// Whether `tool` is an executable in one of `PATH`'s directories.
    static func isInstalled(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// Throws "<tool> is needed for <purpose> (<installedBy>)" for the first missing tool.
    static func require(_ tools: [String], for purpose: String, installedBy: String) throws {
        for tool in tools where !isInstalled(tool) {
            throw E2EError.make("\(tool) is needed for \(purpose) (\(installedBy))", code: 2)
        }
    }
}
