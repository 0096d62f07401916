import Foundation
import XCTest

/// `controlpad connect pdfpc://127.0.0.1:8088` in tmux against a real pdfpc
/// (../shared/pdfpc/peer.sh, started by scripts/real-peer-test.sh on a
/// 12-slide deck from tools/fake-pdfpc/make_deck.py with the shared deck's
/// notes). Opt-in: skipped unless CONTROLPAD_REAL_PDFPC=1. Another client
/// (curl, as pdfpc's own phone page would) reads and drives pdfpc beside the pad.
final class RealPdfpcEndToEndTests: XCTestCase {
    var directory: URL!
    let port = ProcessInfo.processInfo.environment["PDFPC_PEER_PORT"] ?? "8088"
    let password = ProcessInfo.processInfo.environment["PDFPC_PEER_PASSWORD"] ?? "controlpad-test"

    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["CONTROLPAD_REAL_PDFPC"] == "1" else {
            throw XCTSkip("set CONTROLPAD_REAL_PDFPC=1 with a real pdfpc running (scripts/real-peer-test.sh)")
        }
        try TmuxSession.requireTools()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-real-pdfpc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    /// curl as another client of pdfpc's REST API: the body, or nil.
    @discardableResult
    func api(_ path: String, put action: String? = nil, argument: String? = nil, output: String? = nil) throws -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var args = ["curl", "-s", "-m", "5", "-u", "pdfpc:\(password)"]
        if let action {
            let body = try JSONSerialization.data(withJSONObject: argument.map { ["action": action, "argument": $0] } ?? ["action": action])
            args += ["-X", "PUT", "-d", String(decoding: body, as: UTF8.self)]
        }
        if let output { args += ["-o", output] }
        process.arguments = args + ["http://127.0.0.1:\(port)\(path)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }

    private func pdfpcState() throws -> [String: Any] {
        _ = try api("/api/helo")
        let data = try XCTUnwrap(try api("/api/state"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func waitForPdfpc(_ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
                              _ condition: ([String: Any]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String: Any] = [:]
        while Date() < deadline {
            last = try pdfpcState()
            if condition(last) { return }
            usleep(50_000)
        }
        XCTFail("timed out waiting for pdfpc: \(what); its state: \(last)", file: file, line: line)
        throw NSError(domain: "pdfpc", code: 1, userInfo: [NSLocalizedDescriptionKey: "timed out: \(what)"])
    }

    func position(_ pad: TmuxSession, _ position: String, timeout: TimeInterval = 10,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        try pad.waitFor("status line: \(position)", timeout: timeout, file: file, line: line) {
            TmuxSession.statusLine($0).contains(" \(position) ")
        }
    }

    func testRealPdfpc() throws {
        let meta = try JSONSerialization.jsonObject(with: XCTUnwrap(try api("/api/meta"))) as? [String: Any]
        let slides = try XCTUnwrap(meta?["user_slides"] as? Int)
        XCTAssertGreaterThanOrEqual(slides, 10, "the real-peer script starts pdfpc on a 12-slide deck")
        let log = directory.appendingPathComponent("pad.log").path
        let config = directory.appendingPathComponent("config.toml")
        FileManager.default.createFile(atPath: config.path, contents: Data())
        let pad = try TmuxSession(
            command: "\(TmuxSession.binary) connect pdfpc://127.0.0.1:\(port) --password \(password) --no-animation --config \(config.path) --log \(log)",
            width: 120, height: 40, environment: ["CONTROLPAD_LOG_LEVEL": "trace"])

        // Pair: connected, the show as pdfpc has it; then to the first slide.
        try pad.waitFor("connected") { TmuxSession.statusLine($0).contains("● pdfpc · 127.0.0.1") }
        try pad.send("Home")
        try position(pad, "1/\(slides)")
        try waitForPdfpc("on slide 1") { $0["user_slide"] as? Int == 0 }

        // Five quick →: five slides on, on the pad and in pdfpc.
        try pad.send("Right", "Right", "Right", "Right", "Right")
        try position(pad, "6/\(slides)")
        try waitForPdfpc("five slides on") { $0["user_slide"] as? Int == 5 }

        // Go-to.
        try pad.send("9", "Enter")
        try position(pad, "9/\(slides)")
        try waitForPdfpc("on slide 9") { $0["user_slide"] as? Int == 8 }

        // Blank and back.
        try pad.send("b")
        try waitForPdfpc("black") { $0["black"] as? Bool == true }
        try pad.send("b")
        try waitForPdfpc("not black") { $0["black"] as? Bool == false }

        // Notes read as Markdown: slide 2's bold and list, without their marks.
        try pad.send("2", "Enter")
        try position(pad, "2/\(slides)")
        try pad.waitFor(text: "• a bold point")
        try pad.waitFor(text: "• a second point")
        try pad.waitFor(text: "R&D <beta>")

        // The current pane's picture at the pane's size (its frame's inside,
        // in cells, read off the screen) times the cell's pixels, fitted to
        // the slides' 16:9; and pdfpc's PNG of that request is exactly that
        // size. (Slide 2 was asked first for the next pane, at that pane's size.)
        let pane = try XCTUnwrap(Self.currentPane(try pad.screen()), "the current pane's frame")
        func asked() -> [(w: Int, h: Int)] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line -> (Int, Int)? in
                guard let at = line.range(of: "→ GET /api/slides/1/image?") else { return nil }
                let query = line[at.upperBound...].prefix { $0 != " " && $0 != "\"" }
                guard let items = URLComponents(string: "?" + query)?.queryItems,
                      let w = items.first(where: { $0.name == "w" })?.value.flatMap(Int.init),
                      let h = items.first(where: { $0.name == "h" })?.value.flatMap(Int.init) else { return nil }
                return (w, h)
            }
        }
        try pad.waitFor("slide 2's picture asked at the current pane's size") { _ in
            asked().contains { $0.w % pane.width == 0 || $0.h % pane.height == 0 }
        }
        let (w, h) = try XCTUnwrap(asked().last { $0.w % pane.width == 0 || $0.h % pane.height == 0 }, "asked: \(asked())")
        XCTAssertGreaterThan(w, pane.width * 4, "sharper than Impress's 320×240")
        XCTAssertEqual(Double(w) / Double(h), 16.0 / 9, accuracy: 0.01)
        let png = directory.appendingPathComponent("slide2.png").path
        try api("/api/slides/1/image?w=\(w)&h=\(h)", output: png)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: png))
        XCTAssertGreaterThan(bytes.count, 24)
        let be32 = { (i: Int) in bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual([be32(16), be32(20)], [w, h], "pdfpc renders exactly the size asked")
        try pad.waitFor("no picture loading") { !$0.contains("preview loading") }

        // Another client moves pdfpc through its own API: the pad follows.
        try api("/api/control", put: "gotoPage", argument: "4")
        try position(pad, "4/\(slides)", timeout: 5)
        try pad.waitFor(text: "Notes 4.")

        try pad.quit()
    }

    /// The inside of the "Current" pane's frame on a tmux screen, in cells.
    static func currentPane(_ screen: String) -> (width: Int, height: Int)? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let top = lines.firstIndex(where: { String($0).hasPrefix("┌ Current") }),
              let right = lines[top].firstIndex(of: "┐"),
              let bottom = lines[(top + 1)...].firstIndex(where: { $0.first == "└" }) else { return nil }
        return (right - 1, bottom - top - 1)
    }
}
