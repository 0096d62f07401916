import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel
import RemoteTransport
import Logging

/// `controlpad connect` in-process: the real `ImpressRemoteSource` against
/// the scriptable fake Impress of tools/fake-impress, the pad scripted (was
/// part of ConnectEndToEndTests in tmux; one tmux run against the fake stays
/// there as a smoke test, with the tests that read the pad's log file).
final class ConnectInProcessTests: FakeImpressPadTestCase {

    /// LibreOffice 25.2 ends a blank on a move and says so only by starting
    /// the show's stream again (slideshow_started twice); the fake does the
    /// same, and the pad shows the slides, not BLANK, with the timer running.
    func testAMoveWhileBlankBringsTheSlidesBack() throws {
        let fake = try fake(show: true)
        let pad = try connect(fake)
        try connected(pad)
        try position(pad, "1/5")
        pad.send("b")
        try fakeSees(pad, "presentation_blank_screen", { !$0.received("presentation_blank_screen").isEmpty }, on: fake)
        try status(pad, "BLANK") { $0.contains("BLANK") && $0.contains("⏸") }
        pad.send("Right")
        try fakeSees(pad, "the fake ends its blank", {
            $0.entries.contains { $0["event"] as? String == "blank ended by a move" }
        }, on: fake)
        try status(pad, "the slides back on 2/5") { !$0.contains("BLANK") && !$0.contains("⏸") && $0.contains(" 2/5 ") }
        pad.send("b")
        try status(pad, "BLANK again") { $0.contains("BLANK") }
        pad.send("Left")
        try status(pad, "← ends the blank and stays") { !$0.contains("BLANK") && $0.contains(" 2/5 ") }
        XCTAssertEqual(fake.received("presentation_resume").count, 0, "the moves ended the blanks, not a resume")
        pad.quit()
    }

    func testDroppedConnectionCountsDownReconnectsAndResyncs() throws {
        let fake = try fake(show: true)
        let pad = try connect(fake)
        try connected(pad)
        try position(pad, "1/5")
        fake.send("slide 1")
        try position(pad, "2/5")

        // The server drops the connection: a countdown, then a new pairing
        // (with the same PIN) and the show as it is now.
        fake.send("drop")
        try status(pad, "reconnecting") { $0.contains("reconnecting in ") && $0.contains(" s…") }
        try connected(pad)
        try position(pad, "2/5")
        XCTAssertEqual(fake.acceptedCount, 2)

        // Gone for longer (connections refused) while the show moves on.
        fake.send("down")
        try status(pad, "reconnecting") { $0.contains("reconnecting in ") }
        fake.send("slide 3")
        fake.send("up")
        try status(pad, "reconnected to the moved show", timeout: 20) {
            $0.contains("● Impress 7.4.7.2 · 127.0.0.1") && $0.contains(" 4/5 ")
        }
        try pad.waitFor(text: "Current · 4/5")
        try pad.waitFor(text: "Notes 4: R&D")
        XCTAssertTrue(fake.pairRequests.allSatisfy { $0.name == "controlpad-test" && $0.pin == "1234" }, "\(fake.pairRequests)")

        // And it is a working connection.
        pad.send("Right")
        try position(pad, "5/5")
        pad.quit()
    }

    func testUnansweredPairRequestIsSaidWithinFiveSecondsAndRetried() throws {
        // Something accepts on the port but never answers the pair request.
        let fake = try fake(pairing: "silent")
        let pad = try connect(fake)
        try fakeSees(pad, "a pair request", { $0.pairRequests.first != nil }, on: fake)
        try status(pad, "connecting") { $0.contains("connecting to 127.0.0.1:\(fake.port)") }
        fake.send("pairing paired")
        // The pad says so within 5 s (it gives up on that connection after
        // 4 s) and tries again.
        try status(pad, "no answer", timeout: 5) { $0.contains("reconnecting in ") && $0.contains("never answered") }
        try connected(pad)
        try status(pad, "no show") { $0.contains("no show") }
        XCTAssertEqual(fake.acceptedCount, 2)
        pad.quit()
    }
}

/// The pad in-process on the real `ImpressRemoteSource` against the Python
/// fake Impress: fakes stopped afterwards, pairings in a temporary state directory.
class FakeImpressPadTestCase: XCTestCase {
    var fakes: [FakeImpressProcess] = []
    var stateHome: URL!

    override func setUpWithError() throws {
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("cp-connect-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
    }

    override func tearDown() {
        fakes.forEach { $0.stop() }
        fakes = []
        try? FileManager.default.removeItem(at: stateHome)
        super.tearDown()
    }

    func fake(pairing: String = "paired", show: Bool = false, replay: String? = nil) throws -> FakeImpressProcess {
        let fake = try FakeImpressProcess(pairing: pairing, show: show, replay: replay)
        fakes.append(fake)
        return fake
    }

    /// `connect 127.0.0.1:PORT --name controlpad-test --pin 1234 --no-animation`,
    /// the pairings in a temporary state directory (as `PairingOptions` makes it).
    func connect(_ fake: FakeImpressProcess, pin: String? = "1234", width: Int = 120, height: Int = 40,
                 reconnectMs: Int? = nil) throws -> ScriptedPad {
        let server = ImpressServerAddress(host: "127.0.0.1", port: fake.port)
        let store = PairingStore(fileURL: stateHome.appendingPathComponent("controlpad/pairings.json"))
        var configuration = ImpressRemoteConfiguration(address: server, clientName: "controlpad-test", pinOverride: pin,
                                                       pairingStore: store)
        // As CONTROLPAD_RECONNECT_MS does for the binary.
        if let reconnectMs { configuration.backoff = ReconnectBackoff(initial: .milliseconds(reconnectMs), maximum: .milliseconds(reconnectMs)) }
        let source = ImpressRemoteSource(configuration: configuration, logger: Logger(label: "controlpad.impress"))
        return try ScriptedPad(source: source, link: .connecting(to: server.description), width: width, height: height,
                               depth: .palette256)
    }

    func status(_ pad: ScriptedPad, _ what: String, timeout: TimeInterval = 30,
                        file: StaticString = #filePath, line: UInt = #line, _ condition: @escaping (String) -> Bool) throws {
        try pad.waitFor("status line: \(what)", timeout: timeout, file: file, line: line) { condition(ScriptedPad.statusLine($0)) }
    }

    func position(_ pad: ScriptedPad, _ position: String, timeout: TimeInterval = 30,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        try status(pad, position, timeout: timeout, file: file, line: line) { $0.contains(" \(position) ") }
    }

    func connected(_ pad: ScriptedPad, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line) throws {
        try status(pad, "connected", timeout: timeout, file: file, line: line) { $0.contains("● Impress 7.4.7.2 · 127.0.0.1") }
    }

    /// Waits on the fake's log while the pad keeps stepping (the source's
    /// events are taken in meanwhile, as the running pad would).
    func fakeSees(_ pad: ScriptedPad, _ what: String, timeout: TimeInterval = 30, file: StaticString = #filePath,
                          line: UInt = #line, _ condition: @escaping (FakeImpressProcess) -> Bool, on fake: FakeImpressProcess) throws {
        try pad.until("the fake to see \(what)", timeout: timeout, file: file, line: line) { _ in condition(fake) }
    }
}
