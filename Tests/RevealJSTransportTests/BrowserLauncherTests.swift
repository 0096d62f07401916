import Foundation
import NIOPosix
import RevealJS
import RevealJSTransport
import SlideModel
import SourceKit
import XCTest

/// `controlpad present deck.html`: how the browser is started, and (opt-in,
/// CONTROLPAD_REAL_REVEAL=1) that a real Chromium started this way is driven.
final class BrowserLauncherTests: XCTestCase {
    func testADedicatedProfileAndTheDevToolsPortOnLoopbackOnly() {
        let args = BrowserLauncher.arguments(deckURL: "file:///talks/deck.html", port: 0, profile: "/tmp/p", headless: false)
        XCTAssertTrue(args.contains("--user-data-dir=/tmp/p"), "Chrome 136+ ignores the port on the default profile")
        XCTAssertTrue(args.contains("--remote-debugging-address=127.0.0.1"))
        XCTAssertTrue(args.contains("--remote-debugging-port=0"))
        XCTAssertFalse(args.contains { $0.hasPrefix("--headless") }, "a window for the audience unless asked")
        XCTAssertEqual(args.last, "file:///talks/deck.html")
        XCTAssertTrue(BrowserLauncher.arguments(deckURL: "x", port: 0, profile: "p", headless: true).contains("--headless=new"))
        XCTAssertTrue(BrowserLauncher.arguments(deckURL: "x", port: 0, profile: "p", headless: true, asRoot: true).contains("--no-sandbox"))
    }

    func testDeckPathsBecomeFileURLs() {
        XCTAssertEqual(BrowserLauncher.fileURL("/home/me/My talk #2/deck.html"), "file:///home/me/My%20talk%20%232/deck.html")
        XCTAssertEqual(BrowserLauncher.fileURL("/t/café.html"), "file:///t/caf%C3%A9.html")
    }

    /// A browser that exits at once (no display) says why in its own words:
    /// the pad passes them on, without the D-Bus and shell noise around them.
    func testABrowserThatExitsAtOnceGivesItsOwnReason() {
        let log = """
            /usr/bin/chromium: 9: [: 25276063744: unexpected operator
            [20266:20266:1127/181926.484711:ERROR:ui/ozone/platform/x11/ozone_platform_x11.cc:257] Missing X server or $DISPLAY
            [20266:20266:1127/181926.484745:ERROR:ui/aura/env.cc:253] The platform failed to initialize.  Exiting.
            [20266:20299:1127/181926.486123:ERROR:dbus/bus.cc:405] Failed to connect to the bus: Failed to connect to socket
            [20290:20290:0100/000000.513379:ERROR:content/zygote/zygote_linux.cc:662] write: Broken pipe (32)
            """
        XCTAssertEqual(BrowserLauncher.reason(log), "Missing X server or $DISPLAY; The platform failed to initialize.  Exiting.")
        XCTAssertEqual(BrowserLauncher.reason("Running as root without --no-sandbox is not supported.\n"),
                       "Running as root without --no-sandbox is not supported.")
    }

    func testNoBrowserIsSaidWithWhatToDo() {
        XCTAssertNil(BrowserLauncher.find(environment: ["PATH": "/nonexistent"]))
        XCTAssertTrue(BrowserLauncher.LaunchError.noBrowser.description.contains("CONTROLPAD_BROWSER"))
    }

    func testPresentStartsARealBrowserAndThePadFollowsIt() throws {
        let env = ProcessInfo.processInfo.environment
        try XCTSkipUnless(env["CONTROLPAD_REAL_REVEAL"] == "1", "set CONTROLPAD_REAL_REVEAL=1 (peer.sh install has run)")
        let port = env["CONTROLPAD_REAL_REVEAL_PORT"] ?? "9222"
        let deck = "\(env["REVEAL_PEER_RUN"] ?? "/var/tmp/reveal-peer")/port-\(port)/www/deck.html"
        let browser = try XCTUnwrap(BrowserLauncher.find(environment: env))
        let launch = try BrowserLauncher.start(deck: deck, browser: browser, headless: true, size: (1280, 720))
        defer { BrowserLauncher.stop(launch) }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let page = try BrowserLauncher.waitForPage(launch, deckURL: BrowserLauncher.fileURL(deck), on: group.next()).wait()
        XCTAssertTrue(page.url.hasSuffix("/www/deck.html") || page.url.contains("/www/deck.html#"), page.url)
        XCTAssertNotEqual(launch.port, Int(port), "the browser picked a port of its own, beside the peer's")
        var settings = RevealLink.Settings(address: launch.address)
        settings.pictures = false
        let recorder = Recorder()
        let source = RevealJSSource(settings: settings, eventLoop: group.next())
        defer { source.shutdown() }
        source.start(events: recorder.sink)
        recorder.wait(for: .showStarted(slideCount: 14, current: 0))
        source.send(.next)
        recorder.wait(for: .slideChanged(index: 1))
    }
}

/// `present` refuses what is no reveal.js deck before any browser opens
/// (it would wait for reveal.js forever), and says what it takes.
final class PresentRefusesTests: XCTestCase {
    func testAFileThatIsNoDeckIsRefusedUpFront() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-notadeck-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, _ text: String) -> String {
            let path = directory.appendingPathComponent(name).path
            FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            return path
        }
        let none = LaunchOptions(program: "/nonexistent/browser")
        func refusal(_ path: String) -> String {
            do { _ = try RevealKind().launch(file: path, options: none); return "" } catch let error as SourceKindError { return error.description } catch { return "\(error)" }
        }
        let readme = write("README.md", "# A talk\n")
        XCTAssertEqual(refusal(readme), "\(readme) is not a reveal.js deck (not an .html file): "
                       + "present takes the .html file that Quarto, pandoc -t revealjs or Jupyter made")
        let page = write("page.html", "<html><body>hello</body></html>")
        XCTAssertTrue(refusal(page).contains("is not a reveal.js deck (it never names reveal)"), refusal(page))
        let deck = write("talk.html", String(repeating: "x", count: 70_000) + "<div class=\"Reveal\"><div class=\"slides\">")
        XCTAssertTrue(refusal(deck).hasPrefix("cannot run the browser /nonexistent/browser"), "a deck gets as far as the browser: \(refusal(deck))")
        // The checks every launcher makes first (`checkDeck`): there, no folder.
        let gone = directory.appendingPathComponent("gone.html").path
        XCTAssertEqual(refusal(gone), "no deck at \(gone): No such file or directory")
        let folder = directory.appendingPathComponent("slides.html").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertEqual(refusal(folder), "\(folder) is a folder: name the deck's .html file")
    }
}
