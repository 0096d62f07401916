import XCTest
@testable import SlideModel
@testable import ImpressRemote

/// A connection that stops while Impress streams a show's previews follows
/// the stream to its end, whatever its pace: streams as LibreOffice sends
/// them for heavy and long decks (docs/IMPRESS-REMOTE.md, "How long a
/// stream takes"), played on virtual time with the drain timer fired as
/// the connection arms it. The old rule (50 ms a slide plus 2 s, at most
/// 15 s, and a quiet second) left every one of these mid-stream.
final class PreviewStreamPaceTests: XCTestCase {
    private func at(_ seconds: Double) -> Duration { .nanoseconds(Int64((seconds * 1e9).rounded())) }
    private func bytes(_ lines: String...) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n\n").utf8) }

    private struct Played {
        /// When the connection closed (nil: it never did, with nothing left to play).
        var closedAt: Double?
        /// Slides whose preview had arrived when it closed.
        var slidesIn: Int
        /// What it said when it started waiting.
        var said: [String]
    }

    /// A show of `slides` started at 0; slide i's preview (and notes, unless
    /// `notes` is false) arrives at `arrivals[i]`; the pad leaves at `stopAt`.
    private func play(slides: Int, arrivals: [Double], notes: Bool = true, stopAt: Double = 1) -> Played {
        var c = ImpressConnection(.init(clientName: "pad", serverLabel: "127.0.0.1", address: "127.0.0.1:1599",
                                        pairingTimeout: .seconds(10)))
        _ = c.handle(.start(storedPin: "1234", freshPin: "0042"), now: .zero)
        _ = c.handle(.connected, now: .zero)
        _ = c.handle(.received(bytes("LO_SERVER_SERVER_PAIRED") + bytes("slideshow_started", "\(slides)", "0")), now: .zero)
        var timer: Double?
        var said: [String] = []
        var slidesIn = 0
        func apply(_ actions: [ImpressConnection.Action], at now: Double) -> Bool {
            for action in actions {
                switch action {
                case .arm(.drain, let after): timer = now + after.inSeconds
                case .cancel(.drain): timer = nil
                case .log(_, let line): said.append(line)
                default: break
                }
            }
            return actions.contains(.close)
        }
        var next = 0
        while next < arrivals.count, arrivals[next] < stopAt {
            _ = c.handle(.received(slideBytes(next, notes: notes)), now: at(arrivals[next]))
            slidesIn = next + 1
            next += 1
        }
        if apply(c.handle(.stop, now: at(stopAt)), at: stopAt) { return Played(closedAt: stopAt, slidesIn: slidesIn, said: said) }
        while true {
            let arrival = next < arrivals.count ? arrivals[next] : nil
            if let due = timer, arrival.map({ due <= $0 }) ?? true {
                timer = nil
                if apply(c.handle(.timerFired(.drain), now: at(due)), at: due) { return Played(closedAt: due, slidesIn: slidesIn, said: said) }
            } else if let arrival {
                let closed = apply(c.handle(.received(slideBytes(next, notes: notes)), now: at(arrival)), at: arrival)
                slidesIn = next + 1
                next += 1
                if closed { return Played(closedAt: arrival, slidesIn: slidesIn, said: said) }
            } else {
                return Played(closedAt: nil, slidesIn: slidesIn, said: said)
            }
        }
    }

    private func slideBytes(_ index: Int, notes: Bool) -> [UInt8] {
        bytes("slide_preview", "\(index)", "AA") + (notes ? bytes("slide_notes", "\(index)", "n") : [])
    }

    /// Arrival times: the first preview after `first` s, then `gaps` in turn.
    private func arrivals(_ slides: Int, first: Double, gaps: [Double]) -> [Double] {
        var t = first
        return (0..<slides).map { i in
            defer { t += gaps[i % gaps.count] }
            return t
        }
    }

    func testADiagramDecksSlowStreamIsFollowedToItsLastNotes() {
        // 60 slides of diagrams: the first preview 2.5 s after the start, then 410 ms a slide.
        let times = arrivals(60, first: 2.5, gaps: [0.41])
        let played = play(slides: 60, arrivals: times, stopAt: 1)
        XCTAssertEqual(played.slidesIn, 60, "every slide arrived before the connection closed")
        XCTAssertEqual(played.closedAt ?? 0, times.last!, accuracy: 0.001, "closed with the last slide's notes")
        XCTAssertEqual(played.said.first, "Impress is still sending 60 slides; closing when it is done")
    }

    func testAnUnevenStreamOnABusyMachineIsFollowedThroughItsLongGaps() {
        // 80 slides of photos on a busy laptop: gaps from 80 ms to 4 s.
        let times = arrivals(80, first: 0.3, gaps: [0.08, 0.18, 0.44, 0.17, 4.0, 0.2])
        let played = play(slides: 80, arrivals: times, stopAt: 1)
        XCTAssertEqual(played.slidesIn, 80)
        XCTAssertEqual(played.closedAt ?? 0, times.last!, accuracy: 0.001)
    }

    func testAThousandSlideStreamIsFollowedLongPastTheOldFifteenSeconds() {
        let times = arrivals(1000, first: 0.1, gaps: [0.06])
        let played = play(slides: 1000, arrivals: times, stopAt: 1)
        XCTAssertEqual(played.slidesIn, 1000)
        XCTAssertEqual(played.closedAt ?? 0, times.last!, accuracy: 0.001)
        XCTAssertGreaterThan(times.last!, 60)
    }

    func testTheLastSlideWithoutNotesEndsTheWaitSoonAfterItsPreview() {
        let times = arrivals(30, first: 0.1, gaps: [0.3])
        let played = play(slides: 30, arrivals: times, notes: false, stopAt: 1)
        XCTAssertEqual(played.slidesIn, 30)
        XCTAssertEqual(played.closedAt ?? 0, times.last! + PreviewStream.notesGrace.inSeconds, accuracy: 0.001)
    }

    func testAStreamThatStopsHalfWayIsLeftOnlyAfterAQuietLongerThanAnyRealGap() {
        let times = Array(arrivals(100, first: 0.2, gaps: [0.5]).prefix(50))
        let played = play(slides: 100, arrivals: times, stopAt: 1)
        XCTAssertEqual(played.slidesIn, 50)
        XCTAssertEqual(played.closedAt ?? 0, times.last! + PreviewStream.quiet.inSeconds, accuracy: 0.001)
        XCTAssertGreaterThanOrEqual(PreviewStream.quiet, .seconds(5), "longer than the longest gap measured on heavy decks")
    }

    func testAStreamThatTricklesForeverIsLeftAtTheSafetyNetInMinutes() {
        // A million slides, one every 5 s: it never ends and never goes quiet.
        let times = (0..<400).map { 0.5 + 5 * Double($0) }
        let played = play(slides: 1_000_000, arrivals: times, stopAt: 1)
        XCTAssertEqual(played.closedAt ?? 0, 1 + PreviewStream.safetyNet.inSeconds, accuracy: 0.001)
        XCTAssertGreaterThanOrEqual(PreviewStream.safetyNet, .seconds(10 * 60), "a net, not a guess: minutes")
    }
}
