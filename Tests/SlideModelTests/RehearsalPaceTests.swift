import XCTest
@testable import SlideModel

/// `--pace-from`: a rehearsal log read back, its schedule, and the pace
/// against it slide by slide, on virtual time.
final class RehearsalPaceTests: XCTestCase {
    /// A rehearsal as `--rehearsal-log` writes it: 4 slides, 30 s, 60 s, 20 s, 50 s.
    static let log = """
    slide,entered_at,seconds
    1,0.0,30.0
    2,30.0,60.0
    3,90.0,20.0
    4,110.0,50.0

    """

    func testTheWritersRowsComeBackAsTheScheduleTheyWrote() throws {
        var recorder = RehearsalRecorder()
        var state = PadState(animate: false)
        var rows = [RehearsalRecorder.csvHeader]
        _ = state.reduce(.source(.showStarted(slideCount: 3, current: 0)), now: .milliseconds(1000))
        _ = recorder.observe(state, now: .milliseconds(1000))
        for (slide, at) in [(1, 13_400), (2, 40_000)] {
            _ = state.reduce(.source(.slideChanged(index: slide)), now: .milliseconds(at))
            rows += recorder.observe(state, now: .milliseconds(at)).map(\.csvRow)
        }
        rows += recorder.finish(now: .milliseconds(55_000)).map(\.csvRow)
        let log = try RehearsalLog.parse(rows.joined(separator: "\n") + "\n")
        XCTAssertEqual(log.schedule, [.zero, .milliseconds(12_400), .milliseconds(39_000), .milliseconds(54_000)], "turn starts from the talk's start, and its end")
    }

    func testScheduleFromVisitsGoingBackAndSkipping() throws {
        let log = try RehearsalLog.parse("""
        slide,entered_at,seconds
        1,0.0,10.0
        2,10.0,15.0
        1,25.0,5.0
        2,30.0,10.0
        5,40.0,20.5
        """)
        XCTAssertEqual(log.schedule, [.zero, .milliseconds(10_000), .milliseconds(40_000), .milliseconds(40_000), .milliseconds(40_000), .milliseconds(60_500)],
                       "going back does not move a turn; skipped slides 3 and 4 have none")
    }

    func testTheLastRunWithASlideWins() throws {
        let text = Self.log + RehearsalRecorder.firstHeader + "\n1,0.0,100.0\n2,100.0,100.0\n" + RehearsalRecorder.csvHeader + "\n"
        let log = try RehearsalLog.parse(text)
        XCTAssertEqual(log.runs, 3)
        XCTAssertEqual(log.schedule, [.zero, .milliseconds(100_000), .milliseconds(200_000)], "the second run; the third never showed a slide")
    }

    func testForeignAndBrokenLogsSayWhatIsWrong() {
        func problem(_ text: String) -> RehearsalLog.Problem? {
            do { _ = try RehearsalLog.parse(text); return nil } catch { return error }
        }
        XCTAssertEqual(problem("name,email\nann,a@b\n")?.line, 1)
        XCTAssertTrue(problem("name,email\n")?.message.hasPrefix("not a rehearsal log") ?? false)
        XCTAssertEqual(problem("slide,entered_at,seconds\n1,0.0,3\n2,x,3\n")?.line, 3)
        XCTAssertEqual(problem("slide,entered_at,seconds\n1,0.0\n")?.message.contains("2 fields"), true)
        XCTAssertEqual(problem("slide,entered_at,seconds\n0,0.0,1.0\n")?.line, 2, "slides count from 1")
        XCTAssertEqual(problem("slide,entered_at,seconds\n1,-1,1.0\n")?.line, 2)
        XCTAssertEqual(problem("slide,entered_at,seconds\n1,999999999,1.0\n")?.line, 2, "more than a day")
        XCTAssertEqual(problem(""), RehearsalLog.Problem(line: nil, message: "empty: no rehearsal in it"))
        XCTAssertNil(problem("slide,entered_at,seconds\r\n1,0.0,3.25\r\n"), "CRLF as a spreadsheet saves it")
        XCTAssertEqual(problem("slide,entered_at,seconds\n")?.message, "no slide visits in it (the rehearsal never showed a slide)")
    }

