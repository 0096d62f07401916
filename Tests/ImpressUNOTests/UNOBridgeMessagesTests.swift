import ImpressUNO
import XCTest

/// The bridge's lines both ways: what it writes decodes to events, anything
/// else to nil (never a trap), and requests are one JSON line each.
final class UNOBridgeMessagesTests: XCTestCase {
    private func parse(_ text: String) -> UNOBridgeEvent? { UNOBridgeEvent.parse(Array(text.utf8)) }

    func testTheBridgesEventsDecode() {
        XCTAssertEqual(parse(#"{"ev": "hello", "office": "LibreOffice 25.2.3.2"}"#), .hello(office: "LibreOffice 25.2.3.2"))
        XCTAssertEqual(parse(#"{"ev": "deck", "title": "t", "slides": 4, "steps": [0, 3, 1, 0], "names": ["", "Intro", "", ""], "aspect": 1.5}"#),
                       .deck(title: "t", steps: [0, 3, 1, 0], names: ["", "Intro", "", ""], aspect: 1.5))
        XCTAssertEqual(parse(#"{"ev": "show", "slides": 4, "slide": 1, "blank": true, "fresh": true}"#),
                       .show(slides: 4, slide: 1, blank: true, fresh: true))
        XCTAssertEqual(parse(#"{"ev": "where", "slide": 2, "blank": false, "others": ["other.odp"]}"#),
                       .whereAnswer(slide: 2, blank: false, others: ["other.odp"]))
        XCTAssertEqual(parse(#"{"ev": "heard", "what": "begin", "node": 1}"#), .heard(.begin(node: UNONode.onClick)))
        XCTAssertEqual(parse(#"{"ev": "heard", "what": "builds-ended"}"#), .heard(.buildsEnded))
        XCTAssertEqual(parse(#"{"ev": "heard", "what": "paused"}"#), .heard(.paused))
        XCTAssertEqual(parse(#"{"ev": "picture", "slide": 1, "width": 2, "height": 1, "step": 2, "ms": 3.5, "png": "AQID"}"#),
                       .picture(slide: 1, width: 2, height: 1, step: 2, png: [1, 2, 3]))
        XCTAssertEqual(parse(#"{"ev": "picture", "slide": 1, "width": 2, "height": 1, "step": null, "png": "AQID"}"#),
                       .picture(slide: 1, width: 2, height: 1, step: nil, png: [1, 2, 3]))
        XCTAssertEqual(parse(#"{"ev": "log", "text": "Traceback"}"#), .log("Traceback"))
        XCTAssertEqual(parse(#"{"ev": "notes", "slide": 0, "html": "<p><b>x</b></p>"}"#), .notes(slide: 0, html: "<p><b>x</b></p>"))
        XCTAssertEqual(parse(#"{"ev": "gone", "message": "disposed"}"#), .gone(message: "disposed"))
    }

    func testAnythingElseIsNilNeverATrap() {
        for line in ["", "{", "null", "[1]", #"{"ev": 3}"#, #"{"ev": "show"}"#, #"{"ev": "where", "slide": "two"}"#, #"{"ev": "heard", "what": "exploded"}"#,
                     #"{"ev": "picture", "slide": 1, "width": 2, "height": 1, "png": "@@not base64"}"#, #"{"ev": "launch-missiles"}"#,
                     String(repeating: "[", count: 100_000)] {
            XCTAssertNil(parse(line), line.prefix(60).description)
        }
    }

    func testRequestsAreOneSortedJSONLine() {
        XCTAssertEqual(UNOBridgeRequest.next.line, #"{"op":"next"}"# + "\n")
        XCTAssertEqual(UNOBridgeRequest.render(slide: 3, width: 640, height: 360, step: nil).line,
                       #"{"height":360,"op":"render","slide":3,"width":640}"# + "\n")
        XCTAssertEqual(UNOBridgeRequest.render(slide: 3, width: 640, height: 360, step: 1).line,
                       #"{"height":360,"op":"render","slide":3,"step":1,"width":640}"# + "\n")
        XCTAssertEqual(UNOBridgeRequest.where.line, #"{"op":"where"}"# + "\n")
        XCTAssertEqual(UNOBridgeRequest.open(deck: "/a \"b\".odp", window: true).line, #"{"deck":"\/a \"b\".odp","op":"open","window":true}"# + "\n")
    }
}
