import XCTest
@testable import SlideModel

/// Time that adds up (issue 51, Must have 5): `--duration` beyond the deck's
/// timings never lands on one slide; one kept timer and one plan for the
/// same show whatever address; section times kept by name and first slide;
/// red only when the talk is behind.
final class TimeAddsUpTests: XCTestCase {
    private func s(_ seconds: Int) -> Duration { .seconds(seconds) }

    /// A reveal.js deck: a title slide without a timing, three content slides of 1:00 (3:00 in all), each its own section.
    private func timedDeck(duration: Duration) -> PadState {
        var state = PadState(animate: false)
        state.talkDuration = duration
        _ = state.reduce(.source(.link(.local("deck"))), now: .zero)
        let sections = ["Title", "One", "Two", "Three"].enumerated().map { TalkSection(name: $1, firstSlide: $0) }
        _ = state.reduce(.source(.sections(SourceSections(sections: sections, slideTimings: [nil, s(60), s(60), s(60)]))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 4, current: 0)), now: .zero)
        return state
    }

    func testTheDurationsLeftoverIsSharedByTheTimedSlidesNotGivenToTheTitleSlide() throws {
        var state = timedDeck(duration: .seconds(240))
        _ = state.reduce(.source(.slideChanged(index: 1)), now: s(1))
        let reading = try XCTUnwrap(state.agendaReading(at: s(1)))
        XCTAssertEqual(reading.rows.map(\.planned), [.zero, s(80), s(80), s(80)], "the minute the deck leaves goes to its three timed slides")
        XCTAssertEqual(reading.offsetWords, "on time", "one second in, past the title: not 0:58 ahead")
        XCTAssertEqual(state.slidePacing(at: s(1))?.words, "slide ✓ 1:19 to go", "the slide's turn is its share of the talk")
        let twenty = timedDeck(duration: .seconds(20 * 60))
        XCTAssertEqual(twenty.plannedTimes(twenty.sections).compactMap { $0 }.reduce(.zero, +), .seconds(20 * 60), "the plans add up to the talk")
        XCTAssertEqual(SourceSections.spread([s(10), nil, s(20)], over: s(31)).map { $0?.wholeMs }, [10_333, nil, 20_667],
                       "whole milliseconds that add up to the length")
        XCTAssertEqual(SourceSections.spread([s(100), nil], over: s(60)), [s(100), nil], "a talk shorter than the timings changes nothing")
    }

    func testAKeptTimerIsTheSameShowsWhateverPageTheAddressNamed() {
        let kept = KeptTalkTimer(server: "reveal://127.0.0.1:9222/6F1C", title: "Talk", slideCount: 9, elapsed: 50_000, running: true, writtenAt: 0)
        XCTAssertTrue(kept.isFor(server: "reveal://127.0.0.1:9222", title: "Talk", slideCount: 9), "watch's address has no page")
        XCTAssertTrue(kept.isFor(server: "reveal://127.0.0.1:9222/OTHER", title: "Talk", slideCount: 9))
        XCTAssertFalse(kept.isFor(server: "reveal://127.0.0.1:9333", title: "Talk", slideCount: 9), "another browser")
        XCTAssertTrue(KeptTalkTimer.sameServer("192.0.2.7", "192.0.2.7"))
        XCTAssertFalse(KeptTalkTimer.sameServer("192.0.2.7", "192.0.2.8"))
    }

    /// `watch` on a show `present` runs with an agenda beside the deck: it
    /// takes the pad's timer, its agenda and its length from the kept timer.
    func testAHolderWithoutAPlanTakesThePadsAgendaAndLengthWithItsTimer() throws {
        let agenda = [TalkSection(name: "Opening", firstSlide: 0, planned: s(60)), TalkSection(name: "Demo time", firstSlide: 2, planned: s(30))]
        var pad = PadState(animate: false)
        pad.agenda.written = agenda
        pad.talkDuration = s(300)
        _ = pad.reduce(.source(.link(.connected(server: "Chromium"))), now: .zero)
        _ = pad.reduce(.source(.showFinished), now: .zero)
        _ = pad.reduce(.source(.showStarted(slideCount: 5, current: 0)), now: .zero)
        _ = pad.reduce(.source(.slideChanged(index: 2)), now: s(9))
        let kept = try XCTUnwrap(pad.keptTimer(server: "reveal://127.0.0.1:9222/PAGE", now: s(50), wall: 100_000))
        XCTAssertEqual(kept.agenda, agenda)
        XCTAssertEqual(kept.talkLength, 300_000)
        XCTAssertEqual(try JSONDecoder().decode(KeptTalkTimer.self, from: JSONEncoder().encode(kept)), kept)

        var watch = PadState(animate: false)
        _ = watch.reduce(.source(.link(.connected(server: "Chromium"))), now: .zero)
        _ = watch.reduce(.source(.sections(SourceSections(sections: [TalkSection(name: "Demo", firstSlide: 2)]))), now: .zero)
        _ = watch.reduce(.source(.showStarted(slideCount: 5, current: 2)), now: .zero)
        XCTAssertNil(watch.elapsed(at: .zero), "joined: waits for the pad's timer")
        _ = watch.reduce(.timerRestored(elapsed: try XCTUnwrap(kept.elapsed(atWall: 100_000)), running: true,
                                        sections: kept.sectionClock, plan: kept.plan), now: .zero)
        let reading = try XCTUnwrap(watch.agendaReading(at: .zero))
        XCTAssertEqual(watch.elapsed(at: .zero), s(50))
        XCTAssertEqual(reading.currentRow?.name, "Demo time", "the pad's agenda, not the deck's sections")
        XCTAssertEqual(reading.sectionLeft, .zero - s(11), "0:11 over, as the pad says")
        XCTAssertEqual(reading.talkLeft, s(250))
    }

    func testSectionTimesGoBackByNameAndFirstSlideNotByPosition() throws {
        let before = [TalkSection(name: "Opening", firstSlide: 0, planned: s(60)), TalkSection(name: "Demo", firstSlide: 3, planned: s(60))]
        var pad = PadState(animate: false)
        pad.agenda.written = before
        _ = pad.reduce(.source(.link(.connected(server: "Impress"))), now: .zero)
        _ = pad.reduce(.source(.showFinished), now: .zero)
        _ = pad.reduce(.source(.showStarted(slideCount: 8, current: 0)), now: .zero)
        _ = pad.reduce(.source(.slideChanged(index: 3)), now: s(22))
        let kept = try XCTUnwrap(pad.keptTimer(server: "beamer", now: s(30), wall: 1_000_000))

        // The agenda changed: a new section before the others.
        let after = [TalkSection(name: "Motivation", firstSlide: 0, planned: s(30)), TalkSection(name: "Opening", firstSlide: 1, planned: s(30)),
                     TalkSection(name: "Demo", firstSlide: 3, planned: s(60))]
        var again = PadState(animate: false)
        again.agenda.written = after
        _ = again.reduce(.source(.link(.connected(server: "Impress"))), now: .zero)
        _ = again.reduce(.source(.showStarted(slideCount: 8, current: 3)), now: .zero)
        _ = again.reduce(.timerRestored(elapsed: s(30), running: true, sections: kept.sectionClock, plan: kept.plan), now: .zero)
        let reading = try XCTUnwrap(again.agendaReading(at: .zero))
        XCTAssertEqual(reading.rows.map(\.actual), [.zero, .zero, s(8)],
                       "Motivation is new (0), Opening moved to slide 2 (new too), Demo keeps its 0:08")
    }

    func testRedIsTheTalkBehindASectionOverHasItsOwnMark() throws {
        let agenda = [TalkSection(name: "Intro", firstSlide: 0, planned: s(60)), TalkSection(name: "Demo", firstSlide: 2, planned: s(10)),
                      TalkSection(name: "End", firstSlide: 4, planned: s(200))]
        var state = PadState(animate: false)
        state.agenda.written = agenda
        _ = state.reduce(.source(.link(.local("deck"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 6, current: 0)), now: .zero)
        _ = state.reduce(.source(.slideChanged(index: 2)), now: s(5))  // Intro done 55 s early
        let reading = try XCTUnwrap(state.agendaReading(at: s(30)))     // Demo 25 s of its 10
        XCTAssertTrue(reading.sectionOver)
        XCTAssertEqual(reading.offsetWords, "-0:30 ahead")
        XCTAssertFalse(reading.isBehind, "the talk is ahead: not red")
        XCTAssertEqual(AgendaReading.overMark, "⚑ ")
    }

    func testTheTimersColourFollowsTheAgendasWordsNotTheSlidesEvenShare() {
        var state = PadState(animate: false)
        state.agenda.written = [TalkSection(name: "Welcome", firstSlide: 0, planned: s(120)), TalkSection(name: "Rest", firstSlide: 6, planned: s(120))]
        state.talkDuration = s(240)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 14, current: 0)), now: .zero)
        _ = state.reduce(.source(.slideChanged(index: 1)), now: s(60))
        XCTAssertEqual(state.pace(at: s(60)), .over, "by slides (17 s each) the talk would be behind")
        XCTAssertEqual(state.agendaReading(at: s(60))?.offsetWords, "on time")
        XCTAssertEqual(state.timerPace(at: s(60)), .onTime, "the words say on time: not red")
        XCTAssertEqual(state.timerPace(at: s(250)), .over, "past the talk's length: red")
    }
}
