import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import ControlPadScripting
@testable import SlideModel

/// The talk's black box (issue 51): the log's new columns and old logs,
/// `controlpad report`'s table, chart, SVG and JSON for two rehearsals and
/// a talk of a 5-section deck (`TalkRuns`), and the chapters in each
/// published syntax.
final class TalkReportTests: XCTestCase {
    private func runs() throws -> [(name: String, run: RehearsalLog.Run)] {
        [("rehearsal.csv", try RehearsalLog.allRuns(TalkRuns.log(TalkRuns.rehearsal1))[0]),
         ("rehearsal-2.csv", try RehearsalLog.allRuns(TalkRuns.log(TalkRuns.rehearsal2))[0]),
         ("talk.csv", try RehearsalLog.allRuns(TalkRuns.log(TalkRuns.talk))[0])]
    }

    private func report() throws -> TalkReport { TalkReport(runs: try runs()) }

    // MARK: the log

    func testTheLogCarriesSectionTitleStepBlanksAndTheShowsStartAndEnd() throws {
        let text = TalkRuns.log(TalkRuns.talk)
        let run = try XCTUnwrap(RehearsalLog.allRuns(text).first)
        XCTAssertFalse(run.isOld)
        XCTAssertEqual(run.rows.first?.event, .showStart)
        XCTAssertEqual(run.rows.last?.event, .showEnd)
        XCTAssertEqual(run.rows.filter { $0.event == .plan }.map { $0.section ?? "" },
                       ["Opening", "Why terminals", "How it works", "Demo, live", "Questions"], "the plan, a comma in a name kept")
        XCTAssertEqual(run.rows.first { $0.event == .length }?.spent, .seconds(600))
        let demo = try XCTUnwrap(run.visits.first { $0.slide == 8 })
        XCTAssertEqual(demo.section, "Demo, live")
        XCTAssertEqual(demo.title, "Slide 8, \"part\" 3", "the notes' first line, quotes and comma kept through CSV")
        XCTAssertTrue(text.contains("8,330.0,60.0,\"Demo, live\",\"Slide 8, \"\"part\"\" 3\",,330.0,slide\n"), text)
        let blank = try XCTUnwrap(run.rows.first { $0.event == .blank })
        XCTAssertEqual(blank.slide, 8)
        XCTAssertEqual(blank.spent, .seconds(20))
        let questions = try XCTUnwrap(run.visits.first { $0.slide == 11 })
        XCTAssertEqual(questions.enteredAt, .seconds(445), "talk time: the blank not counted")
        XCTAssertEqual(questions.sinceStart, .seconds(465), "from the show's start: the blank counted")
        // The pace still reads it: the schedule from the visits.
        XCTAssertEqual(try RehearsalLog.parse(text).schedule.last, .seconds(545), "the talk's time at the last visit's end")
    }

    func testTheStepASlideWasLeftAtIsLogged() throws {
        var state = PadState(animate: false)
        var rows: [RehearsalRecorder.Visit] = []
        func apply(_ event: PadEvent, _ at: Int) { for case .visitEnded(let row) in state.reduce(event, now: .seconds(at)) { rows.append(row) } }
        apply(.source(.link(.local("deck"))), 0)
        apply(.source(.showStarted(slideCount: 3, current: 0)), 0)
        apply(.source(.step(index: 0, SlideStep(shown: 2, count: 3))), 5)
        apply(.source(.slideChanged(index: 1)), 9)
        XCTAssertEqual(rows.first { $0.event == .slide }?.step, "2/3")
        XCTAssertTrue(rows.first { $0.event == .slide }?.csvRow.hasSuffix(",2/3,0.0,slide") ?? false)
    }

    func testOldLogsAreStillRead() throws {
        let old = "slide,entered_at,seconds\n1,0.0,30.0\n2,30.0,60.0\n3,90.0,20.0\n"
        let run = try XCTUnwrap(RehearsalLog.allRuns(old).first)
        XCTAssertTrue(run.isOld)
        XCTAssertEqual(run.visits.map(\.slide), [1, 2, 3])
        XCTAssertEqual(try RehearsalLog.parse(old).schedule, [.zero, .seconds(30), .seconds(90), .seconds(110)], "--pace-from as before")
        let report = TalkReport(runs: [("old.csv", run)])
        XCTAssertEqual(report.runs.first?.total, .seconds(110))
        XCTAssertEqual(report.sections, [], "an old log names no sections")
        XCTAssertEqual(Chapter.from(run, perSlide: true).map(\.title), ["1", "2", "3"])
        // An old run and a new one in one file (a pad updated between two rehearsals).
        let both = try RehearsalLog.allRuns(old + TalkRuns.log(TalkRuns.talk))
        XCTAssertEqual(both.map(\.isOld), [true, false])
    }

