import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// The demo's sections through the whole pad on the in-memory terminal
/// (issue 41): the demo source sends them, the timer area names the
/// section, `]` and `[` jump, the agenda shows the times and Enter goes,
/// the list has the headings.
final class AgendaInProcessTests: XCTestCase {
    private func status(_ pad: ScriptedPad, shows position: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try pad.waitFor("status \(position)", file: file, line: line) { ScriptedPad.statusLine($0).contains(" \(position) ") }
    }

    func testTheDemosSectionsJumpsAndTheAgenda() throws {
        let pad = try ScriptedPad(source: ScriptedPad.demo(seed: 3, latency: 5...40), config: nil, depth: nil)
        try status(pad, shows: "1/14")
        try pad.waitFor(text: "§ 1/5 Welcome · 2:00 left")

        pad.send("]")
        // The section's clock runs on the slides the show confirms.
        try pad.waitFor("the show at 3/14") { ScriptedPad.statusLine($0).contains(" 3/14 ") && !ScriptedPad.statusLine($0).contains("→") }
        try pad.waitFor(text: "§ 2/5 Pairing and the pad · 4:00 left")
        pad.advance(seconds: 400)  // 6:40 in a section planned for 4:00, after 2:00 for Welcome
        try pad.waitFor(text: "§ 2/5 Pairing and the pad · 2:40 over")
        try pad.waitFor(text: "▲ +0:40 behind")

        pad.send("A")
        let agenda = try pad.waitFor("the agenda") { $0.contains("Agenda · 5 sections · +0:40 behind") }
        let lines = agenda.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("✓ Welcome") && $0.contains("2:00") && $0.contains(" under") }, agenda)
        XCTAssertTrue(lines.contains { $0.contains("▶ Pairing and the pad") && $0.contains("4:00") && $0.contains("6:40") && $0.contains("2:40 over") }, agenda)
        pad.send("Down", "Down", "Enter")
        try status(pad, shows: "10/14")
        try pad.waitFor("the agenda closed, in The network") { !$0.contains("Agenda ·") && $0.contains("§ 4/5 The network") }

        pad.send("[")
        try status(pad, shows: "7/14")
        pad.send("Tab")
        try pad.waitFor(text: "§ Keys and the show")
        pad.quit()
    }
}
