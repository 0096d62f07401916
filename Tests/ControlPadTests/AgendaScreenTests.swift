import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import PadConfig
@testable import SlideModel

/// A talk's time by sections on screen (issue 41): the timer area, the
/// agenda overlay, a jump from it, and the section headings in the list and
/// the overview, at 80×24 and 160×50, in colour and without (NO_COLOR).
final class AgendaScreenTests: XCTestCase {
    static let agenda = [
        TalkSection(name: "Welcome", firstSlide: 0, planned: .seconds(60)),
        TalkSection(name: "How it works", firstSlide: 2, planned: .seconds(120)),
        TalkSection(name: "Wrap-up", firstSlide: 8, planned: .seconds(60)),
    ]

    /// The sample show with an agenda: Welcome took 1:30 of its 1:00, and
    /// at 3:21 the talk is in How it works, 0:21 behind.
    private func state() -> PadState {
        var state = PadState(animate: false)
        state.agenda.written = Self.agenda
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showTitle("A tour of ControlPad")), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 0)), now: .zero)
        for i in 0..<12 { _ = state.reduce(.source(.notes(index: i, .plain("Notes of slide \(i + 1)."))), now: .zero) }
        _ = state.reduce(.source(.slideChanged(index: 2)), now: .seconds(90))
        _ = state.reduce(.source(.slideChanged(index: 3)), now: .seconds(150))
        return state
    }

    private let now: Duration = .milliseconds(201_000)

    private func render(_ state: inout PadState, _ w: Int, _ h: Int) -> CellGrid {
        renderPad(&state, width: w, height: h, now: now)
    }

    /// The cells of the first `text` on screen.
    private func cells(of text: String, in grid: CellGrid) throws -> [Cell] {
        for y in 0..<grid.height {
            let row = (0..<grid.width).map { grid[$0, y] }
            let line = row.map { $0.width == 0 ? "" : $0.text }.joined()
            guard let range = line.range(of: text) else { continue }
            let start = line.distance(from: line.startIndex, to: range.lowerBound)
            // Columns: every cell before the match is one column wide here (ASCII and one-column marks).
            return Array(row.filter { $0.width != 0 }[start..<(start + text.count)])
        }
        throw XCTSkip("\(text) is not on screen:\n\(grid.text)")
    }

    func testTheTimerAreaShowsTheSectionItsTimeLeftTheTalksAndBehindAt80x24And160x50() throws {
        for (w, h) in [(80, 24), (160, 50)] {
            var state = state()
            let grid = render(&state, w, h)
            assertSnapshot(grid, named: "agenda-timer-\(w)x\(h)")
            let text = grid.text
            XCTAssertTrue(text.contains("How it works") && text.contains("0:09 left"), "the section and what is left of its 2:00\n\(text)")
            XCTAssertTrue(text.contains("+0:21 behind"), "the talk is behind the plan, in words\n\(text)")
            // In colour, "behind" is red; with NO_COLOR the words and a mark say it, and the look is set apart.
            let behind = try cells(of: "behind", in: grid)
            XCTAssertEqual(Set(behind.map(\.style.role)), [.paceOver])
            XCTAssertEqual(Theme.standard(colors: 256).look(.paceOver).foreground, .indexed(1))
            let plain = Theme.standard(colors: 0)
            XCTAssertNotEqual(plain.look(.paceOver), plain.look(.text), "NO_COLOR: reverse, bold and underlined")
            XCTAssertTrue(text.contains("▲ +0:21 behind") || text.contains("§ How it works"), text)
        }
    }

    func testTheBigTimerLayoutHasRoomForTheSectionLines() throws {
        var state = state()
        _ = state.reduce(.key(.char("L")), now: now)  // notes first: the clock beside the notes
        let grid = render(&state, 120, 40)
        XCTAssertTrue(grid.text.contains("§ 2/3 How it works · 0:09 left"), grid.text)
        XCTAssertTrue(grid.text.contains("talk 0:39 left"), grid.text)
    }

    /// An alert (issue 51): the timer's area flashes once in the warning's
    /// look, the words stay in the status line; a section over its plan
    /// while the talk is ahead has its mark and the tight colour, not red.
    func testAnAlertFlashesTheTimerOnceAndItsWordsStayInTheStatusLine() throws {
        var state = state()
        state.talkDuration = .seconds(400)
        state.alerts.rules = AlertRules(talkLeft: [.seconds(200)])
        let told = state.reduce(.tick, now: now)
        XCTAssertEqual(told.compactMap { effect -> TalkAlert.Kind? in if case .alert(let a) = effect { return a.kind }; return nil }, [.talkLeft])
        let flashing = render(&state, 160, 50)
        let digits = try cells(of: "talk 3:19 left", in: flashing)
        XCTAssertEqual(Set(digits.map(\.style.role)), [.warning], "the timer's area flashes")
        XCTAssertEqual(try cells(of: "⚑ 3:20 left in the talk", in: flashing).first?.style.role, .warning)
        let later = now + TalkAlerts.flashLength
        let after = renderPad(&state, width: 160, height: 50, now: later)
        XCTAssertNotEqual(try cells(of: "talk 3:18 left", in: after).first?.style.role, .warning, "once: the flash is over")
        XCTAssertTrue(after.text.contains("⚑ 3:20 left in the talk"), "the words stay")
    }

    func testASectionOverWhileTheTalkIsAheadIsMarkedNotRed() throws {
        var state = PadState(animate: false)
        state.agenda.written = [TalkSection(name: "Welcome", firstSlide: 0, planned: .seconds(60)),
                                TalkSection(name: "Demo", firstSlide: 2, planned: .seconds(10)),
                                TalkSection(name: "Wrap-up", firstSlide: 8, planned: .seconds(300))]
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 0)), now: .zero)
        _ = state.reduce(.source(.slideChanged(index: 2)), now: .seconds(5))
        let grid = renderPad(&state, width: 160, height: 50, now: .seconds(30))
        let section = try cells(of: "⚑ § 2/3 Demo · 0:15 over", in: grid)
        XCTAssertEqual(section.first?.style.role, .paceTight)
        XCTAssertTrue(grid.text.contains("-0:30 ahead"), grid.text)
        XCTAssertFalse(grid.cells.contains { $0.style.role == .paceOver }, "nothing red: the talk is ahead")
    }

    func testTheAgendaOverlayListsEverySectionAndEnterJumps() throws {
        for (w, h) in [(80, 24), (160, 50)] {
            var state = state()
            _ = state.reduce(.key(.char("A")), now: now)
            let grid = render(&state, w, h)
            assertSnapshot(grid, named: "agenda-overlay-\(w)x\(h)")
            let lines = grid.text.split(separator: "\n").map(String.init)
            let welcome = try XCTUnwrap(lines.first { $0.contains("Welcome") })
            XCTAssertTrue(welcome.contains("✓") && welcome.contains("1:00") && welcome.contains("1:30"), welcome)
            XCTAssertTrue(welcome.contains("+0:30 over"), "Welcome's overrun\n\(welcome)")
            let here = try XCTUnwrap(lines.first { $0.contains("How it works") })
            XCTAssertTrue(here.contains("▶") && here.contains("2:00") && here.contains("1:51"), here)
            XCTAssertTrue(lines.contains { $0.contains("Agenda · 3 sections · +0:21 behind") }, grid.text)
            XCTAssertEqual(try cells(of: "+0:30 over", in: grid).first?.style.role, .paceTight, "a section over its plan: not the talk's red")
            // ↓ to Wrap-up, Enter: the show goes to its first slide and the agenda closes.
            _ = state.reduce(.key(.down), now: now)
            XCTAssertEqual(state.reduce(.key(.enter), now: now), [.send(.goto(index: 8))])
            _ = state.reduce(.source(.slideChanged(index: 8)), now: now)
            let after = render(&state, w, h).text
            XCTAssertFalse(after.contains("Agenda ·"), after)
            XCTAssertTrue(after.contains("Wrap-up"), "the timer area names the section jumped to\n\(after)")
        }
    }

    /// A section on slide 40 of a 12-slide deck was dropped without a word
    /// (issue 52, item 18): the agenda says it is left out.
    func testASectionPastTheDeckIsSaidToBeLeftOut() throws {
        var state = state()
        state.agenda.written = Self.agenda + [TalkSection(name: "Q&A", firstSlide: 39, planned: .seconds(60))]
        _ = state.reduce(.key(.char("A")), now: now)
        let text = render(&state, 80, 24).text
        XCTAssertTrue(text.contains("left out: “Q&A” begins on slide 40; the deck has 12"), text)
        XCTAssertTrue(text.contains("Agenda · 3 sections"), text)
        XCTAssertTrue(text.contains("Wrap-up"), "every section in the deck is still listed\n\(text)")
        var all = state
        all.agenda.written = [TalkSection(name: "Later", firstSlide: 20, planned: nil), TalkSection(name: "Q&A", firstSlide: 39, planned: nil)]
        XCTAssertTrue(render(&all, 80, 24).text.contains("left out: 2 sections begin past the deck's 12 slides"), render(&all, 80, 24).text)
    }

    func testTheSlideListAndTheOverviewShowSectionHeadings() throws {
        for (w, h) in [(80, 24), (160, 50)] {
            var state = state()
            _ = state.reduce(.key(.tab), now: now)
            let list = render(&state, w, h)
            assertSnapshot(list, named: "agenda-list-\(w)x\(h)")
            let row3 = try XCTUnwrap(list.text.split(separator: "\n").first { $0.contains(" 3 ") && $0.contains("§ How it works") }, list.text)
            XCTAssertTrue(row3.contains("Notes o"), "the notes follow the heading\n\(row3)")
            XCTAssertEqual(try cells(of: "§ How it works", in: list).first?.style.role, .title, "the heading stands out without colour too (bold)")
            _ = state.reduce(.key(.escape), now: now)
            _ = state.reduce(.key(.char("o")), now: now)
            let overview = render(&state, w, h)
            assertSnapshot(overview, named: "agenda-overview-\(w)x\(h)")
            XCTAssertTrue(overview.text.contains("9 § Wrap-up"), overview.text)
        }
    }
}
