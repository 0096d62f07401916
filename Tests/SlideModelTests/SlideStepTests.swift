import XCTest
@testable import SlideModel

/// A slide that reveals in steps (a web deck's fragments): → reveals the
/// next step and the slide stays; the status says "step 2/3"; the next
/// pane says what → shows next, this slide's next step or the next slide.
final class SlideStepTests: XCTestCase {
    /// Slide 7 of 23, `shown` of 3 steps on screen.
    private func onStepSlide(shown: Int, detail: String? = nil) -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: 23, current: 6)), now: .zero)
        _ = state.reduce(.source(.step(index: 6, SlideStep(shown: shown, count: 3, detail: detail))), now: .zero)
        return state
    }

    func testTheStatusSaysWhichStepIsShownAndWhereInTheStack() {
        let state = onStepSlide(shown: 2, detail: "↓ 2/3")
        XCTAssertEqual(state.position, "7/23")
        XCTAssertEqual(state.stepText, "step 2/3 · ↓ 2/3")
        XCTAssertEqual(state.nextStep, 3, "→ reveals the third step")
        XCTAssertEqual(state.nextSlide, 7, "the next pane shows the next slide (no picture of a step is taken)")
        XCTAssertEqual(state.stepsLeft, 1, "after one more step")
    }

    func testAPressRevealsAStepWithoutHeadingToTheNextSlide() {
        var state = onStepSlide(shown: 1)
        XCTAssertEqual(state.reduce(.key(.right), now: .milliseconds(10)), [.send(.next)])
        XCTAssertEqual(state.position, "7/23", "a step is not a slide change: no → 8/23")
        XCTAssertEqual(state.stepText, "→ step 2/3", "the press is shown at once")
        XCTAssertNil(state.heading)
        _ = state.reduce(.source(.step(index: 6, SlideStep(shown: 2, count: 3))), now: .milliseconds(40))
        XCTAssertEqual(state.stepText, "step 2/3", "confirmed")
        XCTAssertNil(state.stepHeading)
    }

    func testQuickPressesRunThroughTheStepsThenOnToTheNextSlide() {
        var state = onStepSlide(shown: 1)
        _ = state.reduce(.key(.right), now: .milliseconds(10))
        _ = state.reduce(.key(.right), now: .milliseconds(20))
        XCTAssertEqual(state.stepText, "→ step 3/3")
        XCTAssertEqual(state.position, "7/23")
        XCTAssertNil(state.nextStep, "every step is on its way: → goes to the next slide")
        _ = state.reduce(.key(.right), now: .milliseconds(30))
        XCTAssertEqual(state.position, "→ 8/23", "the third press leaves the slide")
        XCTAssertNil(state.stepText)
        XCTAssertEqual(state.buffer.slide(for: .next), 8)
    }

    func testBackStepsWithinTheSlideThenToThePreviousOne() {
        var state = onStepSlide(shown: 1)
        _ = state.reduce(.key(.left), now: .milliseconds(10))
        XCTAssertEqual(state.stepText, "→ step 0/3")
        XCTAssertEqual(state.position, "7/23")
        _ = state.reduce(.key(.left), now: .milliseconds(20))
        XCTAssertEqual(state.position, "→ 6/23")
    }

    func testAnUnconfirmedStepFallsBackToTheTruth() {
        var state = onStepSlide(shown: 1)
        _ = state.reduce(.key(.right), now: .milliseconds(1_000))
        let timeout = Heading.timeout
        _ = state.reduce(.tick, now: .milliseconds(1_000) + timeout)
        XCTAssertEqual(state.stepText, "step 1/3")
    }

    func testAllStepsShownTheNextPaneShowsTheNextSlide() {
        let state = onStepSlide(shown: 3)
        XCTAssertNil(state.nextStep)
        XCTAssertEqual(state.nextSlide, 7)
        XCTAssertEqual(state.buffer.slide(for: .next), 7)
    }

    func testASlideChangeAndItsStepsFromTheBrowserAreFollowed() {
        var state = onStepSlide(shown: 3)
        _ = state.reduce(.source(.slideChanged(index: 7)), now: .milliseconds(10))
        XCTAssertNil(state.stepText, "the steps said were of slide 7")
        _ = state.reduce(.source(.step(index: 7, SlideStep(shown: 0, count: 2))), now: .milliseconds(11))
        XCTAssertEqual(state.stepText, "step 0/2")
        XCTAssertEqual(state.buffer.slide(for: .next), 8, "the next pane: slide 9, after slide 8's two steps")
        XCTAssertEqual(state.stepsLeft, 2)
        _ = state.reduce(.source(.showFinished), now: .milliseconds(20))
        XCTAssertNil(state.slideStep)
    }

    func testHostileStepsAreClampedAndSanitized() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: 3, current: 0)), now: .zero)
        _ = state.reduce(.source(.step(index: 0, SlideStep(shown: .max, count: .max, detail: "\u{1b}[31mred\nline"))), now: .zero)
        XCTAssertEqual(state.slideStep?.step.count, SlideStep.maxCount)
        XCTAssertEqual(state.slideStep?.step.shown, SlideStep.maxCount)
        XCTAssertFalse(state.stepText!.contains("\u{1b}"))
        XCTAssertFalse(state.stepText!.contains("\n"))
        _ = state.reduce(.source(.step(index: 99, SlideStep(shown: 1, count: 2))), now: .zero)
        XCTAssertEqual(state.slideStep?.index, 0, "a slide the show does not have is ignored")
        _ = state.reduce(.key(.right), now: .milliseconds(1))
    }

    // MARK: a source that shows any step (Impress over UNO)

    private func png(_ byte: UInt8) -> [UInt8] { [0x89, 0x50, 0x4E, 0x47, byte] }

    func testTheNextPaneAsksForThisSlideAfterTheNextPressWhereTheSourceShowsSteps() {
        var state = onStepSlide(shown: 1)
        _ = state.reduce(.viewport(Viewport(listRows: 0, notesRows: 4, notesMaxScroll: 0,
                                            currentPixels: PixelSize(width: 1600, height: 900),
                                            nextPixels: PixelSize(width: 640, height: 360))), now: .zero)
        XCTAssertNil(state.nextStepWant, "a source that shows no step: the next slide, as before")
        XCTAssertEqual(state.pictureWants().map(\.step), [nil, nil])
        state.picturesAtSteps = true
        XCTAssertEqual(state.nextStepWant?.slide, 6)
        XCTAssertEqual(state.nextStepWant?.step, 2, "→ shows the second step")
        XCTAssertEqual(state.pictureWants(), [
            PictureWant(slide: 6, size: PixelSize(width: 1600, height: 900)),
            PictureWant(slide: 6, size: PixelSize(width: 640, height: 360), step: 2),
            PictureWant(slide: 7, size: PixelSize(width: 640, height: 360)),
        ], "the current slide, this slide after →, then the next slide (ready for the last step)")
        XCTAssertNil(state.nextStepPreview, "nothing arrived yet: the pane says it loads")

        _ = state.reduce(.source(.preview(index: 6, Preview(png: png(1), step: 2))), now: .zero)
        XCTAssertEqual(state.nextStepPreview?.png, png(1))
        XCTAssertNil(state.buffer.preview(of: 6), "a picture at a step is not the current pane's")
        XCTAssertEqual(state.pictureWants()[1].have, nil, "a PNG without a header has no size")

        _ = state.reduce(.key(.right), now: .milliseconds(10))
        XCTAssertEqual(state.nextStepWant?.step, 3, "the pane moves with the press")
        XCTAssertNil(state.buffer.preview(of: 6), "not the room's picture until the show says so")
        _ = state.reduce(.source(.step(index: 6, SlideStep(shown: 2, count: 3))), now: .milliseconds(15))
        XCTAssertEqual(state.buffer.preview(of: 6)?.png, png(1), "the show is at step 2: that picture is the room's, at once")
        _ = state.reduce(.source(.step(index: 6, SlideStep(shown: 1, count: 3))), now: .milliseconds(16))
        _ = state.reduce(.key(.right), now: .milliseconds(17))
        XCTAssertNil(state.nextStepPreview, "the picture of step 2 is not shown as step 3")
        _ = state.reduce(.key(.right), now: .milliseconds(20))
        XCTAssertNil(state.nextStepWant, "every step on its way: the next pane shows the next slide")
        XCTAssertEqual(state.pictureWants().map(\.step), [nil, nil])
    }

    // MARK: every slide's steps known (Impress over UNO)

    /// The 62-slide deck's first slides: 0, 3, 1, 0, 1 steps; the show on `current`, `shown` of its steps.
    private func withCounts(current: Int, shown: Int) -> PadState {
        var state = PadState(animate: false)
        let counts = [0, 3, 1, 0, 1, 3, 0, 0]
        _ = state.reduce(.source(.stepCounts(counts)), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: counts.count, current: current)), now: .zero)
        _ = state.reduce(.source(.step(index: current, SlideStep(shown: shown, count: counts[current]))), now: .zero)
        return state
    }

    func testQuickPressesArePredictedThroughEachSlidesSteps() {
        var state = withCounts(current: 3, shown: 0)  // 4/8, no steps
        var now = Duration.milliseconds(10)
        func press(_ key: Key) { _ = state.reduce(.key(key), now: now); now += .milliseconds(10) }
        press(.right)
        XCTAssertEqual(state.position, "→ 5/8")
        XCTAssertEqual(state.stepText, "step 0/1")
        press(.right)
        XCTAssertEqual(state.position, "→ 5/8", "slide 5's one build: the slide stays")
        XCTAssertEqual(state.stepText, "step 1/1")
        press(.right); press(.right); press(.right)
        XCTAssertEqual(state.position, "→ 6/8")
        XCTAssertEqual(state.stepText, "step 2/3", "five presses from 4/8 land on 6/8 at step 2, as five slow ones do")
        press(.left)
        XCTAssertEqual(state.stepText, "step 1/3")
        // The show arrives at slide 6: the step still on its way is kept.
        _ = state.reduce(.source(.slideChanged(index: 5)), now: now)
        _ = state.reduce(.source(.step(index: 5, SlideStep(shown: 0, count: 3))), now: now)
        XCTAssertEqual(state.position, "6/8")
        XCTAssertEqual(state.stepText, "→ step 1/3")
        _ = state.reduce(.source(.step(index: 5, SlideStep(shown: 1, count: 3))), now: now)
        XCTAssertEqual(state.stepText, "step 1/3")
    }

    func testBackFromAStartGoesToThePreviousSlideWithAllItsBuilds() {
        var state = withCounts(current: 3, shown: 0)
        _ = state.reduce(.key(.left), now: .milliseconds(10))
        XCTAssertEqual(state.position, "→ 3/8")
        XCTAssertEqual(state.stepText, "step 1/1", "LibreOffice's ← shows the slide before with its builds")
        _ = state.reduce(.key(.left), now: .milliseconds(20))
        XCTAssertEqual(state.stepText, "step 0/1")
        _ = state.reduce(.key(.left), now: .milliseconds(30))
        XCTAssertEqual(state.position, "→ 2/8")
        XCTAssertEqual(state.stepText, "step 3/3")
    }
}
