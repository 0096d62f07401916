import Foundation

/// A state and config home of one session's own, in a temporary directory
/// removed with it. The pad remembers a server's layout (XDG_STATE_HOME)
/// and reads a config file (XDG_CONFIG_HOME): from here, neither the
/// user's files nor another test's choices change what a test sees.
final class IsolatedHome {
    static let keys = ["XDG_STATE_HOME", "XDG_CONFIG_HOME"]
    let url: URL

    /// Creates `<tmp>/<name>` (made unique when `name` is not).
    init(name: String = "cp-e2e-home-\(UUID().uuidString.prefix(8))") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    /// Both variables, pointing here.
    var variables: [String: String] { Dictionary(uniqueKeysWithValues: Self.keys.map { ($0, path) }) }

    /// `environment` with either variable it does not set pointing here: a
    /// test that gives its own home keeps it.
    func filling(_ environment: [String: String]) -> [String: String] {
        environment.merging(variables) { given, _ in given }
    }
}
