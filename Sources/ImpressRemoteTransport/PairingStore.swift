import ImpressRemote
import FoundationEssentials
import NIOConcurrencyHelpers
import Syscalls
import Logging
import SlideModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a source finds, and keeps, the PIN each server accepted.
public protocol PairingStoring: Sendable {
    /// The PIN stored for `server` (`host:port`), if any.
    func pin(forServer server: String) -> String?
    /// Records that `server` accepted `pin` for `clientName`.
    func remember(server: String, clientName: String, pin: String) throws
}

/// One server's entry in the pairing file.
public struct Pairing: Codable, Sendable, Equatable {
    /// The client name the PIN was accepted for (LibreOffice authorises the pair).
    public var name: String
    public var pin: String

    public init(name: String, pin: String) {
        self.name = name
        self.pin = pin
    }
}

/// The pairing file: `$XDG_STATE_HOME/controlpad/pairings.json` (by default
/// `~/.local/state/controlpad/pairings.json`), one entry per `host:port`.
///
/// A PIN is a credential of sorts, so the file is mode 0600 in a 0700
/// directory, and it is replaced atomically (a temporary file made 0600 from
/// the start, then renamed), so a crash never leaves half a file. A file that
/// cannot be read as JSON is logged and treated as empty, never a crash; the
/// next pairing replaces it.
public final class PairingStore: PairingStoring {
    public let fileURL: URL
    private let logger: Logger

    public init(fileURL: URL, logger: Logger = Logger(label: "controlpad.pairings")) {
        self.fileURL = fileURL
        self.logger = logger
    }

    /// The default file for `environment`, or nil when neither a usable
    /// `XDG_STATE_HOME` (absolute) nor `HOME` is set.
    public static func defaultFileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        StateDirectory.file("pairings.json", environment: environment).map { URL(fileURLWithPath: $0, isDirectory: false) }
    }

    /// On-disk shape; versioned so a later format can tell old files apart.
    struct File: Codable {
        var version = 1
        var servers: [String: Pairing] = [:]
    }

    /// Every stored pairing; empty when the file is missing or unreadable.
    public var all: [String: Pairing] { load().servers }

    public func pin(forServer server: String) -> String? {
        load().servers[server]?.pin
    }

    /// The name and PIN `server` last accepted, if any.
    public func pairing(forServer server: String) -> Pairing? {
        load().servers[server]
    }

    public func remember(server: String, clientName: String, pin: String) throws {
        var file = load()
        let entry = Pairing(name: clientName, pin: pin)
        guard file.servers[server] != entry else { return }
        file.servers[server] = entry
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try writeAtomically(try encoder.encode(file))
    }

    private func load() -> File {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            if FileManager.default.fileExists(atPath: fileURL.path) {
                logger.warning("cannot read the pairing file \(fileURL.path): \(error); no PIN is remembered")
            }
            return File()
        }
        do {
            return try JSONDecoder().decode(File.self, from: data)
        } catch {
            logger.error(
                "the pairing file \(fileURL.path) is corrupt (\(error)); treating it as empty, the next pairing replaces it"
            )
            return File()
        }
    }

    private func writeAtomically(_ data: Data) throws {
        let dir = fileURL.deletingLastPathComponent().path
        try Self.makeDirectories(dir)
        let temp = dir + "/.pairings.json.\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd: Int32
        do {
            fd = try Syscalls.open(temp, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        } catch {
            throw PairingStoreError.posix("create \(temp)", error.errno)
        }
        var ok = false
        defer {
            if !ok { unlink(temp) }
        }
        do {
            try Syscalls.writeAll(fd, [UInt8](data))
            // The mode given to open() is masked by the umask; make sure.
            try Syscalls.fchmod(fd, 0o600)
            try Syscalls.fsync(fd)
        } catch {
            close(fd)
            throw PairingStoreError.posix("write \(temp)", error.errno)
        }
        close(fd)
        guard rename(temp, fileURL.path) == 0 else { throw PairingStoreError.posix("rename to \(fileURL.path)", errno) }
        ok = true
    }

    /// `mkdir -p` with mode 0700 for every directory it creates, and 0700
    /// forced on the last one (our own `controlpad` directory).
    static func makeDirectories(_ path: String) throws {
        var current = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            current += "/" + part
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw PairingStoreError.posix("create directory \(current)", errno)
            }
        }
        chmod(path, 0o700)
    }
}

public enum PairingStoreError: Error, CustomStringConvertible {
    case posix(String, Int32)

    public var description: String {
        switch self {
        case .posix(let what, let code):
            return "cannot \(what): \(String(cString: strerror(code)))"
        }
    }
}

/// A store that forgets when the process ends: for tests, and when no state
/// directory can be found.
public final class MemoryPairingStore: PairingStoring {
    private let pairings: NIOLockedValueBox<[String: Pairing]>

    public init(_ initial: [String: Pairing] = [:]) {
        pairings = NIOLockedValueBox(initial)
    }

    public var all: [String: Pairing] { pairings.withLockedValue { $0 } }

    public func pin(forServer server: String) -> String? {
        pairings.withLockedValue { $0[server]?.pin }
    }

    public func remember(server: String, clientName: String, pin: String) throws {
        pairings.withLockedValue { $0[server] = Pairing(name: clientName, pin: pin) }
    }
}
