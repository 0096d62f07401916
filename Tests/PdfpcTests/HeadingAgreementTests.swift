@testable import ImpressRemote
@testable import Pdfpc
import XCTest
@testable import SlideModel

/// The pad and the source work out where the presses are heading with one
/// rule (`Heading`): driven with the same presses, the pad's reducer and a
/// source's machine (pdfpc's connection, Impress's connection and its pacer)
/// head for the same slide at every moment, and the show lands there.
final class HeadingAgreementTests: XCTestCase {
    // MARK: pdfpc

    /// The pad, wired to a pdfpc connection: its commands go to the
    /// connection, the connection's events come back to it.
    struct PadOnPdfpc {
        var pad = PadState(animate: false)
        var source = PdfpcConnectionTests.Harness()
        var padNow: Duration = .milliseconds(1_000)
        var forwarded = 0

        init(slides: Int) {
            source.pdfpc.slides = slides
            source.run(.start)
            source.serveAll()
            forward()
        }

        mutating func forward() {
            while forwarded < source.events.count {
                _ = pad.reduce(.source(source.events[forwarded]), now: padNow)
                forwarded += 1
            }
        }

        mutating func press(_ key: Key) {
            padNow += .milliseconds(10)
            source.now += .milliseconds(10)
            for case .send(let command) in pad.reduce(.key(key), now: padNow) { source.run(.send(command)) }
            forward()
        }

        /// pdfpc answers the command in flight (and the pad hears what it says).
        mutating func answerTheCommand() {
            source.serve { if case .control = $0 { true } else { false } }
            forward()
        }

        var padHeads: Int { pad.heading.target(or: pad.current) }
        var sourceHeads: Int { source.c.headingTarget ?? source.c.current }
    }

    func testThePadAndPdfpcHeadForTheSameSlide() {
        var both = PadOnPdfpc(slides: 10)
        agreeAllTheWay(&both)
    }

    // MARK: Impress

    /// The pad, wired to an Impress connection, and a LibreOffice that
    /// carries out what is written (a step or a go-to) and says
    /// `slide_updated` when the test lets it.
    struct PadOnImpress {
        var pad = PadState(animate: false)
        var connection = ImpressConnection(.init(clientName: "pad", serverLabel: "127.0.0.1", address: "127.0.0.1:1599"))
        var nowMs = 1_000
        let slides: Int
        /// The show's slide, and the commands written and not yet carried out.
        var showSlide = 0
        var written: [[String]] = []
        /// What was written for the first presses (`sentAtFirst`).
        var sentAtFirst: [String] = []

        init(slides: Int) {
            self.slides = slides
            run(.start(storedPin: "1234", freshPin: "0042"))
            run(.connected)
            run(.received(Self.message("LO_SERVER_SERVER_PAIRED") + Self.message("slideshow_started", "\(slides)", "0")))
            written = []
            // The presenter starts pressing after the pacer's first-step wait.
            nowMs += Int(NavigationPacer.defaultFirstStepWait / .milliseconds(1))
        }

        static func message(_ lines: String...) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n\n").utf8) }

        mutating func run(_ input: ImpressConnection.Input) {
            for action in connection.handle(input, now: .milliseconds(nowMs)) {
                switch action {
                case .emit(let event): _ = pad.reduce(.source(event), now: .milliseconds(nowMs))
                case .write(let bytes, _):
                    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
                    if lines.first != "LO_SERVER_CLIENT_PAIR" { written.append(lines) }
                    if sentAtFirst.count < 5, lines.first != "LO_SERVER_CLIENT_PAIR" { sentAtFirst.append(lines.joined(separator: " ")) }
                default: break
                }
            }
        }

        mutating func press(_ key: Key) {
            nowMs += 10
            for case .send(let command) in pad.reduce(.key(key), now: .milliseconds(nowMs)) { run(.send(command)) }
        }

        /// LibreOffice carries out the oldest command and reports the slide.
        mutating func carryOutOne(after gap: Int = 15) {
            guard !written.isEmpty else { return XCTFail("nothing written to carry out") }
            let command = written.removeFirst()
            switch command.first {
            case "transition_next": showSlide = min(showSlide + 1, slides - 1)
            case "transition_previous": showSlide = max(showSlide - 1, 0)
            case "goto_slide": showSlide = Int(command[1]) ?? showSlide
            default: return
            }
            nowMs += gap
            run(.received(Self.message("slide_updated", "\(showSlide)")))
        }


