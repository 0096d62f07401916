import Foundation
import Logging
import ImpressRemoteTransport
import SlideModel
import ImpressRemote
import PadTestSupport
import XCTest

extension EventRecorder {
    /// A recorder whose waits fail the running test when they time out.
    convenience init() { self.init { XCTFail($0, file: $1, line: $2) } }
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
        // The fake's show has not just moved: a first press goes at once
        // (the wait itself: ImpressRemotePacingTests).
        navigationFirstStepWait: .zero,
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
