import Foundation
import XCTest

/// A moment some seconds from now, for polling: the end-to-end tests watch
/// real processes and terminals, where there is nothing to inject and
/// nothing to be called back by, only something to look at again.
package struct Deadline {
    private let end: Date

    package init(in seconds: TimeInterval) { end = Date().addingTimeInterval(seconds) }

    package var hasPassed: Bool { Date() >= end }

    /// Calls `probe` every `interval` seconds until it gives a value, or nil
    /// once the deadline has passed. It always probes at least once, and
    /// once more after the deadline, so a busy machine that slept past it
    /// still sees what had arrived by then.
    package func poll<T>(every interval: TimeInterval, _ probe: () throws -> T?) rethrows -> T? {
        while true {
            if let value = try probe() { return value }
            if hasPassed { return nil }
            usleep(useconds_t(interval * 1_000_000))
        }
    }

    /// Polls `probe` for `timeout` seconds; if it gives nothing, fails the
    /// test at `file`:`line` with "timed out waiting for <what>; <lastSeen()>"
    /// (what the test saw last, to see why) and throws.
    package static func waitFor<T>(_ what: String, timeout: TimeInterval, every interval: TimeInterval, lastSeen: () -> String,
                           file: StaticString, line: UInt, _ probe: () throws -> T?) throws -> T {
        if let value = try Deadline(in: timeout).poll(every: interval, probe) { return value }
        let seen = lastSeen()
        XCTFail("timed out waiting for \(what)\(seen.isEmpty ? "" : "; \(seen)")", file: file, line: line)
        throw E2EError.make("timed out: \(what)", code: 3)
    }
}
