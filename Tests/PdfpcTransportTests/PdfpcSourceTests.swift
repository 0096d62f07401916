import Foundation
import SlideModel
import PadTestSupport
import XCTest
@testable import PdfpcTransport

/// The AsyncHTTPClient driver against tools/fake-pdfpc/fake_pdfpc.py on
/// 127.0.0.1: what the network says reaches the machine and its events the
/// sink; a press is answered; a refused port is said as pdfpc not running;
/// nothing arrives after shutdown. Waits poll with deadlines.
final class PdfpcSourceTests: XCTestCase {
    private var fake: Process?
    private var control: Pipe?

    /// Starts the fake; returns its port.
    private func startFake() throws -> Int {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cp-pdfpc-src-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/fake-pdfpc/fake_pdfpc.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--port-file", dir.appendingPathComponent("port").path,
                             "--log", dir.appendingPathComponent("log.jsonl").path]
        let pipe = Pipe()
        process.standardInput = pipe
        try process.run()
        fake = process
        control = pipe
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: dir.appendingPathComponent("port").path, encoding: .utf8), let port = Int(text) {
                return port
            }
            usleep(20_000)
        }
        throw XCTSkip("the fake pdfpc did not start")
    }

    override func tearDown() {
        try? control?.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        fake?.waitUntilExit()
        super.tearDown()
    }

    /// A port that was free a moment ago: bound, named, closed.
    static func portNobodyListensOn() throws -> Int {
        let listener = try LoopbackListener()
        listener.close()
        return listener.port
    }

    private func source(port: Int, password: String = "controlpad-test") -> PdfpcSource {
        var configuration = PdfpcConfiguration(address: PdfpcAddress(host: "127.0.0.1", port: port), password: password)
        configuration.backoff = ReconnectBackoff(initial: .milliseconds(200), maximum: .milliseconds(200))
        return PdfpcSource(configuration: configuration)
    }

    func testConnectsDrivesAndStopsForGood() throws {
        let port = try startFake()
        let source = source(port: port)
        let events = EventRecorder()
        source.start(events: events.sink)
        events.wait("connected and a show") { $0.contains(.showStarted(slideCount: 5, current: 0)) }
        XCTAssertTrue(events.events.contains(.link(.connected(server: "pdfpc · 127.0.0.1"))))
        events.wait("the first slide's notes") { $0.contains(.notes(index: 0, "Notes for slide 1.\nSecond paragraph of slide 1 notes.")) }

        source.want([PictureWant(slide: 0, size: PixelSize(width: 320, height: 320))])
        events.wait("a picture of the size asked, fitted to 16:9") { all in
            all.contains { if case .preview(0, let p) = $0 { PixelSize(png: p.png) == PixelSize(width: 320, height: 180) } else { false } }
        }

        let answered = expectation(description: "the press answered")
        source.send(.next) { ok in
            XCTAssertTrue(ok)
            answered.fulfill()
        }
        wait(for: [answered], timeout: 10)
        events.wait("slide 2") { $0.contains(.slideChanged(index: 1)) }

        source.shutdown()
        let dropped = expectation(description: "a press after shutdown is dropped")
        source.send(.next) { ok in
            XCTAssertFalse(ok)
            dropped.fulfill()
        }
        wait(for: [dropped], timeout: 5)
    }

    func testAWrongPasswordAndNothingListeningAreSaid() throws {
        let port = try startFake()
        let wrong = source(port: port, password: "nope")
        let events = EventRecorder()
        wrong.start(events: events.sink)
        events.wait("401") { $0.contains(.link(.failed(message: LinkProblem.pdfpcWrongPassword.reason))) }
        wrong.shutdown()

        let nobody = source(port: try Self.portNobodyListensOn())
        let refused = EventRecorder()
        nobody.start(events: refused.sink)
        refused.wait("refused") {
            $0.contains { if case .link(.reconnecting(_, LinkProblem.pdfpcNotListening.reason)) = $0 { true } else { false } }
        }
        nobody.shutdown()
    }
}

extension EventRecorder {
    /// A recorder whose waits fail the running test when they time out.
    convenience init() { self.init { XCTFail($0, file: $1, line: $2) } }
}
