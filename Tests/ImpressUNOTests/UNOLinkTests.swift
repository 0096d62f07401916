@testable import ImpressUNO
import SlideModel
import XCTest

/// The UNO link's decisions, without LibreOffice: what the pad sees of
/// steps, blank and the show's end, which pictures it asks for and when,
/// and what it says when LibreOffice or the bridge goes away.
final class UNOLinkTests: XCTestCase {
    private func presenting() -> UNOLink {
        var link = UNOLink(mode: .present(deck: "/talks/steps.odp", window: true), pipe: "controlpad")
        _ = link.handle(.start)
        _ = link.handle(.line(.hello(office: "LibreOffice 25.2.3.2")))
        _ = link.handle(.line(.deck(title: "steps.odp", steps: [0, 3, 1, 0], names: [], aspect: 16.0 / 9)))
        _ = link.handle(.line(.show(slides: 4, slide: 0, blank: false, fresh: false)))
        return link
    }

    private func events(_ actions: [UNOLink.Action]) -> [SourceEvent] {
        actions.compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }

    private func requests(_ actions: [UNOLink.Action]) -> [UNOBridgeRequest] {
        actions.compactMap { if case .write(let request) = $0 { request } else { nil } }
    }

    func testPresentStartsLibreOfficeThenTheBridgeAndOpensTheDeckInAWindow() {
        var link = UNOLink(mode: .present(deck: "/talks/steps.odp", window: true), pipe: "controlpad")
        let actions = link.handle(.start)
        XCTAssertEqual(actions, [.emit(.link(.connecting(to: "uno:controlpad"))), .launchOffice, .spawnBridge,
                                 .write(.open(deck: "/talks/steps.odp", window: true))])
        var joining = UNOLink(mode: .attach, pipe: "mine")
        XCTAssertEqual(requests(joining.handle(.start)), [.attach])
        XCTAssertFalse(joining.handle(.start).contains(.launchOffice), "connect uno:NAME starts no LibreOffice")
    }

    func testTheStatusLineLearnsEachSlidesStepsAndWhereTheShowIs() {
        var link = UNOLink(mode: .attach, pipe: "p")
        _ = link.handle(.start)
        XCTAssertEqual(events(link.handle(.line(.hello(office: "LibreOffice 25.2.3.2")))),
                       [.link(.connected(server: "LibreOffice 25.2.3.2 · uno:p"))])
        XCTAssertEqual(events(link.handle(.line(.deck(title: "Talk", steps: [0, 3], names: [], aspect: nil)))), [.showTitle("Talk")])
        XCTAssertEqual(events(link.handle(.line(.show(slides: 2, slide: 0, blank: true, fresh: false)))),
                       [.sections(.none), .stepCounts([0, 3]), .showStarted(slideCount: 2, current: 0),
                        .step(index: 0, SlideStep(shown: 0, count: 0)), .blankStarted],
                       "every slide's steps before the show: the pad predicts quick presses across slides")
        XCTAssertEqual(events(link.handle(.line(.heard(.transition)))), [], "which slide: the show is asked")
        XCTAssertEqual(events(link.handle(.line(.heard(.begin(node: UNONode.timingRoot))))), [])
        _ = link.handle(.line(.heard(.begin(node: UNONode.mainSequence))))
        XCTAssertEqual(events(link.handle(.line(.whereAnswer(slide: 1, blank: true, others: [])))),
                       [.slideChanged(index: 1), .step(index: 1, SlideStep(shown: 0, count: 3))])
        _ = link.handle(.line(.heard(.begin(node: 0))))
        XCTAssertEqual(events(link.handle(.line(.heard(.begin(node: UNONode.onClick))))), [.step(index: 1, SlideStep(shown: 1, count: 3))],
                       "a step within the slide is no slide change")
    }

    func testSlidesThePresenterNamedBeginSections() {
        var link = UNOLink(mode: .attach, pipe: "p")
        _ = link.handle(.start)
        _ = link.handle(.line(.hello(office: "LibreOffice")))
        _ = link.handle(.line(.deck(title: "Talk", steps: [0, 0, 0, 0, 0], names: ["Welcome", "", "The protocol", "", ""], aspect: nil)))
        let shown = events(link.handle(.line(.show(slides: 5, slide: 0, blank: false, fresh: true))))
        XCTAssertEqual(shown.first, .sections(SourceSections(sections: [TalkSection(name: "Welcome", firstSlide: 0),
                                                                         TalkSection(name: "The protocol", firstSlide: 2)])),
                       "sent before the show starts, so they hold when it does")
    }

