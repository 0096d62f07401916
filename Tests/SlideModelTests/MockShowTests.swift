import XCTest
@testable import SlideModel
import DemoSource

final class MockShowTests: XCTestCase {
    static let deck = DemoDeck(title: "Test deck", slides: (0..<12).map { i in
        DemoDeck.Slide(preview: Preview(png: [UInt8(i)]), notesMarkup: i == 3 ? nil : "<html><body>Notes \(i)<br/></body></html>")
    })

    private func run(seed: UInt64) -> [MockShow.Timed] {
        var knobs = MockKnobs()
        knobs.seed = seed
        knobs.dropRate = 0.3
        knobs.duplicateRate = 0.2
        var show = MockShow(deck: Self.deck, knobs: knobs)
        var out = show.begin(at: .zero)
        out += show.handle(.next, at: .milliseconds(500))
        out += show.handle(.goto(index: 7), at: .milliseconds(900))
        out += show.handle(.previous, at: .milliseconds(1200))
        return out
    }

    func testSameSeedSameEvents() {
        XCTAssertEqual(run(seed: 42), run(seed: 42))
        XCTAssertNotEqual(run(seed: 42), run(seed: 43), "another seed, another run")
    }

    func testEveryItemIsDeliveredDespiteDrops() {
        for seed in 1...20 {
            let events = run(seed: UInt64(seed)).map(\.event)
            for i in 0..<12 {
                XCTAssertTrue(events.contains(.preview(index: i, Preview(png: [UInt8(i)]))), "seed \(seed): preview \(i)")
                if i != 3 {
                    XCTAssertTrue(events.contains(.notes(index: i, "Notes \(i)")), "seed \(seed): notes \(i)")
                }
            }
            XCTAssertFalse(events.contains { if case .notes(3, _) = $0 { return true } else { return false } },
                           "the slide without notes gets none")
        }
    }

    func testItemsComeOutOfOrderDuplicatedAndLate() {
        let items = run(seed: 7).filter { if case .preview = $0.event { return true } else { return false } }
        let order = items.sorted { $0.at < $1.at }.compactMap { item -> Int? in
            if case .preview(let i, _) = item.event { return i } else { return nil }
        }
        XCTAssertNotEqual(order, order.sorted(), "previews arrive out of order")
        XCTAssertGreaterThan(order.count, 12, "some previews arrive twice")
        XCTAssertGreaterThan(items.map(\.at).max() ?? .zero, .milliseconds(800), "a dropped item is re-sent late")
    }

    func testAnswersToQuickCommandsComeInOrder() {
        for seed in 1...20 {
            var knobs = MockKnobs()
            knobs.seed = UInt64(seed)
            var show = MockShow(deck: Self.deck, knobs: knobs)
            _ = show.begin(at: .zero)
            let answers = (0..<5).flatMap { show.handle(.next, at: .milliseconds(100 + $0)) }
            let delivered = answers.sorted { $0.at < $1.at }.map(\.event)
            XCTAssertEqual(delivered.last, .slideChanged(index: 5), "seed \(seed): five presses, five steps")
        }
    }

    func testCommandsAnswerWithTheNewCurrentSlide() {
        var show = MockShow(deck: Self.deck, knobs: MockKnobs())
        _ = show.begin(at: .zero)
        let answer = show.handle(.next, at: .milliseconds(100))
        XCTAssertEqual(answer.map(\.event), [.slideChanged(index: 1)])
        XCTAssertGreaterThan(answer[0].at, .milliseconds(100), "after the source's own latency")
        XCTAssertEqual(show.handle(.goto(index: 99), at: .milliseconds(200)), [], "out of range: silence, like Impress")
        XCTAssertEqual(show.handle(.blank, at: .milliseconds(300)), [], "blank: silence, like Impress")
        XCTAssertEqual(show.handle(.stop, at: .milliseconds(400)).map(\.event), [.showFinished])
        XCTAssertEqual(show.handle(.next, at: .milliseconds(500)), [], "no show: nothing moves")
        XCTAssertEqual(show.handle(.start, at: .milliseconds(600)).first { if case .sections = $0.event { false } else { true } }?.event,
                       .showStarted(slideCount: 12, current: 0))
    }

    /// As LibreOffice 25.2 answers a move on a blank screen: the show's
    /// stream again (`slideshow_started` twice, every preview anew), then
    /// the move; ← ends the blank and stays.
    func testAMoveWhileBlankEndsTheBlankAsImpressDoes() {
        var knobs = MockKnobs()
        knobs.dropRate = 0
        knobs.duplicateRate = 0
        for (command, after) in [(SourceCommand.next, 3), (.previous, 2), (.goto(index: 6), 6)] {
            var show = MockShow(deck: Self.deck, knobs: knobs)
            _ = show.begin(at: .zero)
            _ = show.handle(.goto(index: 2), at: .milliseconds(100))
            XCTAssertEqual(show.handle(.blank, at: .milliseconds(2000)), [])
            XCTAssertTrue(show.blank)
            let events = show.handle(command, at: .milliseconds(3000)).sorted { $0.at < $1.at }.map(\.event)
            XCTAssertFalse(show.blank, "\(command) ends the blank")
            XCTAssertEqual(Array(events.prefix(3)), [.blankEnded] + Array(repeating: .showStarted(slideCount: 12, current: 2), count: 2),
                           "\(command): the blank ended, then slideshow_started twice, on the slide it was on")
            XCTAssertEqual(events.filter { if case .preview = $0 { return true } else { return false } }.count, 12,
                           "\(command): a new preview stream")
            let moves = events.filter { if case .slideChanged = $0 { return true } else { return false } }
            XCTAssertEqual(moves, after == 2 ? [] : [.slideChanged(index: after)], "\(command)")
            XCTAssertEqual(show.current, after)
            XCTAssertTrue(show.handle(.next, at: .milliseconds(9000)).allSatisfy { if case .slideChanged = $0.event { return true } else { return false } },
                          "\(command): not blank any more, a move is just a move")
        }
    }
}
