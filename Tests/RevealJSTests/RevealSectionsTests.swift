import XCTest
@testable import RevealJS
@testable import SlideModel

/// A reveal.js deck's sections and timings (issue 41), as reveal.js's
/// speaker view reads `data-timing`, `totalTime` and `defaultTiming`.
final class RevealSectionsTests: XCTestCase {
    /// pandoc --slide-level=2: a level-1 heading's slide, its level-2 slides below it.
    private let deck = RevealDeck(slides: [
        RevealSlide(h: 0, title: "A talk"),
        RevealSlide(h: 1, v: 0, title: "Why", timing: 30), RevealSlide(h: 1, v: 1, title: "Because", timing: 90),
        RevealSlide(h: 2, v: 0, title: "How"), RevealSlide(h: 2, v: 1, title: "Like this"), RevealSlide(h: 2, v: 2),
    ])

    func testEachHorizontalStackIsASectionNamedByItsFirstSlide() {
        let sections = deck.sections(totalTime: 0, defaultTiming: nil).sections
        XCTAssertEqual(sections.map(\.name), ["A talk", "Why", "How"])
        XCTAssertEqual(sections.map(\.firstSlide), [0, 1, 3])
        let flat = RevealDeck(slides: [RevealSlide(h: 0, title: "a"), RevealSlide(h: 1, title: "b")])
        XCTAssertEqual(flat.sections(totalTime: 0, defaultTiming: nil).sections, [], "no stacks, no sections")
    }

    func testTimingsFollowRevealsSpeakerView() {
        let none = RevealDeck(slides: [RevealSlide(h: 0), RevealSlide(h: 1)]).sections(totalTime: 0, defaultTiming: nil)
        XCTAssertEqual(none.slideTimings, [], "a deck without timings plans nothing")
        let given = deck.sections(totalTime: 0, defaultTiming: nil)
        XCTAssertEqual(given.slideTimings, [nil, .seconds(30), .seconds(90), nil, nil, nil],
                       "data-timing where given, nothing elsewhere without totalTime or defaultTiming")
        let total = deck.sections(totalTime: 600, defaultTiming: nil)
        XCTAssertEqual(total.slideTimings.compactMap { $0 }.reduce(.zero, +), .seconds(600), "totalTime's rest shared by the others")
        XCTAssertEqual(total.totalTime, .seconds(600))
        XCTAssertEqual(deck.sections(totalTime: 0, defaultTiming: 60).slideTimings.first, .seconds(60))
    }

    func testTheSyncsSlidesCarryTitlesAndTimings() throws {
        let value = try XCTUnwrap(JSONValue.parse(#"[[0,0,0,"Intro",null],[1,0,2,"Body",45],[1,1,0]]"#))
        let parsed = try XCTUnwrap(RevealDeck(value))
        XCTAssertEqual(parsed.slides.map(\.title), ["Intro", "Body", ""])
        XCTAssertEqual(parsed.slides.map(\.timing), [nil, 45, nil])
    }
}