    func testABlankMadeInLibreOfficeAndItsEndReachThePad() {
        var link = presenting()
        XCTAssertEqual(events(link.handle(.line(.heard(.paused)))), [.blankStarted])
        XCTAssertEqual(events(link.handle(.line(.heard(.resumed)))), [.blankEnded])
        XCTAssertEqual(events(link.handle(.line(.whereAnswer(slide: 0, blank: true, others: [])))), [.blankStarted],
                       "a blank the listener missed is found by the poll")
        XCTAssertEqual(events(link.handle(.line(.ended))), [.showFinished])
        XCTAssertEqual(events(link.handle(.line(.heard(.paused)))), [], "no show, no blank")
    }

    func testTheShowIsAskedWhereItStandsFourTimesASecond() {
        var link = presenting()
        XCTAssertEqual(link.handle(.timerFired(.poll)), [.write(.where), .arm(.poll, after: .milliseconds(250))])
        _ = link.handle(.stop(end: false, close: false))
        XCTAssertEqual(link.handle(.timerFired(.poll)), [])
    }

    func testADeckThatTakesLongToOpenSaysLibreOfficeAsksOnItsScreenBeforeAnyShow() {
        var link = UNOLink(mode: .present(deck: "/talks/locked.odp", window: false), pipe: "controlpad")
        XCTAssertFalse(link.handle(.start).contains(.arm(.asking, after: .seconds(3))),
                       "a LibreOffice slow to start is not asking: what is said before the link is up is not shown")
        XCTAssertTrue(link.handle(.line(.hello(office: "LibreOffice"))).contains(.arm(.asking, after: .seconds(3))), "the load waits from the hello")
        XCTAssertEqual(events(link.handle(.timerFired(.asking))), [.unanswered(UNOProblem.asking.linkProblem)])
        let opened = link.handle(.line(.deck(title: "locked.odp", steps: [0], names: [], aspect: nil)))
        XCTAssertEqual(events(opened), [.unanswered(nil), .showTitle("locked.odp")], "answered: the warning goes")
        XCTAssertTrue(opened.contains(.cancel(.asking)))
    }

    func testJoiningADeckWithNoShowSaysNoShowRunsSoSendAndThePadKnow() {
        var link = UNOLink(mode: .attach, pipe: "p")
        _ = link.handle(.start)
        _ = link.handle(.line(.hello(office: "LibreOffice 25.2.3.2")))
        _ = link.handle(.line(.deck(title: "Talk", steps: [0, 3], names: [], aspect: nil)))
        XCTAssertEqual(events(link.handle(.line(.ended))), [.showFinished], "an answer: no show runs")
        var presenting = UNOLink(mode: .present(deck: "/t.odp", window: false), pipe: "p")
        _ = presenting.handle(.start)
        _ = presenting.handle(.line(.hello(office: "LibreOffice 25.2.3.2")))
        _ = presenting.handle(.line(.deck(title: "Talk", steps: [0, 3], names: [], aspect: nil)))
        XCTAssertEqual(events(presenting.handle(.line(.ended))), [], "present starts the show itself: not yet is not said")
    }

    func testAnotherDecksShowIsSaidAndItsEndToo() {
        var link = presenting()
        guard case .unanswered(let problem?)? = events(link.handle(.line(.whereAnswer(slide: 0, blank: false, others: ["old.odp"])))).last else {
            return XCTFail("not said")
        }
        XCTAssertTrue(problem.reason.contains("another show runs") && problem.reason.contains("old.odp"), problem.reason)
        XCTAssertTrue(problem.retryAnswers && problem.fix?.contains("r ends it") == true, "the presenter's word ends it: \(problem)")
        XCTAssertEqual(events(link.handle(.line(.whereAnswer(slide: 0, blank: false, others: ["old.odp"])))), [], "once")
        XCTAssertEqual(requests(link.handle(.retryNow)), [.endOtherShows], "r: the other show ends")
        XCTAssertEqual(events(link.handle(.line(.whereAnswer(slide: 0, blank: false, others: [])))), [.unanswered(nil)])
        XCTAssertEqual(requests(link.handle(.retryNow)), [], "no other show: r asks nothing of a link that is up")
    }