        var padHeads: Int { pad.heading.target(or: pad.current) }
        var sourceHeads: Int { connection.heading.target(or: showSlide) }
    }

    func testThePadAndImpressHeadForTheSameSlide() {
        var both = PadOnImpress(slides: 10)
        agreeAllTheWay(&both)
        XCTAssertEqual(both.sentAtFirst, ["transition_next", "goto_slide 2", "goto_slide 3", "goto_slide 4", "goto_slide 5"],
                       "a step, then go-tos to where the presses head")
    }

    // MARK: the presses

    /// The same presses, on a show of 10 slides standing on the first: both
    /// head for the same slide after every press and every move of the show.
    private func agreeAllTheWay<Both: PadWithSource>(_ both: inout Both) {
        func agree(_ slide: Int, _ what: String, line: UInt = #line) {
            XCTAssertEqual(both.padHeads, slide, "the pad, \(what)", line: line)
            XCTAssertEqual(both.sourceHeads, slide, "the source, \(what)", line: line)
        }
        XCTAssertEqual(both.pad.slideCount, 10)

        both.press([.right, .right, .right, .right, .right])
        agree(5, "five quick →")
        both.press([.left])
        agree(4, "then ←")
        while both.landOne() {
            // Passing through slide 5 settles both; the ←'s go-to then lands on 5.
            XCTAssertEqual(both.padHeads, both.sourceHeads, "on the way (the show on slide \(both.showSlide + 1))")
        }
        XCTAssertEqual(both.showSlide, 4, "the show landed where both headed")
        agree(4, "landed")
        XCTAssertNil(both.pad.heading)

        both.settle()
        both.press([.char("7"), .enter])
        agree(6, "a go-to")
        both.press([.right])
        agree(7, "a → while the go-to is unconfirmed")
        while both.landOne() {}
        XCTAssertEqual(both.showSlide, 7)
        agree(7, "landed")

        both.settle()
        both.press([.end])
        while both.landOne() {}
        both.settle()
        both.press([.right, .right])
        agree(9, "presses at the last slide")
        while both.landOne() {}
        agree(9, "at the last slide")

        both.settle()
        both.press([.left, .right])
        agree(9, "← then → while the ← is unconfirmed")
        XCTAssertTrue(both.landOne())   // the ← lands first
        XCTAssertEqual(both.pad.current, 8)
        XCTAssertEqual(both.pad.position, "→ 10/10", "the pad still shows where the show is heading")
        agree(9, "on the way back")
        while both.landOne() {}
        XCTAssertEqual(both.showSlide, 9)
        agree(9, "back")
        XCTAssertEqual(both.pad.position, "10/10")
    }
}

/// The pad wired to a source's machine: the pad's commands go to the
/// machine, the machine's events come back to the pad, and a simulated
/// show carries out what the machine sends when the test says.
protocol PadWithSource {
    var pad: PadState { get }
    /// Where the pad heads (its heading, or the slide it shows).
    var padHeads: Int { get }
    /// Where the source's machine heads.
    var sourceHeads: Int { get }
    /// The slide the simulated show stands on.
    var showSlide: Int { get }
    mutating func press(_ keys: [Key])
    /// The show carries out the oldest command it was sent; false if none.
    mutating func landOne() -> Bool
    /// A moment passes with nothing pressed.
    mutating func settle()
}

extension HeadingAgreementTests.PadOnPdfpc: PadWithSource {
    var showSlide: Int { source.pdfpc.current }
    mutating func press(_ keys: [Key]) { for key in keys { press(key) } }
    mutating func landOne() -> Bool {
        guard source.pending.contains(where: { if case .control = $0.request { true } else { false } }) else { return false }
        answerTheCommand()
        return true
    }
    mutating func settle() {}
}

extension HeadingAgreementTests.PadOnImpress: PadWithSource {
    mutating func press(_ keys: [Key]) { for key in keys { press(key) } }
    mutating func landOne() -> Bool {
        guard !written.isEmpty else { return false }
        carryOutOne()
        return true
    }
    mutating func settle() {
        nowMs += 300
        _ = pad.reduce(.tick, now: .milliseconds(nowMs))
    }
}
