import FakePeerSupport
import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel
@testable import ImpressRemote
import ImpressRemoteTransport
import Logging
import PadTestSupport

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
        // A show joined while it ran: its timer starts at its first move (no ❚❚ before).
        try status(pad, "BLANK") { $0.contains("BLANK") }
        pad.send("Right")
        try fakeSees(pad, "the fake ends its blank", {
            $0.entries.contains { $0["event"] as? String == "blank ended" }
        }, on: fake)
        try status(pad, "the slides back on 2/5") { !$0.contains("BLANK") && !$0.contains("❚❚") && $0.contains(" 2/5 ") }
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

    /// Issue 18: a link that is down is seen at once (colour, the reason and
    /// the fix in the middle), a press is refused visibly, r retries at
    /// once, and Impress coming back is found within a second or so.
    func testALinkThatIsDownIsSeenSaysWhyRefusesPressesAndComesBackFast() throws {
        let fake = try fake(show: true)
        let log = LogCapture()
        let pad = try connect(fake, width: 100, height: 30, log: log)
        try connected(pad)
        try position(pad, "1/5")
        try status(pad, "all previews") { !$0.contains("previews ") }
        let connectedColours = statusColours(pad)
        fake.send("down")
        let down = try pad.waitFor("the reason and the fix in the middle") {
            // A link that worked: Impress went away, not set-up advice.
            $0.contains("Not connected") && $0.contains("did LibreOffice quit?") && $0.contains("open it again")
                && !$0.contains("Enable insecure WiFi")
        }
        XCTAssertFalse(down.contains("Press F5"), down)
        XCTAssertNotEqual(statusColours(pad), connectedColours, "the status line changed colour")

        pad.send("Right")
        try status(pad, "the press refused") { $0.contains("not connected: nothing was sent · r retries now") }
        XCTAssertEqual(fake.received("transition_next").count + fake.received("goto_slide").count, 0)
        XCTAssertFalse(pad.statusLine.contains("→"), "no → N that quietly goes back")

        // r tries at once (the log shows an attempt right after the key).
        let attempts = log.lines.filter { $0.contains("connecting to 127.0.0.1") }.count
        pad.send("r")
        try pad.until("another attempt") { _ in log.lines.filter { $0.contains("connecting to 127.0.0.1") }.count > attempts }
        XCTAssertTrue(log.contains("reconnecting now, as asked"))

        fake.send("up")
        let back = Date()
        try connected(pad)
        XCTAssertLessThan(Date().timeIntervalSince(back), 3, "back within a second of Impress (plus this machine's noise)")
        try pad.waitFor("the banner gone") { !$0.contains("Not connected") }
        pad.quit()
    }

    /// The status line's look (its first cell's role and colours).
    private func statusColours(_ pad: ScriptedPad) -> String {
        let grid = pad.grid
        return "\(grid[0, grid.height - 1].style)"
    }

    func testGarbageAndOversizedMessagesDoNotCrashThePad() throws {
        let fake = try fake(show: true)
        let log = LogCapture()
        let pad = try connect(fake, log: log)
        try connected(pad)
        try position(pad, "1/5")
        try status(pad, "all previews") { !$0.contains("previews ") }

        // Binary junk with terminal escapes, an unknown message, a bad
        // number, CRLF framing: skipped or understood, the link stays up.
        fake.send(#"raw \xff\xfe\x00\x1b[2J\x1b]0;pwned\x07\n\n"#)
        fake.send(#"raw LO_SERVER_SOMETHING_NEW\nx\n\n"#)
        fake.send(#"raw slide_updated\nmany\n\n"#)
        fake.send(#"raw slide_notes\n0\n<html><body>evil \x1b[31mred\x1b[0m \x07bell</body></html>\n\n"#)
        fake.send(#"raw slide_updated\r\n2\r\n\r\n"#)
        try position(pad, "3/5")
        fake.send("slide 3")
        try position(pad, "4/5")
        XCTAssertEqual(fake.acceptedCount, 1, "garbage alone does not break the connection")

        // A message over the size cap (1 MiB): the pad drops the connection
        // and pairs again.
        fake.send("oversize 1200000")
        try status(pad, "reconnecting") { $0.contains("reconnecting in ") }
        try connected(pad)
        try position(pad, "4/5")
        XCTAssertEqual(fake.acceptedCount, 2)

        // Still alive and driving the show.
        pad.send("Right")
        try fakeSees(pad, "transition_next", { !$0.received("transition_next").isEmpty }, on: fake)
        try position(pad, "5/5")
        XCTAssertFalse(pad.screen.contains("[2J") || pad.screen.contains("[31m") || pad.screen.contains("\u{1B}"), pad.screen)
        pad.quit()
        XCTAssertTrue(log.lines.contains { $0.contains("LO_SERVER_SOMETHING_NEW") }, "unknown messages are logged")
        XCTAssertTrue(log.lines.contains { $0.contains("larger than") }, "the oversized message is logged")
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
    /// `log`: where the source's log goes (the binary's --log at trace level).
    func connect(_ fake: FakeImpressProcess, pin: String? = "1234", width: Int = 120, height: Int = 40,
                 reconnectMs: Int? = nil, log: LogCapture? = nil) throws -> ScriptedPad {
        let server = ImpressServerAddress(host: "127.0.0.1", port: fake.port)
        let store = PairingStore(fileURL: stateHome.appendingPathComponent("controlpad/pairings.json"))
        var configuration = ImpressRemoteConfiguration(address: server, clientName: "controlpad-test", pinOverride: pin,
                                                       pairingStore: store)
        // As CONTROLPAD_RECONNECT_MS does for the binary.
        if let reconnectMs { configuration.backoff = ReconnectBackoff(initial: .milliseconds(reconnectMs), maximum: .milliseconds(reconnectMs)) }
        let source = ImpressRemoteSource(configuration: configuration, logger: log?.logger ?? Logger(label: "controlpad.impress"))
        return try ScriptedPad(source: source, link: .connecting(to: server.description), width: width, height: height,
                               depth: .palette256, kind: ImpressKind())
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

    /// Waits on the fake's log while the pad runs on (the source's events
    /// are taken in meanwhile, by the pad's own loop).
    func fakeSees(_ pad: ScriptedPad, _ what: String, timeout: TimeInterval = 30, file: StaticString = #filePath,
                          line: UInt = #line, _ condition: @escaping (FakeImpressProcess) -> Bool, on fake: FakeImpressProcess) throws {
        try pad.until("the fake to see \(what)", timeout: timeout, file: file, line: line) { _ in condition(fake) }
    }
}
