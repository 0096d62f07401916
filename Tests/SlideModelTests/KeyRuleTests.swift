import XCTest
@testable import SlideModel
import DemoSource

/// The key rule of docs/KEYS.md, cell by cell: a clicker's keys (PgDn,
/// PgUp, →, ←, Space, b, ., F5, Shift-F5, Esc) in every state a presenter
/// can be in. Blank and start reach the show from anywhere; the go-to
/// prompt gives way; the list, the overview and the help keep the moving
/// keys and say the show did not move.
final class KeyRuleTests: XCTestCase {
    private var clock: Duration = .milliseconds(1_000)

    /// A 14-slide demo show on slide 5 (index 4), with `open` pressed; the
    /// pad heads as the demo says its show moves (`DemoKind`).
    private func pad(_ open: [Key]) -> PadState {
        var state = PadState(animate: false)
        state.movesWhileBlank = DemoKind().movesWhileBlank
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 14, current: 4)), now: .zero)
        _ = state.reduce(.viewport(Viewport(listRows: 10, notesRows: 4, notesMaxScroll: 10)), now: .zero)
        _ = press(open, &state)
        return state
    }

    private func press(_ keys: [Key], _ state: inout PadState) -> [Effect] {
        keys.flatMap { key -> [Effect] in
            clock += .milliseconds(40)
            return state.reduce(.key(key), now: clock)
        }
    }

    private func sent(_ effects: [Effect]) -> [SourceCommand] {
        effects.compactMap { if case .send(let command) = $0 { return command } else { return nil } }
    }

    /// What a presenter sees after one key: what went to the show, where it
    /// is heading, whether it is blank, what is open, what the status line says.
    private struct Seen: Equatable, CustomStringConvertible {
        var sent: [SourceCommand]
        var position: String
        var blank: Bool
        var overlays: [Overlay]
        var flash: String?
        var description: String { "\(sent) \(position) blank=\(blank) \(overlays) \(flash ?? "-")" }
    }

    private func seen(_ state: PadState, _ effects: [Effect]) -> Seen {
        Seen(sent: sent(effects), position: state.position, blank: state.blank, overlays: state.overlays, flash: state.flash?.text)
    }

    private let clickerKeys: [Key] = [.pageDown, .pageUp, .right, .left, .char(" "), .char("b"), .char("."),
                                      .function(5), .function(17), .escape]

    func testWithNoOverlayTheClickerDrivesTheShow() {
        let expected: [Seen] = [
            Seen(sent: [.next], position: "→ 6/14", blank: false, overlays: [], flash: nil),
            Seen(sent: [.previous], position: "→ 4/14", blank: false, overlays: [], flash: nil),
            Seen(sent: [.next], position: "→ 6/14", blank: false, overlays: [], flash: nil),
            Seen(sent: [.previous], position: "→ 4/14", blank: false, overlays: [], flash: nil),
            Seen(sent: [.next], position: "→ 6/14", blank: false, overlays: [], flash: nil),
            Seen(sent: [.blank], position: "5/14", blank: true, overlays: [], flash: nil),
            Seen(sent: [.blank], position: "5/14", blank: true, overlays: [], flash: nil),
            Seen(sent: [], position: "5/14", blank: false, overlays: [], flash: "the show is already running"),
            Seen(sent: [], position: "5/14", blank: false, overlays: [], flash: "the show is already running"),
            Seen(sent: [], position: "5/14", blank: false, overlays: [], flash: nil),
        ]
        for (key, want) in zip(clickerKeys, expected) {
            var state = pad([])
            let effects = press([key], &state)
            XCTAssertEqual(seen(state, effects), want, key.name)
        }
    }

    /// A stray digit: the clicker's moving keys close the prompt and move
    /// the show; blank and start act with the prompt left open.
    func testTheGotoPromptGivesWayToTheClicker() {
        let prompt: [Overlay] = [.goto(digits: "3")]
        let cancelled = { (key: String) in "go-to 3 cancelled: \(key) moved the show" }
        let expected: [Seen] = [
            Seen(sent: [.next], position: "→ 6/14", blank: false, overlays: [], flash: cancelled("PgDn")),
            Seen(sent: [.previous], position: "→ 4/14", blank: false, overlays: [], flash: cancelled("PgUp")),
            Seen(sent: [.next], position: "→ 6/14", blank: false, overlays: [], flash: cancelled("Right")),
            Seen(sent: [.previous], position: "→ 4/14", blank: false, overlays: [], flash: cancelled("Left")),
            Seen(sent: [.next], position: "→ 6/14", blank: false, overlays: [], flash: cancelled("Space")),
            Seen(sent: [.blank], position: "5/14", blank: true, overlays: prompt, flash: nil),
            Seen(sent: [.blank], position: "5/14", blank: true, overlays: prompt, flash: nil),
            Seen(sent: [], position: "5/14", blank: false, overlays: prompt, flash: "the show is already running"),
            Seen(sent: [], position: "5/14", blank: false, overlays: prompt, flash: "the show is already running"),
            Seen(sent: [], position: "5/14", blank: false, overlays: [], flash: nil),
        ]
        for (key, want) in zip(clickerKeys, expected) {
            var state = pad([.char("3")])
            let effects = press([key], &state)
            XCTAssertEqual(seen(state, effects), want, key.name)
        }
    }

    func testTheGotoPromptClosesByItselfAndSaysSo() {
        var state = pad([.char("1")])
        _ = press([.char("2")], &state)
        _ = state.reduce(.tick, now: clock + PadState.gotoTimeout - .milliseconds(1))
        XCTAssertEqual(state.gotoDigits, "12", "a key restarts the wait")
        _ = state.reduce(.tick, now: clock + PadState.gotoTimeout)
        XCTAssertNil(state.gotoDigits, "left alone, the prompt closes")
        XCTAssertEqual(state.flash?.text, "go-to 12 closed: nothing typed for 5 s")
        XCTAssertEqual(state.position, "5/14", "and goes nowhere")
        clock += PadState.gotoTimeout
        XCTAssertEqual(sent(press([.pageDown], &state)), [.next], "the clicker drives the show again")
    }

    /// The list, the overview and the help keep the moving keys; each one
    /// says on the status line that the show did not move and how to reach it.
    func testTheListOverviewAndHelpKeepTheMovingKeysAndSaySo() {
        for (name, open, overlay) in [("list", Key.tab, Overlay.slideList), ("overview", .char("o"), .overview),
                                      ("help", .char("?"), .help)] {
            let hint = "\(name) open: Esc closes it; the show did not move"
            let expected: [Seen] = [
                Seen(sent: [], position: "5/14", blank: false, overlays: [overlay], flash: hint),
                Seen(sent: [], position: "5/14", blank: false, overlays: [overlay], flash: hint),
                Seen(sent: [], position: "5/14", blank: false, overlays: [overlay], flash: hint),
                Seen(sent: [], position: "5/14", blank: false, overlays: [overlay], flash: hint),
                Seen(sent: [], position: "5/14", blank: false, overlays: [overlay], flash: hint),
                Seen(sent: [.blank], position: "5/14", blank: true, overlays: [overlay], flash: nil),
                Seen(sent: [.blank], position: "5/14", blank: true, overlays: [overlay], flash: nil),
                Seen(sent: [], position: "5/14", blank: false, overlays: [overlay], flash: "the show is already running"),
                Seen(sent: [], position: "5/14", blank: false, overlays: [overlay], flash: "the show is already running"),
                Seen(sent: [], position: "5/14", blank: false, overlays: [], flash: nil),
            ]
            for (key, want) in zip(clickerKeys, expected) {
                var state = pad([open])
                let effects = press([key], &state)
                XCTAssertEqual(seen(state, effects), want, "\(key.name) on the \(name)")
            }
            var state = pad([open])
            XCTAssertEqual(sent(press([.escape, .pageDown], &state)), [.next], "\(name): Esc then PgDn reaches the show")
        }
    }

    /// On the demo, which answers as LibreOffice does: a move ends the blank
    /// (← stays on its slide), and F5 / Shift-F5 resume like `b`. Where ←
    /// heads on each source: MovesWhileBlankTests.
    func testWhileBlankedTheClickerBringsTheSlidesBack() {
        let back = "the screen is back: a move ends the blank"
        let expected: [Seen] = [
            Seen(sent: [.next], position: "→ 6/14", blank: false, overlays: [], flash: back),
            Seen(sent: [.previous], position: "5/14", blank: false, overlays: [], flash: back),
            Seen(sent: [.next], position: "→ 6/14", blank: false, overlays: [], flash: back),
            Seen(sent: [.previous], position: "5/14", blank: false, overlays: [], flash: back),
            Seen(sent: [.next], position: "→ 6/14", blank: false, overlays: [], flash: back),
            Seen(sent: [.resume], position: "5/14", blank: false, overlays: [], flash: nil),
            Seen(sent: [.resume], position: "5/14", blank: false, overlays: [], flash: nil),
            Seen(sent: [.resume], position: "5/14", blank: false, overlays: [], flash: nil),
            Seen(sent: [.resume], position: "5/14", blank: false, overlays: [], flash: nil),
            Seen(sent: [], position: "5/14", blank: true, overlays: [], flash: nil),
        ]
        for (key, want) in zip(clickerKeys, expected) {
            var state = pad([.char("b")])
            let effects = press([key], &state)
            XCTAssertEqual(seen(state, effects), want, key.name)
        }
    }

    func testBlankReachesTheShowFromAQuestionToo() {
        for open: Key in [.char("q"), .char("S"), .char("t")] {
            var state = pad([open])
            XCTAssertTrue(state.topOverlay?.isQuestion == true)
            XCTAssertEqual(sent(press([.char("b")], &state)), [.blank], open.name)
            XCTAssertEqual(state.overlays, [], "\(open.name): the question closes as no")
        }
    }

    func testASearchTypesBAndDotAsText() {
        var state = pad([.tab, .char("/")])
        XCTAssertEqual(sent(press([.char("b"), .char(".")], &state)), [])
        XCTAssertEqual(state.flash?.text, "“.” typed into the search: no blank (. does after Esc or 5 s idle)",
                       "the clicker's blank key did not blank: the status line says so")
        XCTAssertEqual(sent(press([.char(" ")], &state)), [])
        XCTAssertEqual(state.search?.query, "b. ")
        XCTAssertNil(state.flash, "the next letter puts it away: a typist is not nagged")
        XCTAssertEqual(sent(press([.function(17)], &state)), [], "a function key is no text")
        XCTAssertEqual(state.flash?.text, "the show is already running")
    }

    /// A query left alone for 5 s stops taking letters (a stray `/`, a
    /// presenter back on the clicker): its blank key blanks again, the
    /// filter stays; Esc does it at once.
    func testASearchLeftAloneGivesTheBlankKeysBack() {
        var state = pad([.tab, .char("/")])
        _ = press([.char("t"), .char("b")], &state)
        XCTAssertEqual(state.search?.query, "tb")
        clock += .milliseconds(4_900)
        _ = state.reduce(.tick, now: clock)
        XCTAssertEqual(sent(press([.char("b")], &state)), [], "4.9 s after a key: still typing")
        XCTAssertEqual(state.search?.query, "tbb")
        clock += PadState.searchTypingTimeout
        _ = state.reduce(.tick, now: clock)
        XCTAssertEqual(state.search?.typing, false, "typing ended by itself")
        XCTAssertEqual(state.search?.query, "tbb", "the filter stays")
        XCTAssertEqual(sent(press([.char("b")], &state)), [.blank], "the clicker's blank key blanks")
        XCTAssertEqual(sent(press([.char("/"), .char("x"), .escape, .char(".")], &state)), [.resume],
                       "Esc ends the typing at once: . resumes")
    }

    /// On the bare pad no key is silent: `/` searches the notes in the
    /// list, and a key the pad has no use for says so and names the help key.
    func testOnTheBarePadSlashSearchesAndAnUnboundKeySaysSo() {
        var state = pad([])
        XCTAssertEqual(sent(press([.function(1)], &state)), [])
        XCTAssertEqual(state.flash?.text, "F1 does nothing here: ? shows every key")
        _ = press([.char("/")], &state)
        XCTAssertEqual(state.topOverlay, .slideList, "the list, where the matches show")
        XCTAssertEqual(state.search?.typing, true, "typing the query")
    }

    /// `S` on a source that always presents (pdfpc, reveal.js) says so
    /// instead of asking a question whose "yes" would do nothing.
    func testStopOnASourceWithNoShowToStopSaysSo() {
        var state = pad([])
        state.noShowToStop = "no show to stop: pdfpc presents until it quits"
        XCTAssertEqual(sent(press([.char("S")], &state)), [])
        XCTAssertNil(state.topOverlay, "no question")
        XCTAssertEqual(state.flash?.text, "no show to stop: pdfpc presents until it quits")
    }

    /// A message covers the status line; the next key gives it back, so a
    /// blank right after a message shows BLANK at once.
    func testTheNextKeyGivesTheStatusLineBack() {
        var state = pad([.function(5)])
        XCTAssertEqual(state.flash?.text, "the show is already running")
        XCTAssertEqual(sent(press([.char("b")], &state)), [.blank])
        XCTAssertTrue(state.blank)
        XCTAssertNil(state.flash, "BLANK is on the status line, not an old message")
    }

    /// PgDn on a question is a "no" the presenter did not mean to give:
    /// the status line says the show did not move.
    func testAClickerKeyOnAQuestionSaysTheShowDidNotMove() {
        for (open, what) in [(Key.char("q"), "not quitting"), (.char("S"), "not stopped"), (.char("t"), "timer kept")] {
            var state = pad([open])
            XCTAssertEqual(sent(press([.pageDown], &state)), [], open.name)
            XCTAssertEqual(state.overlays, [], "\(open.name): answered no")
            XCTAssertEqual(state.flash?.text, "\(what): the show did not move; press PgDn again")
            XCTAssertEqual(sent(press([.pageDown], &state)), [.next], "\(open.name): the next PgDn moves the show")
        }
    }

    /// `n` on a question is the "no" it asks for, not a clicker's slip: no
    /// "press n again" (issue 52, item 15).
    func testNOnAQuestionIsAPlainNo() {
        for open in [Key.char("q"), .char("S"), .char("t")] {
            var state = pad([open])
            XCTAssertEqual(sent(press([.char("n")], &state)), [], open.name)
            XCTAssertEqual(state.overlays, [], "\(open.name): answered no")
            XCTAssertNil(state.flash, "\(open.name): \(state.flash?.text ?? "")")
        }
    }
}
