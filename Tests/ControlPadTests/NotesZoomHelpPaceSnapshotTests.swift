import XCTest
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import PadConfig
@testable import SlideModel

/// The help paging at small sizes, the notes zoom (wider spacing, or the
/// terminal's own scaling), the notes holding the keys, and the pace against
/// a rehearsal, as text snapshots.
final class NotesZoomHelpPaceSnapshotTests: XCTestCase {
    private func render(_ state: inout PadState, _ w: Int, _ h: Int, textSizing: Bool = false) -> CellGrid {
        PadFrame(&state, view: PadView(clock: "14:05", pictures: nil, textSizing: textSizing),
                 size: TerminalSize(width: w, height: h), now: .milliseconds(201_000)).grid
    }

    func testTheHelpPagesAt80x24And40x12() {
        for (w, h) in [(80, 24), (40, 12)] {
            var state = samplePadState()
            _ = state.reduce(.key(.char("?")), now: .zero)
            let first = render(&state, w, h)
            assertSnapshot(first, named: "help-paged-\(w)x\(h)-first")
            XCTAssertTrue(first.text.contains("1–"), "it says where the reader is\n\(first.text)")
            XCTAssertGreaterThan(state.viewport.helpMaxScroll, 0)
            _ = state.reduce(.key(.pageDown), now: .zero)
            let second = render(&state, w, h)
            XCTAssertNotEqual(first.text, second.text, "PgDn shows the next page")
            XCTAssertEqual(state.current, 2, "and the show stays")
            _ = state.reduce(.key(.end), now: .zero)
            let last = render(&state, w, h)
            assertSnapshot(last, named: "help-paged-\(w)x\(h)-last")
            XCTAssertTrue(last.text.contains("PgUp back"), last.text)
        }
    }

    func testTheHelpIsLaidOutOncePerSizeYetPagesAKeyTypedAheadOfIt() {
        let view = PadView(clock: "14:05", pictures: nil)
        var state = samplePadState()
        for now in stride(from: 0, to: 10_000, by: 1000) {
            _ = PadFrame(&state, view: view, size: TerminalSize(width: 80, height: 24), now: .milliseconds(now))
        }
        XCTAssertEqual(view.helpPages.layouts, 1, "a tick's frame does not lay out the help again")
        // `?` and PgDn in one read: PgDn pages with what the last frame, drawn with the help closed, measured.
        _ = state.reduce(.key(.char("?")), now: .milliseconds(10_000))
        _ = state.reduce(.key(.pageDown), now: .milliseconds(10_000))
        XCTAssertGreaterThan(state.viewState(.help).scroll, 0, "PgDn typed ahead scrolls the help")
        let help = PadFrame(&state, view: view, size: TerminalSize(width: 80, height: 24), now: .milliseconds(10_000)).grid
        XCTAssertFalse(help.text.contains("1–"), "the second page is shown\n\(help.text)")
        _ = PadFrame(&state, view: view, size: TerminalSize(width: 40, height: 12), now: .milliseconds(11_000))
        XCTAssertEqual(view.helpPages.layouts, 2, "a new size lays it out again")
    }

    func testEveryHelpLineIsReachableByPaging() {
        var state = samplePadState()
        _ = state.reduce(.key(.char("?")), now: .zero)
        var seen = ""
        for _ in 0..<20 {
            seen += render(&state, 80, 24).text
            _ = state.reduce(.key(.char(" ")), now: .zero)
        }
        for needle in ["C-\\", "mouse", "click the notes", "larger notes", "focus", "behind the rehearsal", "Marks on screen"] where needle != "focus" {
            XCTAssertTrue(seen.contains(needle), "\(needle) is on some page")
        }
        XCTAssertTrue(seen.contains("notes take PgUp PgDn"), "the focus key's line")
    }

