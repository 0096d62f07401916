import XCTest
@testable import SlideModel
@testable import ImpressRemote

/// A link changing hands without closing (issue 52, item 1): the process
/// that leaves stops with the socket open and gives what Impress told it
/// (`ShowTranscript`) and its stream's state; the one that takes it over
/// reads that as if Impress had just said it, writes no pair request, and
/// keeps holding the link as the first did. On virtual time.
final class LinkHandOverTests: XCTestCase {
    private func at(_ seconds: Double) -> Duration { .milliseconds(Int(seconds * 1000)) }
    private func bytes(_ lines: String...) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n\n").utf8) }
    private func connection() -> ImpressConnection {
        ImpressConnection(.init(clientName: "pad", serverLabel: "127.0.0.1", address: "127.0.0.1:1599"))
    }
    private func emitted(_ actions: [ImpressConnection.Action]) -> [SourceEvent] {
        actions.compactMap { if case .emit(let e) = $0 { e } else { nil } }
    }

    /// Paired to a show of 3 slides on slide 2 whose blank ended (the show
    /// started again while it was open), its stream in, and half a message read.
    private func holding() -> ImpressConnection {
        var c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: .zero)
        _ = c.handle(.connected, now: .zero)
        var said = bytes("LO_SERVER_SERVER_PAIRED") + bytes("LO_SERVER_INFO", "25.2.3.2") + bytes("slideshow_started", "3", "0")
            + bytes("slideshow_info", "talk.odp")
        said += bytes("slideshow_started", "3", "1") + bytes("slideshow_started", "3", "1")  // a blank ended
        for i in 0..<3 { said += bytes("slide_preview", "\(i)", "AA==") + bytes("slide_notes", "\(i)", "notes \(i)") }
        said += bytes("slide_updated", "1") + Array("slide_upd".utf8)
        _ = c.handle(.received(said), now: at(0.1))
        return c
    }

    func testALinkHandedOverIsTakenOverWithoutPairingAndKeepsItsHold() throws {
        var leaving = holding()
        let stopped = leaving.handle(.handOver, now: at(1))
        XCTAssertFalse(stopped.contains(.close), "the socket stays open for the next process")
        XCTAssertTrue(leaving.isStopped)
        let state = try XCTUnwrap(leaving.handOverState)
        XCTAssertTrue(state.stream.holdsUntilShowEnds, "the hold goes with the link")
        XCTAssertTrue(state.transcript.starts(with: Array("LO_SERVER_SERVER_PAIRED\n\n".utf8)))
        XCTAssertTrue(state.transcript.suffix(9).elementsEqual(Array("slide_upd".utf8)), "half a message read goes along")

        var taking = connection()
        XCTAssertTrue(taking.handle(.adopt(storedPin: "1234", freshPin: "0042", state), now: at(2)).contains(.connect))
        let taken = taking.handle(.connected, now: at(2))
        XCTAssertFalse(taken.contains { if case .write = $0 { true } else { false } }, "no pair request: Impress sees no new client")
        XCTAssertFalse(taken.contains { if case .arm(.pairing, _) = $0 { true } else { false } })
        let events = emitted(taken)
        XCTAssertTrue(events.contains { if case .link(.connected) = $0 { true } else { false } }, "\(events)")
        XCTAssertTrue(events.contains(.showStarted(slideCount: 3, current: 1)), "\(events)")
        XCTAssertTrue(events.contains(.showTitle("talk.odp")), "\(events)")
        XCTAssertEqual(events.filter { if case .preview = $0 { true } else { false } }.count, 3, "every preview, once")
        // The rest of the half-read message comes from the socket.
        XCTAssertEqual(emitted(taking.handle(.received(Array("ated\n2\n\n".utf8)), now: at(2.1))), [.slideChanged(index: 2)])
        XCTAssertEqual(taking.handle(.stop, now: at(3)).last, .arm(.drain, after: PreviewStream.showHoldLimit),
                       "it holds the link until the show ends, as the first did")
    }

    func testALinkNotYetToldTheShowIsNotHandedOver() {
        var c = connection()
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: .zero)
        _ = c.handle(.connected, now: .zero)
        _ = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED")), now: at(0.1))
        _ = c.handle(.handOver, now: at(0.2))
        XCTAssertNil(c.handOverState, "the next process would wait for a state Impress already sent")
    }

    func testTheTranscriptKeepsOnlyTheLatestStream() {
        var t = ShowTranscript()
        t.note(["slideshow_started", "2", "0"])
        t.note(["slide_preview", "0", "OLD"])
        t.note(["slideshow_started", "2", "1"])
        t.note(["slide_preview", "1", "NEW"])
        t.note(["slide_preview", "1", "NEWER"])
        XCTAssertEqual(String(decoding: t.bytes, as: UTF8.self),
                       "LO_SERVER_SERVER_PAIRED\n\nslideshow_started\n2\n1\n\nslide_preview\n1\nNEWER\n\n")
        t.note(["slideshow_finished"])
        XCTAssertEqual(String(decoding: t.bytes, as: UTF8.self), "LO_SERVER_SERVER_PAIRED\n\nslideshow_finished\n\n")
    }

    /// The show is told at the slide it is on: a show started on slide 22
    /// and moved to 23 is handed over as started on 23, so the process that
    /// takes it over (and a `watch` following it) never says slide 22 again.
    func testTheTranscriptTellsTheShowAtTheSlideItIsOn() {
        var t = ShowTranscript()
        t.note(["slideshow_started", "80", "21"])
        t.note(["slideshow_info", "deck.odp"])
        t.note(["slide_updated", "22"])
        t.note(["slide_updated", "23"])
        XCTAssertEqual(String(decoding: t.bytes, as: UTF8.self),
                       "LO_SERVER_SERVER_PAIRED\n\nslideshow_started\n80\n23\n\nslideshow_info\ndeck.odp\n\n")
    }
}
