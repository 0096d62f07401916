import ImpressUNO
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
        _ = link.handle(.line(.show(slides: 4, slide: 0, step: 0, blank: false)))
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
        XCTAssertEqual(events(link.handle(.line(.show(slides: 2, slide: 1, step: 2, blank: true)))),
                       [.sections(.none), .showStarted(slideCount: 2, current: 1), .step(index: 1, SlideStep(shown: 2, count: 3)), .blankStarted])
        XCTAssertEqual(events(link.handle(.line(.position(slide: 1, step: 3)))), [.step(index: 1, SlideStep(shown: 3, count: 3))],
                       "a step within the slide is no slide change")
        XCTAssertEqual(events(link.handle(.line(.position(slide: 0, step: 0)))),
                       [.slideChanged(index: 0), .step(index: 0, SlideStep(shown: 0, count: 0))])
    }

    func testSlidesThePresenterNamedBeginSections() {
        var link = UNOLink(mode: .attach, pipe: "p")
        _ = link.handle(.start)
        _ = link.handle(.line(.hello(office: "LibreOffice")))
        _ = link.handle(.line(.deck(title: "Talk", steps: [0, 0, 0, 0, 0], names: ["Welcome", "", "The protocol", "", ""], aspect: nil)))
        let shown = events(link.handle(.line(.show(slides: 5, slide: 0, step: 0, blank: false))))
        XCTAssertEqual(shown.first, .sections(SourceSections(sections: [TalkSection(name: "Welcome", firstSlide: 0),
                                                                         TalkSection(name: "The protocol", firstSlide: 2)])),
                       "sent before the show starts, so they hold when it does")
    }

    func testABlankMadeInLibreOfficeAndItsEndReachThePad() {
        var link = presenting()
        XCTAssertEqual(events(link.handle(.line(.blank(on: true)))), [.blankStarted])
        XCTAssertEqual(events(link.handle(.line(.blank(on: false)))), [.blankEnded])
        XCTAssertEqual(events(link.handle(.line(.ended))), [.showFinished])
        XCTAssertEqual(events(link.handle(.line(.blank(on: true)))), [], "no show, no blank")
    }

    func testThePadsCommandsBecomeTheBridgesRequestsAndNoPointerIsSent() {
        var link = presenting()
        XCTAssertEqual(requests(link.handle(.send(.next))), [.next])
        XCTAssertEqual(requests(link.handle(.send(.previous))), [.previous])
        XCTAssertEqual(requests(link.handle(.send(.goto(index: 2)))), [.goto(slide: 2)])
        XCTAssertEqual(requests(link.handle(.send(.blank))), [.blank])
        XCTAssertEqual(requests(link.handle(.send(.resume))), [.resume])
        XCTAssertEqual(requests(link.handle(.send(.stop))), [.stop])
        XCTAssertEqual(requests(link.handle(.send(.start))), [.start])
        XCTAssertEqual(requests(link.handle(.send(.pointerStarted(x: 0.5, y: 0.5)))), [])
    }

    func testPicturesComeOneAtATimeAtThePanesSizeInTheSlidesShapeMostWantedFirst() {
        var link = presenting()
        let wants = [PictureWant(slide: 0, size: PixelSize(width: 1600, height: 1000)),
                     PictureWant(slide: 1, size: PixelSize(width: 640, height: 360))]
        XCTAssertEqual(requests(link.handle(.want(wants))), [.render(slide: 0, width: 1600, height: 900)])
        XCTAssertEqual(requests(link.handle(.want(wants))), [], "one export at a time: LibreOffice's main thread")
        let arrived = link.handle(.line(.picture(slide: 0, width: 1600, height: 900, png: [1, 2, 3])))
        XCTAssertEqual(events(arrived), [.preview(index: 0, Preview(png: [1, 2, 3], aspect: 16.0 / 9))])
        XCTAssertEqual(requests(arrived), [.render(slide: 1, width: 640, height: 360)])
        _ = link.handle(.line(.picture(slide: 1, width: 640, height: 360, png: [4])))
        XCTAssertEqual(requests(link.handle(.want(wants))), [], "just sent, not taken in yet: not exported again")
        let held = [PictureWant(slide: 0, size: PixelSize(width: 1600, height: 1000), have: PixelSize(width: 1600, height: 900))]
        XCTAssertEqual(requests(link.handle(.want(held))), [], "the pad holds it at that size")
        let dropped = [PictureWant(slide: 0, size: PixelSize(width: 1600, height: 1000), have: nil)]
        XCTAssertEqual(requests(link.handle(.want(dropped))), [.render(slide: 0, width: 1600, height: 900)],
                       "the pad let it go: exported again")
    }

    func testAFailedExportIsNotAskedAgainUntilTheWantsChange() {
        var link = presenting()
        let wants = [PictureWant(slide: 2, size: PixelSize(width: 320, height: 180))]
        XCTAssertEqual(requests(link.handle(.want(wants))), [.render(slide: 2, width: 320, height: 180)])
        XCTAssertEqual(requests(link.handle(.line(.refused(op: "render", why: "the export failed")))), [])
        XCTAssertEqual(requests(link.handle(.want(wants))), [])
        XCTAssertEqual(requests(link.handle(.want(wants + [PictureWant(slide: 3, size: PixelSize(width: 320, height: 180))]))),
                       [.render(slide: 2, width: 320, height: 180)])
    }

    func testLibreOfficeGoneSaysSoAndRStartsItAgainAtTheSameSlide() {
        var link = presenting()
        _ = link.handle(.line(.position(slide: 2, step: 1)))
        let gone = link.handle(.line(.gone(message: "Binary URP bridge disposed during call")))
        XCTAssertTrue(gone.contains(.endBridge))
        guard case .link(.failed(let problem))? = events(gone).first else { return XCTFail("no failure shown: \(gone)") }
        XCTAssertEqual(problem.reason, "LibreOffice closed or crashed")
        XCTAssertTrue(problem.fix?.contains("at slide 3") == true, problem.fix ?? "")
        XCTAssertEqual(link.handle(.bridgeEnded), [], "the bridge's end after its last word says nothing more")
        let again = link.handle(.retryNow)
        XCTAssertTrue(again.contains(.launchOffice) && again.contains(.spawnBridge))
        _ = link.handle(.line(.hello(office: "LibreOffice")))
        _ = link.handle(.line(.deck(title: "steps.odp", steps: [0, 3, 1, 0], names: [], aspect: nil)))
        let shown = link.handle(.line(.show(slides: 4, slide: 0, step: 0, blank: false)))
        XCTAssertEqual(requests(shown).first, .goto(slide: 2), "back where the talk was")
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

    func testTheBridgeEndingUnaskedIsAFailureAQuitIsNot() {
        var link = presenting()
        guard case .link(.failed(let problem))? = events(link.handle(.bridgeEnded)).last else { return XCTFail("silent") }
        XCTAssertEqual(problem.code, "bridge-ended")
        var leaving = presenting()
        XCTAssertEqual(leaving.handle(.stop(end: true, close: true)), [.write(.quit(end: true, close: true)), .endBridge])
        XCTAssertEqual(leaving.handle(.bridgeEnded), [])
        XCTAssertEqual(leaving.handle(.send(.next)), [], "stopped: nothing more")
    }
}
