@testable import SlideModel

/// Runs of one talk as `--rehearsal-log` writes them, made by the pad's own
/// recorder on virtual time: a 12-slide deck in 5 sections, two rehearsals
/// and the talk, each a list of (slide, seconds) stays and blanks.
enum TalkRuns {
    static let agenda = [
        TalkSection(name: "Opening", firstSlide: 0, planned: .seconds(60)),
        TalkSection(name: "Why terminals", firstSlide: 2, planned: .seconds(120)),
        TalkSection(name: "How it works", firstSlide: 4, planned: .seconds(180)),
        TalkSection(name: "Demo, live", firstSlide: 7, planned: .seconds(120)),
        TalkSection(name: "Questions", firstSlide: 10, planned: .seconds(120)),
    ]

    enum Step { case stay(slide: Int, seconds: Int), blank(seconds: Int) }

    static func stays(_ seconds: [Int]) -> [Step] { seconds.enumerated().map { .stay(slide: $0.offset, seconds: $0.element) } }

    /// First rehearsal: long on How it works. Second: closer. The talk: a blank of 20 s in the demo.
    static let rehearsal1 = stays([40, 35, 60, 70, 90, 80, 60, 50, 50, 40, 60, 50])
    static let rehearsal2 = stays([30, 30, 55, 60, 70, 60, 50, 45, 40, 40, 60, 55])
    static let talk: [Step] = stays([30, 25, 50, 60, 60, 55, 50, 40]) + [.blank(seconds: 20)]
        + [.stay(slide: 8, seconds: 45), .stay(slide: 9, seconds: 30), .stay(slide: 10, seconds: 40), .stay(slide: 11, seconds: 60)]

    /// The CSV text of one run, header first, as the pad writes it.
    static func log(_ steps: [Step], titles: Bool = true) -> String {
        var state = PadState(animate: false)
        state.agenda.written = agenda
        state.talkDuration = .seconds(600)
        var rows = [RehearsalRecorder.csvHeader]
        var now = Duration.seconds(1)
        func apply(_ event: PadEvent) {
            for case .visitEnded(let row) in state.reduce(event, now: now) { rows.append(row.csvRow) }
        }
        apply(.source(.link(.local("demo"))))
        apply(.source(.showStarted(slideCount: 12, current: 0)))
        if titles { for i in 0..<12 { apply(.source(.notes(index: i, .plain("Slide \(i + 1), \"part\" \(i / 3 + 1)\nmore")))) } }
        for step in steps {
            switch step {
            case .stay(let slide, let seconds):
                if slide != state.current { apply(.source(.slideChanged(index: slide))) }
                now += .seconds(seconds)
            case .blank(let seconds):
                apply(.key(.char("b")))
                now += .seconds(seconds)
                apply(.key(.char("b")))
            }
        }
        apply(.key(.char("q")))
        apply(.key(.char("y")))
        return rows.joined(separator: "\n") + "\n"
    }
}

import XCTest

/// Writes the three runs to $CONTROLPAD_WRITE_TALK_RUNS (a folder) to look at them with the binary; skipped otherwise.
final class TalkRunsFiles: XCTestCase {
    func testWriteTheRunsWhenAsked() throws {
        guard let folder = ProcessInfo.processInfo.environment["CONTROLPAD_WRITE_TALK_RUNS"] else { throw XCTSkip("CONTROLPAD_WRITE_TALK_RUNS not set") }
        try TalkRuns.log(TalkRuns.rehearsal1).write(toFile: folder + "/rehearsal.csv", atomically: true, encoding: .utf8)
        try TalkRuns.log(TalkRuns.rehearsal2).write(toFile: folder + "/rehearsal-2.csv", atomically: true, encoding: .utf8)
        try TalkRuns.log(TalkRuns.talk).write(toFile: folder + "/talk.csv", atomically: true, encoding: .utf8)
    }
}
