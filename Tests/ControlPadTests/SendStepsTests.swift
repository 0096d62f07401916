@testable import ControlPadScripting
import SlideModel
import SourceKit
import XCTest

/// `controlpad send next` on a slide that reveals in steps: the step the
/// show then says is its confirmation (no slide changes), and where the
/// show stands when connecting is not.
final class SendStepsTests: XCTestCase {
    private let peer = SendConversation.Peer(name: "Deck", capabilities: [.animationSteps, .blank, .confirmsCommands],
                                             pairingAdvice: "try again")

    func testAStepConfirmsNextAndThePositionSaysIt() throws {
        var c = SendConversation(action: try RemoteAction(words: ["next"]), server: "deck://x", peer: peer)
        XCTAssertNil(c.handle(.link(.connected(server: "deck"))))
        XCTAssertEqual(c.handle(.showStarted(slideCount: 14, current: 2)), .send(.next))
        XCTAssertNil(c.handle(.step(index: 2, SlideStep(shown: 0, count: 3))), "where the show stands is no answer")
        XCTAssertNil(c.written(true), "waits for the show")
        XCTAssertEqual(c.handle(.step(index: 2, SlideStep(shown: 1, count: 3))), .succeed("slide 3/14 · step 1/3"))
    }

    /// `send goto 3` on slide 3 at step 1/3: the show goes back to its
    /// first step, and the answer says so (not the step it stood on).
    func testAGotoTheSlideTheShowIsOnAnswersWithTheStepItWentBackTo() throws {
        var c = SendConversation(action: try RemoteAction(words: ["goto", "3"]), server: "deck://x", peer: peer)
        _ = c.handle(.link(.connected(server: "deck")))
        XCTAssertEqual(c.handle(.showStarted(slideCount: 14, current: 2)), .send(.goto(index: 2)))
        XCTAssertNil(c.handle(.step(index: 2, SlideStep(shown: 1, count: 3))), "where it stood")
        XCTAssertNil(c.written(true), "waits for the step the go-to gives")
        XCTAssertEqual(c.handle(.step(index: 2, SlideStep(shown: 0, count: 3))), .succeed("slide 3/14 · step 0/3"))
    }

    func testTheStandingStepSaidBeforeTheWriteIsNoConfirmation() throws {
        var c = SendConversation(action: try RemoteAction(words: ["next"]), server: "deck://x", peer: peer)
        _ = c.handle(.link(.connected(server: "deck")))
        _ = c.handle(.showStarted(slideCount: 14, current: 0))
        XCTAssertNil(c.handle(.step(index: 0, SlideStep(shown: 0, count: 0))))
        XCTAssertNil(c.written(true))
        XCTAssertFalse(c.isDone, "slide 1 has no steps: the slide change is the answer")
        XCTAssertEqual(c.handle(.slideChanged(index: 1)), .succeed("slide 2/14"))
    }
}

/// `controlpad watch` on a slide that unfolds in steps: one `step` line per
/// step shown, repeats dropped, none for a slide without steps.
final class WatchStepsTests: XCTestCase {
    func testEachStepOnceAndNoneForASlideWithout() {
        var report = WatchReport()
        let events: [SourceEvent] = [
            .link(.connected(server: "deck")),
            .showStarted(slideCount: 14, current: 0),
            .step(index: 0, SlideStep(shown: 0, count: 0, detail: "↓ 1/3")),
            .slideChanged(index: 2),
            .step(index: 2, SlideStep(shown: 0, count: 3)),
            .step(index: 2, SlideStep(shown: 1, count: 3)),
            .step(index: 2, SlideStep(shown: 1, count: 3)),
            .step(index: 5, SlideStep(shown: 1, count: 3)),
        ]
        let changes = events.flatMap { report.changes(for: $0) }
        XCTAssertEqual(changes.map(\.text), ["connected", "paired with deck", "show started: 14 slides, on slide 1/14",
                                             "slide 3/14", "slide 3/14 · step 0/3", "slide 3/14 · step 1/3"])
        XCTAssertEqual(changes.last?.event, "step")
    }
}
