import Foundation
import Logging
import RemoteTransport
import SlideModel
import PadTestSupport
import XCTest

/// Collects a source's events and lets a test wait, with a generous timeout,
/// until they satisfy a condition (no sleeps: it wakes on each event).
final class EventRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var recorded: [SourceEvent] = []

    var sink: @Sendable (SourceEvent) -> Void {
        { [self] event in
            condition.lock()
            recorded.append(event)
            condition.broadcast()
            condition.unlock()
        }
    }

    var events: [SourceEvent] {
        condition.lock()
        defer { condition.unlock() }
        return recorded
    }

    /// Waits until `predicate(events)` holds; fails the test on timeout.
    @discardableResult
    func wait(
        timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
        _ what: String, until predicate: ([SourceEvent]) -> Bool
    ) -> [SourceEvent] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(recorded) {
            if !condition.wait(until: deadline) {
                XCTFail("timed out waiting for \(what); got \(recorded.map(Self.short))", file: file, line: line)
                return recorded
            }
        }
        return recorded
    }

    /// Like `wait`, but a timeout is an answer (false), not a failure.
    func check(timeout: TimeInterval, until predicate: ([SourceEvent]) -> Bool) -> Bool {
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
    func wait(
        for event: SourceEvent, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line
    ) -> [SourceEvent] {
        wait(timeout: timeout, file: file, line: line, Self.short(event)) { $0.contains(event) }
    }

    /// An event without preview bytes, for failure messages.
    static func short(_ e: SourceEvent) -> String {
        if case .preview(let i, let p) = e { return "preview(\(i), \(p.png.count) bytes)" }
        return "\(e)"
    }
}

extension Sequence where Element == SourceEvent {
    var previewIndices: [Int] {
        compactMap { if case .preview(let i, _) = $0 { return i } else { return nil } }
    }

    var reconnecting: [(Int, String)] {
        compactMap { if case .link(.reconnecting(let s, let r)) = $0 { return (s, r) } else { return nil } }
    }

    func count(_ event: SourceEvent) -> Int { filter { $0 == event }.count }
}

/// A configuration for tests: short backoff, fixed PIN, memory store.
func testConfiguration(
    _ server: FakeImpressServer,
    name: String = "controlpad-test",
    pin: String? = nil,
    store: (any PairingStoring)? = MemoryPairingStore(),
    makePin: @escaping @Sendable () -> String = { "0042" },
    maxMessageBytes: Int = ImpressFramer.defaultMaxMessageBytes,
    pairingTimeout: Duration = .seconds(10)
) -> ImpressRemoteConfiguration {
    ImpressRemoteConfiguration(
        address: server.address,
        clientName: name,
        pinOverride: pin,
        pairingStore: store,
        makePin: makePin,
        connectTimeout: .seconds(5),
        pairingTimeout: pairingTimeout,
        backoff: ReconnectBackoff(initial: .milliseconds(20), maximum: .milliseconds(100)),
        countdownStep: .seconds(1),
        maxMessageBytes: maxMessageBytes
    )
}

/// The standard opening of a scripted connection: read the pair request,
/// answer as LibreOffice does for a known client.
func acceptPairing(_ c: FakeConnection, expectPin: String? = nil, showFinished: Bool = true) throws -> [String] {
    let request = try c.readMessage()
    guard request.lines.first == "LO_SERVER_CLIENT_PAIR", request.lines.count == 3 else {
        throw ScriptFailure("not a pair request: \(request.lines)")
    }
    if let expectPin, request.lines[2] != expectPin {
        throw ScriptFailure("pair request PIN \(request.lines[2]), expected \(expectPin)")
    }
    c.send(message: "LO_SERVER_SERVER_PAIRED")
    c.send(message: "LO_SERVER_INFO", "7.4.7.2")
    if showFinished { c.send(message: "slideshow_finished") }
    return request.lines
}

/// A memory store that lets a test wait until the source has remembered a
/// PIN: the source writes it on NIO's thread pool, after the event.
final class ObservedPairingStore: PairingStoring, @unchecked Sendable {
    let memory = MemoryPairingStore()
    private let remembered = DispatchSemaphore(value: 0)

    func pin(forServer server: String) -> String? { memory.pin(forServer: server) }

    func remember(server: String, clientName: String, pin: String) throws {
        try memory.remember(server: server, clientName: clientName, pin: pin)
        remembered.signal()
    }

    /// Waits for the next `remember` (10 s at most).
    func waitForRemember() -> Bool { remembered.wait(timeout: .now() + 10) == .success }
}

/// Reads a real capture made from LibreOffice (SlideModelTests/Fixtures).
enum Capture {
    static func bytes(_ name: String, file: StaticString = #filePath) throws -> [UInt8] {
        let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SlideModelTests/Fixtures").appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }
}
