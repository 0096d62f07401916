#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import FoundationEssentials
import SlideModel

/// The browsers `present` left showing a deck. The room watches that
/// window, so quitting the pad leaves it running; `present` on the same
/// deck then comes back to it (same port, same page: the kept talk timer
/// matches) instead of opening a second browser at slide 1. One small file
/// per deck in the state directory, `present-<hash of the deck's path>.json`.
enum PresentedBrowsers {
    struct Entry: Codable, Equatable {
        var pid: Int32
        var port: Int
        var profile: String
        var deck: String
    }

    static func file(deck: String, environment: [String: String]) -> String? {
        // FNV-1a of the absolute path: a name per deck, no path in a file name.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in deck.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return StateDirectory.file("present-\(String(hash, radix: 16)).json", environment: environment)
    }

    /// The browser left on `deck`, if it still runs: the process is alive and
    /// is the one started with that profile (a pid reused by another program
    /// is not taken for it). A record of one that ended is removed, with its profile.
    static func running(deck: String, environment: [String: String]) -> Entry? {
        guard let path = file(deck: deck, environment: environment),
              let data = FileManager.default.contents(atPath: path),
              let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.deck == deck else { return nil }
        let commandLine = (FileManager.default.contents(atPath: "/proc/\(entry.pid)/cmdline")).map {
            String(decoding: $0, as: UTF8.self)
        } ?? ""
        if kill(entry.pid, 0) == 0, commandLine.contains("--user-data-dir=\(entry.profile)\0") { return entry }
        forget(entry, environment: environment)
        return nil
    }

    static func remember(_ entry: Entry, environment: [String: String]) {
        guard let path = file(deck: entry.deck, environment: environment),
              let data = try? JSONEncoder().encode(entry) else { return }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600])
    }

    /// The record goes, and the throwaway profile of a browser that no longer runs.
    static func forget(_ entry: Entry, environment: [String: String]) {
        if let path = file(deck: entry.deck, environment: environment) { try? FileManager.default.removeItem(atPath: path) }
        if kill(entry.pid, 0) != 0, entry.profile.hasPrefix("/tmp/controlpad-browser-") {
            try? FileManager.default.removeItem(atPath: entry.profile)
        }
    }
}
