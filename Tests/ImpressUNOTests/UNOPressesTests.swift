import ImpressUNO
import SlideModel
import XCTest

/// Every press lands, on LibreOffice's show as measured (`SimulatedImpress`):
/// quick presses end where slow ones end, in the show's first second too,
/// none is sent twice, and the pad is told the step the room sees.
final class UNOPressesTests: XCTestCase {
    /// Where `count` presses of `command` from `start` end: all at once, or one every 2 s.
    private func pressed(_ command: SourceCommand, _ count: Int, from start: Int, built: Bool = false, quick: Bool)
        -> UNOStage {
        var stage = UNOStage()
        stage.run(for: .seconds(2))
        stage.press(.goto(index: start))
        stage.run(for: .seconds(2))
        if built {
            for _ in 0..<stage.show.steps[start] {
                stage.press(.next)
                stage.run(for: .seconds(2))
            }
        }
        for _ in 0..<count {
            stage.press(command)
            if !quick { stage.run(for: .seconds(2)) }
        }
        stage.run(for: .seconds(6))
        return stage
    }

    private func place(_ stage: UNOStage) -> String {
        "\(stage.show.slide + 1)/62 · step \(stage.show.clicksShown)/\(stage.show.steps[stage.show.slide])"
    }

    func testFiveQuickPressesFromEveryPatternEndWhereFiveSlowOnesEnd() {
        for start in 0..<10 {
            let quick = pressed(.next, 5, from: start, quick: true)
            let slow = pressed(.next, 5, from: start, quick: false)
            XCTAssertEqual(place(quick), place(slow), "five → from slide \(start + 1)")
            XCTAssertEqual(quick.moves.count, 5, "from slide \(start + 1): each press sent once, none twice")
            XCTAssertEqual(quick.padStep?.slide, quick.show.slide, "the pad shows the room's slide")
            XCTAssertEqual(quick.padStep?.step.shown, quick.show.clicksShown, "the pad shows the room's step")
            XCTAssertEqual(quick.padStep?.step.isKnown, true)
        }
    }

    func testFiveQuickPressesFromTheLastStepOfEachPatternLandToo() {
        for start in 0..<10 {
            let quick = pressed(.next, 5, from: start, built: true, quick: true)
            let slow = pressed(.next, 5, from: start, built: true, quick: false)
            XCTAssertEqual(place(quick), place(slow), "five → from the last step of slide \(start + 1)")
        }
    }

    func testFiveQuickBackPressesEndWhereSlowOnesEnd() {
        for start in [1, 3, 4, 6, 9] {
            let quick = pressed(.previous, 5, from: start, built: true, quick: true)
            let slow = pressed(.previous, 5, from: start, built: true, quick: false)
            XCTAssertEqual(place(quick), place(slow), "five ← from the last step of slide \(start + 1)")
            XCTAssertEqual(quick.padStep?.step.shown, quick.show.clicksShown, "from slide \(start + 1)")
            XCTAssertEqual(quick.padStep?.slide, quick.show.slide)
        }
    }

    func testPressesInTheShowsFirstSecondWaitForItsFirstSlide() {
        // 1.4 s: a warm LibreOffice; 4.4 s: its first show after a new profile (both seen).
        for ready in [Duration.milliseconds(1400), .milliseconds(4400)] {
            var stage = UNOStage(readyAt: ready)
            stage.run(for: .milliseconds(100))
            for _ in 0..<3 { stage.press(.next) }
            XCTAssertEqual(stage.moves, [], "the show is not up yet: a press now would be dropped")
            stage.run(for: .seconds(8))
            XCTAssertEqual(place(stage), "2/62 · step 2/3", "→ to slide 2, then two of its builds (up at \(ready))")
            XCTAssertEqual(stage.moves.count, 3)
        }
    }

    func testAShowThatNeverSaysItIsUpStillTakesPressesAfterThePatience() {
        var stage = UNOStage(readyAt: .milliseconds(100), heardUp: false)  // its first slide came before the listener
        stage.press(.next)
        stage.run(for: .seconds(14))
        XCTAssertEqual(stage.moves, [], "a show just started drops presses: they wait for a sign")
        stage.run(for: .seconds(2))
        XCTAssertEqual(stage.moves, [.next], "sent once the start's patience ran out")
    }

    func testAPressTheShowGivesNoSignOfIsNotSentAgain() {
        var stage = UNOStage(readyAt: .seconds(60))  // a show that takes nothing
        stage.press(.next)
        stage.press(.next)
        stage.run(for: .seconds(20))
        XCTAssertEqual(stage.moves, [.next, .next], "each press once, the second after the first's patience")
        XCTAssertTrue(stage.logged.contains { $0.contains("no sign") }, "\(stage.logged)")
    }