    func testAPressAfterTheShowWentQuietGoesAtOnceWithoutWaitingForCalm() {
        var link = presenting()
        // The show says something (a move made in LibreOffice), then nothing for a moment.
        let burst = link.handle(.line(.heard(.buildsEnded)))
        XCTAssertTrue(burst.contains(.arm(.calm, after: UNOLink.calm)), "calm is awaited once the show is idle: \(burst)")
        _ = link.handle(.timerFired(.calm))
        let press = link.handle(.send(.next))
        XCTAssertEqual(requests(press), [.next])
        XCTAssertFalse(press.contains(.arm(.calm, after: UNOLink.calm)), "the press went at once: \(press)")
    }

    func testThePadsCommandsBecomeTheBridgesRequests() {
        var link = presenting()
        XCTAssertEqual(requests(link.handle(.send(.next))), [.next])
        XCTAssertEqual(requests(link.handle(.send(.previous))), [], "waits for a sign of the → before it")
        XCTAssertEqual(requests(link.handle(.line(.heard(.transition)))), [.where])
        XCTAssertEqual(requests(link.handle(.line(.heard(.buildsEnded)))), [], "a moment's calm first: a burst may go on")
        XCTAssertEqual(requests(link.handle(.timerFired(.calm))), [.previous])
        XCTAssertEqual(requests(link.handle(.send(.goto(index: 2)))), [.goto(slide: 2)], "a go-to is the latest word: at once")
        XCTAssertEqual(requests(link.handle(.send(.blank))), [.blank])
        XCTAssertEqual(requests(link.handle(.send(.resume))), [.resume])
        XCTAssertEqual(requests(link.handle(.send(.stop))), [.stop])
        XCTAssertEqual(requests(link.handle(.send(.start))), [.start])
    }

