import Foundation
import XCTest
@testable import SlideModel
@testable import ImpressRemote

/// Real bytes LibreOffice 7.4.7 sent (see Fixtures/README.md), read next to
/// this file so the test target needs no resources.
enum ImpressFixture {
    static func bytes(_ name: String, file: StaticString = #filePath) throws -> [UInt8] {
        let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }

    /// The fixture framed in one go.
    static func messages(_ name: String) throws -> [[String]] {
        var framer = ImpressFramer()
        return try framer.feed(try bytes(name))
    }

    static func parsed(_ name: String) throws -> [ImpressServerMessage] {
        try messages(name).map { try ImpressServerMessage.parse($0) }
    }
}

final class ImpressRemoteCodecTests: XCTestCase {
    // MARK: framing real bytes

    func testSharedDeckSessionFramesIntoTheMessagesLibreOfficeSent() throws {
        let names = try ImpressFixture.messages("lo-session-shared-deck.bin").map { $0[0] }
        XCTAssertEqual(names.prefix(4), ["LO_SERVER_SERVER_PAIRED", "LO_SERVER_INFO", "slideshow_finished", "slideshow_started"])
        XCTAssertEqual(names.filter { $0 == "slide_preview" }.count, 5)
        XCTAssertEqual(names.filter { $0 == "slide_notes" }.count, 5)
        XCTAssertEqual(names.suffix(4), ["slide_updated", "slide_updated", "slide_updated", "slideshow_finished"])
    }

    func testFramingDoesNotDependOnHowBytesAreChunked() throws {
        let bytes = try ImpressFixture.bytes("lo-session-resume-duplicates.bin")
        let whole = try ImpressFixture.messages("lo-session-resume-duplicates.bin")
        var rng = SeededRandom(seed: 7)
        for _ in 0..<5 {
            var framer = ImpressFramer()
            var got: [[String]] = []
            var i = 0
            while i < bytes.count {
                let n = Int(rng.next() % 700) + 1
                got += try framer.feed(bytes[i..<min(i + n, bytes.count)])
                i += n
            }
            XCTAssertEqual(got, whole)
            XCTAssertFalse(framer.isMidMessage)
        }
        // one byte at a time
        var framer = ImpressFramer()
        var got: [[String]] = []
        for b in bytes { got += try framer.feed([b]) }
        XCTAssertEqual(got, whole)
    }

    func testPairUnknownIsValidatingPin() throws {
        XCTAssertEqual(try ImpressFixture.parsed("lo-pair-unknown.bin"), [.validatingPin])
    }

    func testRealSessionParsesEveryMessage() throws {
        let messages = try ImpressFixture.parsed("lo-session-shared-deck.bin")
        XCTAssertEqual(messages[0], .paired)
        XCTAssertEqual(messages[1], .serverInfo(version: "7.4.7.2"))
        XCTAssertEqual(messages[2], .showFinished)
        XCTAssertEqual(messages[3], .showStarted(slideCount: 5, current: 0))
        XCTAssertEqual(messages.suffix(4), [.slideUpdated(index: 1), .slideUpdated(index: 3), .slideUpdated(index: 2), .showFinished])
        guard case .slideNotes(1, let markup) = messages[7] else { return XCTFail("message 7 is not slide 1's notes") }
        XCTAssertTrue(markup.contains("R&D <beta> \"quoted\" café"))
    }

    func testRealPreviewsAreThePNGsSentWithTheirTrueAspect() throws {
        let previews = try ImpressFixture.parsed("lo-session-shared-deck.bin").compactMap { message -> (Int, [UInt8])? in
            if case .slidePreview(let i, let png) = message { return (i, png) }
            return nil
        }
        XCTAssertEqual(previews.map(\.0), [0, 1, 2, 3, 4])
        for (_, png) in previews {
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            // 320×240 pixels, pHYs 1143×1524 px/m: a 28 × 15.75 cm (16:9) slide.
            let aspect = try XCTUnwrap(PNGPhysicalAspect.aspect(ofPNG: png))
            XCTAssertEqual(aspect, 16.0 / 9.0, accuracy: 0.01)
        }
    }

    // MARK: framing hostile input

    func testCRAnywhereIsDropped() throws {
        var framer = ImpressFramer()
        let got = try framer.feed(Array("slide_updated\r\n3\r\n\r\nslide\rshow_finished\n\n".utf8))
        XCTAssertEqual(got, [["slide_updated", "3"], ["slideshow_finished"]])
    }

    func testBlankLinesBetweenMessagesAreNoise() throws {
        var framer = ImpressFramer()
        XCTAssertEqual(try framer.feed(Array("\n\n\nslideshow_finished\n\n\n".utf8)), [["slideshow_finished"]])
    }

