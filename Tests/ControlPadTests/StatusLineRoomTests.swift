import XCTest
@testable import ControlPadUI
import PadGrid
@testable import SlideModel

/// What the status line keeps when room is short: the position, the
/// timer, the clock and "? help" before the peer's name and version; and
/// BLANK under a message.
final class StatusLineRoomTests: XCTestCase {
    private func statusLine(_ grid: CellGrid) -> String {
        String(grid.text.split(separator: "\n", omittingEmptySubsequences: false).last(where: { !$0.isEmpty }) ?? "")
    }

    private func revealPad(title: String = "Real-peer deck") -> PadState {
        var state = samplePadState()
        _ = state.reduce(.source(.link(.connected(server: "reveal.js 5.2.1 · Chrome 156 · 127.0.0.1:46405"))), now: .zero)
        _ = state.reduce(.source(.showTitle(title)), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: 14, current: 2)), now: .zero)
        _ = state.reduce(.source(.step(index: 2, SlideStep(shown: 1, count: 3))), now: .zero)
        return state
    }

    /// At 120 columns the browser's version gives way, not the clock, "? help" or the deck's title.
    func testAt120ColumnsThePeersVersionGivesWayFirst() {
        var state = revealPad()
        let line = statusLine(renderPad(&state, width: 120, height: 40))
        XCTAssertTrue(line.contains("Real-peer deck"), line)
        XCTAssertTrue(line.contains("14:05"), "the clock: \(line)")
        XCTAssertTrue(line.contains("? help"), line)
        XCTAssertTrue(line.contains("3/14 · step 1/3"), line)
    }

    /// At 80×24 with a planned length, "? help" stays.
    func testAt80ColumnsWithADurationTheHelpHintStays() {
        var state = revealPad()
        state.talkDuration = .seconds(20 * 60)
        let line = statusLine(renderPad(&state, width: 80, height: 24))
        XCTAssertTrue(line.contains("? help"), line)
        XCTAssertTrue(line.contains("/ 20:00"), line)
    }

    /// A message over the status line keeps BLANK in sight.
    func testAMessageKeepsBlankInSight() {
        var state = samplePadState()
        for key: Key in [.char("b"), .tab, .pageDown] { _ = state.reduce(.key(key), now: .milliseconds(200_000)) }
        let line = statusLine(renderPad(&state, width: 80, height: 24, now: .milliseconds(200_100)))
        XCTAssertTrue(line.contains("list open: Esc closes it; the show did not move"), line)
        XCTAssertTrue(line.hasPrefix(" BLANK · "), line)
    }

    /// The status line's glyphs (the timer, the timer standing still) are
    /// in DejaVu Sans Mono, a common terminal font: no tofu (⏱ and ⏸ were).
    func testTheStatusLinesGlyphsAreInDejaVuSansMono() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/fc-list"), "fontconfig's fc-list")
        var state = samplePadState()
        _ = state.reduce(.key(.char("b")), now: .milliseconds(200_000))
        let line = statusLine(renderPad(&state, width: 120, height: 40, now: .milliseconds(200_100)))
        XCTAssertTrue(line.contains("◷") && line.contains("❚❚"), line)
        func families(_ pattern: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
            process.arguments = [pattern, "family"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            defer { process.waitUntilExit() }
            return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        try XCTSkipUnless(try families(":").contains("DejaVu Sans Mono"), "DejaVu Sans Mono is not installed")
        for scalar in Set(line.unicodeScalars.filter { $0.value > 0x7F }) {
            let families = try families(":charset=\(String(scalar.value, radix: 16))")
            XCTAssertTrue(families.contains("DejaVu Sans Mono"), "\(scalar) (U+\(String(scalar.value, radix: 16, uppercase: true))) is tofu in DejaVu Sans Mono")
        }
    }
}
