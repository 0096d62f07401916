import XCTest
@testable import ControlPadScripting
import SlideModel
import Syscalls

/// `watch` follows the process that holds a show's link (`DoorRequest.follow`):
/// the lines it is given say every event it prints, the show so far when
/// it comes in late, the blank its holder made, and why the holder let go.
final class ShowFollowersTests: XCTestCase {
    private let problem = LinkProblem(source: "impress", code: "closed", reason: "Impress closed the connection", fix: "start it")

    /// Every event but pictures goes over the line and comes back the same.
    func testEveryEventButPicturesComesBackAsItWent() {
        var step = SlideStep(shown: 1, count: 3, detail: "↓ 2/3")
        step.isKnown = false
        let events: [SourceEvent] = [
            .link(.local("demo")), .link(.connecting(to: "127.0.0.1:1599")), .link(.pairing(pin: "0042", place: "Slide Show ▸ Impress Remote")),
            .link(.connected(server: "Impress 7.4 · 127.0.0.1")), .link(.reconnecting(inSeconds: 3, problem: problem)), .link(.failed(problem)),
            .showStarted(slideCount: 40, current: 3), .showTitle("talk \"final\".odp"), .slideChanged(index: 7), .step(index: 7, step),
            .sections(SourceSections(sections: [TalkSection(name: "Intro", firstSlide: 0, planned: .seconds(90)), TalkSection(name: "Demo", firstSlide: 4)],
                                     slideTimings: [.milliseconds(1500), nil], totalTime: .seconds(1200))),
            .stepCounts([0, 3, 1]), .notes(index: 2, .plain("line\nR&D <b>")), .notes(index: 3, .markdown("*a*")), .notes(index: 4, .html("<p>x</p>")),
            .showFinished, .blankEnded, .blankStarted, .unanswered(problem), .unanswered(nil), .inkMode(true),
        ]
        for event in events {
            let text = FollowLine.event(event).text
            XCTAssertNotNil(text, "\(event)")
            XCTAssertFalse(text?.contains("\n") ?? true, "one line: \(event)")
            XCTAssertEqual(text.flatMap(FollowLine.init(text:)), .event(event))
        }
        XCTAssertNil(FollowLine.event(.preview(index: 0, Preview(png: [1, 2, 3]))).text, "pictures are not followed")
        XCTAssertEqual(FollowLine.end(.handedOver).text.flatMap(FollowLine.init(text:)), .end(.handedOver))
        XCTAssertNil(FollowLine(text: "{\"event\":{\"nosuch\":{}}}"))
        XCTAssertNil(FollowLine(text: "ok\tslide 2/5"))
    }

    /// A follower that comes in late gets the show so far: where it is, its
    /// step, its blank, every slide's notes; then each event as it comes.
    /// The holder's blank (Impress never says one) is passed on once. When
    /// the holder hands its link over, the follower is told so and let go.
    func testAFollowerGetsTheShowSoFarThenEachEventThenWhyItEnds() throws {
        let followers = ShowFollowers()
        let connected = SourceEvent.link(.connected(server: "Impress · 127.0.0.1"))
        for event: SourceEvent in [.link(.connecting(to: "127.0.0.1:1599")), connected, .showTitle("deck.odp"), .showStarted(slideCount: 5, current: 0),
                                   .notes(index: 0, .plain("one")), .notes(index: 1, .plain("two")), .slideChanged(index: 1),
                                   .step(index: 1, SlideStep(shown: 1, count: 2)), .preview(index: 1, Preview(png: [1]))] {
            followers.note(event)
        }
        followers.assumeBlank(true)
        let (holder, follower) = try DescriptorPassing.socketPair()
        defer { close(follower) }
        followers.add(holder)
        XCTAssertEqual(followers.count, 1)
        XCTAssertEqual(read(follower, lines: 7), [
            .event(connected), .event(.showTitle("deck.odp")), .event(.showStarted(slideCount: 5, current: 1)),
            .event(.step(index: 1, SlideStep(shown: 1, count: 2))), .event(.blankStarted),
            .event(.notes(index: 0, .plain("one"))), .event(.notes(index: 1, .plain("two"))),
        ])
        followers.note(.slideChanged(index: 2))
        XCTAssertEqual(read(follower, lines: 1), [.event(.slideChanged(index: 2))])
        followers.assumeBlank(true)
        followers.assumeBlank(false)
        followers.end(.handedOver)
        XCTAssertEqual(read(follower, lines: 2), [.event(.blankEnded), .end(.handedOver)])
        XCTAssertEqual(followers.count, 0)
    }

    /// A follower that went away is dropped: `links` counts the watches that follow.
    func testAFollowerThatLeftIsDropped() throws {
        let followers = ShowFollowers()
        followers.note(.link(.connected(server: "Impress · 127.0.0.1")))
        let (holder, follower) = try DescriptorPassing.socketPair()
        followers.add(holder)
        XCTAssertEqual(followers.prune(), 1)
        close(follower)
        XCTAssertEqual(followers.prune(), 0)
    }

    /// Reads `lines` follow lines from `socket` (2 s at most each).
    private func read(_ socket: Int32, lines: Int) -> [FollowLine] {
        (0..<lines).compactMap { _ in LocalSocket.readLine(socket, timeoutMs: 2000, limit: FollowLine.maxBytes).flatMap(FollowLine.init(text:)) }
    }
}
