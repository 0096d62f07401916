import Foundation
import XCTest

/// Reading in a real terminal: the notes take PgUp/PgDn after N (the show
/// stays), the help pages at 80×24, and the pace against a rehearsal log
/// prepared on disk (the latest of talk.csv, talk-2.csv wins; a foreign CSV
/// is said and the pad runs on).
final class ReadingEndToEndTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cp-reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    private func pad(_ arguments: String = "", width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let home = try temporaryDirectory()
        let file = home.appendingPathComponent("config.toml")
        try "".write(to: file, atomically: true, encoding: .utf8)
        return try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --pictures blocks --config \(file.path) \(arguments)",
                               width: width, height: height, environment: ["XDG_STATE_HOME": home.path, "HOME": home.path])
    }

    func testNotesPageWithPgDnOnlyWhileTheyHaveTheKeys() throws {
        let session = try pad("", width: 80, height: 24)
        try session.waitFor(text: "Current · 1/14")
        // Slide 6 has the demo's long notes; 2× spacing.
        try session.send("6", "Enter")
        try session.waitFor(text: "Current · 6/14")
        try session.send("+")
        try session.waitFor(text: "more below ↓")
        let before = try session.screen()
        try session.send("N")
        try session.waitFor(text: "Notes 2× · PgUp PgDn page")
        try session.send("PageDown")
        try session.waitFor("the notes moved, the show did not") { screen in
            screen != before && screen.contains("↑") && TmuxSession.statusLine(screen).contains("6/14")
        }
        try session.send("Escape")
        try session.waitFor("the keys given back") { !$0.contains("PgUp PgDn page") }
        try session.send("PageDown")
        try session.waitFor("PgDn moves the show again") { TmuxSession.statusLine($0).contains("7/14") }
    }

    func testTheHelpPagesAt80x24() throws {
        let session = try pad()
        try session.waitFor(text: "Current · 1/14")
        try session.send("?")
        try session.waitFor(text: "PgDn more")
        XCTAssertFalse(try session.screen().contains("a taller terminal"), "nothing is cut any more")
        for _ in 0..<6 { try session.send("PageDown") }
        try session.waitFor(text: "PgUp back")
        let last = try session.screen()
        XCTAssertTrue(last.contains("laser pointer") || last.contains("Marks on screen"), last)
        XCTAssertTrue(TmuxSession.statusLine(last).contains("help open: Esc closes it; the show did not move"),
                      "PgDn paged the help, not the show, and the status line says so")
        try session.send("Escape")
        try session.waitFor("the show still on 1/14") { TmuxSession.statusLine($0).contains("1/14") && !$0.contains("Keys · Esc closes") }
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
        let session = try pad("--pace-from \(talk.path)")
        try session.waitFor("behind the latest rehearsal at slide 1, under the big timer", timeout: 15) { screen in
            screen.range(of: #"\+0:[0-9]{2} behind at slide 1\b"#, options: .regularExpression) != nil
        }
        try session.send("End")
        try session.waitFor("ahead at the last slide") { screen in
            screen.range(of: #"-[0-9]:[0-9]{2} ahead at slide 14"#, options: .regularExpression) != nil
        }
        try session.send("f")
        try session.waitFor("full screen: the status line says it") { screen in
            TmuxSession.statusLine(screen).range(of: #"-[0-9]:[0-9]{2} ahead at slide 14"#, options: .regularExpression) != nil
        }
    }

    func testAForeignCSVIsSaidAndThePadRunsWithoutIt() throws {
        let dir = try temporaryDirectory()
        let foreign = dir.appendingPathComponent("guests.csv")
        try "name,email\nAnn,ann@example.org\n".write(to: foreign, atomically: true, encoding: .utf8)
        let session = try pad("--pace-from \(foreign.path)", width: 120, height: 40)
        try session.waitFor(text: "not a rehearsal log")
        let screen = try session.screen()
        XCTAssertTrue(screen.contains("line 1"), screen)
        // The pad runs: the demo's show starts as it would without the log.
        try session.waitFor("the show running") { TmuxSession.statusLine($0).contains("1/14") }
        try session.send("Escape")
        try session.waitFor("the notice goes, no pace words") { !$0.contains("not a rehearsal log") && !$0.contains("at slide 1") }
    }
}
