import XCTest
@testable import SlideModel
import DemoSource
import ImpressRemoteTransport
import ImpressUNOTransport
import PdfpcTransport
import RevealJSTransport

/// What a move does while the screen is blank is each source's to say
/// (issue 48): the pad knows no source's rule. LibreOffice (over its remote
/// and over UNO) and the demo end the blank on ← and stay; pdfpc and
/// reveal.js end it and move back. These fail if one source's rule is
/// applied to another: the pad would show a heading the show never takes.
final class MovesWhileBlankTests: XCTestCase {
    /// Each source kind, what it declares, and where ← heads on a blank
    /// screen from slide 5 of 14 ("5/14": it stays; "→ 4/14": one back).
    private let sources: [(name: String, declared: MovesWhileBlank, back: String)] = [
        ("Impress", ImpressKind().movesWhileBlank, "5/14"),
        ("Impress over UNO", ImpressUNOKind().movesWhileBlank, "5/14"),
        ("the demo", DemoKind().movesWhileBlank, "5/14"),
        ("pdfpc", PdfpcKind().movesWhileBlank, "→ 4/14"),
        ("reveal.js", RevealKind().movesWhileBlank, "→ 4/14"),
    ]

    func testEachSourceSaysWhatItsShowDoes() {
        XCTAssertEqual(ImpressKind().movesWhileBlank, .backOnlyEndsBlank, "LibreOffice 25.2: transition_previous ends the blank and stays")
        XCTAssertEqual(ImpressUNOKind().movesWhileBlank, .backOnlyEndsBlank, "LibreOffice over UNO, the same show")
        XCTAssertEqual(DemoKind().movesWhileBlank, .backOnlyEndsBlank, "MockShow answers as LibreOffice 25.2")
        XCTAssertEqual(PdfpcKind().movesWhileBlank, .endBlankAndMove, "pdfpc's prev leaves the black screen and moves")
        XCTAssertEqual(RevealKind().movesWhileBlank, .endBlankAndMove, "the pad ends reveal.js's pause, then Reveal.prev()")
    }

    /// A 14-slide show on slide 5 (index 4), blanked, on a source whose rule is `moves`.
    private func blanked(_ moves: MovesWhileBlank) -> PadState {
        var state = PadState(animate: false)
        state.movesWhileBlank = moves
        _ = state.reduce(.source(.link(.local("test"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 14, current: 4)), now: .zero)
        XCTAssertEqual(state.reduce(.key(.char("b")), now: .milliseconds(10)), [.send(.blank)])
        XCTAssertTrue(state.blank)
        return state
    }

    func testBackWhileBlankHeadsWhereTheSourceSaysItsShowGoes() {
        for source in sources {
            for key in [Key.left, .pageUp] {
                var state = blanked(source.declared)
                XCTAssertEqual(state.reduce(.key(key), now: .milliseconds(50)), [.send(.previous)], "\(source.name): \(key.name) is sent")
                XCTAssertFalse(state.blank, "\(source.name): \(key.name) ends the blank")
                XCTAssertEqual(state.position, source.back, "\(source.name): where \(key.name) heads while blank")
                XCTAssertEqual(state.flash?.text, "the screen is back: a move ends the blank", source.name)
            }
        }
    }

    func testForwardWhileBlankEndsTheBlankAndMovesOnEverySource() {
        for source in sources {
            var state = blanked(source.declared)
            XCTAssertEqual(state.reduce(.key(.right), now: .milliseconds(50)), [.send(.next)], source.name)
            XCTAssertFalse(state.blank, source.name)
            XCTAssertEqual(state.position, "→ 6/14", "\(source.name): → ends the blank and moves on")
            var going = blanked(source.declared)
            _ = going.reduce(.key(.end), now: .milliseconds(50))
            XCTAssertEqual(going.position, "→ 14/14", "\(source.name): a go-to ends the blank and goes")
            XCTAssertFalse(going.blank, source.name)
        }
    }

    /// Not blank, ← is ← on every source: the rule is only for a blank screen.
    func testBackWhenNotBlankStepsBackOnEverySource() {
        for source in sources {
            var state = blanked(source.declared)
            _ = state.reduce(.key(.char("b")), now: .milliseconds(20))  // resume
            XCTAssertFalse(state.blank)
            _ = state.reduce(.key(.left), now: .milliseconds(50))
            XCTAssertEqual(state.position, "→ 4/14", source.name)
        }
    }

    /// On a slide that unfolds in steps (reveal.js's fragments, a build),
    /// ← while blank takes a step back where the show moves, and stays
    /// where it only ends the blank.
    func testBackWhileBlankOnASlideWithSteps() {
        for source in sources {
            var state = blanked(source.declared)
            _ = state.reduce(.source(.step(index: 4, SlideStep(shown: 2, count: 3))), now: .milliseconds(20))
            _ = state.reduce(.key(.left), now: .milliseconds(50))
            XCTAssertEqual(state.position, "5/14", source.name)
            XCTAssertEqual(state.stepText, source.declared == .endBlankAndMove ? "→ step 1/3" : "step 2/3",
                           "\(source.name): ← while blank on step 2 of 3")
        }
    }

    /// A source that says nothing gets the plain rule: a move ends the
    /// blank and moves (the pad assumes no show's quirk).
    func testThePlainRuleIsThatAMoveMoves() {
        XCTAssertEqual(PadState(animate: false).movesWhileBlank, .endBlankAndMove)
    }

    /// The pad and the demo's show, pressed alike: ← on a blank screen, and
    /// the show's answer (the blank ended, the show started again on the
    /// slide it was on). The pad heads where the show goes, and settles
    /// there; with another source's rule it would have headed one back.
    func testThePadAndTheDemosShowAgreeOnBackWhileBlank() {
        var knobs = MockKnobs()
        knobs.dropRate = 0
        knobs.duplicateRate = 0
        let deck = DemoDeck(title: "Test deck", slides: (0..<14).map { DemoDeck.Slide(preview: Preview(png: [UInt8($0)]), notesMarkup: nil) })
        for moves in MovesWhileBlank.allCases {
            var show = MockShow(deck: deck, knobs: knobs)
            var state = PadState(animate: false)
            state.movesWhileBlank = moves
            var now = Duration.zero
            for timed in show.begin(at: now) + show.handle(.goto(index: 4), at: .milliseconds(100)) {
                _ = state.reduce(.source(timed.event), now: timed.at)
            }
            now = .milliseconds(2_000)
            XCTAssertEqual(state.position, "5/14")
            for effect in state.reduce(.key(.char("b")), now: now) {
                if case .send(let command) = effect { _ = show.handle(command, at: now) }
            }
            now = .milliseconds(3_000)
            var answers: [MockShow.Timed] = []
            for effect in state.reduce(.key(.left), now: now) {
                if case .send(let command) = effect { answers += show.handle(command, at: now) }
            }
            let headed = state.heading.map { $0.target } ?? state.current
            XCTAssertEqual(headed == show.current, moves == DemoKind().movesWhileBlank,
                           "\(moves): the pad heads for slide \(headed + 1), the demo's show is on \(show.current + 1)")
            for timed in answers.sorted(by: { $0.at < $1.at }) { _ = state.reduce(.source(timed.event), now: timed.at) }
            XCTAssertEqual(state.current, show.current, "\(moves): the pad settles on what the show says")
        }
    }
}
