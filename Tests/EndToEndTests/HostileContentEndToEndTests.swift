import CWideChar
import FakePeerSupport
import Foundation
import XCTest

/// Text from other people's documents and from the network, drawn into a
/// real terminal (tmux): nothing in it ever reaches the terminal as a
/// control sequence, nothing breaks the screen, and keys keep working.
final class HostileContentEndToEndTests: XCTestCase {
    private var directory: URL!
    private var fake: FakeImpressProcess!

    override func setUpWithError() throws {
        try TmuxSession.requireTools()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cp-hostile-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        fake = try FakeImpressProcess(show: true)
    }

    override func tearDown() {
        fake?.stop()
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    /// The pad on the fake, started only once every byte it writes is being
    /// recorded (tmux pipe-pane) in `rawPath`.
    private func recordedPad(width: Int = 110, height: Int = 34) throws -> (TmuxSession, rawPath: String) {
        let raw = directory.appendingPathComponent("raw.bin").path
        let command = "read go; \(TmuxSession.binary) connect 127.0.0.1:\(fake.port) --name controlpad-test --pin 1234"
            + " --no-animation --log \(directory.appendingPathComponent("pad.log").path)"
        let pad = try TmuxSession(command: command, width: width, height: height,
                                  environment: ["XDG_STATE_HOME": directory.path, "CONTROLPAD_LOG_LEVEL": "trace"])
        try pad.tmux(["pipe-pane", "-t", "0", "-o", "cat >> \(raw)"])
        try pad.send("Enter")
        try pad.waitFor("connected at 1/5") { TmuxSession.statusLine($0).contains(" 1/5 ") }
        try pad.waitFor("every preview") { !TmuxSession.statusLine($0).contains("previews ") }
        return (pad, raw)
    }

    func testHostileBytesNeverReachTheTerminalAndKeysStillWork() throws {
        let (pad, rawPath) = try recordedPad()

        // Counts and indexes that are negative, zero, huge or not numbers.
        for count in ["-5", "0", "99999999999999999999", "abc", "1e9"] {
            fake.send("raw slideshow_started\\n\(count)\\n0\\n\\n")
        }
        for index in ["-1", "abc", "4294967296", "99999"] { fake.send("raw slide_updated\\n\(index)\\n\\n") }
        fake.send("raw slideshow_started\\n0\\n0\\n\\n")
        try pad.waitFor("a show without slides") { TmuxSession.statusLine($0).contains("no slides") }
        try pad.send("5", "Enter", "End")  // go-to on a show without slides: nothing, no crash
        // Taken before the show comes back (else End would go to its last slide).
        let log = directory.appendingPathComponent("pad.log").path
        try pad.waitFor("End taken") { _ in
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("key(SlideModel.Key.end)")
        }
        fake.send("raw slideshow_started\\n5\\n0\\n\\n")
        try pad.waitFor("the show back") { TmuxSession.statusLine($0).contains(" 1/5 ") }

        // Every kind of escape in the notes, the title and the version.
        let escapes = #"OSC\x1b]0;PWNED-TITLE\x07 CLIP\x1b]52;c;UFdORUQ=\x07 LINK\x1b]8;;http://evil.example/\x1b\\here\x1b]8;;\x1b\\ "#
            + #"DCS\x1bPq#0;2;0;0;0\x1b\\ CSI\x1b[31mRED\x1b[2J C1raw\x9b31m C1utf8\xc2\x9b31m\xc2\x9d0;X\xc2\x9c "#
            + #"BIDI\xe2\x80\xaeevil\xe2\x80\xac NUL\x00 BAD\xff\xfe\xc0\xaf END"#
        fake.send("raw slide_notes\\n0\\n<html><body>\(escapes)</body></html>\\n\\n")
        fake.send("raw slideshow_info\\nTitle\(escapes)\\n\\n")
        fake.send("raw LO_SERVER_INFO\\n7.4\(escapes)\\n\\n")
        let screen = try pad.waitFor("the hostile notes, as text") { $0.contains("[31mRED") && $0.contains("END") }
        XCTAssertFalse(screen.contains("PWNED-TITLE") && screen.contains("\u{1B}"), screen)

        // Keys still reach the show, and the show still reaches the screen.
        try pad.send("Right")
        try fake.waitForReceived("transition_next")
        fake.send("slide 1")
        try pad.waitFor("2/5") { TmuxSession.statusLine($0).contains(" 2/5 ") }

        let title = try pad.tmux(["display-message", "-p", "-t", "0", "#{pane_title}"])
        XCTAssertFalse(title.contains("PWNED"), "no OSC from the network set the window title: \(title)")
        let raw = try XCTUnwrap(FileManager.default.contents(atPath: rawPath))
        XCTAssertGreaterThan(raw.count, 1000, "the pad's output was recorded")
        let forbidden: [(String, [UInt8])] = [
            ("OSC", [0x1B, 0x5D]), ("DCS", [0x1B, 0x50]), ("CSI 31m RED", Array("\u{1B}[31mRED".utf8)),
            ("clear screen from the network", Array("\u{1B}[2J".utf8)),
            ("C1 CSI as UTF-8", [0xC2, 0x9B]), ("C1 OSC as UTF-8", [0xC2, 0x9D]), ("C1 ST as UTF-8", [0xC2, 0x9C]),
            ("bidi override", [0xE2, 0x80, 0xAE]), ("NUL", [0x00]), ("invalid UTF-8", [0xFF, 0xFE]),
        ]
        for (what, bytes) in forbidden {
            XCTAssertNil(raw.range(of: Data(bytes)), "\(what) reached the terminal")
        }
        try pad.send("C-\\")
        try pad.waitFor(text: "EXIT=0")
    }

    /// Emoji sequences the terminal splits differently than the pad would
    /// count them are drawn as their first emoji; moving on leaves nothing.
    func testEmojiSequencesLeaveNoStaleCells() throws {
        let (pad, _) = try recordedPad()
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let notes = "Team \(family) thumbs \u{1F44D}\u{1F3FD} heart \u{2764}\u{FE0F} flag \u{1F1E9}\u{1F1EA} cafe\u{301} end"
        fake.send("raw slide_notes\\n0\\n<html><body>\(notes)</body></html>\\n\\n")
        let screen = try pad.waitFor("the emoji notes") { $0.contains("Team ") && $0.contains(" end") }
        XCTAssertTrue(screen.contains("Team \u{1F468} thumbs \u{1F44D} heart \u{2764} flag"), screen)
        XCTAssertTrue(Self.bordersLineUp(screen), "every row's right border stays in place:\n\(screen)")

        fake.send("slide 1")
        let after = try pad.waitFor("slide 2's notes") { $0.contains("Notes 2:") }
        for leftover in ["\u{1F468}", "\u{1F44D}", "\u{2764}", "\u{1F3FD}", "Team", "thumbs"] {
            XCTAssertFalse(after.contains(leftover), "stale \(leftover) after the notes changed:\n\(after)")
        }
        XCTAssertTrue(Self.bordersLineUp(after), after)
    }

    /// 900 KB of notes and a 10 000-character word: drawn, scrolled, and
    /// free while idle (they are wrapped once, not every frame).
    func testHugeNotesCostNothingWhileIdle() throws {
        let (pad, _) = try recordedPad()
        let word = String(repeating: "W", count: 10_000)
        let big = String(repeating: "lorem ipsum dolor sit amet ", count: 33_000)
        fake.send("raw slide_notes\\n0\\n<html><body>start \(word) \(big)finis</body></html>\\n\\n")
        try pad.waitFor("the huge notes") { $0.contains("start") && $0.contains("WWWWWWWWWW") }
        let pid = try padPID()
        let before = try cpuTicks(pid)
        usleep(3_000_000)  // three clock ticks of an idle pad
        let used = try cpuTicks(pid) - before
        XCTAssertLessThan(used, 30, "CPU ticks (1/100 s) in 3 s idle with 900 KB of notes")
        try pad.send("d", "d", "d")
        try pad.waitFor("the notes scrolled") { !$0.contains("│ start ") && $0.contains("↑") }
        try pad.send("Right")
        try fake.waitForReceived("transition_next")
    }

    /// Right borders of the panes sit at the same display column on every
    /// row that has one (a mis-measured cell shifts them). Columns are
    /// counted with libc's wcwidth, as tmux counts them.
    /// Whether every row of the notes pane (where the emoji are) has its
    /// left and right borders in the columns of the pane's top corners: a
    /// cell left stale or a wide character counted wrong would shift them.
    static func bordersLineUp(_ screen: String) -> Bool {
        setlocale(LC_CTYPE, "C.UTF-8")
        /// Each scalar with the display column it starts at.
        func cells(_ line: Substring) -> [(column: Int, scalar: Unicode.Scalar)] {
            var column = 0
            return line.unicodeScalars.map { scalar in
                defer { column += max(0, Int(cw_wcwidth(scalar.value))) }
                return (column, scalar)
            }
        }
        func scalar(_ cells: [(column: Int, scalar: Unicode.Scalar)], at column: Int) -> Unicode.Scalar? {
            cells.first { $0.column == column }?.scalar
        }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let top = lines.firstIndex(where: { $0.contains("┌ Notes") }) else { return false }
        let corners = cells(lines[top])
        guard let left = corners.first(where: { $0.scalar == "┌" })?.column,
              let right = corners.first(where: { $0.scalar == "┐" })?.column else { return false }
        for line in lines[(top + 1)...] {
            let row = cells(line)
            if scalar(row, at: left) == "└" { return true }
            guard scalar(row, at: left) == "│", scalar(row, at: right) == "│" else { return false }
        }
        return false
    }

    private func padPID() throws -> Int32 {
        let pids = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init)
        for pid in pids {
            guard let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            let args = String(decoding: cmdline, as: UTF8.self)
            if args.contains("connect\u{0}127.0.0.1:\(fake.port)\u{0}") { return pid }
        }
        throw NSError(domain: "e2e", code: 1, userInfo: [NSLocalizedDescriptionKey: "the pad's process was not found"])
    }

    private func cpuTicks(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])!
    }
}
