import Foundation
import Logging

/// Log lines a source wrote, captured for assertions.
public final class LogCapture: @unchecked Sendable {
    private let condition = NSCondition()
    private var entries: [(Logger.Level, String)] = []

    public init() {}

    public var logger: Logger {
        var logger = Logger(label: "test.impress") { _ in CapturingHandler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    public func append(_ level: Logger.Level, _ message: String) {
        if !(ProcessInfo.processInfo.environment["CONTROLPAD_TEST_LOG"] ?? "").isEmpty {
            print("[log] \(String(format: "%.3f", Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 100))) \(level): \(message)")
        }
        condition.lock()
        entries.append((level, message))
        condition.broadcast()
        condition.unlock()
    }

    public var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return entries.map { "\($0.0): \($0.1)" }
    }

    public func contains(_ text: String, level: Logger.Level? = nil) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return entries.contains { (level == nil || $0.0 == level) && $0.1.contains(text) }
    }

    /// Waits (woken by each new line) until a line contains `text`; false
    /// when none did within `timeout`.
    public func waitFor(_ text: String, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !entries.contains(where: { $0.1.contains(text) }) {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}

struct CapturingHandler: LogHandler {
    let capture: LogCapture
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        capture.append(event.level, "\(event.message)")
    }
}
