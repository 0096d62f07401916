import FoundationEssentials
import ControlPadScripting
import Logging
import SlideModel
import Syscalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A swift-log handler that appends one line per entry to a file:
/// `2025-11-22T03:55:01.123Z notice controlpad.impress: lost 127.0.0.1:1599 key=value`.
///
/// The pad owns the terminal, so logs go to a file or nowhere. Line breaks
/// and control characters in a message are escaped so one entry stays one line.
struct FileLogHandler: LogHandler {
    let label: String
    let file: LogFile
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "\(Self.timestamp()) \(event.level) \(label): \(Self.escaped("\(event.message)"))"
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(Self.escaped("\(value)"))"
        }
        file.append(line + "\n")
    }

    /// UTC, millisecond precision, sortable.
    static func timestamp() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var seconds = ts.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let millis = Int(ts.tv_nsec) / 1_000_000
        func pad(_ n: Int32, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
            + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
            + ".\(pad(Int32(millis), 3))Z"
    }

    static func escaped(_ text: String) -> String { TerminalText.escaped(text) }
}

/// An open log file shared by every logger; appends are whole lines, under a lock.
final class LogFile: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private let lock = PlainLock()
    private var failure: String?

    /// The log of this process, once logging is set up.
    nonisolated(unsafe) static var active: LogFile?

    /// Opens (creating, mode 0600) `path` for appending. A terminal is
    /// refused: the log would draw over the pad.
    init(path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LoggingSetupError(message: "cannot open the log file \(path): \(String(cString: strerror(errno)))")
        }
        guard isatty(fd) == 0 else {
            close(fd)
            throw LoggingSetupError(message: "--log \(path) is a terminal: the log would draw over the pad; give a file")
        }
        self.path = path
        self.fd = fd
    }

    /// Why the log stopped, if a write failed (a full disk, a pipe whose
    /// reader left): one line for after the pad closed.
    var droppedReason: String? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    deinit { close(fd) }

    func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil else { return }
        do {
            try Syscalls.writeAll(fd, Array(line.utf8))
        } catch {
            // A full disk or a closed pipe must not take the pad down.
            failure = "the log \(path) could not be written (\(String(cString: strerror(error.errno)))); the rest of the log was dropped"
        }
    }
}

struct LoggingSetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// swift-log can be set up once per process; this remembers that it was.
private let loggingBootstrapped = LoggingOnce()

private final class LoggingOnce: @unchecked Sendable {
    private let lock = PlainLock()
    private var done = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }
}

/// Sends every logger of the process to `path` (`--log FILE`), or nowhere
/// when `path` is nil: never to the terminal the pad draws on. Call before
/// any logger is made; a second call does nothing. Throws, before the pad
/// starts, when the file cannot be opened. `CONTROLPAD_LOG_LEVEL` (trace …
/// critical) sets the level; info by default.
package func bootstrapLogging(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    let file = try path.map { try LogFile(path: $0) }
    let level = environment["CONTROLPAD_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .info
    guard loggingBootstrapped.claim() else { return }
    LogFile.active = file
    LinkLeaving.logPath.withLock { $0 = path }
    LoggingSystem.bootstrap { label in
        guard let file else { return SwiftLogNoOpLogHandler() }
        var handler = FileLogHandler(label: label, file: file)
        handler.logLevel = level
        return handler
    }
}
