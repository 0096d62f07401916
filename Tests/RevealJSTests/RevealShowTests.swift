import RevealJS
import SlideModel
import XCTest

/// The show in the pad's terms: slide numbers in `Reveal.getSlides()` order,
/// fragments as steps, stacks, and what → shows next.
final class RevealShowTests: XCTestCase {
    /// As ../shared/revealjs/deck.html.
    let deck = RevealDeck(slides: [
        RevealSlide(h: 0), RevealSlide(h: 1), RevealSlide(h: 2, steps: 3),
        RevealSlide(h: 3, v: 0), RevealSlide(h: 3, v: 1), RevealSlide(h: 3, v: 2),
        RevealSlide(h: 4), RevealSlide(h: 5), RevealSlide(h: 6, steps: 2),
    ])

    func testSlidesAreNumberedInRevealsOwnOrderStacksIncluded() {
        XCTAssertEqual(deck.number(of: RevealIndices(h: 3, v: 1)), 4)
        XCTAssertEqual(deck.number(of: RevealIndices(h: 4)), 6)
        XCTAssertNil(deck.number(of: RevealIndices(h: 3, v: 7)))
    }

    func testThePositionSaysTheStepAndThePlaceInAStack() {
        XCTAssertEqual(deck.position(RevealIndices(h: 2, v: 0, f: 1))?.description, "3/9 · step 2/3")
        XCTAssertEqual(deck.position(RevealIndices(h: 2, v: 0, f: -1))?.description, "3/9 · step 0/3")
        XCTAssertEqual(deck.position(RevealIndices(h: 3, v: 1))?.description, "5/9 · ↓ 2/3")
        XCTAssertEqual(deck.position(RevealIndices(h: 0))?.description, "1/9")
        // A hostile fragment index never says more steps than there are.
        XCTAssertEqual(deck.position(RevealIndices(h: 2, v: 0, f: 99))?.description, "3/9 · step 3/3")
    }

    func testNextStepIsTheNextFragmentThenTheNextSlide() {
        XCTAssertEqual(deck.nextStep(after: RevealIndices(h: 2, v: 0, f: 0))?.indices, RevealIndices(h: 2, v: 0, f: 1))
        XCTAssertEqual(deck.nextStep(after: RevealIndices(h: 2, v: 0, f: 2))?.slide, 3)
        XCTAssertEqual(deck.nextStep(after: RevealIndices(h: 5))?.indices, RevealIndices(h: 6, v: 0, f: -1))
        XCTAssertNil(deck.nextStep(after: RevealIndices(h: 6, v: 0, f: 1)))
    }

    func testPicturesShowTheStepTheAudienceWouldSee() {
        let at = RevealIndices(h: 2, v: 0, f: 0)
        XCTAssertEqual(deck.pictureStep(of: 2, current: at), 0)
        XCTAssertEqual(deck.pictureStep(of: 8, current: at), -1)
        XCTAssertEqual(deck.pictureStep(of: 2, current: RevealIndices(h: 4)), 2)
    }

    func testTheDeckFromTheSyncAnswerAndHostileOnes() {
        XCTAssertEqual(RevealDeck(.array([[0, 0, 0], [1, 0, 3]]))?.count, 2)
        XCTAssertNil(RevealDeck(.array([[0, 0]])))
        XCTAssertNil(RevealDeck(.string("slides")))
        XCTAssertEqual(RevealDeck(.array([[0, 0, 1e12]]))?.slides.first?.steps, 1000)
        XCTAssertNil(RevealIndices(.object(["h": 1e300])))
        XCTAssertEqual(RevealIndices(.object(["h": 2, "f": 1])), RevealIndices(h: 2, v: 0, f: 1))
    }
}
