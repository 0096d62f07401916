import Foundation
import NIOCore
import NIOPosix
@testable import RevealJSTransport
import RevealJS
import SlideModel
import XCTest

/// What the real-peer reveal.js tests share: the peer's page (opt-in:
/// CONTROLPAD_REAL_REVEAL=1, the port in CONTROLPAD_REAL_REVEAL_PORT),
/// evaluating in it as the browser would, and a source linked to it.
class RealRevealPeerCase: XCTestCase {
    var port = 9222
    var pageURL = ""
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    var sources: [RevealJSSource] = []
    static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/revealjs").standardized.path

    override func setUpWithError() throws {
        let env = ProcessInfo.processInfo.environment
        try XCTSkipUnless(env["CONTROLPAD_REAL_REVEAL"] == "1", "set CONTROLPAD_REAL_REVEAL=1 (and start ../shared/revealjs/peer.sh)")
        port = Int(env["CONTROLPAD_REAL_REVEAL_PORT"] ?? "") ?? 9222
        let run = env["REVEAL_PEER_RUN"] ?? "/var/tmp/reveal-peer"
        pageURL = try String(contentsOfFile: "\(run)/port-\(port)/ws-url", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try browser("Reveal.togglePause(false); Reveal.slide(0, 0, -1)")
    }

    override func tearDown() {
        for s in sources { s.shutdown() }
        try? group.syncShutdownGracefully()
    }

    /// Evaluates `expression` in the deck's page from another client.
    @discardableResult
    func browser(_ expression: String) throws -> String {
        try tool(["\(Self.shared)/cdp.py", "eval", pageURL, expression])
    }

    @discardableResult
    func tool(_ args: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func source(pictures: Bool = false) -> (RevealJSSource, Recorder) {
        var settings = RevealLink.Settings(address: RevealAddress(host: "127.0.0.1", port: port))
        settings.pictures = pictures
        settings.background = false
        let recorder = Recorder()
        let source = RevealJSSource(settings: settings, eventLoop: group.next(), onPosition: recorder.positionSink)
        sources.append(source)
        source.start(events: recorder.sink)
        recorder.wait(for: .showStarted(slideCount: 14, current: 0))
        return (source, recorder)
    }

}