    // MARK: the report

    func testTheSectionsTableForTwoRehearsalsAndTheTalk() throws {
        let report = try report()
        XCTAssertEqual(report.sections.map(\.name), ["Opening", "Why terminals", "How it works", "Demo, live", "Questions"])
        let how = report.sections[2]
        XCTAssertEqual(how.planned, .seconds(180))
        XCTAssertEqual(how.actual, [.seconds(230), .seconds(180), .seconds(165)])
        XCTAssertEqual(how.overrun, .seconds(-15))
        XCTAssertEqual(report.sections[3].actual.last, .seconds(115), "the demo's 20 s blank is no talk time")
        XCTAssertEqual(report.runs.map(\.total), [.seconds(685), .seconds(595), .seconds(545)])
        XCTAssertEqual(report.length, .seconds(600))
        XCTAssertEqual(report.longest(3).map(\.slide), [4, 5, 12], "the talk's longest (1:00 each), ties in slide order")
        XCTAssertEqual(report.movedMost(2).map(\.slide), [11, 5], "from the second rehearsal to the talk")

        let text = ReportText(color: false, unicode: true, width: 80).render(report)
        XCTAssertTrue(text.contains("Section        Planned    Run 1    Run 2     Talk  Over/under\n"), text)
        XCTAssertTrue(text.contains("How it works      3:00     3:50     3:00     2:45  -0:15 under\n"), text)
        XCTAssertTrue(text.contains("Total            10:00    11:25     9:55     9:05  -0:55 under\n"), text)
        XCTAssertTrue(text.contains("slide 11 “Slide 11, \"part\" 4”  1:00 → 0:40  -0:20"), text)
    }

