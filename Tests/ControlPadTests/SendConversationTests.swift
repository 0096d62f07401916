import Pdfpc
import ImpressRemote
@testable import ControlPadScripting
@testable import ControlPadUI
import PadRuntime
import PdfpcTransport
import ImpressRemoteTransport
import SlideModel
import XCTest

/// `controlpad send` decides from the show's state and waits for the
/// confirmation Impress gives (or does not give).
final class SendConversationTests: XCTestCase {
    private let paired: [SourceEvent] = [
        .link(.connecting(to: "127.0.0.1:1599")),
        .link(.connected(server: "Impress · 127.0.0.1")),
        .link(.connected(server: "Impress 7.4.7.2 · 127.0.0.1")),
    ]

    private func conversation(_ words: String..., wait: Bool = true) throws -> SendConversation {
        SendConversation(action: try RemoteAction(words: words), waitForConfirmation: wait, server: "127.0.0.1:1599",
                         peer: .init(ImpressKind()))
    }

    /// A kind without a show to start or stop (pdfpc always presents) is
    /// told so before anything is sent, in its own name; Impress's stop is sent.
    func testStopIsRefusedByAKindThatAlwaysPresents() throws {
        var c = SendConversation(action: try RemoteAction(words: ["stop"]), server: "pdfpc://127.0.0.1:8088", peer: .init(PdfpcKind()))
        XCTAssertEqual(feed(&c, [.link(.connected(server: "pdfpc · 127.0.0.1")), .showStarted(slideCount: 5, current: 1)]),
                       [.fail("pdfpc has no show to stop: it presents until it quits (blank the screen with `blank`)")])
        var impress = try conversation("stop")
        XCTAssertEqual(feed(&impress, paired + [.showStarted(slideCount: 5, current: 1)]), [.send(.stop)])
    }

    /// Feeds `events` and returns the steps it gave.
    private func feed(_ c: inout SendConversation, _ events: [SourceEvent]) -> [SendConversation.Step] {
        events.compactMap { c.handle($0) }
    }

    func testNextWaitsForTheSlideChangeAndPrintsThePosition() throws {
        var c = try conversation("next")
        XCTAssertEqual(feed(&c, paired), [], "nothing is sent before the show's state is known")
        XCTAssertEqual(feed(&c, [.showStarted(slideCount: 14, current: 2)]), [.send(.next)])
        XCTAssertNil(c.written(true), "written, now waiting for slide_updated")
        XCTAssertEqual(feed(&c, [.preview(index: 0, Preview(png: [])), .slideChanged(index: 3)]), [.succeed("slide 4/14")])
        XCTAssertTrue(c.isDone)
    }

    func testGotoIsOneBasedAndOutOfRangeFailsBeforeSending() throws {
        var c = try conversation("goto", "5")
        XCTAssertEqual(feed(&c, paired + [.showStarted(slideCount: 14, current: 0)]), [.send(.goto(index: 4))])
        var far = try conversation("goto", "15")
        XCTAssertEqual(feed(&far, paired + [.showStarted(slideCount: 14, current: 0)]),
                       [.fail("slide 15 is out of range: the show on 127.0.0.1:1599 has 14 slides")])
    }

    func testFirstAndLastAreGotos() throws {
        var first = try conversation("first")
        XCTAssertEqual(feed(&first, paired + [.showStarted(slideCount: 9, current: 4)]), [.send(.goto(index: 0))])
        var last = try conversation("last")
        XCTAssertEqual(feed(&last, paired + [.showStarted(slideCount: 9, current: 4)]), [.send(.goto(index: 8))])
    }

    func testMovesImpressDoesNotConfirmEndOnceWritten() throws {
        // next on the last slide (the end screen), goto the current slide, blank: Impress says nothing.
        var next = try conversation("next")
        XCTAssertEqual(feed(&next, paired + [.showStarted(slideCount: 5, current: 4)]), [.send(.next)])
        XCTAssertEqual(next.written(true), .succeed("slide 5/5"))
        var blank = try conversation("blank")
        XCTAssertEqual(feed(&blank, paired + [.showStarted(slideCount: 5, current: 1)]), [.send(.blank)])
        XCTAssertEqual(blank.written(true), .succeed("slide 2/5 · blank"))
        var here = try conversation("goto", "2")
        XCTAssertEqual(feed(&here, paired + [.showStarted(slideCount: 5, current: 1)]), [.send(.goto(index: 1))])
        XCTAssertEqual(here.written(true), .succeed("slide 2/5"))
    }