    private func pad(schedule: [Duration], duration: Duration? = nil, slides: Int = 4) -> PadState {
        var state = PadState(animate: false)
        state.rehearsedSchedule = schedule
        state.talkDuration = duration
        _ = state.reduce(.source(.showStarted(slideCount: slides, current: 0)), now: .zero)
        return state
    }

    func testPaceAgainstTheRehearsalSlideBySlide() throws {
        var state = pad(schedule: try RehearsalLog.parse(Self.log).schedule)
        var reading = try XCTUnwrap(state.paceReading(at: .milliseconds(20_000)))
        XCTAssertEqual(reading.rehearsalWords, "on time at slide 1", "inside slide 1's turn (0–30 s)")
        XCTAssertEqual(reading.pace, .onTime)
        reading = try XCTUnwrap(state.paceReading(at: .milliseconds(72_000)))
        XCTAssertEqual(reading.rehearsalWords, "+0:42 behind at slide 1", "42 s past its turn")
        XCTAssertEqual(reading.pace, .over, "more than its own 30 s turn behind")

        _ = state.reduce(.source(.slideChanged(index: 2)), now: .milliseconds(80_000))
        reading = try XCTUnwrap(state.paceReading(at: .milliseconds(80_000)))
        XCTAssertEqual(reading.offset, .milliseconds(-10_000))
        XCTAssertEqual(reading.rehearsalWords, "-0:10 ahead at slide 3")
        XCTAssertEqual(reading.pace, .onTime)
        reading = try XCTUnwrap(state.paceReading(at: .milliseconds(125_000)))
        XCTAssertEqual(reading.rehearsalWords, "+0:15 behind at slide 3")
        XCTAssertEqual(reading.pace, .tight, "behind by less than slide 3's 20 s turn")
    }

    func testThePaceFollowsThePressesAndStandsStillWhileBlank() throws {
        var state = pad(schedule: [.zero, .milliseconds(30_000), .milliseconds(90_000), .milliseconds(110_000), .milliseconds(160_000)])
        _ = state.reduce(.key(.right), now: .milliseconds(40_000))
        XCTAssertEqual(state.paceReading(at: .milliseconds(40_000))?.slide, 2, "measured where the presses head")
        _ = state.reduce(.key(.char("b")), now: .milliseconds(100_000))
        let before = state.paceReading(at: .milliseconds(100_000))
        XCTAssertEqual(state.paceReading(at: .milliseconds(160_000)), before, "a blank screen stops the talk's clock")
        XCTAssertEqual(before?.rehearsalWords, "+0:10 behind at slide 2")
    }

    func testAShowLongerThanTheRehearsalMeasuresPastItsEndAgainstItsEnd() throws {
        var state = pad(schedule: [.zero, .milliseconds(30_000), .milliseconds(90_000)], slides: 6)
        _ = state.reduce(.source(.slideChanged(index: 4)), now: .milliseconds(100_000))
        XCTAssertEqual(state.paceReading(at: .milliseconds(100_000))?.rehearsalWords, "+0:10 behind at slide 5")
    }

    func testAPlannedLengthStillTurnsItRedOnceOver() throws {
        let state = pad(schedule: [.zero, .milliseconds(30_000), .milliseconds(90_000), .milliseconds(110_000), .milliseconds(160_000)], duration: .milliseconds(60_000))
        XCTAssertEqual(state.paceReading(at: .milliseconds(61_000))?.pace, .over, "past the planned minute")
        XCTAssertEqual(state.paceReading(at: .milliseconds(61_000))?.rehearsed, true, "measured against the rehearsal still")
    }
}
