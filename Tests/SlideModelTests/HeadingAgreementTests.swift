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
        var padNow: Millis = 1_000
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

        mutating func press(_ keys: Key...) {
            for key in keys {
                padNow += 10
                source.now += .milliseconds(10)
                for case .send(let command) in pad.reduce(.key(key), now: padNow) { source.run(.send(command)) }
                forward()
            }
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
        func agree(_ slide: Int, _ what: String, line: UInt = #line) {
            XCTAssertEqual(both.padHeads, slide, "the pad, \(what)", line: line)
            XCTAssertEqual(both.sourceHeads, slide, "pdfpc's connection, \(what)", line: line)
        }
        XCTAssertEqual(both.pad.slideCount, 10)

        both.press(.right, .right, .right, .right, .right)
        agree(5, "five quick →")
        both.press(.left)
        agree(4, "then ←")
        both.answerTheCommand()   // the first → lands on slide 2; the rest go as one gotoPage
        XCTAssertEqual(both.pad.current, 1)
        agree(4, "while the show is on its way")
        both.answerTheCommand()
        XCTAssertEqual(both.source.pdfpc.current, 4, "the show landed where both headed")
        agree(4, "landed")
        XCTAssertNil(both.pad.heading)

        both.press(.char("7"), .enter)
        agree(6, "a go-to")
        both.press(.right)
        agree(7, "a → while the go-to is unconfirmed")
        both.answerTheCommand()
        both.answerTheCommand()
        XCTAssertEqual(both.source.pdfpc.current, 7)
        agree(7, "landed")

        both.press(.end)
        both.answerTheCommand()
        both.press(.right, .right)
        agree(9, "presses at the last slide")
        both.answerTheCommand()
        agree(9, "at the last slide")

        both.press(.left, .right)
        agree(9, "← then → while the ← is unconfirmed")
        both.answerTheCommand()   // the ← lands first
        XCTAssertEqual(both.pad.current, 8)
        XCTAssertEqual(both.pad.position, "→ 10/10", "the pad still shows where the show is heading")
        agree(9, "on the way back")
        both.answerTheCommand()
        XCTAssertEqual(both.source.pdfpc.current, 9)
        agree(9, "back")
        XCTAssertEqual(both.pad.position, "10/10")
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

        init(slides: Int) {
            self.slides = slides
            run(.start(storedPin: "1234", freshPin: "0042"))
            run(.connected)
            run(.received(Self.message("LO_SERVER_SERVER_PAIRED") + Self.message("slideshow_started", "\(slides)", "0")))
            written = []
        }

        static func message(_ lines: String...) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n\n").utf8) }

        mutating func run(_ input: ImpressConnection.Input) {
            for action in connection.handle(input, now: .milliseconds(nowMs)) {
                switch action {
                case .emit(let event): _ = pad.reduce(.source(event), now: nowMs)
                case .write(let bytes, _):
                    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
                    if lines.first != "LO_SERVER_CLIENT_PAIR" { written.append(lines) }
                default: break
                }
            }
        }

        mutating func press(_ keys: Key..., apart gap: Int = 10) {
            for key in keys {
                nowMs += gap
                for case .send(let command) in pad.reduce(.key(key), now: nowMs) { run(.send(command)) }
            }
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

        mutating func carryOutAll() { while !written.isEmpty { carryOutOne() } }

        /// Long enough for the pacer to take the next press as a step again.
        mutating func quiet() { nowMs += 300 }

        var padHeads: Int { pad.heading.target(or: pad.current) }
        var sourceHeads: Int { connection.heading.target(or: showSlide) }
    }

    func testThePadAndImpressHeadForTheSameSlide() {
        var both = PadOnImpress(slides: 10)
        func agree(_ slide: Int, _ what: String, line: UInt = #line) {
            XCTAssertEqual(both.padHeads, slide, "the pad, \(what)", line: line)
            XCTAssertEqual(both.sourceHeads, slide, "Impress's connection, \(what)", line: line)
        }
        XCTAssertEqual(both.pad.slideCount, 10)

        both.press(.right, .right, .right, .right, .right)
        agree(5, "five quick →")
        XCTAssertEqual(both.written.map { $0.joined(separator: " ") },
                       ["transition_next", "goto_slide 2", "goto_slide 3", "goto_slide 4", "goto_slide 5"])
        both.press(.left)
        agree(4, "then ←")
        for _ in 0..<5 {
            both.carryOutOne()
            // Passing through slide 5 settles both; slide 6 then heads nowhere until the ←'s go-to lands.
            XCTAssertEqual(both.padHeads, both.sourceHeads, "on the way (the show on slide \(both.showSlide + 1))")
        }
        both.carryOutAll()
        XCTAssertEqual(both.showSlide, 4, "the show landed where both headed")
        agree(4, "landed")
        XCTAssertNil(both.pad.heading)

        both.quiet()
        both.press(.char("7"), .enter)
        agree(6, "a go-to")
        both.press(.right)
        agree(7, "a → while the go-to is unconfirmed")
        both.carryOutAll()
        XCTAssertEqual(both.showSlide, 7)
        agree(7, "landed")

        both.quiet()
        both.press(.end)
        both.carryOutAll()
        both.quiet()
        both.press(.right, .right)
        agree(9, "presses at the last slide")

        both.quiet()
        _ = both.pad.reduce(.tick, now: both.nowMs)
        both.written = []   // the end screen's step, which LibreOffice never confirms
        both.run(.timerFired(.heldNavigation))
        both.written = []
        both.press(.left, .right)
        agree(9, "← then → while the ← is unconfirmed")
        both.carryOutOne()   // the ← lands first; the held go-to follows
        XCTAssertEqual(both.pad.current, 8)
        XCTAssertEqual(both.pad.position, "→ 10/10", "the pad still shows where the show is heading")
        agree(9, "on the way back")
        both.carryOutAll()
        XCTAssertEqual(both.showSlide, 9)
        agree(9, "back")
        XCTAssertEqual(both.pad.position, "10/10")
    }
}
