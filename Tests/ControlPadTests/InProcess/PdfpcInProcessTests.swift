import FakePeerSupport
import Foundation
import XCTest
@testable import ControlPadCLI
@testable import ControlPadUI
@testable import SlideModel
import PdfpcTransport
import SourceKit

/// `controlpad connect pdfpc://…` in-process: the real `PdfpcSource`
/// against the scriptable fake pdfpc of tools/fake-pdfpc that misbehaves on
/// command, the pad scripted (was part of PdfpcEndToEndTests in tmux; a
/// pdfpc run, the password asked on the terminal, and send/watch stay there).
final class PdfpcInProcessTests: XCTestCase {
    private var fakes: [FakePdfpcProcess] = []

    override func tearDown() {
        fakes.forEach { $0.stop() }
        fakes = []
        super.tearDown()
    }

    private func fake(slides: Int = 5, password: String = FakePdfpcProcess.password, port: Int = 0) throws -> FakePdfpcProcess {
        let fake = try FakePdfpcProcess(slides: slides, password: password, port: port)
        fakes.append(fake)
        return fake
    }

    /// `connect ADDRESS --no-animation --config <empty> --password P`, the
    /// source made as ConnectCommand makes it, reconnecting after 300 ms
    /// (as CONTROLPAD_RECONNECT_MS=300 did).
    private func connect(_ text: String, password: String = FakePdfpcProcess.password, width: Int = 120,
                         height: Int = 40) throws -> ScriptedPad {
        let (kind, shown) = try SourceRegistry.check(text)
        setenv("CONTROLPAD_RECONNECT_MS", "300", 1)
        defer { unsetenv("CONTROLPAD_RECONNECT_MS") }
        let source = try kind.makeSource(address: text, settings: SourceSettings(["password": password]), use: .pad, logger: nil)
        let pad = try ScriptedPad(source: source, link: kind.initialLink(shown: shown), width: width, height: height,
                                  sourceNotes: SourceRegistry.helpNotes(kind, bindings: KeyBindings.standard), kind: kind)
        return pad
    }

    private func status(_ pad: ScriptedPad, _ what: String, timeout: TimeInterval = 10,
                        file: StaticString = #filePath, line: UInt = #line, _ condition: @escaping (String) -> Bool) throws {
        try pad.waitFor("status line: \(what)", timeout: timeout, file: file, line: line) { condition(ScriptedPad.statusLine($0)) }
    }

    private func position(_ pad: ScriptedPad, _ position: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try status(pad, position, file: file, line: line) { $0.contains(" \(position) ") }
    }

    private func connected(_ pad: ScriptedPad, file: StaticString = #filePath, line: UInt = #line) throws {
        try status(pad, "connected", file: file, line: line) { $0.contains("● pdfpc · 127.0.0.1") }
    }

    /// Waits on the fake's log while the pad runs on.
    private func fakeSees(_ pad: ScriptedPad, _ what: String, _ condition: @escaping (FakePdfpcProcess) -> Bool,
                          on fake: FakePdfpcProcess, file: StaticString = #filePath, line: UInt = #line) throws {
        try pad.until("the fake to see \(what)", timeout: 30, file: file, line: line) { _ in condition(fake) }
    }

    func testAWrongPasswordIsSaidWithTheFixAndRRetries() throws {
        let fake = try fake(password: "another")
        let pad = try connect(fake.address, password: "wrong")
        try pad.waitFor(text: "pdfpc refused the password (HTTP 401)")
        try pad.waitFor(text: "--password")
        let asked = fake.paths.count
        XCTAssertEqual(fake.paths, ["/api/helo"], "asked once: a wrong password does not fix itself")
        fake.send("password wrong")
        pad.send("r")
        try connected(pad)
        XCTAssertGreaterThan(fake.paths.count, asked)
        pad.quit()
    }

