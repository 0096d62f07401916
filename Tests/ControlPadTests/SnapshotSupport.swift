import Foundation
import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import PadConfig
@testable import SlideModel

/// Compares a grid's text with `Snapshots/NAME.txt`. With
/// CONTROLPAD_RECORD_SNAPSHOTS=1 it writes the file instead (and fails, so a
/// recording run is never mistaken for a passing one).
func assertSnapshot(_ grid: CellGrid, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    assertSnapshotText(grid.text, named: name, file: file, line: line)
}

func assertSnapshotText(_ text: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name + ".txt")
    let actual = text + "\n"
    if ProcessInfo.processInfo.environment["CONTROLPAD_RECORD_SNAPSHOTS"] == "1" {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        XCTFail("recorded \(name); run again without CONTROLPAD_RECORD_SNAPSHOTS", file: file, line: line)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("no snapshot \(name).txt; record with CONTROLPAD_RECORD_SNAPSHOTS=1\n\(actual)", file: file, line: line)
        return
    }
    if expected != actual {
        XCTFail("snapshot \(name) differs.\n--- expected\n\(expected)--- actual\n\(actual)", file: file, line: line)
    }
}

/// A repeatable pad: a 12-slide show on slide 3, some previews and notes in.
func samplePadState() -> PadState {
    var state = PadState(animate: false)
    _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
    _ = state.reduce(.source(.showTitle("A tour of ControlPad")), now: .zero)
    _ = state.reduce(.source(.showStarted(slideCount: 12, current: 2)), now: .zero)
    for i in [0, 1, 2, 4, 6] { _ = state.reduce(.source(.preview(index: i, Preview(png: [UInt8(i)]))), now: .zero) }
    let notes = [
        0: "Welcome everyone.\nIntroduce yourself.",
        1: "Agenda: pairing, commands, previews.",
        2: "Remember the R&D figures: <beta> \"quoted\" café.\n日本語のノート and 中文 take two columns each. 🎤\nThis line is long enough that it must wrap inside the notes pane at every width we test.",
        4: "Slide five notes.",
    ]
    for (i, text) in notes { _ = state.reduce(.source(.notes(index: i, .plain(text))), now: .zero) }
    _ = state.reduce(.source(.slideChanged(index: 2)), now: .zero)
    return state
}

/// Renders like the loop does: one `PadFrame`.
func renderPad(_ state: inout PadState, width: Int, height: Int, now: Duration = .milliseconds(201_000)) -> CellGrid {
    PadFrame(&state, view: PadView(clock: "14:05", pictures: nil), size: TerminalSize(width: width, height: height), now: now).grid
}
