import XCTest
@testable import SlideModel

/// What the sources say, as the pad folds it: the pad knows no source, so
/// a source's own rules (Impress ending a blank, naming a show) arrive as
/// events; the sources' own tests check that they say them.
final class SourceEventsTests: XCTestCase {
    private func runningPad() -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 2)), now: .zero)
        return state
    }

    /// A source says the blank ended at the show (Impress's only sign, a
    /// move or another client's, is the show's stream starting again: its
    /// source says `blankEnded` with it). The pad shows the slides and runs
    /// the talk's timer again.
    func testTheShowStartingAgainWhileBlankEndsTheBlank() {
        var state = runningPad()
        _ = state.reduce(.key(.char("b")), now: .milliseconds(1_000))
        XCTAssertEqual(state.elapsed(at: .milliseconds(5_000)), .milliseconds(1_000), "the timer stands still while blank")
        _ = state.reduce(.source(.blankEnded), now: .milliseconds(5_000))
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 2)), now: .milliseconds(5_000))
        XCTAssertFalse(state.blank, "the audience sees slides again")
        XCTAssertNil(state.pausedSince)
        XCTAssertEqual(state.elapsed(at: .milliseconds(6_000)), .milliseconds(2_000), "the timer runs again")
        _ = state.reduce(.source(.slideChanged(index: 3)), now: .milliseconds(6_000))
        XCTAssertEqual(state.position, "4/12")
    }

    /// A blank made at the show's side (in LibreOffice, by another remote)
    /// shows BLANK and stops the timer as the pad's own does; the pad's `b`
    /// then resumes, not blanks again.
    func testABlankMadeAtTheShowShowsAndPausesTheTimer() {
        var state = runningPad()
        _ = state.reduce(.source(.blankStarted), now: .milliseconds(1_000))
        XCTAssertTrue(state.blank)
        XCTAssertEqual(state.elapsed(at: .milliseconds(5_000)), .milliseconds(1_000), "the timer stands still while blank")
        let effects = state.reduce(.key(.char("b")), now: .milliseconds(5_000))
        XCTAssertFalse(state.blank)
        XCTAssertTrue(effects.contains(.send(.resume)), "b resumes: \(effects)")
    }

    /// The pad knows no source's blank: a show that starts again with no
    /// word that the blank ended leaves it blank (the Impress source says
    /// `blankEnded`; ImpressRemoteSessionTests).
    func testTheBlankEndsOnlyWhenTheSourceSaysSo() {
        var state = runningPad()
        _ = state.reduce(.key(.char("b")), now: .milliseconds(1_000))
        _ = state.reduce(.source(.showStarted(slideCount: 12, current: 2)), now: .milliseconds(5_000))
        XCTAssertTrue(state.blank, "no source said the audience sees slides again")
        XCTAssertEqual(state.elapsed(at: .milliseconds(6_000)), .milliseconds(1_000), "the timer still stands")
    }

    /// A blank made at the show's side (a pause in the browser) is the
    /// pad's BLANK: the timer stands still, and `b` then resumes, not blanks.
    func testABlankMadeAtTheShowIsThePadsBlank() {
        var state = runningPad()
        _ = state.reduce(.source(.blankStarted), now: .milliseconds(1_000))
        XCTAssertTrue(state.blank, "the audience sees black: so does the pad")
        XCTAssertEqual(state.elapsed(at: .milliseconds(5_000)), .milliseconds(1_000), "the timer stands still while blank")
        let effects = state.reduce(.key(.char("b")), now: .milliseconds(5_000))
        XCTAssertEqual(effects, [.send(.resume)], "b brings the slides back")
        _ = state.reduce(.source(.blankStarted), now: .milliseconds(6_000))
        _ = state.reduce(.source(.blankEnded), now: .milliseconds(7_000))
        XCTAssertFalse(state.blank, "the pause ended in the browser: the screen is back")
        XCTAssertEqual(state.elapsed(at: .milliseconds(8_000)), .milliseconds(3_000), "the timer ran only while the slides showed")
    }

    /// The title is what the source last named: a show's end keeps it (the
    /// Impress source takes it back itself, and names it again when the show
    /// starts again: ImpressRemoteSessionTests).
    func testTheTitleIsWhatTheSourceLastNamed() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showTitle("Demo.odp")), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 5, current: 0)), now: .zero)
        _ = state.reduce(.source(.showFinished), now: .milliseconds(1_000))
        XCTAssertEqual(state.title, "Demo.odp", "the show ended, its title was not taken back")
        _ = state.reduce(.source(.showTitle("")), now: .milliseconds(2_000))
        XCTAssertEqual(state.title, "")
    }
}