    func testANarrowHelpWrapsEverySummaryInsteadOfCuttingIt() {
        var state = samplePadState()
        _ = state.reduce(.key(.char("?")), now: .zero)
        var seen: [String] = []
        for _ in 0..<40 {
            seen += render(&state, 40, 12).text.split(separator: "\n").map { line in
                // The popover's inside: between the line's last two borders.
                let parts = line.split(separator: "│", omittingEmptySubsequences: false)
                return parts.count >= 3 ? parts[parts.count - 2].trimmingCharacters(in: .whitespaces) : ""
            }
            _ = state.reduce(.key(.pageDown), now: .zero)
        }
        let words = Set(seen.joined(separator: " ").split(separator: " ").map(String.init))
        let entries = HelpView.entries(state.bindings, moves: state.movesWhileBlank)
        let blank = HelpView.format(entries, width: 36).filter { !$0.isEmpty && $0.allSatisfy { $0 == " " } }
        XCTAssertEqual(blank, [], "a summary without keys of its own (the mouse's) gets no empty keys line")
        for case .item(_, let summary) in entries {
            for word in summary.split(separator: " ") {
                XCTAssertTrue(words.contains(String(word)), "\"\(word)\" of \"\(summary)\" is whole on some page at 40×12")
            }
        }
    }

    func testNotesZoomWiderSpacingAndFocusedTitle() {
        var state = samplePadState()
        _ = state.reduce(.key(.char("L")), now: .zero)  // notes first
        _ = render(&state, 120, 40)
        _ = state.reduce(.key(.char("+")), now: .zero)
        _ = state.reduce(.key(.char("N")), now: .zero)
        let grid = render(&state, 120, 40)
        assertSnapshot(grid, named: "notes-zoom2-focused-notes-first-120x40")
        XCTAssertTrue(grid.text.contains("Notes 2× · PgUp PgDn page · Esc"), grid.text)
        XCTAssertTrue(grid.scaledText.isEmpty, "no terminal scaling here")
    }

    func testNotesZoomWithTheTerminalsTextSizing() throws {
        var state = samplePadState()
        _ = state.reduce(.key(.char("L")), now: .zero)
        _ = render(&state, 120, 40, textSizing: true)
        for _ in 0..<3 { _ = state.reduce(.key(.char("+")), now: .zero) }
        XCTAssertEqual(state.notesZoom, 3, "a terminal that scales text gets 3×")
        let grid = render(&state, 120, 40, textSizing: true)
        assertSnapshot(grid, named: "notes-zoom3-text-sizing-120x40")
        let first = try XCTUnwrap(grid.scaledText.first)
        XCTAssertEqual(first.scale, 3)
        XCTAssertTrue(first.text.hasPrefix("Remember the"), first.text)
        XCTAssertEqual(grid.scaledText.map(\.y), grid.scaledText.indices.map { first.y + 3 * $0 }, "a line every 3 rows")
        XCTAssertFalse(grid.text.contains("Remember the R&D"), "the cells under scaled text stay blank")
        let bytes = ScaledTextWriter.bytes(grid.scaledText)
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("\u{1B}]66;s=3;Remember the"))
        let erase = ScaledTextWriter.erase(grid.scaledText, keeping: [])
        XCTAssertEqual(erase.filter { $0 == 0x20 }.count, grid.scaledText.reduce(0) { $0 + $1.columns * 3 },
                       "every cell of every scaled run gets a space")
    }

    private func rehearsed(_ state: inout PadState) {
        state.rehearsedSchedule = [.zero, .milliseconds(20_000), .milliseconds(60_000), .milliseconds(150_000), .milliseconds(170_000)]  // slide 3's turn: 60–150 s
    }

    func testThePaceAgainstTheRehearsalUnderTheClockOrInTheStatusLine() {
        for (w, h) in [(80, 24), (120, 40)] {
            var state = samplePadState()
            rehearsed(&state)
            let grid = render(&state, w, h)
            assertSnapshot(grid, named: "pace-rehearsal-\(w)x\(h)")
            let body = grid.text.split(separator: "\n").dropLast().joined(separator: "\n")
            XCTAssertTrue(body.contains("+0:51 behind at slide 3"), "under the big timer (201 s, its turn ended at 150 s)\n\(grid.text)")
        }
        var full = samplePadState()
        rehearsed(&full)
        _ = full.reduce(.key(.char("f")), now: .zero)
        let grid = render(&full, 80, 24)
        assertSnapshot(grid, named: "pace-rehearsal-full-screen-80x24")
        let status = String(grid.text.split(separator: "\n").last ?? "")
        XCTAssertTrue(status.contains("+0:51 behind at slide 3"), "no big timer: the status line says it\n\(status)")
    }
}