    func testA412WithoutAHandshakeShakesHandsAgain() throws {
        let fake = try fake()
        let pad = try connect(fake.address)
        try connected(pad)
        try position(pad, "1/5")
        fake.send("forget")
        fake.send("slide 3")
        try position(pad, "4/5")
        XCTAssertGreaterThanOrEqual(fake.paths.filter { $0 == "/api/helo" }.count, 2)
        try connected(pad)
        pad.quit()
    }

    func testAnotherComputersLockIsSaid() throws {
        let fake = try fake()
        let pad = try connect(fake.address)
        try connected(pad)
        fake.send("lock")
        try pad.waitFor(text: "pdfpc serves another computer (HTTP 403)")
        try pad.waitFor(text: "restart pdfpc")
        pad.send("Right")
        try status(pad, "refused press") { $0.contains("not connected: nothing was sent") }
        fake.send("unlock")
        pad.send("r")
        try connected(pad)
        pad.quit()
    }

    func testNothingListeningSaysStartPdfpcWithV() throws {
        // A port nothing listens on: one the fake had, then gave up.
        let gone = try fake()
        let port = gone.port
        gone.stop()
        let pad = try connect("pdfpc://127.0.0.1:\(port)")
        try pad.waitFor(text: "Connection refused: pdfpc's REST server is not running")
        try pad.waitFor(text: "pdfpc -V talk.pdf")
        pad.quit()
    }

    func testPdfpcQuittingMidTalkReconnectsWhenItIsBack() throws {
        let fake = try fake()
        let pad = try connect(fake.address)
        try connected(pad)
        fake.send("slide 2")
        try position(pad, "3/5")
        fake.send("down")
        try pad.waitFor(text: "pdfpc went away")
        fake.send("up")
        try connected(pad)
        try position(pad, "3/5")
        pad.send("Right")
        try fakeSees(pad, "→ after the return", { $0.actions.last == "next" }, on: fake)
        try position(pad, "4/5")
        pad.quit()
    }

    func testAStallIsSaidAndTheLinkComesBack() throws {
        let fake = try fake()
        let pad = try connect(fake.address)
        try connected(pad)
        fake.send("stall 6000")
        try pad.waitFor(text: "did not answer in time", timeout: 15)
        fake.send("stall 0")
        try connected(pad)
        pad.quit()
    }

    func testAResetReconnectsAndKeepsGoing() throws {
        let fake = try fake()
        let pad = try connect(fake.address)
        try connected(pad)
        fake.send("reset")
        try fakeSees(pad, "a second handshake after the reset", { $0.paths.filter { $0 == "/api/helo" }.count >= 2 }, on: fake)
        try connected(pad)
        pad.send("Right")
        try position(pad, "2/5")
        pad.quit()
    }

    /// The body is said, never drawn (what reaches the terminal's bytes is
    /// what the frame holds: the frame is checked).
    func testAGarbageBodyIsSaidNeverPrinted() throws {
        let fake = try fake()
        let pad = try connect(fake.address)
        try connected(pad)
        fake.send("garbage")
        try pad.waitFor(text: "isn't pdfpc's REST API")
        XCTAssertFalse(pad.screen.contains("not json"), "the body never reaches the terminal")
        XCTAssertFalse(pad.screen.contains("\u{1b}"))
        fake.send("sane")
        try connected(pad)
        pad.quit()
    }

    func testA50MBPictureAndOneThatIsNoPNGAreSaidInTheirPanes() throws {
        let fake = try fake()
        fake.send("bigimage 50")
        let pad = try connect(fake.address)
        try connected(pad)
        try pad.waitFor(text: "picture could not be read", timeout: 20)
        // The link stays, and the pad keeps working.
        pad.send("Right")
        try position(pad, "2/5")
        fake.send("bigimage 0")
        fake.send("badimage")
        fake.send("slides 6")  // a new deck (seen within 10 s, when the meta is read again): every picture asked again
        try status(pad, "2/6", timeout: 20) { $0.contains(" 2/6 ") }
        try pad.waitFor(text: "not a PNG", timeout: 20)
        XCTAssertFalse(pad.screen.contains("owned"), "a picture's bytes never reach the terminal")
        pad.quit()
    }
}
