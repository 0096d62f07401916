import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// Reading, in-process (was ReadingEndToEndTests in tmux): the notes take
/// PgUp/PgDn after N (the show stays), the help pages at 80×24, and the pace
/// against a rehearsal log prepared on disk (the latest of talk.csv,
/// talk-2.csv wins; a foreign CSV is said and the pad runs on).
final class ReadingInProcessTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cp-reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// `demo --no-animation --pictures blocks --config <empty file>`.
    private func pad(paceFrom: String? = nil, width: Int = 80, height: Int = 24) throws -> ScriptedPad {
        var settings = PadSettings()
        settings.paceFrom = paceFrom
        return try ScriptedPad(source: ScriptedPad.demo(seed: 1, latency: 5...40), width: width, height: height,
                               settings: settings, config: "")
    }

    func testNotesPageWithPgDnOnlyWhileTheyHaveTheKeys() throws {
        let pad = try pad(width: 80, height: 24)
        try pad.waitFor(text: "Current · 1/14")
        // Slide 6 has the demo's long notes; 2× spacing.
        pad.send("6", "Enter")
        try pad.waitFor(text: "Current · 6/14")
        pad.send("+")
        try pad.waitFor(text: "more below ↓")
        let before = pad.screen
        pad.send("N")
        try pad.waitFor(text: "Notes 2× · PgUp PgDn page")
        pad.send("PageDown")
        try pad.waitFor("the notes moved, the show did not") { screen in
            screen != before && screen.contains("↑") && ScriptedPad.statusLine(screen).contains("6/14")
        }
        pad.send("Escape")
        try pad.waitFor("the keys given back") { !$0.contains("PgUp PgDn page") }
        pad.send("PageDown")
        try pad.waitFor("PgDn moves the show again") { ScriptedPad.statusLine($0).contains("7/14") }
    }

    func testTheHelpPagesAt80x24() throws {
        let pad = try pad()
        try pad.waitFor(text: "Current · 1/14")
        pad.send("?")
        try pad.waitFor(text: "PgDn more")
        XCTAssertFalse(pad.screen.contains("a taller terminal"), "nothing is cut any more")
        for _ in 0..<6 { pad.send("PageDown") }
        try pad.waitFor(text: "PgUp back")
        let last = pad.screen
        XCTAssertTrue(last.contains("laser pointer") || last.contains("Marks on screen"), last)
        XCTAssertTrue(ScriptedPad.statusLine(last).contains("help open: Esc closes it; the show did not move"),
                      "PgDn paged the help, not the show, and the status line says so")
        pad.send("Escape")
        try pad.waitFor("the show still on 1/14") { ScriptedPad.statusLine($0).contains("1/14") && !$0.contains("Keys · Esc closes") }
    }

    /// A rehearsal of 14 slides whose slide 1 lasted `first` seconds.
    private func rehearsal(firstSlide first: Double) -> String {
        var rows = ["slide,entered_at,seconds", "1,0.0,\(first)"]
        for slide in 2...14 { rows.append("\(slide),\(first + Double(slide - 2) * 30),30.0") }
        return rows.joined(separator: "\n") + "\n"
    }

    func testThePaceAgainstTheLatestRehearsal() throws {
        let dir = try temporaryDirectory()
        let talk = dir.appendingPathComponent("talk.csv")
        try rehearsal(firstSlide: 600).write(to: talk, atomically: true, encoding: .utf8)
        let second = dir.appendingPathComponent("talk-2.csv")
        try rehearsal(firstSlide: 1).write(to: second, atomically: true, encoding: .utf8)
        // talk-2.csv is the latest written: its slide 1 lasted one second.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: talk.path)
        let pad = try pad(paceFrom: talk.path)
        try pad.waitForShow()
        // Two seconds on slide 1, of the rehearsal's one.
        pad.advance(seconds: 2)
        try pad.waitFor("behind the latest rehearsal at slide 1, under the big timer") { screen in
            screen.range(of: #"\+0:[0-9]{2} behind at slide 1\b"#, options: .regularExpression) != nil
        }
        pad.send("End")
        try pad.waitFor("ahead at the last slide") { screen in
            screen.range(of: #"-[0-9]:[0-9]{2} ahead at slide 14"#, options: .regularExpression) != nil
        }
        pad.send("f")
        try pad.waitFor("full screen: the status line says it") { screen in
            ScriptedPad.statusLine(screen).range(of: #"-[0-9]:[0-9]{2} ahead at slide 14"#, options: .regularExpression) != nil
        }
    }

    func testAForeignCSVIsSaidAndThePadRunsWithoutIt() throws {
        let dir = try temporaryDirectory()
        let foreign = dir.appendingPathComponent("guests.csv")
        try "name,email\nAnn,ann@example.org\n".write(to: foreign, atomically: true, encoding: .utf8)
        let pad = try pad(paceFrom: foreign.path, width: 120, height: 40)
        try pad.waitFor(text: "not a rehearsal log")
        XCTAssertTrue(pad.screen.contains("line 1"), pad.screen)
        // The pad runs: the demo's show starts as it would without the log.
        try pad.waitFor("the show running") { ScriptedPad.statusLine($0).contains("1/14") }
        pad.send("Escape")
        try pad.waitFor("the notice goes, no pace words") { !$0.contains("not a rehearsal log") && !$0.contains("at slide 1") }
    }
}
