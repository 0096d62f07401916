import XCTest
@testable import ControlPadScripting
import SlideModel

/// The kept link starts each `send`'s conversation from what it knows. A
/// request that arrives after pairing but before the show's state must
/// still learn that the link is paired (seen once under load: "no answer
/// within 5 s" although Impress had answered).
final class KnownShowTests: XCTestCase {
    private let peer = SendConversation.Peer(name: "Impress", capabilities: [.startStop, .blank, .confirmsCommands],
                                             pairingAdvice: "type the PIN")

    func testARequestBetweenPairingAndTheShowsStateIsCarriedOut() throws {
        var known = KnownShow()
        let connected = SourceEvent.link(.connected(server: "Impress · 127.0.0.1"))
        known.note(connected)
        XCTAssertEqual(known.replay, [connected], "paired, the show's state still to come")
        var conversation = SendConversation(action: .next, server: "127.0.0.1:1599", peer: peer)
        for event in known.replay { XCTAssertNil(conversation.handle(event)) }
        // The show's state arrives after the request: the conversation decides.
        XCTAssertEqual(conversation.handle(.showStarted(slideCount: 40, current: 3)), .send(.next))
    }

    func testAKnownShowIsReplayedWithItsPositionAndALostLinkLast() {
        var known = KnownShow()
        known.note(.link(.connected(server: "Impress · 127.0.0.1")))
        known.note(.showStarted(slideCount: 40, current: 3))
        known.note(.slideChanged(index: 7))
        XCTAssertEqual(known.replay, [.link(.connected(server: "Impress · 127.0.0.1")), .showStarted(slideCount: 40, current: 7)])
        let lost = SourceEvent.link(.failed(LinkProblem(source: "impress", code: "closed", reason: "closed")))
        known.note(lost)
        XCTAssertEqual(known.replay.last, lost)
    }
}

extension KnownShowTests {
    /// A link lost and made again while a `watch` follows the kept link is
    /// not gone, and the show said on the new link is its first word there,
    /// not a blank's end (no hold until the show ends for it).
    func testALinkMadeAgainIsNotGoneAndItsShowIsNoRestart() {
        var known = KnownShow()
        known.note(.link(.connected(server: "Impress · 127.0.0.1")))
        known.note(.showStarted(slideCount: 5, current: 0))
        known.note(.link(.reconnecting(inSeconds: 1, problem: LinkProblem(source: "impress", code: "closed", reason: "closed"))))
        XCTAssertTrue(known.isGone)
        known.note(.link(.connected(server: "Impress · 127.0.0.1")))
        known.note(.showStarted(slideCount: 5, current: 2))
        XCTAssertFalse(known.isGone)
        XCTAssertFalse(known.holdsUntilShowEnds, "the new link's first word about the show")
        known.note(.showStarted(slideCount: 5, current: 2))
        XCTAssertTrue(known.holdsUntilShowEnds, "the show started again on the same link: a blank ended")
    }
}
