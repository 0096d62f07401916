import RevealJS
import SlideModel
import XCTest

/// A `RevealLink` driven on virtual time, and the answers a page gives:
/// what the link's test classes share (each holds its own `link` and `now`).
protocol RevealLinkHarness: AnyObject {
    var link: RevealLink { get set }
    var now: Duration { get set }
}

extension RevealLinkHarness {
    static var freshLink: RevealLink { RevealLink(RevealLink.Settings(address: RevealAddress(host: "127.0.0.1", port: 9222))) }

    func feed(_ input: RevealLink.Input) -> [RevealLink.Action] { link.handle(input, now: now) }

    func writes(_ actions: [RevealLink.Action]) -> [(RevealLink.Channel, CDPRequest)] {
        actions.compactMap {
            guard case .write(let c, let text) = $0, let v = JSONValue.parse(text), let id = v["id"]?.int,
                  let m = v["method"]?.string else { return nil }
            return (c, CDPRequest(id: id, method: m, params: v["params"] ?? [:]))
        }
    }

    func answer(_ request: CDPRequest, value: JSONValue) -> [RevealLink.Action] {
        feed(.text(.audience, JSONValue.object(["id": .number(Double(request.id)), "result": ["result": ["value": value]]]).encoded))
    }

    func expression(_ r: CDPRequest) -> String { r.params["expression"]?.string ?? "" }

    /// Version, list, socket, probe, install, sync: the link is open on slide `at`.
    func open(at h: Int = 0, viewport: JSONValue = [1280, 720], configured: JSONValue = .null) -> [RevealLink.Action] {
        XCTAssertTrue(feed(.start).contains(.get(.version)))
        XCTAssertEqual(feed(.http(.version, status: 200, body: Array(#"{"Browser":"Chrome/156","Protocol-Version":"1.3"}"#.utf8))), [.get(.list)])
        let list = #"[{"id":"A","type":"page","title":"Deck","url":"file:///d.html","webSocketDebuggerUrl":"ws://127.0.0.1:9222/devtools/page/A"}]"#
        let opened = feed(.http(.list, status: 200, body: Array(list.utf8)))
        XCTAssertTrue(opened.contains(.open(.audience, url: "ws://127.0.0.1:9222/devtools/page/A")))
        let attach = writes(feed(.opened(.audience)))
        XCTAssertEqual(attach.map(\.1.method), ["Runtime.enable", "Runtime.addBinding", "Runtime.evaluate"])
        let install = writes(answer(attach[2].1, value: "ready"))
        XCTAssertEqual(expression(install[0].1), RevealScripts.install.source)
        let sync = writes(answer(install[0].1, value: true))
        XCTAssertEqual(expression(sync[0].1), RevealScripts.sync.source)
        return answer(sync[0].1, value: ["indices": ["h": .number(Double(h)), "v": 0], "title": "Deck", "version": "5.2.1",
                                         "viewport": viewport, "configured": configured, "url": "file:///d.html",
                                         "slides": [[0, 0, 0], [1, 0, 2], [2, 0, 0], [2, 1, 0]]])
    }
}
