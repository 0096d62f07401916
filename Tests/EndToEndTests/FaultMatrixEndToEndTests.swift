import FakePeerSupport
import Foundation
import XCTest

/// `controlpad connect` in tmux against a fake Impress that misbehaves on
/// purpose: each fault ends in a clear status line, memory stays bounded,
/// the pad reconnects by itself where the server comes back, and after the
/// resync nothing stale is on screen.
final class FaultMatrixEndToEndTests: FakeImpressTestCase {
    /// The real LibreOffice session the cuts are made in: pairing, a show of
    /// 5 started, previews and notes, blank and resume (every preview and
    /// note sent again), → to slide 2.
    static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImpressRemoteTests/Fixtures/lo-session-resume-duplicates.bin").path

    private func fake(pairing: String = "paired", show: Bool = true, replay: String? = nil) throws -> FakeImpressProcess {
        let fake = try FakeImpressProcess(pairing: pairing, show: show, replay: replay)
        fakes.append(fake)
        return fake
    }

    /// The pad on `port`, reconnecting after `reconnectMs`, logging at trace.
    private func pad(_ port: Int, reconnectMs: Int = 200) throws -> TmuxSession {
        try TmuxSession(
            command: "\(TmuxSession.binary) connect 127.0.0.1:\(port) --name controlpad-test --pin 1234 --no-animation"
                + " --log \(stateHome.appendingPathComponent("pad.log").path)",
            width: 120, height: 40,
            environment: ["XDG_STATE_HOME": stateHome.path, "CONTROLPAD_LOG_LEVEL": "trace",
                          "CONTROLPAD_RECONNECT_MS": "\(reconnectMs)"])
    }

    private var log: String { (try? String(contentsOf: stateHome.appendingPathComponent("pad.log"), encoding: .utf8)) ?? "" }

    private func status(_ pad: TmuxSession, _ what: String, timeout: TimeInterval = 30, _ ok: @escaping (String) -> Bool) throws {
        try pad.waitFor("status: \(what)", timeout: timeout) { ok(TmuxSession.statusLine($0)) }
    }

    /// The pad process's resident memory, in MB.
    private func residentMB() throws -> Int {
        for pid in try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init) {
            guard let cmd = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: cmd, as: UTF8.self).contains("\(stateHome.path)/pad.log"),
                  let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { continue }
            return (Int(line.split(separator: " ")[1]) ?? 0) / 1024
        }
        throw NSError(domain: "e2e", code: 1, userInfo: [NSLocalizedDescriptionKey: "the pad's process was not found"])
    }

    /// After the whole recorded session: slide 2 of 5, its notes and
    /// picture, nothing from a cut connection left over.
    private func assertResynced(_ pad: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
        try status(pad, "2/5 with every preview", timeout: 20) { $0.contains(" 2/5 ") && !$0.contains("previews ") && $0.contains("Impress 7.4") }
        let screen = try pad.waitFor("slide 2's notes") { $0.contains("Current · 2/5") && $0.contains("Notes 2: special chars R&D") }
        XCTAssertTrue(screen.contains("Next · 3/5"), screen, file: file, line: line)
        XCTAssertFalse(screen.contains("loading"), "nothing left waiting after the resync:\n\(screen)", file: file, line: line)
    }

    func testTheRecordedSessionCutAtFiftyOffsetsAlwaysResyncs() throws {
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: Self.session)[.size] as? Int)
        var random = SystemRandomNumberGenerator()
        let offsets = (0..<50).map { _ in Int.random(in: 1..<size, using: &random) }.sorted()
        let fake = try fake(replay: Self.session)
        fake.send("cuts " + offsets.map(String.init).joined(separator: ","))
        let pad = try pad(fake.port, reconnectMs: 50)
        try fake.waitFor("51 connections", timeout: 120) { $0.acceptedCount >= 51 ? true : nil }
        try assertResynced(pad)
        // Every cut was noticed and said, with a reason.
        let lost = log.split(separator: "\n").filter { $0.contains("lost 127.0.0.1:") }
        XCTAssertGreaterThanOrEqual(lost.count, 50, "each cut is a lost link with its reason")
        // A cut inside a message, or (a random offset can fall between two) at its end.
        XCTAssertTrue(lost.allSatisfy { $0.contains(": connection closed") || $0.contains(": Impress closed the connection") },
                      lost.joined(separator: "\n"))
        XCTAssertLessThan(try residentMB(), 100, "memory stays bounded")
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=0")
    }

    func testAnEndlessLineIsCutOffWithBoundedMemory() throws {
        let fake = try fake()
        let pad = try pad(fake.port)
        try status(pad, "1/5") { $0.contains(" 1/5 ") }
        fake.send("raw slide_preview\\n0\\n")
        fake.send("flood 100")
        try status(pad, "the oversized message said", timeout: 30) { $0.contains("reconnecting in ") && $0.contains("larger than") }
        XCTAssertLessThan(try residentMB(), 100, "the pad never buffers the endless line")
        try status(pad, "back", timeout: 30) { $0.contains("Impress 7.4") && $0.contains(" 1/5 ") }
    }
}

/// Opt-in (scripts/real-peer-test.sh): the real LibreOffice killed and
/// started again while the pad runs.
final class RealImpressRestartEndToEndTests: XCTestCase {
    func testSofficeKilledAndStartedAgainIsFollowedBySelf() throws {
        guard ProcessInfo.processInfo.environment["CONTROLPAD_REAL_PEER"] == "1" else {
            throw XCTSkip("set CONTROLPAD_REAL_PEER=1 with peer.sh running (scripts/real-peer-test.sh)")
        }
        let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/impress-remote/peer.sh").path
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("cp-restart-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let pad = try TmuxSession(
            command: "\(TmuxSession.binary) connect 127.0.0.1 --name controlpad-test --pin 1234 --no-animation",
            width: 120, height: 40, environment: ["XDG_STATE_HOME": state.path])
        try pad.waitFor("connected", timeout: 20) { TmuxSession.statusLine($0).contains("● Impress ") }

        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        kill.arguments = ["-9", "-x", "soffice.bin"]
        try kill.run()
        kill.waitUntilExit()
        try pad.waitFor("the link lost, said", timeout: 20) { TmuxSession.statusLine($0).contains("reconnecting in ") }

        let start = Date()
        // Not Foundation's Process: soffice inherits its descriptors and
        // Process would wait for them forever.
        let status = system("bash '\(peer)' > /dev/null 2>&1 < /dev/null")
        XCTAssertEqual(status, 0, "peer.sh started LibreOffice again")
        try pad.waitFor("connected again by itself", timeout: 60) { TmuxSession.statusLine($0).contains("● Impress ") }
        print("soffice restarted → the pad connected again \(Int(Date().timeIntervalSince(start))) s after the restart began")
        try pad.send("F5")
        try pad.waitFor("following the new show", timeout: 20) { TmuxSession.statusLine($0).contains(" 1/5 ") }
        try pad.send("Right")
        try pad.waitFor("and driving it", timeout: 20) { TmuxSession.statusLine($0).contains(" 2/5 ") }
        try pad.send("S")
        try pad.waitFor(text: "Stop the slide show now?")
        try pad.send("y")
        try pad.waitFor("stopped", timeout: 20) { TmuxSession.statusLine($0).contains("no show") }
        try pad.send("q")
        try pad.waitFor(text: "EXIT=0")
    }
}
