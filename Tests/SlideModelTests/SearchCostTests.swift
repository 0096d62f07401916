import XCTest
@testable import SlideModel

/// A search key's cost does not grow with the deck (issue 30, item 15):
/// notes are folded once as they arrive, a letter typed narrows the last
/// matches, and notes arriving mid-search are looked at one by one. Counted
/// in slides looked at, not in milliseconds (bench figures in
/// docs/BENCHMARKS.md).
final class SearchCostTests: XCTestCase {
    private func deck(_ count: Int) -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        _ = state.reduce(.source(.showStarted(slideCount: count, current: 0)), now: .zero)
        for i in 0..<count where i % 10 != 9 {
            let topic = i % 100 == 0 ? "Café budget" : "roadmap"
            _ = state.reduce(.source(.notes(index: i, "Slide \(i): \(topic) number \(i)")), now: .zero)
        }
        return state
    }

    private func type(_ text: String, _ state: inout PadState) -> [Int] {
        text.map { c in
            _ = state.reduce(.key(.char(c)), now: .milliseconds(1000))
            return state.search?.slidesLookedAt ?? -1
        }
    }

    func testTypingNarrowsInsteadOfLookingAtEverySlideAgain() {
        for count in [300, 10_000] {
            var state = deck(count)
            _ = state.reduce(.key(.tab), now: .milliseconds(500))
            _ = state.reduce(.key(.char("/")), now: .milliseconds(600))
            let looked = type("cafe", &state)
            XCTAssertEqual(looked.first, count, "\(count): the first letter looks at every slide")
            let withoutNotes = count / 10
            XCTAssertEqual(looked.last!, count / 100 + withoutNotes, "\(count): the last letter looks only at the last matches and the slides without notes: \(looked)")
            XCTAssertEqual(state.search?.matches.count, count / 100, "\(count): every Café slide found, accents ignored")
            XCTAssertEqual(state.search?.hiddenWithoutNotes, withoutNotes)

            // Notes arriving mid-search: one slide looked at, and found.
            _ = state.reduce(.source(.notes(index: 9, "Now a café too")), now: .milliseconds(1100))
            XCTAssertEqual(state.search?.slidesLookedAt, 1)
            XCTAssertEqual(state.search?.matches.prefix(2), [0, 9])
            XCTAssertEqual(state.search?.hiddenWithoutNotes, withoutNotes - 1)

            // Backspace widens: every slide again, and the same answer as a fresh search.
            _ = state.reduce(.key(.backspace), now: .milliseconds(1200))
            var fresh = SlideSearch(query: "caf")
            let buffer = state.buffer
            fresh.refresh(slideCount: count) { buffer.foldedNotes(of: $0) }
            XCTAssertEqual(state.search?.matches, fresh.matches, "\(count)")
        }
    }
}
