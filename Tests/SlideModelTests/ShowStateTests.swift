import SlideModel
import XCTest

/// The one fold of `SourceEvent` into where the show is (`ShowState`):
/// sources deliver out of order, late, twice or never, and the fold's
/// rules decide what every reader of the show sees.
final class ShowStateTests: XCTestCase {
    private let lost = LinkProblem(source: "test", code: "closed", reason: "the link closed")

    private func fold(_ events: [SourceEvent]) -> ShowState {
        var show = ShowState()
        for event in events { show.note(event) }
        return show
    }

    func testNothingIsKnownBeforeTheSourceSpeaks() {
        let show = ShowState()
        XCTAssertNil(show.link)
        XCTAssertFalse(show.isLinkUp)
        XCTAssertEqual(show.phase, .unknown)
        XCTAssertFalse(show.isRunning)
        XCTAssertTrue(show.isKnown, "no link came up: nothing is awaited")
        XCTAssertEqual(show.slideCount, 0)
        XCTAssertNil(show.currentStep)
        XCTAssertNil(show.title)
    }

    func testAMoveAStepAndABlankBeforeTheShowAreNotTaken() {
        var show = ShowState()
        XCTAssertEqual(show.note(.slideChanged(index: 3)), [])
        XCTAssertEqual(show.note(.step(index: 3, SlideStep(shown: 1, count: 2))), [])
        XCTAssertEqual(show.note(.blankStarted), [])
        XCTAssertEqual(show.note(.sections(SourceSections(sections: [TalkSection(name: "A", firstSlide: 0)]))), [.sections],
                       "the sections come before the show")
        XCTAssertEqual(show.note(.stepCounts([0, 3, 1])), [.stepCounts], "and so do the slides' steps")
        XCTAssertEqual(show.note(.showStarted(slideCount: 10, current: 1)), [.show])
        XCTAssertEqual(show.stepCounts, [0, 3, 1], "in force once the show runs")
        XCTAssertEqual(show.current, 1, "the early move was not taken")
        XCTAssertNil(show.step)
        XCTAssertFalse(show.blank)
        XCTAssertEqual(show.sections(written: nil).map(\.name), ["A"])
    }

    func testEveryEventTwiceEndsWhereOnceDoes() {
        let events: [SourceEvent] = [
            .link(.connecting(to: "deck")), .link(.connected(server: "deck · 127.0.0.1")),
            .sections(SourceSections(sections: [TalkSection(name: "A", firstSlide: 0), TalkSection(name: "B", firstSlide: 4)])),
            .showStarted(slideCount: 12, current: 2), .showTitle("Talk"), .slideChanged(index: 5),
            .step(index: 5, SlideStep(shown: 1, count: 3)), .blankStarted,
        ]
        let once = fold(events)
        let twice = fold(events.flatMap { [$0, $0] })
        XCTAssertEqual(once, twice)
        XCTAssertEqual(once.current, 5)
        XCTAssertEqual(once.currentStep, SlideStep(shown: 1, count: 3))
        XCTAssertTrue(once.blank)
        XCTAssertEqual(once.title, "Talk")
        XCTAssertEqual(once.server, "deck · 127.0.0.1")

        // A repeat is still heard: the holder decides whether it is news.
        var show = once
        XCTAssertEqual(show.note(.slideChanged(index: 5)), [.slide])
        XCTAssertEqual(show.note(.blankStarted), [], "already blank: no news for the timer")
    }

    func testAShowStartedAgainIsAResetThatKeepsItsStepAndItsBlank() {
        var show = fold([.showStarted(slideCount: 12, current: 2), .step(index: 2, SlideStep(shown: 1, count: 2)), .blankStarted])
        XCTAssertEqual(show.note(.showStarted(slideCount: 8, current: 2)), [.show])
        XCTAssertEqual(show.slideCount, 8)
        XCTAssertEqual(show.currentStep, SlideStep(shown: 1, count: 2), "a source may say its step before its show")
        XCTAssertTrue(show.blank, "LibreOffice starts the show again to end a blank: blankEnded says it")
        show.note(.showFinished)
        XCTAssertEqual(show.phase, .none)
        XCTAssertEqual(show.slideCount, 0)
        XCTAssertEqual(show.current, 0)
        XCTAssertNil(show.step)
        XCTAssertFalse(show.blank, "the blank ends with the show")
    }

    func testABlankLastsAcrossAMoveUntilTheShowSaysItEnded() {
        var show = fold([.showStarted(slideCount: 12, current: 2), .blankStarted])
        XCTAssertEqual(show.note(.slideChanged(index: 3)), [.slide])
        XCTAssertTrue(show.blank, "whether a move ends a blank is each show's own: the source says it")
        XCTAssertEqual(show.note(.blankEnded), [.blank])
        XCTAssertFalse(show.blank)
        XCTAssertEqual(show.note(.blankEnded), [], "twice: no news")
    }

