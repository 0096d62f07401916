import Foundation
import SlideModel
import Pdfpc
import PadTestSupport
import XCTest
@testable import PdfpcTransport

/// The driver (NIO's HTTP/1 codec, OpenSSL for pdfpcs://) against
/// tools/fake-pdfpc/fake_pdfpc.py on 127.0.0.1: what the network says
/// reaches the machine and its events the sink; a press is answered; a
/// refused port is said as pdfpc not running; HTTPS with a trusted
/// certificate works and an untrusted one is refused; nothing arrives after
/// shutdown. Waits poll with deadlines. The fake's python3 and openssl are
/// installed by scripts/install-deps.sh: a missing one fails, never skips.
final class PdfpcSourceTests: XCTestCase {
    private var fake: Process?
    private var control: Pipe?

    private lazy var dir = FileManager.default.temporaryDirectory.appendingPathComponent("cp-pdfpc-src-\(UUID().uuidString.prefix(8))")

    /// Starts the fake (with `extra` arguments); returns its port.
    private func startFake(_ extra: [String] = []) throws -> Int {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/fake-pdfpc/fake_pdfpc.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--port-file", dir.appendingPathComponent("port").path,
                             "--log", dir.appendingPathComponent("log.jsonl").path] + extra
        let pipe = Pipe()
        process.standardInput = pipe
        let output = dir.appendingPathComponent("fake.out")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let outputHandle = try FileHandle(forWritingTo: output)
        defer { try? outputHandle.close() }
        process.standardOutput = outputHandle
        process.standardError = outputHandle
        try process.run()
        fake = process
        control = pipe
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
            if let text = try? String(contentsOfFile: dir.appendingPathComponent("port").path, encoding: .utf8), let port = Int(text) {
                return port
            }
            usleep(20_000)
        }
        let hung = process.isRunning
        if hung { process.terminate() }
        process.waitUntilExit()
        fake = nil  // nothing for tearDown to tell to quit (a write to its gone stdin would be SIGPIPE)
        control = nil
        let said = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        throw Self.failure("the fake pdfpc (python3 \(script)) did not start listening"
                           + (hung ? " within 10 s" : ", it exited with status \(process.terminationStatus)")
                           + (said.isEmpty ? "" : ": \(said)"))
    }

    /// An error that fails the test with `message` (XCTest prints it as the caught error).
    static func failure(_ message: String) -> NSError {
        NSError(domain: "PdfpcSourceTests", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
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

    private func source(port: Int, password: String = "controlpad-test", secure: Bool = false, trust: String? = nil) -> PdfpcSource {
        var configuration = PdfpcConfiguration(address: PdfpcAddress(host: "127.0.0.1", port: port, secure: secure), password: password)
        configuration.trustedCertificates = trust
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
        events.wait("the first slide's notes") { $0.contains(.notes(index: 0, .markdown("Notes for slide 1.\nSecond paragraph of slide 1 notes."))) }

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

    /// The control requests the fake was asked, in order: (action, argument).
    private func controls() -> [(String, String?)] {
        let text = (try? String(contentsOf: dir.appendingPathComponent("log.jsonl"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  o["event"] as? String == "request", o["path"] as? String == "/api/control", let action = o["action"] as? String
            else { return nil }
            return (action, o["argument"] as? String)
        }
    }

    /// The laser through pdfpc's own pointer (switchMode pointer, relative
    /// movePointer from where pdfpc says it is, normal on release) and ink
    /// mode as pdfpc's pen (switchMode pen, its colour, clearDrawing).
    func testThePointerAndThePenGoThroughPdfpcsOwn() throws {
        let port = try startFake()
        let source = source(port: port)
        let events = EventRecorder()
        source.start(events: events.sink)
        events.wait("connected and a show") { $0.contains(.showStarted(slideCount: 5, current: 0)) }
        source.send(.pointerStarted(x: 0.25, y: 0.4))
        for i in 1...20 { source.send(.pointerMoved(x: 0.25 + Double(i) * 0.01, y: 0.4)) }
        func pointer() -> (Double, Double) {
            controls().filter { $0.0 == "movePointer" }.reduce((0.5, 0.5)) { at, c in
                let d = (c.1 ?? "0,0").split(separator: ",").compactMap { Double($0) }
                return (at.0 + d[0], at.1 + d[1])
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, abs(pointer().0 - 0.45) > 0.001 || abs(pointer().1 - 0.4) > 0.001 { usleep(20_000) }
        XCTAssertEqual(pointer().0, 0.45, accuracy: 0.001, "pdfpc's pointer where the pad's last move put it")
        XCTAssertEqual(pointer().1, 0.4, accuracy: 0.001)
        XCTAssertEqual(controls().first?.0, "switchMode")
        XCTAssertEqual(controls().first?.1, "pointer")
        XCTAssertLessThan(controls().filter { $0.0 == "movePointer" }.count, 21, "moves made meanwhile went as one: the latest wins")
        source.send(.pointerDismissed)
        source.send(.ink(.mode(true)))
        source.send(.ink(.began(SlidePoint(x: 0.1, y: 0.1))))
        source.send(.ink(.clear))
        events.wait("pdfpc's pen told as the show's ink mode") { $0.contains(.inkMode(true)) }
        let answered = expectation(description: "a press after the marks")
        source.send(.next) { ok in
            XCTAssertTrue(ok)
            answered.fulfill()
        }
        wait(for: [answered], timeout: 10)
        let tail = { self.controls().drop { $0.0 != "switchMode" || $0.1 != "normal" } }
        let until = Date().addingTimeInterval(10)
        while Date() < until, !tail().contains(where: { $0.0 == "clearDrawing" }) { usleep(20_000) }
        let said = tail().map { $0.0 + ($0.1.map { " " + $0 } ?? "") }
        XCTAssertEqual(said.filter { !$0.hasPrefix("next") && !$0.hasPrefix("gotoPage") },
                       ["switchMode normal", "switchMode pen", "setPenColor #e4002b", "clearDrawing"],
                       "the marks in order; no stroke is sent (pdfpc's pen follows its own mouse): \(said)")
        XCTAssertTrue(said.contains { $0 == "next" || $0 == "gotoPage 2" }, "the press went: \(said)")
        source.shutdown()
    }

    /// pdfpc keeps the pointer or pen mode after the pad that switched it
    /// on is gone (the presenter's mouse would draw): leaving switches it
    /// back to normal; a source that switched nothing sends nothing.
    func testLeavingSwitchesPdfpcBackFromThePen() throws {
        let port = try startFake()
        let pen = ["switchMode pen", "setPenColor #e4002b"]
        for (marks, carriedOut, onLeaving) in [([SourceCommand.ink(.mode(true))], pen, ["switchMode normal"]),
                                               ([.pointerStarted(x: 0.5, y: 0.5)], ["switchMode pointer"], ["switchMode normal"]),
                                               ([.ink(.mode(true)), .ink(.mode(false))], ["switchMode pen", "switchMode normal", "setPenColor #e4002b"], []),
                                               ([], [], [])] {
            let before = controls().count
            let said = { self.controls().dropFirst(before).map { $0.0 + ($0.1.map { " " + $0 } ?? "") }.filter { !$0.hasPrefix("movePointer") } }
            let source = source(port: port)
            let events = EventRecorder()
            source.start(events: events.sink)
            events.wait("connected and a show") { $0.contains(.showStarted(slideCount: 5, current: 0)) }
            for mark in marks { source.send(mark) }
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, said() != carriedOut { usleep(20_000) }
            XCTAssertEqual(said(), carriedOut, "the marks went: \(marks)")
            XCTAssertNil(source.leave())
            XCTAssertEqual(Array(said().dropFirst(carriedOut.count)), onLeaving, "on leaving, after \(marks)")
        }
    }

    func testAWrongPasswordAndNothingListeningAreSaid() throws {
        let port = try startFake()
        let wrong = source(port: port, password: "nope")
        let events = EventRecorder()
        wrong.start(events: events.sink)
        events.wait("401") { $0.contains(.link(.failed(PdfpcProblem.wrongPassword.problem))) }
        wrong.shutdown()

        let nobody = source(port: try Self.portNobodyListensOn())
        let refused = EventRecorder()
        nobody.start(events: refused.sink)
        refused.wait("refused") {
            $0.contains { if case .link(.reconnecting(_, PdfpcProblem.notListening.problem)) = $0 { true } else { false } }
        }
        nobody.shutdown()
    }
}

extension PdfpcSourceTests {
    /// A self-signed certificate for 127.0.0.1, as pdfpc's `rest-https` uses one.
    private func selfSignedCertificate() throws -> (cert: String, key: String) {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let cert = dir.appendingPathComponent("cert.pem").path, key = dir.appendingPathComponent("key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=pdfpc",
                             "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert]
        let errors = Pipe()
        openssl.standardError = errors
        do { try openssl.run() } catch {
            throw Self.failure("could not run /usr/bin/openssl (scripts/install-deps.sh installs it): \(error)")
        }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else {
            throw Self.failure("openssl could not make a certificate (status \(openssl.terminationStatus)): "
                               + String(decoding: said, as: UTF8.self))
        }
        return (cert, key)
    }

    func testHTTPSWithPdfpcsOwnCertificateTrustedConnectsAndAnUntrustedOneIsRefused() throws {
        let (cert, key) = try selfSignedCertificate()
        let port = try startFake(["--tls-cert", cert, "--tls-key", key])

        let trusting = source(port: port, secure: true, trust: cert)
        let events = EventRecorder()
        trusting.start(events: events.sink)
        events.wait("connected over TLS, with a show") { $0.contains(.showStarted(slideCount: 5, current: 0)) }
        trusting.want([PictureWant(slide: 0, size: PixelSize(width: 320, height: 180))])
        events.wait("a picture over TLS") { all in all.contains { if case .preview(0, _) = $0 { true } else { false } } }
        let answered = expectation(description: "a press answered over TLS")
        trusting.send(.next) { ok in
            XCTAssertTrue(ok)
            answered.fulfill()
        }
        wait(for: [answered], timeout: 10)
        trusting.shutdown()

        let untrusting = source(port: port, secure: true)
        let refused = EventRecorder()
        untrusting.start(events: refused.sink)
        refused.wait("the self-signed certificate refused, said as such") { all in
            all.contains { if case .link(.reconnecting(_, PdfpcProblem.tls.problem)) = $0 { true } else { false } }
        }
        XCTAssertFalse(refused.events.contains { if case .showStarted = $0 { true } else { false } }, "nothing read from an untrusted server")
        untrusting.shutdown()
    }

    func testATrustFileThatCannotBeReadIsATLSProblemNotAWrongPort() throws {
        let source = source(port: try Self.portNobodyListensOn(), secure: true, trust: "/nonexistent/pdfpc.pem")
        let events = EventRecorder()
        source.start(events: events.sink)
        events.wait("said as a TLS problem") { all in
            all.contains { if case .link(.reconnecting(_, PdfpcProblem.tls.problem)) = $0 { true } else { false } }
        }
        source.shutdown()
    }
}

extension EventRecorder {
    /// A recorder whose waits fail the running test when they time out.
    convenience init() { self.init { XCTFail($0, file: $1, line: $2) } }
}