    func testTruncatedInputIsHeldNotDelivered() throws {
        var framer = ImpressFramer()
        XCTAssertEqual(try framer.feed(Array("slide_preview\n2\niVBORw0KGgo".utf8)), [])
        XCTAssertTrue(framer.isMidMessage)
        framer.reset()
        XCTAssertFalse(framer.isMidMessage)
        XCTAssertEqual(try framer.feed(Array("slideshow_finished\n\n".utf8)), [["slideshow_finished"]])
    }

    func testOversizedLineFailsBeforeItEnds() {
        var framer = ImpressFramer(maxMessageBytes: 1000)
        XCTAssertThrowsError(try framer.feed(Array(repeating: UInt8(ascii: "A"), count: 1001))) { error in
            XCTAssertEqual(error as? ImpressFramingError, .messageTooLarge(limit: 1000))
        }
        // Broken for good: even good bytes are refused now.
        XCTAssertThrowsError(try framer.feed(Array("slideshow_finished\n\n".utf8)))
        XCTAssertNotNil(framer.failure)
    }

    func testDefaultCapIsOneMebibyteAcrossLines() throws {
        var framer = ImpressFramer()
        let line = Array(repeating: UInt8(ascii: "A"), count: 300_000) + [0x0A]
        XCTAssertEqual(try framer.feed(line + line + line), [])
        XCTAssertThrowsError(try framer.feed(line)) { error in
            XCTAssertEqual(error as? ImpressFramingError, .messageTooLarge(limit: 1 << 20))
            XCTAssertTrue("\(error)".contains("larger than 1048576 bytes"))
        }
    }

    func testMessagesBeforeAnErrorInTheSameChunkAreKept() {
        var framer = ImpressFramer(maxMessageBytes: 100)
        var messages: [[String]] = []
        let chunk = Array("slideshow_finished\n\nslide_updated\n1\n\n".utf8) + Array(repeating: UInt8(ascii: "A"), count: 200)
        XCTAssertThrowsError(try framer.feed(chunk, into: &messages))
        XCTAssertEqual(messages, [["slideshow_finished"], ["slide_updated", "1"]])
    }

    func testTooManyLines() {
        var framer = ImpressFramer(maxLines: 3)
        XCTAssertThrowsError(try framer.feed(Array("a\nb\nc\nd\n".utf8))) { error in
            XCTAssertEqual(error as? ImpressFramingError, .tooManyLines(limit: 3))
        }
    }

    func testGarbageBytesBecomeUnknownMessages() throws {
        var framer = ImpressFramer()
        let garbage: [UInt8] = [0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0x0A, 0x0A]
        let messages = try framer.feed(garbage)
        XCTAssertEqual(messages.count, 1)
        guard case .unknown(let name) = try ImpressServerMessage.parse(messages[0]) else { return XCTFail() }
        XCTAssertTrue(name.contains("\u{FFFD}"))
    }

    // MARK: parsing arguments

    func testBadArgumentsAreErrorsNotCrashes() {
        let cases: [([String], ImpressMessageError)] = [
            (["slide_updated", "two"], .invalidNumber(message: "slide_updated", argument: "slide index", value: "two")),
            (["slide_updated", "-3"], .invalidNumber(message: "slide_updated", argument: "slide index", value: "-3")),
            (["slide_updated"], .missingArgument(message: "slide_updated", argument: "slide index")),
            (["slideshow_started", "-1", "0"], .invalidNumber(message: "slideshow_started", argument: "slide count", value: "-1")),
            (["slideshow_started", "99999999999999999999", "0"],
             .invalidNumber(message: "slideshow_started", argument: "slide count", value: "99999999999999999999")),
            (["slideshow_started", "5"], .missingArgument(message: "slideshow_started", argument: "current slide")),
            (["slide_preview", "0x1", "AAAA"], .invalidNumber(message: "slide_preview", argument: "slide index", value: "0x1")),
            (["slide_preview", "1", "not base64!"], .invalidBase64(index: 1)),
            (["slide_preview", "1"], .missingArgument(message: "slide_preview", argument: "picture")),
            (["slide_notes", "+1", "x"], .invalidNumber(message: "slide_notes", argument: "slide index", value: "+1")),
        ]
        for (lines, expected) in cases {
            XCTAssertThrowsError(try ImpressServerMessage.parse(lines), "\(lines)") { error in
                XCTAssertEqual(error as? ImpressMessageError, expected, "\(lines)")
            }
        }
    }