    func testABlankTheHolderAskedForEndsWhenTheShowSaysSo() {
        var show = ShowState()
        show.assumeBlank(true)
        XCTAssertFalse(show.blank, "no show: nothing to blank")
        show.note(.showStarted(slideCount: 5, current: 0))
        show.assumeBlank(true)
        XCTAssertTrue(show.blank)
        XCTAssertEqual(show.note(.blankStarted), [], "the show says what the holder assumed")
        XCTAssertEqual(show.note(.blankEnded), [.blank], "LibreOffice ended it (a move came)")
        XCTAssertFalse(show.blank)
        show.assumeBlank(true)
        show.assumeBlank(false)
        XCTAssertFalse(show.blank)
    }

    func testAStepUnknownThenKnownAndAStepOfAnotherSlide() {
        var show = fold([.showStarted(slideCount: 12, current: 2)])
        XCTAssertEqual(show.note(.step(index: 2, .unknown(count: 3))), [.step])
        XCTAssertEqual(show.currentStep?.fraction, "?/3")
        XCTAssertEqual(show.currentStep?.isKnown, false)
        show.note(.step(index: 2, SlideStep(shown: 2, count: 3)))
        XCTAssertEqual(show.currentStep?.fraction, "2/3")
        XCTAssertEqual(show.currentStep?.isKnown, true)
        // Late news of another slide: kept with its slide, not shown as the current one's.
        show.note(.step(index: 7, SlideStep(shown: 1, count: 4)))
        XCTAssertNil(show.currentStep)
        XCTAssertEqual(show.current, 2, "a step moves no slide")
        show.note(.slideChanged(index: 7))
        XCTAssertEqual(show.currentStep?.fraction, "1/4")
        XCTAssertEqual(show.note(.step(index: 12, SlideStep(shown: 1, count: 2))), [], "a slide the show does not have")
    }

    func testALinkThatDropsKeepsTheShowAndAwaitsItsStateWhenItComesBack() {
        var show = fold([.link(.connecting(to: "host")), .link(.connected(server: "Impress · host"))])
        XCTAssertFalse(show.isKnown, "up: whether a show runs is still to come")
        XCTAssertTrue(show.isLinkUp)
        show.note(.link(.connected(server: "Impress 25.2 · host")))
        XCTAssertFalse(show.isKnown)
        show.note(.showStarted(slideCount: 9, current: 4))
        XCTAssertTrue(show.isKnown)
        show.note(.link(.connected(server: "Impress 25.2.3 · host")))
        XCTAssertTrue(show.isKnown, "a second connected, naming the version, changes nothing")
        show.note(.unanswered(lost))
        XCTAssertEqual(show.unanswered, lost)

        XCTAssertEqual(show.note(.link(.reconnecting(inSeconds: 3, problem: lost))), [.link])
        XCTAssertFalse(show.isLinkUp)
        XCTAssertNil(show.unanswered, "the link changed: the show's silence is old news")
        XCTAssertEqual(show.server, "Impress 25.2.3 · host", "the peer as it was named")
        XCTAssertTrue(show.isRunning, "the show as last said, until said otherwise")
        XCTAssertEqual(show.current, 4)
        show.note(.link(.connecting(to: "host")))
        show.note(.link(.connected(server: "Impress 25.2.3 · host")))
        XCTAssertFalse(show.isKnown, "back up: the show's state is awaited again")
        show.note(.showFinished)
        XCTAssertTrue(show.isKnown)
        show.note(.link(.failed(lost)))
        XCTAssertEqual(show.link, .failed(lost))
        XCTAssertEqual(fold([.link(.local("demo"))]).isKnown, true, "a local show is known at once")
    }

    func testHostileCountsAndIndexesStayInsideTheShow() {
        var show = fold([.showStarted(slideCount: .max, current: .min)])
        XCTAssertEqual(show.slideCount, SlideLimits.maxSlideCount)
        XCTAssertEqual(show.current, 0)
        show.note(.showStarted(slideCount: -5, current: 3))
        XCTAssertEqual(show.slideCount, 0)
        XCTAssertEqual(show.current, 0)
        show.note(.showStarted(slideCount: 4, current: 99))
        XCTAssertEqual(show.current, 3)
        XCTAssertEqual(show.note(.slideChanged(index: -1)), [])
        XCTAssertEqual(show.note(.slideChanged(index: 4)), [])
        XCTAssertEqual(show.current, 3)
    }

    func testTheWrittenAgendaWinsOverTheSourcesSectionsInsideTheShow() {
        let show = fold([.sections(SourceSections(sections: [TalkSection(name: "Deck", firstSlide: 0), TalkSection(name: "Late", firstSlide: 20)])),
                         .showStarted(slideCount: 10, current: 0)])
        XCTAssertEqual(show.sections(written: nil).map(\.name), ["Deck"], "a section past the show's end is left out")
        XCTAssertEqual(show.sections(written: [TalkSection(name: "Mine", firstSlide: 2)]).map(\.name), ["Mine"])
    }

    func testContentIsNotWhereTheShowIs() {
        var show = fold([.showStarted(slideCount: 3, current: 0)])
        let before = show
        XCTAssertEqual(show.note(.preview(index: 0, Preview(png: [1]))), [])
        XCTAssertEqual(show.note(.notes(index: 0, "notes")), [])
        XCTAssertEqual(show, before)
    }
}
