import SlideModel
import XCTest

@testable import ControlPadScripting
@testable import ImpressRemoteTransport
@testable import SourceKit

/// Every reader of the show reads it through one fold (`ShowState`): the
/// pad, `send`, `watch`, the kept link and the doctors agree on where a
/// show is, however its source said it (early, late, twice, out of range).
final class ShowAgreementTests: XCTestCase {
    private let step = SlideStep(shown: 1, count: 3)
    private let sections = SourceSections(sections: [TalkSection(name: "Intro", firstSlide: 0), TalkSection(name: "Body", firstSlide: 4)])

    /// A move before the show, a move outside it, the show said twice.
    private var events: [SourceEvent] {
        [.link(.connecting(to: "127.0.0.1")), .link(.connected(server: "Impress 25.2 · 127.0.0.1")),
         .slideChanged(index: 3), .sections(sections), .showStarted(slideCount: 12, current: 2),
         .slideChanged(index: 99), .slideChanged(index: 5), .step(index: 5, step), .slideChanged(index: -1),
         .showStarted(slideCount: 12, current: 5)]
    }

    func testThePadSendWatchTheKeptLinkAndTheDoctorsAgreeWhereTheShowIs() throws {
        var pad = PadState(animate: false)
        for event in events { _ = pad.reduce(.source(event), now: .zero) }
        XCTAssertEqual(pad.position, "6/12")
        XCTAssertEqual(pad.stepText, "step 1/3")
        XCTAssertEqual(pad.sections.map(\.name), ["Intro", "Body"])

        var send = SendConversation(action: try RemoteAction(words: ["blank"]), server: "127.0.0.1",
                                    peer: .init(name: "Impress", capabilities: [.blank], pairingAdvice: ""))
        let steps = events.compactMap { send.handle($0) }
        XCTAssertEqual(steps, [.send(.blank)], "decided on the first show it heard")
        XCTAssertEqual(send.written(true), .succeed("slide 6/12 · step 1/3 · blank"))

        var watch = WatchReport()
        let lines = events.flatMap { watch.changes(for: $0) }.map(\.text)
        XCTAssertEqual(lines, ["connecting to 127.0.0.1", "connected", "paired with Impress 25.2 · 127.0.0.1", "show started: 12 slides, on slide 3/12",
                               "slide 6/12", "slide 6/12 · step 1/3"], "nothing for a slide the show does not have")

        var kept = KnownShow()
        for event in events { kept.note(event) }
        XCTAssertEqual(kept.replay, [.link(.connected(server: "Impress 25.2 · 127.0.0.1")), .sections(sections),
                                     .showStarted(slideCount: 12, current: 5), .step(index: 5, step)])

        var heard = LinkHeard()
        for event in events { heard.note(event) }
        XCTAssertEqual(heard.show?.count, 12)
        XCTAssertEqual(heard.show?.current, 5)

        var reading = ImpressLinkReading()
        for event in events { reading.note(event, at: 0) }
        XCTAssertEqual(reading.show, .running(slides: 12, current: 5))
    }

    /// A show that ended is over for every reader, the doctors' too.
    func testAShowThatEndedIsOverForEveryReader() {
        let ended = events + [.showFinished]
        var pad = PadState(animate: false)
        for event in ended { _ = pad.reduce(.source(event), now: .zero) }
        XCTAssertFalse(pad.showRunning)
        var kept = KnownShow()
        var heard = LinkHeard()
        var reading = ImpressLinkReading()
        for event in ended {
            kept.note(event)
            heard.note(event)
            reading.note(event, at: 0)
        }
        XCTAssertFalse(kept.showRuns)
        XCTAssertEqual(kept.replay.last, .showFinished)
        XCTAssertNil(heard.show)
        XCTAssertEqual(reading.show, ImpressLinkReading.Show.none)
    }
}
