import Foundation
import RevealJS
import SlideModel
import XCTest

/// Collects a source's events and positions; a test waits, with a generous
/// timeout, until they satisfy a condition (it wakes on each event: no sleeps).
final class Recorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var recorded: [SourceEvent] = []
    private var positionsSeen: [String] = []

    var sink: @Sendable (SourceEvent) -> Void {
        { [self] event in
            condition.lock()
            recorded.append(event)
            condition.broadcast()
            condition.unlock()
        }
    }

    var positionSink: @Sendable (RevealPosition) -> Void {
        { [self] position in
            condition.lock()
            positionsSeen.append(position.description)
            condition.broadcast()
            condition.unlock()
        }
    }

    var events: [SourceEvent] { condition.withLock { recorded } }
    var positions: [String] { condition.withLock { positionsSeen } }

    @discardableResult
    func wait(_ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
              until predicate: ([SourceEvent], [String]) -> Bool) -> [SourceEvent] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(recorded, positionsSeen) {
            if !condition.wait(until: deadline) {
                XCTFail("timed out waiting for \(what); got \(recorded.map(Self.short)) positions \(positionsSeen)", file: file, line: line)
                return recorded
            }
        }
        return recorded
    }

    func wait(for event: SourceEvent, file: StaticString = #filePath, line: UInt = #line) {
        wait(Self.short(event), file: file, line: line) { events, _ in events.contains(event) }
    }

    static func short(_ e: SourceEvent) -> String {
        if case .preview(let i, let p) = e { return "preview(\(i), \(PixelSize(png: p.png)?.description ?? "?"))" }
        return "\(e)"
    }
}

extension Array where Element == SourceEvent {
    var reasons: [String] {
        compactMap {
            switch $0 {
            case .link(.reconnecting(_, let problem)): problem.reason
            case .link(.failed(let problem)): "\(problem.reason): \(problem.fix ?? "")"
            default: nil
            }
        }
    }

    var previews: [(Int, PixelSize)] {
        compactMap { if case .preview(let i, let p) = $0, let size = PixelSize(png: p.png) { (i, size) } else { nil } }
    }
}
