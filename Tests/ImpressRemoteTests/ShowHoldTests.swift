import XCTest
@testable import SlideModel
@testable import ImpressRemote

/// A connection open when a blank ended (Impress starts the running show
/// again, twice) never closes while that show runs: LibreOffice 25.2 left
/// stale listeners of it on the show, and the next slide change after it
/// closed would use freed memory and crash (docs/IMPRESS-REMOTE.md).
final class ShowHoldTests: XCTestCase {
    private func at(_ seconds: Double) -> Duration { .milliseconds(Int(seconds * 1000)) }
    private func bytes(_ lines: String...) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n\n").utf8) }

    /// Paired to a running show of 2 slides, its stream complete at 0.2 s.
    private func linked() -> ImpressConnection {
        var c = ImpressConnection(.init(clientName: "pad", serverLabel: "127.0.0.1", address: "127.0.0.1:1599"))
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: .zero)
        _ = c.handle(.connected, now: .zero)
        _ = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED") + bytes("slideshow_started", "2", "0")), now: at(0.1))
        _ = c.handle(.received(stream()), now: at(0.2))
        return c
    }

    /// What the connection wrote, as text.
    private func written(_ actions: [ImpressConnection.Action]) -> [String] {
        actions.compactMap { if case .write(let bytes, _) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }
    }

    private func stream() -> [UInt8] {
        bytes("slide_preview", "0", "AA==") + bytes("slide_notes", "0", "a") + bytes("slide_preview", "1", "AA==")
            + bytes("slide_notes", "1", "b")
    }

    /// A `next` right after a resume: Impress starts the show again and
    /// sends every preview anew; the step goes out once they are in (sent
    /// meanwhile, 25.2 often never carried it out), not 200 ms after.
    func testAStepAfterAResumeGoesOnceThePreviewsAreSentAgain() {
        var c = linked()
        XCTAssertEqual(written(c.handle(.send(.resume), now: at(1))), ["presentation_resume\n\n"])
        _ = c.handle(.received(bytes("slideshow_started", "2", "0") + bytes("slideshow_started", "2", "0")), now: at(1.05))
        let held = c.handle(.send(.next), now: at(1.1))
        XCTAssertEqual(written(held), [], "held while Impress sends the previews again")
        XCTAssertTrue(held.contains(.arm(.heldNavigation, after: NavigationPacer.restartLook)), "\(held)")
        XCTAssertEqual(written(c.handle(.received(bytes("slide_preview", "0", "AA==")), now: at(1.3))), [])
        XCTAssertEqual(c.handle(.timerFired(.heldNavigation), now: at(1.35)), [.arm(.heldNavigation, after: NavigationPacer.restartLook)],
                       "the previews still come: it waits on")
        XCTAssertEqual(written(c.handle(.received(bytes("slide_notes", "0", "a")), now: at(1.5))), [])
        XCTAssertEqual(written(c.handle(.received(bytes("slide_preview", "1", "AA==")), now: at(2))), ["transition_next\n\n"],
                       "the last preview is in: the step goes")
    }

    /// A server that starts the show again and sends no previews (a fake,
    /// a hostile one) does not hold a step for long: quiet for a second,
    /// the stream is taken as over.
    func testAStepAfterARestartWithoutPreviewsGoesAfterAQuietSecond() {
        var c = linked()
        _ = c.handle(.received(bytes("slideshow_started", "2", "0")), now: at(1))
        XCTAssertEqual(written(c.handle(.send(.next), now: at(1.1))), [])
        XCTAssertEqual(written(c.handle(.timerFired(.heldNavigation), now: at(1.5))), [], "quiet for half a second: still held")
        XCTAssertEqual(written(c.handle(.timerFired(.heldNavigation), now: at(2.1))), ["transition_next\n\n"])
    }

    func testWithoutABlankEndingTheConnectionClosesAtOnce() {
        var c = linked()
        XCTAssertEqual(c.handle(.stop, now: at(1)).last, .close)
    }

    func testAfterABlankEndedItStaysUntilTheShowEnds() {
        var c = linked()
        _ = c.handle(.send(.blank), now: at(1))
        // The resume: the show started again, twice, and its stream anew.
        _ = c.handle(.received(bytes("slideshow_started", "2", "0") + bytes("slideshow_started", "2", "0") + stream()), now: at(2))
        let stop = c.handle(.stop, now: at(20))
        XCTAssertFalse(stop.contains(.close), "the stream is long done, but the show holds the link")
        XCTAssertEqual(c.drainingStream?.stream.holdsUntilShowEnds, true)
        XCTAssertEqual(c.drainingStream?.until, at(20) + PreviewStream.showHoldLimit)
        XCTAssertTrue(c.drainingStream?.stream.waitDescription.contains("until the show ends") ?? false)
        XCTAssertFalse(c.handle(.timerFired(.drain), now: at(3600)).contains(.close), "an hour later: still held")
        // The show ends (the presenter's Esc): after the settle, it closes.
        let ended = c.handle(.received(bytes("slideshow_finished")), now: at(3601))
        XCTAssertFalse(ended.contains(.close))
        XCTAssertTrue(c.handle(.timerFired(.drain), now: at(3601 + PreviewStream.quiet.inSeconds)).contains(.close))
    }

    func testAShowStartedAfterItEndedHoldsNothing() {
        var stream = PreviewStream()
        stream.note(["slideshow_started", "2", "0"], now: at(0))
        stream.note(["slideshow_started", "2", "0"], now: at(1))
        XCTAssertTrue(stream.holdsUntilShowEnds)
        stream.note(["slideshow_finished"], now: at(2))
        stream.note(["slideshow_started", "2", "0"], now: at(3))
        XCTAssertFalse(stream.holdsUntilShowEnds, "a new show after a stop is a new show")
    }
}
