import XCTest
@testable import SlideModel

/// A talk's time by sections (issue 41): the section clock, plans from the
/// agenda, a rehearsal or the deck, ahead and behind, the section keys and
/// the agenda overlay under the overlay rule, and the clock kept across a restart.
final class AgendaTests: XCTestCase {
    private let agenda = [
        TalkSection(name: "Welcome", firstSlide: 0, planned: .seconds(60)),
        TalkSection(name: "How it works", firstSlide: 3, planned: .seconds(120)),
        TalkSection(name: "Wrap-up", firstSlide: 8, planned: .seconds(60)),
    ]

    private func talk(written: [TalkSection]? = nil, count: Int = 12) -> PadState {
        var state = PadState(animate: false)
        state.agenda.written = written ?? agenda
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: count, current: 0)), now: .zero)
        return state
    }

    private func s(_ seconds: Int) -> Duration { .seconds(seconds) }

    func testEachSectionCountsTheTalksTimeSpentInItAndWhereTheTalkStandsAgainstThePlan() throws {
        var state = talk()
        _ = state.reduce(.source(.slideChanged(index: 1)), now: s(30))
        _ = state.reduce(.source(.slideChanged(index: 3)), now: s(90))  // Welcome took 1:30 of its 1:00
        _ = state.reduce(.source(.slideChanged(index: 4)), now: s(150))
        let reading = try XCTUnwrap(state.agendaReading(at: s(150)))
        XCTAssertEqual(reading.current, 1)
        XCTAssertEqual(reading.rows.map(\.actual), [s(90), s(60), .zero])
        XCTAssertEqual(reading.rows.map(\.place), [.done, .current, .coming])
        XCTAssertEqual(reading.rows[0].overrun, s(30))
        XCTAssertEqual(reading.sectionLeft, s(60), "2:00 planned, 1:00 spent")
        XCTAssertEqual(reading.talkLeft, s(90), "the sections' 4:00, 2:30 gone")
        XCTAssertEqual(reading.offsetWords, "on time", "inside How it works' share (1:00–3:00)")
        let late = try XCTUnwrap(state.agendaReading(at: s(200)))
        XCTAssertEqual(late.offsetWords, "+0:20 behind", "How it works should have ended at 3:00")
        XCTAssertEqual(late.sectionLeft, s(10), "the section itself still has time: Welcome ran over")
        XCTAssertTrue(late.isBehind)
        let over = try XCTUnwrap(state.agendaReading(at: s(220)))
        XCTAssertEqual(over.sectionLeft, .zero - s(10))
        XCTAssertEqual(AgendaReading.leftWords(over.sectionLeft!), "0:10 over")
    }

    func testABlankDoesNotCountAndGoingBackAddsToTheEarlierSection() throws {
        var state = talk()
        _ = state.reduce(.source(.slideChanged(index: 3)), now: s(40))
        _ = state.reduce(.key(.char("b")), now: s(50))
        _ = state.reduce(.key(.char("b")), now: s(80))  // 30 s blank
        _ = state.reduce(.source(.slideChanged(index: 2)), now: s(100))
        _ = state.reduce(.source(.slideChanged(index: 5)), now: s(110))
        let reading = try XCTUnwrap(state.agendaReading(at: s(110)))
        XCTAssertEqual(reading.rows.map(\.actual), [s(50), s(30), .zero], "Welcome 40 s + 10 s back; How it works 60 s less the 30 s blank")
    }

    func testNextAndPreviousSectionGoToFirstSlides() {
        var state = talk()
        _ = state.reduce(.source(.slideChanged(index: 4)), now: s(10))
        XCTAssertEqual(state.reduce(.key(.char("]")), now: s(11)), [.send(.goto(index: 8))])
        _ = state.reduce(.source(.slideChanged(index: 8)), now: s(12))
        XCTAssertEqual(state.reduce(.key(.char("]")), now: s(13)), [], "no section after the last")
        XCTAssertEqual(state.flash?.text, "already in the last section")
        _ = state.reduce(.source(.slideChanged(index: 9)), now: s(14))
        XCTAssertEqual(state.reduce(.key(.char("[")), now: s(15)), [.send(.goto(index: 8))], "back to this section's first slide")
        _ = state.reduce(.source(.slideChanged(index: 8)), now: s(16))
        XCTAssertEqual(state.reduce(.key(.char("[")), now: s(17)), [.send(.goto(index: 3))], "from its first slide, the one before")
    }

    func testTheSectionKeysFollowTheOverlayRule() {
        var state = talk()
        _ = state.reduce(.key(.tab), now: s(1))
        XCTAssertEqual(state.reduce(.key(.char("]")), now: s(2)), [], "the list keeps a moving key")
        XCTAssertEqual(state.flash?.text, "list open: Esc closes it; the show did not move")
        _ = state.reduce(.key(.escape), now: s(3))
        _ = state.reduce(.key(.char("5")), now: s(4))
        XCTAssertEqual(state.reduce(.key(.char("]")), now: s(5)), [.send(.goto(index: 3))], "the go-to prompt gives way")
        XCTAssertNil(state.gotoDigits)
        XCTAssertTrue(Action.nextSection.reachesTheShow)
    }

    func testTheAgendaOverlayGoesToTheChosenSectionAndKeepsTheMovingKeys() {
        var state = talk()
        _ = state.reduce(.key(.char("A")), now: s(1))
        XCTAssertEqual(state.topOverlay, .agenda)
        XCTAssertEqual(state.reduce(.key(.pageDown), now: s(2)), [], "PgDn moves the selection, not the show")
        XCTAssertEqual(state.flash?.text, "agenda open: Esc closes it; the show did not move")
        _ = state.reduce(.key(.down), now: s(3))
        XCTAssertEqual(state.viewState(.agenda).selection, 2)
        XCTAssertEqual(state.reduce(.key(.enter), now: s(4)), [.send(.goto(index: 8))])
        XCTAssertFalse(state.agendaOpen, "Enter went, and closed it")
        XCTAssertEqual(state.reduce(.key(.char("b")), now: s(5)).first, .send(.blank), "blank reaches the show from anywhere")
    }

    func testPlansComeFromTheRehearsalTheDeckOrAShareOfTheTalksLength() {
        var state = talk(written: [TalkSection(name: "A", firstSlide: 0), TalkSection(name: "B", firstSlide: 6)])
        XCTAssertEqual(state.plannedTimes(state.sections), [nil, nil], "nothing planned")
        state.talkDuration = .seconds(600)
        XCTAssertEqual(state.plannedTimes(state.sections), [s(300), s(300)], "the talk's length shared by slides")
        _ = state.reduce(.source(.sections(SourceSections(sections: [], slideTimings: Array(repeating: .seconds(10), count: 12)))), now: .zero)
        XCTAssertEqual(state.plannedTimes(state.sections), [s(300), s(300)], "the deck's timings, fitted to the talk's 10:00")
        state.talkDuration = nil
        XCTAssertEqual(state.plannedTimes(state.sections), [s(60), s(60)], "the deck's timings")
        state.rehearsedSchedule = (0...12).map { .seconds($0 * 20) }
        XCTAssertEqual(state.plannedTimes(state.sections), [s(120), s(120)], "a rehearsal's time over the same slides")
        state.agenda.written = [TalkSection(name: "A", firstSlide: 0, planned: .seconds(30)), TalkSection(name: "B", firstSlide: 6)]
        XCTAssertEqual(state.plannedTimes(state.sections), [s(30), s(120)], "written minutes win")
    }

    func testASourcesSectionsApplyWhenNoAgendaIsWritten() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("deck"))), now: .zero)
        _ = state.reduce(.source(.sections(SourceSections(sections: [TalkSection(name: "Intro", firstSlide: 0), TalkSection(name: "Body", firstSlide: 2)]))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 0)), now: .zero)
        XCTAssertEqual(state.sections.map(\.name), ["Intro", "Body"])
        XCTAssertEqual(state.sectionHeadings, [0: "Intro", 2: "Body"])
        state.agenda.written = [TalkSection(name: "Mine", firstSlide: 1)]
        XCTAssertEqual(state.sections.map(\.name), ["Mine"], "the presenter's agenda wins")
    }

    func testSlidePacingSaysWhenToMoveOn() throws {
        var state = talk()
        _ = state.reduce(.source(.sections(SourceSections(sections: [], slideTimings: [s(30), s(60), nil] + Array(repeating: s(10), count: 9)))), now: .zero)
        XCTAssertEqual(state.slidePacing(at: s(20))?.words, "slide ✓ 0:10 to go")
        XCTAssertEqual(state.slidePacing(at: s(45))?.words, "slide ▶ move on +0:15")
        _ = state.reduce(.source(.slideChanged(index: 1)), now: s(45))
        XCTAssertEqual(state.slidePacing(at: s(45))?.words, "slide ✓ 0:45 to go", "its turn ends at 1:30")
        _ = state.reduce(.source(.slideChanged(index: 2)), now: s(50))
        XCTAssertNil(state.slidePacing(at: s(50)), "a slide without a timing has no mark")
    }

    func testTheSectionsTimesAreKeptWithTheTalkTimerAndRestored() throws {
        var state = PadState(animate: false)
        state.agenda.written = agenda
        _ = state.reduce(.source(.link(.connected(server: "Impress · beamer"))), now: .zero)
        _ = state.reduce(.source(.showFinished), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 0)), now: .zero)
        _ = state.reduce(.source(.slideChanged(index: 3)), now: s(100))
        let kept = try XCTUnwrap(state.keptTimer(server: "beamer", now: s(130), wall: 1_000_000))
        XCTAssertEqual(kept.sectionSpent, [100_000, 30_000, 0])
        XCTAssertEqual(kept.inSection, 1)
        let decoded = try JSONDecoder().decode(KeptTalkTimer.self, from: JSONEncoder().encode(kept))
        XCTAssertEqual(decoded, kept)

        // A new pad joins the running show, 10 s later.
        var again = PadState(animate: false)
        again.agenda.written = agenda
        _ = again.reduce(.source(.link(.connected(server: "Impress · beamer"))), now: .zero)
        _ = again.reduce(.source(.showStarted(slideCount: 12, current: 3)), now: .zero)
        let elapsed = try XCTUnwrap(kept.elapsed(atWall: 1_010_000))
        _ = again.reduce(.timerRestored(elapsed: elapsed, running: true, sections: kept.sectionClock), now: s(5))
        let reading = try XCTUnwrap(again.agendaReading(at: s(5)))
        XCTAssertEqual(reading.rows.map(\.actual), [s(100), s(40), .zero], "Welcome as kept; How it works ran on while the pad was away")
    }

    func testSendsSectionWords() throws {
        XCTAssertEqual(try RemoteAction(words: ["section", "next"]), .section(.next))
        XCTAssertEqual(try RemoteAction(words: ["section", "Wrap", "up"]), .section(.named("Wrap up")))
        XCTAssertThrowsError(try RemoteAction(words: ["section"]))
        XCTAssertEqual(agenda.slide(for: .named("how"), from: 0), .success(3), "a name's beginning, any case")
        XCTAssertEqual(agenda.slide(for: .named("nope"), from: 0).failure,
                       "no section \"nope\": the sections are \"Welcome\", \"How it works\", \"Wrap-up\"")
        XCTAssertEqual(agenda.slide(for: .previous, from: 0).failure, "already at the first section")
    }
}
