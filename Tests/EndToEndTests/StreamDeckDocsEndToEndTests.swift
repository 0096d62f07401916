import FakePeerSupport
import Foundation
import XCTest

/// docs/STREAM-DECK.md's examples, run as the page shows them against the
/// demo (issue 41): its `send` commands (the Companion buttons', the
/// streamdeck-ui keys'), its `watch | jq | curl` pipeline (curl stood in
/// for by a function that prints its arguments), and the state line's
/// schema against the page's table.
final class StreamDeckDocsEndToEndTests: XCTestCase {
    private static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/STREAM-DECK.md")

    private var stateHome: URL!

    override func setUpWithError() throws {
        try BuiltBinary.require()
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("cp-deck-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: stateHome)
    }

    private var text: String { (try? String(contentsOf: Self.page, encoding: .utf8)) ?? "" }

    /// Every `controlpad send demo:// …` the page shows, once each.
    private var sends: [String] {
        let pattern = try! NSRegularExpression(pattern: #"controlpad send demo:// [a-z ]*[a-z]"#)
        let found = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
        return found.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    func testEverySendThePageShowsWorksAgainstTheDemo() throws {
        XCTAssertEqual(Set(sends), ["controlpad send demo:// next", "controlpad send demo:// blank", "controlpad send demo:// section next"])
        let expected = ["next": "slide 2/14", "blank": "slide 1/14 · blank", "section next": "slide 3/14"]
        for command in sends {
            let words = command.split(separator: " ").dropFirst().map(String.init)
            let run = try ControlpadProcess.run(words, environment: ["XDG_STATE_HOME": stateHome.path, "XDG_RUNTIME_DIR": stateHome.path])
            XCTAssertEqual(run.status, 0, "\(command): \(run.err)")
            let action = words.dropFirst(2).joined(separator: " ")
            XCTAssertEqual(run.out.trimmingCharacters(in: .newlines), expected[action], command)
        }
    }

    func testTheCompanionPipelineSetsTheTimeLeftEverySecond() throws {
        // The sh block with the watch pipeline, as printed, its lines joined.
        let blocks = text.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let pipeline = try XCTUnwrap(blocks.first { $0.contains("controlpad watch demo:// --json --every 1s") })
        let binary = BuiltBinary.path
        // The watch ends after 4 s, and the pipeline with it; curl prints what it would post.
        let script = "curl() { printf '%s\\n' \"$*\"; }\n"
            + pipeline.replacingOccurrences(of: "controlpad watch", with: "timeout 4 \(binary) watch")
        let run = try ControlpadProcess.shell(script, timeout: 30)
        let values = run.out.split(separator: "\n").compactMap { $0.components(separatedBy: "value=").last }
        XCTAssertGreaterThanOrEqual(values.count, 3, "a value at the show's start, then one a second\n\(run.out)\n\(run.err)")
        XCTAssertTrue(values.allSatisfy { $0.range(of: #"^[0-9]+:[0-5][0-9]$"#, options: .regularExpression) != nil }, "\(values)")
        XCTAssertEqual(values.first, "2:00", "the demo's first section, Welcome, plans 2 minutes")
        XCTAssertTrue(run.out.contains("-X POST http://127.0.0.1:8000/api/custom-variable/section_left/value?value="), run.out)
    }

    /// A table's fields, in order: the state line's (before "## Alerts"), or the alert's.
    private func documented(alert: Bool) -> [(String, String)] {
        let parts = text.components(separatedBy: "\n## Alerts\n")
        return (alert ? parts.last ?? "" : parts.first ?? "").split(separator: "\n").compactMap { line -> (String, String)? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            return (cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[2])
        }
    }

    /// Each documented field is in the line, in the page's order, of the page's type.
    private func check(_ line: String, against documented: [(String, String)]) throws {
        let keys = try NSRegularExpression(pattern: #""([a-z_]+)":"#).matches(in: line, range: NSRange(line.startIndex..., in: line))
            .map { String(line[Range($0.range(at: 1), in: line)!]) }
        XCTAssertEqual(keys, documented.map(\.0), line)
        for (field, type) in documented {
            let token = try XCTUnwrap(line.components(separatedBy: "\"\(field)\":").dropFirst().first?.first, field)
            let kind = token == "\"" ? "string" : token == "t" || token == "f" ? "boolean" : token == "n" ? "null" : "number"
            if kind == "null" { XCTAssertTrue(type.hasSuffix("or null"), "\(field) is null, documented \(type)") }
            else { XCTAssertTrue(type.hasPrefix(kind), "\(field) is a \(kind), documented \(type): \(line)") }
        }
    }

    func testTheAlertEventHasThePagesSchema() throws {
        let documented = documented(alert: true)
        XCTAssertEqual(documented.first?.0, "event")
        let watch = try ControlpadProcess(["watch", "demo://", "--json", "--duration", "6s", "--alert", "3s"],
                                          environment: ["XDG_STATE_HOME": stateHome.path])
        defer { kill(watch.pid, SIGINT) }
        let lines = try watch.waitForOutput("the alert", timeout: 20) { $0.contains { $0.contains("\"event\":\"alert\"") } }
        let alert = try XCTUnwrap(lines.first { $0.contains("\"event\":\"alert\"") })
        try check(alert, against: documented)
        XCTAssertTrue(alert.contains("\"kind\":\"talk_left\",\"threshold_s\":3,"), alert)
    }

    func testTheStateLineHasThePagesSchema() throws {
        let documented = documented(alert: false)
        XCTAssertEqual(documented.first?.0, "event")
        let watch = try ControlpadProcess(["watch", "demo://", "--json", "--every", "1s"],
                                          environment: ["XDG_STATE_HOME": stateHome.path])
        let lines = try watch.waitForOutput("two state lines of a running show", timeout: 20) {
            $0.filter { $0.contains("\"event\":\"state\"") && $0.contains("\"show\":true") }.count >= 2
        }
        for line in lines where line.contains("\"event\":\"state\"") {
            try check(line, against: documented)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["schema"] as? Int, 2)
            for (field, type) in documented {
                // The JSON type from the value's first character, as written.
                let token = try XCTUnwrap(line.components(separatedBy: "\"\(field)\":").dropFirst().first?.first, field)
                let kind = token == "\"" ? "string" : token == "t" || token == "f" ? "boolean" : token == "n" ? "null" : "number"
                if kind == "null" { XCTAssertTrue(type.hasSuffix("or null"), "\(field) is null, documented \(type)") }
                else { XCTAssertTrue(type.hasPrefix(kind), "\(field) is a \(kind), documented \(type): \(line)") }
            }
        }
        let running = try XCTUnwrap(lines.last { $0.contains("\"event\":\"state\"") && $0.contains("\"show\":true") })
        XCTAssertTrue(running.contains("\"section\":\"Welcome\"") && running.contains("\"sections\":5") && running.contains("\"slides\":14"), running)
    }
}
