import XCTest
@testable import SlideModel

final class LoadBufferTests: XCTestCase {
    private func preview(_ n: UInt8) -> Preview { Preview(png: [n]) }

    func testLateArrivalOfAnOldRequestNeverShows() {
        var buffer = LoadBuffer()
        buffer.request(.current, slide: 3)
        buffer.request(.current, slide: 4)  // the view moved on before 3 arrived
        XCTAssertEqual(buffer.arrive(preview: preview(4), for: 4), [.current])
        XCTAssertEqual(buffer.content(for: .current)?.preview, preview(4))
        XCTAssertEqual(buffer.arrive(preview: preview(3), for: 3), [], "nobody waits for 3 any more")
        XCTAssertEqual(buffer.content(for: .current)?.preview, preview(4), "the view shows 4, never 3")
    }

    func testOneArrivalFillsEveryViewWaitingForIt() {
        var buffer = LoadBuffer()
        buffer.request(.next, slide: 5)
        buffer.request(.listRow(2), slide: 5)
        buffer.request(.listRow(3), slide: 6)
        XCTAssertEqual(buffer.arrive(preview: preview(5), for: 5), [.next, .listRow(2)])
        XCTAssertEqual(buffer.content(for: .next)?.preview, preview(5))
        XCTAssertEqual(buffer.content(for: .listRow(2))?.preview, preview(5))
        XCTAssertNil(buffer.content(for: .listRow(3))?.preview)
    }

    func testDuplicateArrivalChangesNothing() {
        var buffer = LoadBuffer()
        buffer.request(.current, slide: 1)
        XCTAssertEqual(buffer.arrive(notes: "hello", for: 1), [.current])
        XCTAssertEqual(buffer.arrive(notes: "hello", for: 1), [], "a duplicate redraws nothing")
        XCTAssertEqual(buffer.content(for: .current)?.notes, "hello")
    }

    func testUnrequestedArrivalIsKeptAndFillsALaterRequestAtOnce() {
        var buffer = LoadBuffer()
        XCTAssertEqual(buffer.arrive(preview: preview(9), for: 9), [])
        let filled = buffer.request(.next, slide: 9)
        XCTAssertEqual(filled.preview, preview(9), "the view is filled at once")
    }

    func testPreviewAndNotesFillIndependently() {
        var buffer = LoadBuffer()
        buffer.request(.current, slide: 2)
        _ = buffer.arrive(notes: "n2", for: 2)
        XCTAssertEqual(buffer.content(for: .current), .init(preview: nil, notes: "n2"))
        _ = buffer.arrive(preview: preview(2), for: 2)
        XCTAssertEqual(buffer.content(for: .current), .init(preview: preview(2), notes: "n2"))
    }

    func testRemovedViewGetsNothing() {
        var buffer = LoadBuffer()
        buffer.request(.listRow(0), slide: 7)
        buffer.remove(.listRow(0))
        XCTAssertEqual(buffer.arrive(preview: preview(7), for: 7), [])
        XCTAssertNil(buffer.content(for: .listRow(0)))
        XCTAssertEqual(buffer.tags(waitingFor: 7), [])
    }

    func testReverseIndexFollowsTheLastRequest() {
        var buffer = LoadBuffer()
        buffer.request(.current, slide: 1)
        buffer.request(.current, slide: 2)
        buffer.request(.current, slide: 3)
        XCTAssertEqual(buffer.tags(waitingFor: 1), [])
        XCTAssertEqual(buffer.tags(waitingFor: 2), [])
        XCTAssertEqual(buffer.tags(waitingFor: 3), [.current])
    }

    func testForgettingContentLeavesNothingStale() {
        var buffer = LoadBuffer()
        buffer.request(.current, slide: 0)
        _ = buffer.arrive(preview: preview(0), for: 0)
        XCTAssertEqual(buffer.previewCount, 1)
        XCTAssertEqual(buffer.forgetContent(), [.current])
        XCTAssertNil(buffer.content(for: .current)?.preview)
        XCTAssertEqual(buffer.previewCount, 0)
        XCTAssertEqual(buffer.arrive(preview: preview(1), for: 0), [.current], "requests survive; new content refills")
    }

    /// A server may declare 100 000 slides: the kept bytes stay within the
    /// budget, and what goes is what is farthest from every view.
    func testKeptContentStaysWithinItsBudget() {
        var buffer = LoadBuffer(byteBudget: 1_000)
        buffer.request(.current, slide: 10)
        buffer.request(.next, slide: 11)
        for slide in 0..<100 {
            _ = buffer.arrive(preview: Preview(png: Array(repeating: UInt8(slide), count: 100)), for: slide)
            _ = buffer.arrive(notes: "note", for: slide)
            XCTAssertLessThanOrEqual(buffer.keptBytes, 1_000, "after slide \(slide)")
        }
        XCTAssertEqual(buffer.content(for: .current)?.preview?.png.first, 10, "what a view shows stays")
        XCTAssertEqual(buffer.content(for: .next)?.notes, "note")
        XCTAssertEqual(buffer.previewCount, (0..<100).filter { buffer.request(.listRow(0), slide: $0).preview != nil }.count)
        XCTAssertNotNil(buffer.request(.listRow(0), slide: 99).preview, "the newest arrival stays")
        XCTAssertNil(buffer.request(.listRow(0), slide: 50).preview, "far from every view: dropped")
    }
}