    func testNoWaitEndsOnceWritten() throws {
        var c = try conversation("next", wait: false)
        XCTAssertEqual(feed(&c, paired + [.showStarted(slideCount: 5, current: 1)]), [.send(.next)])
        XCTAssertEqual(c.written(true), .succeed("sent (the show was on slide 2/5)"))
    }

    func testStartAndStopWaitForTheShow() throws {
        var start = try conversation("start")
        XCTAssertEqual(feed(&start, paired), [], "no start before Impress said whether a show runs: it would restart one at slide 1")
        XCTAssertEqual(feed(&start, [.showFinished]), [.send(.start)])
        XCTAssertNil(start.written(true))
        XCTAssertEqual(feed(&start, [.showStarted(slideCount: 5, current: 0)]), [.succeed("slide 1/5")])

        var stop = try conversation("stop")
        XCTAssertEqual(feed(&stop, paired + [.showStarted(slideCount: 5, current: 3)]), [.send(.stop)])
        XCTAssertNil(stop.written(true))
        XCTAssertEqual(feed(&stop, [.showFinished]), [.succeed("no show")])
    }

    func testStartingARunningShowOrStoppingNoneSendsNothing() throws {
        var start = try conversation("start")
        XCTAssertEqual(feed(&start, paired + [.showStarted(slideCount: 5, current: 3)]), [.succeed("slide 4/5")])
        var stop = try conversation("stop")
        XCTAssertEqual(feed(&stop, paired + [.showFinished]), [.succeed("no show")])
    }

    func testWithoutAShowItSaysHowToStartOne() throws {
        var c = try conversation("next")
        XCTAssertEqual(feed(&c, paired + [.showFinished]), [
            .fail("no show is running on 127.0.0.1:1599: start one with `controlpad send 127.0.0.1:1599 start`"),
        ])
    }

    func testNotPairedYetSaysHowToPair() throws {
        var c = try conversation("next")
        let steps = feed(&c, [.link(.connecting(to: "127.0.0.1:1599")), .link(.pairing(pin: "4821", place: ImpressSession.pinPlace))])
        guard case .fail(let reason)? = steps.first else { return XCTFail("\(steps)") }
        XCTAssertTrue(reason.hasPrefix("not paired with 127.0.0.1:1599 yet: run `controlpad connect 127.0.0.1:1599`"), reason)
        XCTAssertTrue(reason.contains("--pin"), reason)
    }

    func testRefusedOrUnreachableIsOneReason() throws {
        var c = try conversation("next")
        XCTAssertEqual(feed(&c, [.link(.reconnecting(inSeconds: 1, problem: ImpressProblem.unexplained("the server refused the pairing request")))]),
                       [.fail("cannot reach 127.0.0.1:1599: the server refused the pairing request")])
        XCTAssertEqual(feed(&c, [.link(.reconnecting(inSeconds: 1, problem: ImpressProblem.unexplained("again")))]), [], "done means done")
    }

    func testLosingTheShowOrTheLinkWhileWaitingFails() throws {
        var c = try conversation("next")
        _ = feed(&c, paired + [.showStarted(slideCount: 5, current: 1)])
        XCTAssertNil(c.written(true))
        XCTAssertEqual(feed(&c, [.showFinished]), [.fail("the show on 127.0.0.1:1599 ended")])

        var lost = try conversation("previous")
        _ = feed(&lost, paired + [.showStarted(slideCount: 5, current: 1)])
        XCTAssertEqual(lost.written(false), .fail("the command did not reach 127.0.0.1:1599: the link closed"))
    }

