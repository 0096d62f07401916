import Foundation
import SlideModel

/// Collects a source's events and lets a test wait, with a generous timeout,
/// until they satisfy a condition (no sleeps: it wakes on each event).
public final class EventRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var recorded: [SourceEvent] = []
    private let onTimeout: @Sendable (String, StaticString, UInt) -> Void

    /// - Parameter onTimeout: how a `wait` that timed out fails the test
    ///   (XCTFail in the test targets: this target does not link XCTest).
    public init(onTimeout: @escaping @Sendable (String, StaticString, UInt) -> Void) {
        self.onTimeout = onTimeout
    }

    public var sink: @Sendable (SourceEvent) -> Void {
        { [self] event in
            condition.lock()
            recorded.append(event)
            condition.broadcast()
            condition.unlock()
        }
    }

    public var events: [SourceEvent] {
        condition.lock()
        defer { condition.unlock() }
        return recorded
    }

    /// Waits until `predicate(events)` holds; fails the test on timeout.
    @discardableResult
    public func wait(
        timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
        _ what: String, until predicate: ([SourceEvent]) -> Bool
    ) -> [SourceEvent] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(recorded) {
            if !condition.wait(until: deadline) {
                onTimeout("timed out waiting for \(what); got \(recorded.map(Self.short))", file, line)
                return recorded
            }
        }
        return recorded
    }

    /// Like `wait`, but a timeout is an answer (false), not a failure.
    public func check(timeout: TimeInterval, until predicate: ([SourceEvent]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(recorded) {
            if !condition.wait(until: deadline) { return predicate(recorded) }
        }
        return true
    }

    /// Waits until `event` has been recorded.
    @discardableResult
    public func wait(
        for event: SourceEvent, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line
    ) -> [SourceEvent] {
        wait(timeout: timeout, file: file, line: line, Self.short(event)) { $0.contains(event) }
    }

    /// An event without preview bytes, for failure messages.
    public static func short(_ e: SourceEvent) -> String {
        if case .preview(let i, let p) = e { return "preview(\(i), \(p.png.count) bytes)" }
        return "\(e)"
    }
}

extension Sequence where Element == SourceEvent {
    public var previewIndices: [Int] {
        compactMap { if case .preview(let i, _) = $0 { return i } else { return nil } }
    }

    /// Each countdown: its seconds and its problem's reason.
    public var reconnecting: [(Int, String)] {
        compactMap { if case .link(.reconnecting(let s, let r)) = $0 { return (s, r.reason) } else { return nil } }
    }

    public func count(_ event: SourceEvent) -> Int { filter { $0 == event }.count }
}
