import XCTest
@testable import ControlPadScripting
import SlideModel
import Syscalls
import Logging
import Foundation

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
            .event(connected), .event(.showStarted(slideCount: 5, current: 1)), .event(.showTitle("deck.odp")),
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

    /// `watch` through the door: it says the show as its holder does, and
    /// when a new holder takes the link over (a pad, a keeper) and says the
    /// link from the start (connecting, then connected), that is no news:
    /// `watch` would print "paired" again at every pad restart.
    func testAFollowerHearsANewHolderOfTheSameLinkAsNoNews() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let client = KeptLinkClient(server: "127.0.0.1:1599", kind: "impress", environment: ["XDG_RUNTIME_DIR": runtime.path])
        let path = try XCTUnwrap(client.path)
        let door = try LocalSocket.listen(at: path)
        defer { close(door) }
        let heard = Heard()
        let follower = try XCTUnwrap(DoorFollower(client: client, server: "127.0.0.1:1599", logger: Logger(label: "test")) {
            XCTFail("a holder listens: no keeper is started")
        })
        follower.start { heard.append($0) }
        defer { follower.shutdown() }
        let connected = SourceEvent.link(.connected(server: "Impress 25.2 · 127.0.0.1"))
        func holder(_ lines: [FollowLine]) throws {
            let socket = accept(door, nil, nil)
            XCTAssertEqual(LocalSocket.readLine(socket, timeoutMs: 5000), "follow")
            for line in lines { XCTAssertTrue(LocalSocket.writeLine(socket, try XCTUnwrap(line.text))) }
            close(socket)
        }
        try holder([.event(.link(.connecting(to: "127.0.0.1:1599"))), .event(connected), .event(.showStarted(slideCount: 5, current: 0)),
                    .end(.handedOver)])
        try holder([.event(.link(.connecting(to: "127.0.0.1:1599"))), .event(connected), .event(.showStarted(slideCount: 5, current: 0)),
                    .event(.slideChanged(index: 1))])
        XCTAssertEqual(heard.wait(for: 5), [
            .link(.connecting(to: "127.0.0.1:1599")), connected, .showStarted(slideCount: 5, current: 0),
            .showStarted(slideCount: 5, current: 0), .slideChanged(index: 1),
        ])
    }

    /// Events a source delivered, waited for without sleeping.
    private final class Heard: @unchecked Sendable {
        private let condition = NSCondition()
        private var events: [SourceEvent] = []

        func append(_ event: SourceEvent) {
            condition.lock()
            events.append(event)
            condition.broadcast()
            condition.unlock()
        }

        /// The first `count` events, once there are that many (10 s at most).
        func wait(for count: Int) -> [SourceEvent] {
            condition.lock()
            defer { condition.unlock() }
            let end = Date().addingTimeInterval(10)
            while events.count < count, condition.wait(until: end) {}
            return events
        }
    }

    /// Reads `lines` follow lines from `socket` (2 s at most each).
    private func read(_ socket: Int32, lines: Int) -> [FollowLine] {
        (0..<lines).compactMap { _ in LocalSocket.readLine(socket, timeoutMs: 2000, limit: FollowLine.maxBytes).flatMap(FollowLine.init(text:)) }
    }
}
