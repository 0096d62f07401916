import RevealJS
import SlideModel
import XCTest

/// CDP messages, the page list, the address: what the pad makes of what
/// the browser (or anything on the port) sends. Garbage never crashes.
final class CDPTests: XCTestCase {
    func testRequestsAreOneJSONObjectWithTheScriptAsData() {
        let text = CDPRequest.evaluate(id: 7, RevealScripts.blank).encoded
        XCTAssertEqual(text, #"{"id":7,"method":"Runtime.evaluate","params":{"expression":"Reveal.togglePause(true)","returnByValue":true}}"#)
        XCTAssertEqual(JSONValue.string("a\"b\\\u{1B}\u{2028}").encoded, #""a\"b\\\u001b\u2028""#)
    }

    func testAnswersErrorsAndEvents() {
        XCTAssertEqual(CDPIncoming.decode(#"{"id":4,"result":{"result":{"type":"object","value":{"h":1,"v":0}}}}"#),
                       .result(id: 4, ["result": ["type": "object", "value": ["h": 1, "v": 0]]]))
        XCTAssertEqual(CDPIncoming.decode(#"{"id":13,"error":{"code":-32601,"message":"'Foo.bar' wasn't found"}}"#),
                       .error(id: 13, code: -32601, message: "'Foo.bar' wasn't found"))
        XCTAssertEqual(CDPIncoming.decode(#"{"method":"Inspector.detached","params":{"reason":"target_closed"}}"#),
                       .event(method: "Inspector.detached", params: ["reason": "target_closed"]))
        let threw = CDPEvaluation(result: ["result": ["description": "ReferenceError: Reveal is not defined"],
                                           "exceptionDetails": ["text": "Uncaught"]])
        XCTAssertEqual(threw, .threw("ReferenceError: Reveal is not defined"))
    }

    func testGarbageIsNil() {
        for text in ["", "{", "[]", "null", "42", #"{"id":"1"}"#, #"{"id":1e300}"#, #"{"method":7}"#, "\u{0}", String(repeating: "[", count: 10_000)] {
            XCTAssertNil(CDPIncoming.decode(text), text.prefix(20).description)
        }
    }

    func testThePageListAndChoosingTheDeck() {
        let list = Array(#"""
            [{"id":"A","type":"page","title":"Real-peer deck","url":"file:///deck.html#/2","webSocketDebuggerUrl":"ws://127.0.0.1:9222/devtools/page/A"},
             {"id":"U","type":"browser_ui","title":"","url":"chrome://omnibox-popup.top-chrome/"},
             {"id":"R","type":"page","title":"Real-peer deck","url":"file:///deck.html?controlpad-render#/0","webSocketDebuggerUrl":"ws://127.0.0.1:9222/devtools/page/R"}]
            """#.utf8)
        let targets = CDPTargets.parse(list)!
        XCTAssertEqual(try CDPTargets.choose(targets, named: nil).get().id, "A", "the pad's render window is never the deck")
        let two = targets + [CDPTarget(id: "B", title: "Article", url: "https://x/", webSocketDebuggerURL: "ws://127.0.0.1:9222/devtools/page/B")]
        guard case .failure(.severalPages(let names)) = CDPTargets.choose(two, named: nil) else { return XCTFail() }
        XCTAssertEqual(names, ["“Real-peer deck”", "“Article”"])
        XCTAssertEqual(try CDPTargets.choose(two, named: "article").get().id, "B")
        XCTAssertEqual(try CDPTargets.choose(two, named: "A").get().id, "A")
        XCTAssertEqual(CDPTargets.choose(two, named: "nope"), .failure(.noSuchPage("nope")))
        XCTAssertEqual(CDPTargets.choose([], named: nil), .failure(.noPage))
        XCTAssertNil(CDPTargets.parse(Array("<html>".utf8)))
        XCTAssertNil(CDPTargets.browser(fromVersion: Array("{}".utf8)))
        XCTAssertEqual(CDPTargets.browser(fromVersion: Array(#"{"Browser":"Chrome/156","Protocol-Version":"1.3"}"#.utf8)), "Chrome/156")
    }

    func testAddressesLoopbackOnlyUnlessAllowed() throws {
        XCTAssertEqual(try RevealAddress.parse("reveal://127.0.0.1:9222"), RevealAddress(host: "127.0.0.1", port: 9222))
        XCTAssertEqual(try RevealAddress.parse("reveal://localhost/deck"), RevealAddress(host: "127.0.0.1", port: 9222, page: "deck"))
        XCTAssertEqual(try RevealAddress.parse("reveal://[::1]:9333"), RevealAddress(host: "::1", port: 9333))
        XCTAssertThrowsError(try RevealAddress.parse("reveal://192.168.1.5:9222")) { error in
            XCTAssertTrue("\(error)".contains("--allow-remote"))
        }
        XCTAssertEqual(try RevealAddress.parse("reveal://192.168.1.5", allowRemote: true).host, "192.168.1.5")
        XCTAssertThrowsError(try RevealAddress.parse("reveal://127.0.0.1:0"))
        XCTAssertThrowsError(try RevealAddress.parse("reveal://"))
        XCTAssertThrowsError(try RevealAddress.parse("pdfpc://127.0.0.1"))
        XCTAssertFalse(RevealAddress(host: "127.0.0.1.evil.com").isLoopback)
    }

    func testScriptsNeverCarryDeckText() {
        // The only scripts with a value in them take whole numbers.
        XCTAssertEqual(RevealScripts.slide(h: 3, v: 1, f: -1).source, "Reveal.slide(3, 1, -1)")
        XCTAssertTrue(RevealScripts.notes(slide: 6).source.contains("Reveal.getSlides()[6]"))
    }
}
