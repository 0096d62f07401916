import XCTest
@testable import SlideModel

/// Alerts (issue 51, Must have 4) on virtual time: each threshold told
/// once, the timer's area flashes once, the words stay; across a restart
/// (the kept timer) none is told again; a key is never held up.
final class TalkAlertsTests: XCTestCase {
    private func s(_ seconds: Int) -> Duration { .seconds(seconds) }

    private func talk(_ rules: AlertRules, agenda: [TalkSection]? = nil, link: LinkState = .local("demo")) -> PadState {
        var state = PadState(animate: false)
        state.talkDuration = s(600)
        state.alerts.rules = rules
        state.agenda.written = agenda
        _ = state.reduce(.source(.link(link)), now: .zero)
        if case .connected = link { _ = state.reduce(.source(.showFinished), now: .zero) }
        _ = state.reduce(.source(.showStarted(slideCount: 10, current: 0)), now: .zero)
        return state
    }

    private func alerts(_ effects: [Effect]) -> [TalkAlert] {
        effects.compactMap { if case .alert(let alert) = $0 { alert } else { nil } }
    }

    func testEachTalkLeftThresholdIsToldOnceAtItsSecond() {
        var state = talk(AlertRules(talkLeft: [s(60), s(300)]))
        var told: [(Int, TalkAlert)] = []
        for second in 0...620 {
            for alert in alerts(state.reduce(.tick, now: s(second))) { told.append((second, alert)) }
        }
        XCTAssertEqual(told.map(\.0), [300, 540], "5:00 left at 5:00 in, 1:00 left at 9:00 in")
        XCTAssertEqual(told.map(\.1.kind), [.talkLeft, .talkLeft])
        XCTAssertEqual(told.map { $0.1.threshold }, [s(300), s(60)])
        XCTAssertEqual(told.first?.1.words, "⚑ 5:00 left in the talk")
        XCTAssertEqual(state.alerts.shown?.words, "⚑ 1:00 left in the talk", "the last one's words stay")
        XCTAssertFalse(state.alertFlashes(at: s(620)), "flashed once, then no more")
    }

    func testTheTimerFlashesOnceAndAKeyIsNeverHeldUp() {
        var state = talk(AlertRules(talkLeft: [s(300)], bell: true))
        _ = state.reduce(.tick, now: s(299))
        XCTAssertFalse(state.alertFlashes(at: s(299)))
        XCTAssertEqual(alerts(state.reduce(.tick, now: s(300))).count, 1)
        XCTAssertTrue(state.alertFlashes(at: s(300)))
        XCTAssertTrue(state.alertFlashes(at: s(300) + .milliseconds(1100)))
        XCTAssertFalse(state.alertFlashes(at: s(300) + TalkAlerts.flashLength), "once: gone after its 1.2 s")
        XCTAssertEqual(state.reduce(.key(.right), now: s(300)), [.send(.next)], "the key's command, nothing in its way")
    }

    func testASectionOverAndTheTalkOverAreToldOnceEach() {
        let agenda = [TalkSection(name: "Intro", firstSlide: 0, planned: s(60)), TalkSection(name: "Demo", firstSlide: 5, planned: s(100))]
        var state = talk(AlertRules(sectionOver: true, talkOver: true), agenda: agenda)
        var told: [(Int, TalkAlert)] = []
        for second in 0...700 {
            if second == 70 { _ = state.reduce(.source(.slideChanged(index: 5)), now: s(second)) }
            for alert in alerts(state.reduce(.tick, now: s(second))) { told.append((second, alert)) }
        }
        XCTAssertEqual(told.map(\.0), [61, 171, 601], "Intro at 1:01, Demo at 1:10 + 1:41, the talk at 10:01")
        XCTAssertEqual(told.map(\.1.kind), [.sectionOver, .sectionOver, .talkOver])
        XCTAssertEqual(told[0].1.section, "Intro")
        XCTAssertEqual(told[0].1.words, "⚑ section “Intro” over its 1:00")
        XCTAssertEqual(told[1].1.sectionOverBy, s(1))
        XCTAssertEqual(told[2].1.words, "⚑ the talk is over its length")
    }

    func testThresholdsCrossedTogetherTellTheMostUrgentOnce() {
        var state = talk(AlertRules(talkLeft: [s(300), s(60)]))
        let told = alerts(state.reduce(.tick, now: s(560)))
        XCTAssertEqual(told.map(\.threshold), [s(60)], "a pad that looks late tells 1:00, not 5:00 then 1:00")
        XCTAssertEqual(told.first?.words, "⚑ 0:40 left in the talk", "well past its mark: what is left")
        XCTAssertEqual(state.alerts.fired, ["talk_left:300000", "talk_left:60000"])
    }

    func testARestartDoesNotTellAnAlertAgain() throws {
        var pad = talk(AlertRules(talkLeft: [s(300), s(60)]), link: .connected(server: "Impress"))
        _ = pad.reduce(.tick, now: s(301))
        let kept = try XCTUnwrap(pad.keptTimer(server: "beamer", now: s(302), wall: 1_000_000))
        XCTAssertEqual(kept.alertsFired, ["talk_left:300000"])
        let decoded = try JSONDecoder().decode(KeptTalkTimer.self, from: JSONEncoder().encode(kept))

        // The pad is started again and joins the running show 10 s later.
        var again = PadState(animate: false)
        again.talkDuration = s(600)
        again.alerts.rules = AlertRules(talkLeft: [s(300), s(60)])
        _ = again.reduce(.source(.link(.connected(server: "Impress"))), now: .zero)
        _ = again.reduce(.source(.showStarted(slideCount: 10, current: 3)), now: .zero)
        let restored = try XCTUnwrap(decoded.elapsed(atWall: 1_010_000))
        var told = alerts(again.reduce(.timerRestored(elapsed: restored, running: true, plan: decoded.plan), now: .zero))
        for second in 1...300 { told += alerts(again.reduce(.tick, now: s(second))) }
        XCTAssertEqual(told.map(\.threshold), [s(60)], "5:00 was told before the restart; 1:00 only once, after it")
    }

    func testTheRulesAsWritten() {
        XCTAssertEqual(AlertRules(talkLeft: [s(60), s(300), s(60), .zero]).talkLeft, [s(300), s(60)], "largest first, once each, none at 0")
        XCTAssertTrue(AlertRules().isEmpty)
        XCTAssertFalse(AlertRules(bell: true).isEmpty == false)
    }
}