    func testShowStartedCurrentIsClampedIntoTheDeck() throws {
        XCTAssertEqual(try ImpressServerMessage.parse(["slideshow_started", "5", "-1"]), .showStarted(slideCount: 5, current: 0))
        XCTAssertEqual(try ImpressServerMessage.parse(["slideshow_started", "5", "9"]), .showStarted(slideCount: 5, current: 4))
        XCTAssertEqual(try ImpressServerMessage.parse(["slideshow_started", "0", "0"]), .showStarted(slideCount: 0, current: 0))
    }

    func testOtherMessages() throws {
        XCTAssertEqual(try ImpressServerMessage.parse(["slideshow_info", "deck.odp"]), .showInfo(title: "deck.odp"))
        XCTAssertEqual(try ImpressServerMessage.parse(["slide_notes", "3"]), .slideNotes(index: 3, markup: ""))
        XCTAssertEqual(try ImpressServerMessage.parse(["LO_SERVER_INFO"]), .serverInfo(version: ""))
        XCTAssertEqual(try ImpressServerMessage.parse(["something_new", "1"]), .unknown(name: "something_new"))
        let long = String(repeating: "x", count: 500)
        XCTAssertEqual(try ImpressServerMessage.parse([long]), .unknown(name: String(repeating: "x", count: 64)))
    }

    // MARK: encoding

    func testPairRequestIsOneLFOnlyBuffer() {
        let bytes = ImpressClientEncoding.pairRequest(name: "controlpad-test", pin: "1234")
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "LO_SERVER_CLIENT_PAIR\ncontrolpad-test\n1234\n\n")
        XCTAssertFalse(bytes.contains(0x0D))
    }

    func testPairRequestNameCannotBreakTheMessage() {
        let bytes = ImpressClientEncoding.pairRequest(name: " evil\r\nLO_SERVER_CLIENT_PAIR\n", pin: "12a34\n")
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "LO_SERVER_CLIENT_PAIR\nevil  LO_SERVER_CLIENT_PAIR\n1234\n\n")
        XCTAssertEqual(String(decoding: ImpressClientEncoding.pairRequest(name: "\n", pin: "1"), as: UTF8.self),
                       "LO_SERVER_CLIENT_PAIR\nControlPad\n1\n\n")
    }

    func testCommandEncodings() {
        func text(_ c: SourceCommand) -> String? { ImpressClientEncoding.encode(c).map { String(decoding: $0, as: UTF8.self) } }
        XCTAssertEqual(text(.next), "transition_next\n\n")
        XCTAssertEqual(text(.previous), "transition_previous\n\n")
        XCTAssertEqual(text(.goto(index: 12)), "goto_slide\n12\n\n")
        XCTAssertNil(text(.goto(index: -1)))
        XCTAssertEqual(text(.start), "presentation_start\n\n")
        XCTAssertEqual(text(.stop), "presentation_stop\n\n")
        XCTAssertEqual(text(.blank), "presentation_blank_screen\n\n")
        XCTAssertEqual(text(.resume), "presentation_resume\n\n")
        XCTAssertEqual(text(.pointerStarted(x: 0.25, y: 0.5)), "pointer_started\n0.2500\n0.5000\n\n")
        XCTAssertEqual(text(.pointerMoved(x: 1, y: 0.00001)), "pointer_coordination\n1.0000\n0.0000\n\n")
        XCTAssertEqual(text(.pointerDismissed), "pointer_dismissed\n\n")
    }

    func testCoordinatesAreLocaleFreeAndClamped() {
        XCTAssertEqual(ImpressClientEncoding.coordinate(0.123456), "0.1235")
        XCTAssertEqual(ImpressClientEncoding.coordinate(-3), "0.0000")
        XCTAssertEqual(ImpressClientEncoding.coordinate(7), "1.0000")
        XCTAssertEqual(ImpressClientEncoding.coordinate(.nan), "0.0000")
        XCTAssertEqual(ImpressClientEncoding.coordinate(.infinity), "1.0000")
        XCTAssertEqual(ImpressClientEncoding.coordinate(1e-9), "0.0000")
        // Whatever the C locale says, the point stays a point.
        let saved = String(cString: setlocale(LC_NUMERIC, nil))
        defer { setlocale(LC_NUMERIC, saved) }
        _ = setlocale(LC_NUMERIC, "de_DE.UTF-8")
        XCTAssertEqual(ImpressClientEncoding.coordinate(0.5), "0.5000")
    }

    func testNoCommandContainsCR() {
        let all: [SourceCommand] = [.next, .previous, .goto(index: 0), .start, .stop, .blank, .resume,
                                    .pointerStarted(x: 0.1, y: 0.2), .pointerMoved(x: 0.3, y: 0.4), .pointerDismissed]
        for command in all {
            XCTAssertFalse(ImpressClientEncoding.encode(command)!.contains(0x0D), "\(command)")
        }
    }
}