    func testNeverPastTheEndOfTheShow() {
        var stage = UNOStage(slides: 3)
        stage.run(for: .seconds(2))
        stage.press(.goto(index: 2))
        stage.run(for: .seconds(2))
        for _ in 0..<stage.show.steps[2] { stage.press(.next) }
        stage.run(for: .seconds(3))
        let sent = stage.moves.count
        stage.press(.next)
        stage.run(for: .seconds(2))
        XCTAssertEqual(stage.moves.count, sent, "the end screen crashed LibreOffice once: no → there")
        XCTAssertTrue(stage.logged.contains { $0.contains("past the end") })
    }

    func testBlankThenBackOnlyBringsTheSlidesBackAndBlankThenNextSteps() {
        var stage = UNOStage()
        stage.run(for: .seconds(2))
        stage.press(.goto(index: 6))
        stage.run(for: .seconds(1))
        stage.press(.next)
        stage.press(.next)
        stage.run(for: .seconds(1))
        XCTAssertEqual(place(stage), "7/62 · step 2/3")
        stage.press(.blank)
        stage.run(for: .seconds(1))
        XCTAssertEqual(stage.told.last, .blankStarted)
        stage.press(.previous)
        stage.run(for: .seconds(1))
        XCTAssertEqual(place(stage), "7/62 · step 2/3", "LibreOffice only resumes")
        XCTAssertEqual(stage.padStep?.step, SlideStep(shown: 2, count: 3), "and the pad says so")
        XCTAssertTrue(stage.told.contains(.blankEnded))
        stage.press(.blank)
        stage.run(for: .seconds(1))
        stage.press(.next)
        stage.run(for: .seconds(1))
        XCTAssertEqual(place(stage), "7/62 · step 3/3", "→ resumes and steps")
        XCTAssertEqual(stage.padStep?.step, SlideStep(shown: 3, count: 3))
    }

    func testAShowJoinedMidBuildSaysItsStepIsUnknownUntilTheShowTells() {
        var link = UNOLink(mode: .attach, pipe: "p")
        _ = link.handle(.start)
        _ = link.handle(.line(.hello(office: "LibreOffice")))
        _ = link.handle(.line(.deck(title: "Talk", steps: [0, 3, 0], names: [], aspect: nil)))
        let joined = link.handle(.line(.show(slides: 3, slide: 1, blank: false, fresh: false)))
        XCTAssertTrue(joined.contains(.emit(.step(index: 1, .unknown(count: 3)))), "never a wrong number: \(joined)")
        XCTAssertEqual(SlideStep.unknown(count: 3).fraction, "?/3")
        XCTAssertTrue(link.handle(.send(.next)).contains(.write(.next)), "joined: the show waits for a press")
        _ = link.handle(.line(.heard(.begin(node: 0))))
        let clicked = link.handle(.line(.heard(.begin(node: UNONode.onClick))))
        XCTAssertFalse(clicked.contains { if case .emit(.step) = $0 { true } else { false } }, "one more of an unknown is unknown")
        _ = link.handle(.line(.heard(.end(node: UNONode.onClick))))
        _ = link.handle(.line(.heard(.end(node: 0))))
        let built = link.handle(.line(.heard(.buildsEnded)))
        XCTAssertTrue(built.contains(.emit(.step(index: 1, SlideStep(shown: 3, count: 3)))), "\(built)")
    }

    func testAJoinedSlideWithoutBuildsIsAtStepZero() {
        var link = UNOLink(mode: .attach, pipe: "p")
        _ = link.handle(.start)
        _ = link.handle(.line(.hello(office: "LibreOffice")))
        _ = link.handle(.line(.deck(title: "Talk", steps: [0, 3], names: [], aspect: nil)))
        let joined = link.handle(.line(.show(slides: 2, slide: 0, blank: false, fresh: false)))
        XCTAssertTrue(joined.contains(.emit(.step(index: 0, SlideStep(shown: 0, count: 0)))), "\(joined)")
    }

    func testAMoveTheListenerMissedIsFoundByThePoll() {
        var stage = UNOStage()
        stage.run(for: .seconds(2))
        stage.show.slide = 5  // moved with no word from the listener (joined late)
        stage.run(for: .seconds(1))
        XCTAssertEqual(stage.padStep?.slide, 5, "the poll found it within a second")
        XCTAssertTrue(stage.told.contains(.slideChanged(index: 5)))
    }
}
