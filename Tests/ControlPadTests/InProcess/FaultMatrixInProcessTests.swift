import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// The pad on the real `ImpressRemoteSource` against a fake Impress that
/// misbehaves on purpose, in-process (was part of FaultMatrixEndToEndTests
/// in tmux; the tests that read the binary's log and memory stay there):
/// each fault ends in a clear status line and the pad reconnects by itself.
final class FaultMatrixInProcessTests: FakeImpressPadTestCase {
    func testAResetAndAServerThatGoesAwayAndComesBack() throws {
        let fake = try fake(show: true)
        let pad = try connect(fake, reconnectMs: 200)
        try status(pad, "1/5") { $0.contains(" 1/5 ") }
        fake.send("reset")
        try status(pad, "the reset said") { $0.contains("connection reset") || $0.contains("closed the connection") }
        try status(pad, "back") { $0.contains("Impress 7.4") && $0.contains(" 1/5 ") }

        fake.send("down")
        // Refused after a link that worked: Impress went away, said so.
        try status(pad, "refused while away") {
            ($0.contains("reconnecting in ") || $0.contains("trying again")) && $0.contains("Impress stopped answering")
        }
        fake.send("slide 3")
        fake.send("up")
        try status(pad, "back on the same port, at the show's new slide") { $0.contains("Impress 7.4") && $0.contains(" 4/5 ") }
        try pad.waitFor(text: "Current · 4/5")
    }

    func testAStallInTheMiddleOfAMessageNeitherFreezesNorLosesIt() throws {
        let fake = try fake(show: true)
        let pad = try connect(fake, reconnectMs: 200)
        try status(pad, "1/5") { $0.contains(" 1/5 ") }
        // Every preview streamed first: the fake would write one into the stalled message.
        try pad.waitFor("the five previews") { _ in pad.state.buffer.previewCount == 5 }
        fake.send("stall 3000")
        // The pad answers keys while the message is stuck half-way.
        pad.send("?")
        try pad.waitFor(text: "Keys · Esc closes")
        pad.send("Escape")
        try pad.waitFor("the rest of the message") { $0.contains("Stalled half and the rest") }
        XCTAssertTrue(pad.statusLine.contains("Impress 7.4"), "the same link throughout")
    }

    func testADripOfOneByteEveryTenMillisecondsArrivesWhole() throws {
        let fake = try fake(pairing: "silent", show: false)
        let pad = try connect(fake, reconnectMs: 200)
        try fakeSees(pad, "a pair request", { $0.pairRequests.first != nil }, on: fake)
        let session = #"LO_SERVER_SERVER_PAIRED\n\nLO_SERVER_INFO\n7.4.7.2\n\nslideshow_started\n5\n2\n\n"#
            + #"slide_notes\n2\n<html><body>Dripped notes</body></html>\n\nslide_updated\n3\n\n"#
        fake.send("drip 10 " + session)
        try status(pad, "4/5 from the drip", timeout: 20) { $0.contains(" 4/5 ") }
        XCTAssertTrue(pad.statusLine.contains("Impress 7.4.7.2"))
    }
}