    /// The show's own pointer: one request with the bridge at a time, the
    /// latest position waiting; the pen on and off, its ink erased, and
    /// both put away before the pad leaves (no "keep ink?" question).
    func testThePointerGoesOneAtATimeAndThePenIsPutAwayOnLeaving() {
        var link = presenting()
        XCTAssertEqual(requests(link.handle(.send(.pointerStarted(x: 0.25, y: 0.5)))), [.pointer(x: 0.25, y: 0.5, shown: true)])
        XCTAssertEqual(requests(link.handle(.send(.pointerMoved(x: 0.3, y: 0.5)))), [], "one in flight")
        XCTAssertEqual(requests(link.handle(.send(.pointerMoved(x: 0.4, y: 0.5)))), [])
        XCTAssertEqual(requests(link.handle(.line(.pointerDone))), [.pointer(x: 0.4, y: 0.5, shown: true)], "the latest wins")
        XCTAssertEqual(requests(link.handle(.line(.pointerDone))), [])
        XCTAssertEqual(requests(link.handle(.send(.pointerDismissed))), [.pointer(x: 0, y: 0, shown: false)])
        XCTAssertEqual(requests(link.handle(.send(.next))), [.next], "a press does not wait behind the pointer")
        XCTAssertEqual(requests(link.handle(.send(.ink(.mode(true))))), [.pen(on: true)])
        XCTAssertEqual(requests(link.handle(.send(.ink(.began(SlidePoint(x: 0.1, y: 0.1)))))), [], "no stroke can be placed over UNO")
        XCTAssertEqual(requests(link.handle(.send(.ink(.clear)))), [.eraseInk])
        XCTAssertEqual(requests(link.handle(.stop(end: false, close: false))),
                       [.pointer(x: 0, y: 0, shown: false), .pen(on: false), .eraseInk, .quit(end: false, close: false)])
        XCTAssertEqual(UNOBridgeRequest.pointer(x: 0.25, y: 0.5, shown: true).line, #"{"op":"pointer","shown":true,"x":2500,"y":5000}"# + "\n")
        XCTAssertEqual(UNOBridgeEvent.parse(Array(#"{"ev":"pointer"}"#.utf8)), .pointerDone)
    }

    /// The show on slide 2 (3 clicks), none shown yet.
    private func onTheSlideWithThreeClicks() -> UNOLink {
        var link = presenting()
        _ = link.handle(.line(.heard(.transition)))
        _ = link.handle(.line(.heard(.begin(node: UNONode.mainSequence))))
        _ = link.handle(.line(.whereAnswer(slide: 1, blank: false, others: [])))
        return link
    }

    func testThePictureOfThisSlideAfterTheNextPressIsExportedAtThatStepAndSaysSo() {
        var link = onTheSlideWithThreeClicks()
        let wants = [PictureWant(slide: 1, size: PixelSize(width: 1600, height: 900)),
                     PictureWant(slide: 1, size: PixelSize(width: 640, height: 360), step: 1)]
        XCTAssertEqual(requests(link.handle(.want(wants))), [.render(slide: 1, width: 1600, height: 900, step: 0)])
        XCTAssertEqual(requests(link.handle(.line(.picture(slide: 1, width: 1600, height: 900, step: 0, png: [1])))),
                       [.render(slide: 1, width: 1600, height: 900, step: 1)],
                       "the room after the next →, at the current pane's size: the current pane takes it when the show gets there")
        let actions = link.handle(.line(.picture(slide: 1, width: 1600, height: 900, step: 1, png: [2])))
        XCTAssertEqual(events(actions), [.preview(index: 1, Preview(png: [2], aspect: 16.0 / 9, step: 1))],
                       "the pad files it as the slide after the next →, not as the current picture")
        XCTAssertEqual(requests(actions), [.render(slide: 1, width: 1600, height: 900, step: 2)], "then the room after two →, ahead of time")
        _ = link.handle(.line(.picture(slide: 1, width: 1600, height: 900, step: 2, png: [3])))
        XCTAssertEqual(link.handle(.want(wants)), [], "sent once")
    }

    func testPicturesComeOneAtATimeAtThePanesSizeInTheSlidesShapeMostWantedFirst() {
        var link = presenting()
        let wants = [PictureWant(slide: 0, size: PixelSize(width: 1600, height: 1000)),
                     PictureWant(slide: 1, size: PixelSize(width: 640, height: 360)),
                     PictureWant(slide: 3, size: PixelSize(width: 640, height: 360))]
        XCTAssertEqual(requests(link.handle(.want(wants))), [.render(slide: 0, width: 1600, height: 900, step: nil)])
        XCTAssertEqual(requests(link.handle(.want(wants))), [], "one export at a time: LibreOffice's main thread")
        let arrived = link.handle(.line(.picture(slide: 0, width: 1600, height: 900, step: nil, png: [1, 2, 3])))
        XCTAssertEqual(events(arrived), [.preview(index: 0, Preview(png: [1, 2, 3], aspect: 16.0 / 9))])
        XCTAssertEqual(requests(arrived), [.render(slide: 1, width: 1600, height: 900, step: 0)],
                       "the next slide before its builds, at the current pane's size: after → the current pane has it at once")
        XCTAssertEqual(requests(link.handle(.line(.picture(slide: 1, width: 1600, height: 900, step: 0, png: [4])))),
                       [.render(slide: 3, width: 640, height: 360, step: nil)], "a slide further on: at its pane's size")
        XCTAssertEqual(requests(link.handle(.line(.picture(slide: 3, width: 640, height: 360, step: nil, png: [5])))),
                       [.render(slide: 1, width: 1600, height: 900, step: 1)], "every picture wanted is in: the room after two → is exported ahead")
        _ = link.handle(.line(.picture(slide: 1, width: 1600, height: 900, step: 1, png: [6])))
        let held = [PictureWant(slide: 0, size: PixelSize(width: 1600, height: 1000), have: PixelSize(width: 1600, height: 900))]
        XCTAssertEqual(link.handle(.want(held)), [], "the pad holds it at that size")
        let dropped = [PictureWant(slide: 0, size: PixelSize(width: 1600, height: 1000), have: nil)]
        XCTAssertEqual(link.handle(.want(dropped)), [.emit(.preview(index: 0, Preview(png: [1, 2, 3], aspect: 16.0 / 9)))],
                       "the pad let it go: handed over again from what was kept, with no export")
    }

    func testTheCurrentPictureIsTheRoomsStepAndFollowsIt() {
        var link = onTheSlideWithThreeClicks()
        let size = PixelSize(width: 640, height: 360)
        let wants = [PictureWant(slide: 1, size: size), PictureWant(slide: 0, size: size), PictureWant(slide: 2, size: size)]
        XCTAssertEqual(requests(link.handle(.want(wants))), [.render(slide: 1, width: 640, height: 360, step: 0)])
        XCTAssertEqual(requests(link.handle(.line(.picture(slide: 1, width: 640, height: 360, step: 0, png: [1])))),
                       [.render(slide: 0, width: 640, height: 360, step: nil)], "a slide behind: no builds to hide")
        XCTAssertEqual(requests(link.handle(.line(.picture(slide: 0, width: 640, height: 360, step: nil, png: [2])))),
                       [.render(slide: 2, width: 640, height: 360, step: 0)], "a slide ahead: before its builds")
        XCTAssertEqual(requests(link.handle(.line(.picture(slide: 2, width: 640, height: 360, step: 0, png: [3])))),
                       [.render(slide: 1, width: 640, height: 360, step: 1)], "ahead of time: the room after the next →")
        XCTAssertEqual(requests(link.handle(.line(.picture(slide: 1, width: 640, height: 360, step: 1, png: [4])))),
                       [.render(slide: 1, width: 640, height: 360, step: 2)], "and after two →")
        _ = link.handle(.line(.picture(slide: 1, width: 640, height: 360, step: 2, png: [5])))
        _ = link.handle(.line(.heard(.begin(node: 0))))
        let clicked = link.handle(.line(.heard(.begin(node: UNONode.onClick))))
        XCTAssertEqual(requests(clicked), [], "no export while an effect runs: the room would see it stutter")
        XCTAssertEqual(events(clicked).filter { if case .preview = $0 { true } else { false } },
                       [.preview(index: 1, Preview(png: [4], aspect: 16.0 / 9))],
                       "the room's step, exported ahead: the current pane has it as the effect starts")
        _ = link.handle(.line(.heard(.end(node: UNONode.onClick))))
        XCTAssertEqual(requests(link.handle(.line(.heard(.end(node: 0))))), [.render(slide: 1, width: 640, height: 360, step: nil)],
                       "quiet again: the room after two more → (every build) is exported ahead")
    }

    func testAFailedExportIsNotAskedAgainUntilTheWantsChange() {
        var link = presenting()
        let wants = [PictureWant(slide: 2, size: PixelSize(width: 320, height: 180))]
        XCTAssertEqual(requests(link.handle(.want(wants))), [.render(slide: 2, width: 320, height: 180, step: 0)])
        XCTAssertEqual(requests(link.handle(.line(.refused(op: "render", why: "the export failed")))), [])
        XCTAssertEqual(requests(link.handle(.want(wants))), [])
        XCTAssertEqual(requests(link.handle(.want(wants + [PictureWant(slide: 3, size: PixelSize(width: 320, height: 180))]))),
                       [.render(slide: 2, width: 320, height: 180, step: 0)])
    }

    func testLibreOfficeGoneSaysSoAndRStartsItAgainAtTheSameSlide() {
        var link = presenting()
        _ = link.handle(.line(.heard(.transition)))
        _ = link.handle(.line(.whereAnswer(slide: 2, blank: false, others: [])))
        let gone = link.handle(.line(.gone(message: "Binary URP bridge disposed during call")))
        XCTAssertTrue(gone.contains(.endBridge))
        XCTAssertEqual(events(gone).first, .showFinished, "the room sees no show: the talk's timer stands still")
        guard case .link(.failed(let problem))? = events(gone).last else { return XCTFail("no failure shown: \(gone)") }
        XCTAssertEqual(problem.reason, "LibreOffice closed or crashed")
        XCTAssertTrue(problem.fix?.contains("at slide 3") == true, problem.fix ?? "")
        XCTAssertEqual(link.handle(.bridgeEnded), [], "the bridge's end after its last word says nothing more")
        let again = link.handle(.retryNow)
        XCTAssertTrue(again.contains(.launchOffice) && again.contains(.spawnBridge))
        _ = link.handle(.line(.hello(office: "LibreOffice")))
        _ = link.handle(.line(.deck(title: "steps.odp", steps: [0, 3, 1, 0], names: [], aspect: nil)))
        let shown = link.handle(.line(.show(slides: 4, slide: 0, blank: false, fresh: true)))
        XCTAssertEqual(requests(shown), [], "a show just started takes no press")
        _ = link.handle(.line(.heard(.buildsEnded)))
        XCTAssertEqual(requests(link.handle(.timerFired(.calm))), [.goto(slide: 2)], "back where the talk was, once it is up")
    }

    func testEachFatalWordHasAFix() {
        let cases: [(String, String)] = [("no-uno", "python3-uno"), ("no-office", "soffice"), ("open", "locked"), ("no-deck", "Open the deck")]
        for (what, fix) in cases {
            var link = UNOLink(mode: .present(deck: "/t.odp", window: false), pipe: "controlpad")
            _ = link.handle(.start)
            guard case .link(.failed(let problem))? = events(link.handle(.line(.fatal(what: what, message: "x")))).last else {
                return XCTFail("\(what): no failure")
            }
            XCTAssertTrue(problem.fix?.contains(fix) == true, "\(what): \(problem.fix ?? "")")
        }
    }

    /// CONTROLPAD_PYTHON at a Python without `uno`: the advice named no
    /// Python (issue 52, item 8).
    func testAPythonWithoutUnoIsNamed() {
        var link = UNOLink(mode: .attach, pipe: "talk")
        _ = link.handle(.start)
        let event = UNOBridgeEvent.parse(Array(#"{"ev":"fatal","what":"no-uno","message":"No module named 'uno'","python":"/opt/venv/bin/python3"}"#.utf8))
        guard let event, case .link(.failed(let problem))? = events(link.handle(.line(event))).last else { return XCTFail("no failure") }
        XCTAssertEqual(problem.reason, "/opt/venv/bin/python3 cannot import LibreOffice's Python bridge (uno)")
        XCTAssertTrue(problem.fix?.contains("CONTROLPAD_PYTHON") == true, problem.fix ?? "")
        XCTAssertTrue(problem.fix?.contains("python3-uno") == true, problem.fix ?? "")
    }

    /// At start-up with --profile, "no show · F5 starts" showed for a second
    /// before the show came up, and presenters pressed F5 there (issue 52,
    /// item 13): the show present started said it ended while it came up.
    /// Its end now waits to see if it comes back; one that does not is said.
    func testAShowThatEndsWhileComingUpIsNotSaidToEndUnlessItStaysEnded() {
        var link = UNOLink(mode: .present(deck: "/t.odp", window: false), pipe: "controlpad-x")
        _ = link.handle(.start)
        _ = link.handle(.line(.hello(office: "LibreOffice 25.2")))
        _ = link.handle(.line(.deck(title: "Talk", steps: [0, 0], names: [], aspect: nil)))
        let started = link.handle(.line(.show(slides: 2, slide: 0, blank: false, fresh: true)))
        XCTAssertTrue(started.contains(.arm(.started, after: UNOLink.startingWindow)), "\(started)")
        let ended = link.handle(.line(.ended))
        XCTAssertEqual(events(ended), [], "no \"no show\" while the show comes up")
        XCTAssertTrue(ended.contains(.arm(.endedWhileStarting, after: UNOLink.startingGrace)), "\(ended)")
        let back = link.handle(.line(.show(slides: 2, slide: 0, blank: false, fresh: false)))
        XCTAssertTrue(events(back).contains(.showStarted(slideCount: 2, current: 0)))
        XCTAssertEqual(events(link.handle(.timerFired(.endedWhileStarting))), [], "it came back: nothing to say")

        // One that does not come back is said, a moment later.
        var gone = UNOLink(mode: .present(deck: "/t.odp", window: false), pipe: "controlpad-x")
        _ = gone.handle(.start)
        _ = gone.handle(.line(.hello(office: "LibreOffice 25.2")))
        _ = gone.handle(.line(.deck(title: "Talk", steps: [0, 0], names: [], aspect: nil)))
        _ = gone.handle(.line(.show(slides: 2, slide: 0, blank: false, fresh: true)))
        XCTAssertEqual(events(gone.handle(.line(.ended))), [])
        XCTAssertEqual(events(gone.handle(.timerFired(.endedWhileStarting))), [.showFinished])

        // Once the show is up, its end is said at once (Esc in LibreOffice).
        var up = UNOLink(mode: .present(deck: "/t.odp", window: false), pipe: "controlpad-x")
        _ = up.handle(.start)
        _ = up.handle(.line(.hello(office: "LibreOffice 25.2")))
        _ = up.handle(.line(.deck(title: "Talk", steps: [0, 0], names: [], aspect: nil)))
        _ = up.handle(.line(.show(slides: 2, slide: 0, blank: false, fresh: true)))
        _ = up.handle(.timerFired(.started))
        XCTAssertEqual(events(up.handle(.line(.ended))), [.showFinished])
    }

    func testTheBridgeEndingUnaskedIsAFailureAQuitIsNot() {
        var link = presenting()
        guard case .link(.failed(let problem))? = events(link.handle(.bridgeEnded)).last else { return XCTFail("silent") }
        XCTAssertEqual(problem.code, "bridge-ended")
        var leaving = presenting()
        XCTAssertEqual(leaving.handle(.stop(end: true, close: true)),
                       [.cancel(.poll), .cancel(.patience), .cancel(.asking), .cancel(.calm), .write(.quit(end: true, close: true)), .endBridge])
        XCTAssertEqual(leaving.handle(.bridgeEnded), [])
        XCTAssertEqual(leaving.handle(.send(.next)), [], "stopped: nothing more")
    }
}
