import XCTest
@testable import SlideModel

final class RehearsalRecorderTests: XCTestCase {
    func testOneRowPerSlideVisitWithAnInjectedClock() {
        var state = PadState()
        var recorder = RehearsalRecorder()
        var rows: [String] = []
        func at(_ ms: Int, _ event: PadEvent) {
            let now = Duration.milliseconds(ms)
            _ = state.reduce(event, now: now)
            rows += recorder.observe(state, now: now).map(\.csvRow)
        }
        at(10_000, .source(.showStarted(slideCount: 5, current: 0)))
        at(40_000, .source(.slideChanged(index: 1)))
        at(40_500, .source(.slideChanged(index: 1)))  // a duplicate is no new visit
        at(45_000, .key(.char("b")))                   // blank: the show clock pauses
        at(65_000, .key(.char("b")))
        at(70_000, .source(.slideChanged(index: 0)))
        rows += recorder.finish(now: .milliseconds(82_000)).map(\.csvRow)
        XCTAssertEqual(rows, ["1,0.0,0.0,,,,0.0,show_start", "1,0.0,30.0,,,,0.0,slide", "2,30.0,30.0,,,,30.0,slide", "2,35.0,20.0,,,,35.0,blank",
                              "1,40.0,12.0,,,,60.0,slide", "1,0.0,0.0,,,,72.0,show_end"],
                       "the show's start, each visit (talk time, blanks not counted; its length; from the show's start, blanks counted), the blank after its slide's visit")
        XCTAssertEqual(RehearsalRecorder.csvHeader, "slide,entered_at,seconds,section,title,step,since_start,event")
    }

    func testShowEndClosesTheVisit() {
        var state = PadState()
        var recorder = RehearsalRecorder()
        _ = state.reduce(.source(.showStarted(slideCount: 3, current: 2)), now: .zero)
        XCTAssertEqual(recorder.observe(state, now: .zero).map(\.event), [.showStart])
        _ = state.reduce(.source(.showFinished), now: .milliseconds(5_000))
        XCTAssertEqual(recorder.observe(state, now: .milliseconds(5_000)).map(\.csvRow), ["3,0.0,5.0,,,,0.0,slide", "1,5.0,0.0,,,,5.0,show_end"])
        XCTAssertEqual(recorder.finish(now: .milliseconds(9_000)), [])
    }

    /// The reducer feeds the rehearsal log through its effects: a visit
    /// ends when the show moves on, and the last one before the quit.
    func testTheReducerEmitsEachVisitAndTheLastBeforeQuitting() {
        var state = PadState(animate: false)
        var rows: [String] = []
        func at(_ ms: Int, _ event: PadEvent) -> [Effect] {
            let effects = state.reduce(event, now: .milliseconds(ms))
            for case .visitEnded(let visit) in effects { rows.append(visit.csvRow) }
            return effects
        }
        _ = at(0, .source(.showStarted(slideCount: 4, current: 0)))
        _ = at(2_000, .source(.slideChanged(index: 1)))
        _ = at(2_500, .key(.char("q")))  // asks first
        let last = at(3_000, .key(.char("y")))
        XCTAssertEqual(rows, ["1,0.0,0.0,,,,0.0,show_start", "1,0.0,2.0,,,,0.0,slide", "2,2.0,1.0,,,,2.0,slide", "2,3.0,0.0,,,,3.0,show_end"])
        XCTAssertEqual(last.last, .quit, "the visit goes out before the quit")
    }
}