    func testTheChartIsPlannedAgainstEachRunOnOneScaleInColourOrPlainOrASCII() throws {
        let report = try report()
        let plain = ReportText(color: false, unicode: true, width: 80).render(report)
        XCTAssertFalse(plain.contains("\u{1B}"), "NO_COLOR: not one escape")
        let lines = plain.split(separator: "\n").map(String.init)
        let how = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("How it works  planned") })
        func bar(_ line: String) -> Int { line.filter { $0 == "█" || $0 == "░" }.count }
        XCTAssertEqual(bar(lines[how + 1]), 50, "the longest (3:50) takes the whole room")
        XCTAssertEqual(bar(lines[how]), 39, "3:00 of 3:50")
        XCTAssertTrue(lines[how + 1].hasSuffix("3:50 ⚑"), "over its plan: a mark, not a colour alone")
        XCTAssertTrue(lines[how + 3].hasPrefix("              Talk    ") && lines[how + 3].hasSuffix("2:45"))
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "inside the width")

        let coloured = ReportText(color: true, unicode: true, width: 80).render(report)
        XCTAssertTrue(coloured.contains("\u{1B}[31m" + String(repeating: "█", count: 50) + "\u{1B}[0m") == false, "only the talk's bar is red or green")
        XCTAssertTrue(coloured.contains("\u{1B}[32m"), "the talk under its plan: green")
        XCTAssertTrue(coloured.contains("\u{1B}[31m+1:15 over") == false)

        let ascii = ReportText(color: false, unicode: false, width: 80).render(report)
        XCTAssertTrue(ascii.contains("How it works  planned " + String(repeating: "=", count: 39) + " 3:00"), ascii)
        XCTAssertTrue(ascii.contains(String(repeating: "#", count: 50) + " 3:50 !"), ascii)
        XCTAssertFalse(ascii.contains("█") || ascii.contains("⚑") || ascii.contains("░"), "LANG=C: ASCII bars and marks")
    }

    func testTheSVGIsReadBackByAnXMLParser() throws {
        let svg = ReportSVG.render(try report())
        final class Reader: NSObject, XMLParserDelegate {
            var bars: [(run: String, seconds: Int, width: Int)] = []
            var sections: [String] = []
            var texts: [String] = []
            var root: String?
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if root == nil { root = name }
                if name == "rect", attributes["class"] == "bar" {
                    bars.append((attributes["data-run"] ?? "", Int(attributes["data-seconds"] ?? "") ?? -1, Int(attributes["width"] ?? "") ?? -1))
                }
                if name == "g", let section = attributes["data-name"] { sections.append(section) }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "well-formed: \(String(describing: parser.parserError))")
        XCTAssertEqual(reader.root, "svg")
        XCTAssertEqual(reader.sections, ["Opening", "Why terminals", "How it works", "Demo, live", "Questions"])
        XCTAssertEqual(reader.bars.count, 5 * 4, "per section: the plan and three runs")
        let how = reader.bars[8..<12]
        XCTAssertEqual(how.map(\.run), ["planned", "Run 1", "Run 2", "Talk"])
        XCTAssertEqual(how.map(\.seconds), [180, 230, 180, 165])
        XCTAssertEqual(how.map(\.width).max(), 420, "the longest bar fills the chart")
        XCTAssertTrue(reader.texts.joined().contains("Total: planned 10:00 · Run 1 11:25 · Run 2 9:55 · Talk 9:05"))
        XCTAssertEqual(ReportSVG.escaped("<b> & \"q\" \u{7}"), "&lt;b&gt; &amp; &quot;q&quot; ", "a hostile name stays text")
    }

    func testTheJSONGivesTheNumbers() throws {
        let json = ReportJSON.render(try report())
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["schema"] as? Int, 1)
        XCTAssertEqual((object["runs"] as? [[String: Any]])?.map { $0["total_s"] as? Int }, [685, 595, 545])
        XCTAssertEqual((object["runs"] as? [[String: Any]])?.map { $0["label"] as? String }, ["Run 1", "Run 2", "Talk"])
        let sections = try XCTUnwrap(object["sections"] as? [[String: Any]])
        XCTAssertEqual(sections[2]["name"] as? String, "How it works")
        XCTAssertEqual(sections[2]["actual_s"] as? [Int], [230, 180, 165])
        XCTAssertEqual(sections[2]["over_s"] as? Int, -15)
        XCTAssertEqual(sections[2]["planned_s"] as? Int, 180)
        XCTAssertEqual(object["length_s"] as? Int, 600)
        XCTAssertEqual(object["longest"] as? [Int], [4, 5, 12, 6, 3])
        XCTAssertEqual((object["slides"] as? [[String: Any]])?.count, 12)
        XCTAssertEqual(json.filter { $0 == "\n" }.count, 1, "one line")
        let old = ReportJSON.render(TalkReport(runs: [("old.csv", try XCTUnwrap(RehearsalLog.allRuns("slide,entered_at,seconds\n1,0.0,3.0\n").first))]))
        XCTAssertTrue(old.contains("\"length_s\":null") && old.contains("\"title\":null") && old.contains("\"change_s\":null"),
                      "every field always there, null when not known: \(old)")
    }

    // MARK: chapters

    private func talkRun() throws -> RehearsalLog.Run { try runs()[2].run }

    func testChaptersPerSectionCountTheBlankAsTheRecordingSawIt() throws {
        let chapters = Chapter.from(try talkRun(), perSlide: false)
        XCTAssertEqual(chapters.map(\.title), ["Opening", "Why terminals", "How it works", "Demo, live", "Questions"])
        XCTAssertEqual(chapters.map(\.start), [0, 55, 165, 330, 465].map { .seconds($0) }, "Questions at 7:45: 7:25 of talk + the 20 s blank")
        XCTAssertEqual(chapters.last?.end, .seconds(565))
        XCTAssertEqual(Chapter.from(try talkRun(), perSlide: true).count, 12)
        XCTAssertEqual(Chapter.from(try talkRun(), perSlide: true)[7].title, "8 · Slide 8, \"part\" 3")
    }

    /// YouTube's rules: lines "MM:SS Title" (or H:MM:SS), the first at 00:00,
    /// in order, at least three, each at least 10 s long.
    func testYouTubeChapters() throws {
        let text = Chapter.text(Chapter.from(try talkRun(), perSlide: false), format: .youtube)
        XCTAssertEqual(text, "00:00 Opening\n00:55 Why terminals\n02:45 How it works\n05:30 Demo, live\n07:45 Questions\n")
        let short = [Chapter(start: .zero, end: .seconds(4), title: "Title"), Chapter(start: .seconds(4), end: .seconds(60), title: "Intro"),
                     Chapter(start: .seconds(60), end: .seconds(65), title: "Blink"), Chapter(start: .seconds(65), end: .seconds(3700), title: "Long")]
        XCTAssertEqual(Chapter.text(short, format: .youtube), "0:00:00 Intro\n0:01:05 Long\n",
                       "a short first gives way at 0:00, a short one joins the one before, hours past an hour")
        for line in text.split(separator: "\n") {
            XCTAssertNotNil(line.wholeMatch(of: /(\d+:)?\d\d:\d\d \S.*/), String(line))
        }
    }

    /// WebVTT (W3C): "WEBVTT" first, a blank line before each cue, an
    /// identifier, "hh:mm:ss.ttt --> hh:mm:ss.ttt", the text escaped; read
    /// back by ffmpeg below.
    func testWebVTTChapters() throws {
        var chapters = Chapter.from(try talkRun(), perSlide: false)
        chapters[1].title = "Why <terminals> & --> arrows"
        let text = Chapter.text(chapters, format: .webvtt)
        XCTAssertTrue(text.hasPrefix("WEBVTT\n\n1\n00:00:00.000 --> 00:00:55.000\nOpening\n\n2\n"), text)
        XCTAssertTrue(text.contains("\nWhy &lt;terminals&gt; &amp; --&gt; arrows\n"), "no tag, no --> in a cue's text")
        let blocks = text.components(separatedBy: "\n\n").dropFirst()
        XCTAssertEqual(blocks.count, 5)
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertNotNil(lines[1].wholeMatch(of: /\d\d:\d\d:\d\d\.\d\d\d --> \d\d:\d\d:\d\d\.\d\d\d/), block)
        }
    }

    /// ffmpeg's WebVTT demuxer reads the chapters back, with their times
    /// (opt-in: ffmpeg is 115 MiB of packages that CI does not install;
    /// `apt-get install ffmpeg` runs it).
    func testFFmpegReadsTheWebVTTChapters() throws {
        let ffprobe = try Self.ffmpegTool("ffprobe")
        let text = Chapter.text(Chapter.from(try talkRun(), perSlide: false), format: .webvtt)
        let file = NSTemporaryDirectory() + "chapters-\(getpid()).vtt"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let out = try Self.run(ffprobe, ["-v", "error", "-show_packets", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0", file])
        XCTAssertEqual(out.split(separator: "\n").map { $0.split(separator: ",").prefix(2).joined(separator: ",") },
                       ["0.000000,55.000000", "55.000000,110.000000", "165.000000,165.000000", "330.000000,135.000000", "465.000000,100.000000"])
    }

    /// FFMETADATA1 (ffmpeg-formats, "Metadata"): ";FFMETADATA1", then a
    /// [CHAPTER] with TIMEBASE, START, END and title, = ; # \ and newlines
    /// escaped; ffmpeg reads it, and the guide's command puts the chapters in a video.
    func testFFMetadataChapters() throws {
        var chapters = Chapter.from(try talkRun(), perSlide: false)
        chapters[0].title = "A=b; #c \\ d"
        let text = Chapter.text(chapters, format: .ffmetadata)
        XCTAssertTrue(text.hasPrefix(";FFMETADATA1\n\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=55000\ntitle=A\\=b\\; \\#c \\\\ d\n"), text)
    }

    /// The guide's ffmpeg command puts the FFMETADATA1 chapters into a video
    /// (opt-in like the WebVTT read-back).
    func testFFMetadataChaptersGoIntoAVideoWithTheGuidesCommand() throws {
        let ffmpeg = try Self.ffmpegTool("ffmpeg")
        let ffprobe = try Self.ffmpegTool("ffprobe")
        var chapters = Chapter.from(try talkRun(), perSlide: false)
        chapters[0].title = "A=b; #c \\ d"
        let text = Chapter.text(chapters, format: .ffmetadata)
        let folder = NSTemporaryDirectory() + "chapters-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try text.write(toFile: folder + "/chapters.txt", atomically: true, encoding: .utf8)
        _ = try Self.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "color=c=black:s=32x18:r=1:d=570", "-c:v", "mpeg4", "-y", folder + "/talk.mkv"])
        // USER-GUIDE.md, "Chapters for the recording": the same command.
        _ = try Self.run(ffmpeg, ["-v", "error", "-i", folder + "/talk.mkv", "-i", folder + "/chapters.txt", "-map_metadata", "1",
                                  "-map_chapters", "1", "-codec", "copy", "-y", folder + "/talk-chapters.mkv"])
        let out = try Self.run(ffprobe, ["-v", "error", "-show_chapters", "-show_entries", "chapter=start_time,end_time:chapter_tags=title",
                                         "-of", "csv=p=0", folder + "/talk-chapters.mkv"])
        XCTAssertEqual(out.split(separator: "\n").map(String.init),
                       ["0.000000,55.000000,A=b; #c \\ d", "55.000000,165.000000,Why terminals", "165.000000,330.000000,How it works",
                        "330.000000,465.000000,\"Demo, live\"", "465.000000,565.000000,Questions"])
    }

    /// An ffmpeg program, or a skip that says how to run the test.
    static func ffmpegTool(_ name: String) throws -> String {
        guard let path = tool(name) else { throw XCTSkip("\(name) is not installed: apt-get install ffmpeg runs this read-back") }
        return path
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(path) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }
}
