import Foundation
import XCTest
@testable import ControlPadCLI
@testable import ControlPadUI
@testable import PadConfig
@testable import SlideModel

/// The agenda file gets the config's care (issue 41): every mistake is
/// reported with its line, and the rest applies.
final class AgendaFileTests: XCTestCase {
    func testTheDocumentedExampleReads() {
        let agenda = AgendaFile.parse(AgendaFile.example, file: "agenda.toml")
        XCTAssertEqual(agenda.problems, [])
        XCTAssertEqual(agenda.sections, [TalkSection(name: "Why terminals", firstSlide: 0, planned: .seconds(180)),
                                         TalkSection(name: "How it works", firstSlide: 3, planned: .seconds(450))])
    }

    func testEveryMistakeIsReportedWithItsLineAndTheRestApplies() {
        let text = """
            title = "my talk"
            [[section]]
            name = "Welcome"
            slide = 1
            minutes = "soon"

            [[section]]
            slide = 3

            [[section]]
            name = "Demo"
            slide = 0

            [[section]]
            name = "Body"
            slide = 4
            minuts = 5

            [[section]]
            name = "Early"
            slide = 2

            [[section]]
            name = "Wrap-up"
            slide = 9
            minutes = 2.5
            """
        let agenda = AgendaFile.parse(text, file: "agenda.toml")
        XCTAssertEqual(agenda.sections.map(\.name), ["Welcome", "Body", "Wrap-up"])
        XCTAssertEqual(agenda.sections.map(\.firstSlide), [0, 3, 8])
        XCTAssertEqual(agenda.sections.map(\.planned), [nil, nil, .seconds(150)])
        XCTAssertEqual(agenda.problems.map(\.line), [1, 5, 7, 12, 17, 21])
        let words = agenda.problems.map(\.description)
        XCTAssertTrue(words[0].hasPrefix("agenda.toml:1: unknown key title"), words[0])
        XCTAssertTrue(words[1].contains("minutes must be a number"), words[1])
        XCTAssertTrue(words[2].contains("section 2 needs a name"), words[2])
        XCTAssertTrue(words[3].contains("\"Demo\" needs the slide it begins on"), words[3])
        XCTAssertTrue(words[4].contains("unknown key minuts"), words[4])
        XCTAssertTrue(words[5].contains("not after \"Body\" (slide 4)"), words[5])
    }

    func testBadTOMLIsReportedOnItsLineAndTheOtherSectionsApply() {
        let text = """
            [[section]]
            name = "One"
            slide = 1
            minutes = = 3

            [[section]]
            name = "Two"
            slide = 5
            """
        let agenda = AgendaFile.parse(text, file: "a.toml")
        XCTAssertEqual(agenda.sections.map(\.name), ["One", "Two"])
        XCTAssertEqual(agenda.problems.first?.line, 4)
        XCTAssertTrue(agenda.problems.first?.message.contains("not valid TOML") == true)
    }

    func testAMissingFileAndAnEmptyOneSaySo() {
        XCTAssertEqual(AgendaFile.read(path: "/nonexistent/agenda.toml").problems.first?.message, "no such file (or it cannot be read)")
        XCTAssertTrue(AgendaFile.parse("# nothing yet\n", file: "a.toml").problems.first?.message.hasPrefix("no [[section]]") == true)
    }

    func testTheConfigsAgendaIsRelativeToTheConfigFile() {
        let loaded = ConfigLoader(file: "/home/me/.config/controlpad/config.toml", text: "agenda = \"talk.toml\"\n").parse()
        XCTAssertEqual(loaded.config.agenda, "/home/me/.config/controlpad/talk.toml")
        let absolute = ConfigLoader(file: "/x/config.toml", text: "agenda = \"/talks/a.toml\"\n").parse()
        XCTAssertEqual(absolute.config.agenda, "/talks/a.toml")
        XCTAssertEqual(ConfigLoader(file: "/x/c.toml", text: "agenda = 3\n").parse().problems.first?.line, 1)
    }

    func testPresentFindsTheAgendaNextToTheDeck() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-beside-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let deck = directory.appendingPathComponent("talk.html").path
        XCTAssertNil(PresentCommand.agenda(beside: deck), "none beside it")
        let agenda = directory.appendingPathComponent("talk.agenda.toml").path
        FileManager.default.createFile(atPath: agenda, contents: Data(AgendaFile.example.utf8))
        XCTAssertEqual(PresentCommand.agenda(beside: deck), agenda)
        XCTAssertNil(PresentCommand.agenda(beside: directory.appendingPathComponent("other.html").path))
    }

    /// The pad said "6 problems" and listed 5 (issue 52, item 18): what is
    /// not listed is counted, and every one is listed on the way out.
    func testTheNoticeCountsWhatItDoesNotList() {
        let text = (1...6).map { "[[section]]\nname = \"S\($0)\"\nslide = \"x\"\n" }.joined()
        let agenda = AgendaFile.parse(text, file: "a.toml")
        XCTAssertEqual(agenda.problems.count, 6)
        let notice = PadStart.agendaNotice(agenda)
        let lines = notice.split(separator: "\n")
        XCTAssertTrue(lines[0].hasPrefix("agenda: 6 problems"), notice)
        XCTAssertEqual(lines.filter { $0.hasPrefix("a.toml:") }.count, 5, notice)
        XCTAssertEqual(lines.last, "… and 1 more: all are listed here when the pad quits")
        XCTAssertEqual(PadStart.agendaNotice(agenda, all: true).split(separator: "\n").filter { $0.hasPrefix("a.toml:") }.count, 6)
    }
}