    func testTimeoutsSayWhatWasAwaited() throws {
        var silent = try conversation("next")
        XCTAssertEqual(silent.timedOut(seconds: "5 s"), .fail("no answer from 127.0.0.1:1599 within 5 s"))
        var c = try conversation("next")
        _ = feed(&c, paired + [.showStarted(slideCount: 5, current: 1)])
        _ = c.written(true)
        XCTAssertNil(c.timedOut(seconds: "5 s"), "a confirmation overdue gets as long again")
        guard case .fail(let reason)? = c.timedOut(seconds: "5 s") else { return XCTFail() }
        XCTAssertTrue(reason.hasPrefix("sent, but Impress did not confirm it in time (5 s, then as long again"), reason)
        XCTAssertTrue(reason.hasSuffix("now slide 2/5; look before sending it again"), reason)
    }

    /// A busy show that carries a `send` out after the timeout: success,
    /// said as such, never a failure a script would retry (issue 52, item 4).
    func testAMoveTheShowConfirmsLateIsSuccessSaidAsSuch() throws {
        var c = try conversation("next")
        _ = feed(&c, paired + [.showStarted(slideCount: 40, current: 19)])
        _ = c.written(true)
        XCTAssertNil(c.timedOut(seconds: "5 s"))
        XCTAssertEqual(feed(&c, [.slideChanged(index: 20)]),
                       [.succeed("slide 21/40 (confirmed late: Impress took longer than the timeout)")])
    }

    /// A show busy sending previews (LibreOffice renders every one again
    /// after a resume, and carries a step out only then) is waited for while
    /// it sends; a silent one is not (seen on 25.2 with an 80-slide deck on
    /// a loaded machine: a step carried out 10–15 s after it was sent).
    func testAShowStillSendingIsWaitedForASilentOneIsNot() throws {
        var c = try conversation("next")
        _ = feed(&c, paired + [.showStarted(slideCount: 80, current: 7)])
        _ = c.written(true)
        XCTAssertNil(c.timedOut(seconds: "5 s"))
        XCTAssertEqual(feed(&c, [.notes(index: 3, "busy")]), [])
        XCTAssertNil(c.timedOut(seconds: "5 s"), "it still sends: it is busy, not gone")
        guard case .fail? = c.timedOut(seconds: "5 s") else { return XCTFail("silent since: the answer is given") }
    }

    func testAConfirmationBeforeTheWriteReportStillCounts() throws {
        var c = try conversation("next")
        _ = feed(&c, paired + [.showStarted(slideCount: 5, current: 1)])
        XCTAssertEqual(feed(&c, [.slideChanged(index: 2)]), [])
        XCTAssertEqual(c.written(true), .succeed("slide 3/5"))
    }

    func testCommandWordsAreCheckedWithAUsageLine() {
        XCTAssertEqual(try RemoteAction(words: ["NEXT"]), .next)
        XCTAssertEqual(try RemoteAction(words: ["goto", "12"]), .goto(slide: 12))
        for (words, message) in [
            ([], "say what to send: next, previous, goto N, first, last, blank, resume, start, stop, section next|previous|NAME, pointer X Y|off or ink clear"),
            (["nxt"], "unknown command \"nxt\"; did you mean next? (use next, previous, goto N, first, last, blank, resume, start, stop, section next|previous|NAME, pointer X Y|off or ink clear)"),
            (["prev"], "unknown command \"prev\"; did you mean previous? (use next, previous, goto N, first, last, blank, resume, start, stop, section next|previous|NAME, pointer X Y|off or ink clear)"),
            (["jump"], "unknown command \"jump\": use next, previous, goto N, first, last, blank, resume, start, stop, section next|previous|NAME, pointer X Y|off or ink clear"),
            (["goto"], "goto needs one slide number, e.g. goto 3"),
            (["goto", "0"], "\"0\" is not a slide number: slides are numbered from 1, e.g. goto 3"),
            (["goto", "x"], "\"x\" is not a slide number: slides are numbered from 1, e.g. goto 3"),
            (["blank", "now"], "blank takes nothing after it (got now)"),
        ] as [([String], String)] {
            XCTAssertThrowsError(try RemoteAction(words: words), "\(words)") {
                XCTAssertEqual("\($0)", message)
            }
        }
    }
}
