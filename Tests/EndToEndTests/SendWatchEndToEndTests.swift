import FakePeerSupport
import ImpressRemote
import Pdfpc
import Foundation
import XCTest
import SlideModel

/// `controlpad send` and `controlpad watch` as a script runs them, against
/// the fake Impress of tools/fake-impress. Every wait polls output or the
/// fake's log; nothing sleeps to synchronise.
final class SendWatchEndToEndTests: FakeImpressTestCase {
    private func fake(pairing: String = "paired", show: Bool = true, slides: Int = 5,
                      trickleMs: Int = 50, flags: [String] = []) throws -> FakeImpressProcess {
        let fake = try FakeImpressProcess(pairing: pairing, show: show, slides: slides, trickleMs: trickleMs, flags: flags)
        fakes.append(fake)
        return fake
    }

    /// The pairing file lives in a temporary XDG_STATE_HOME: the user's own is never touched.
    /// The kept link's socket too (`KeptLink`).
    private var environment: [String: String] {
        ["XDG_STATE_HOME": stateHome.path, "XDG_RUNTIME_DIR": stateHome.path]
    }

    private func send(_ fake: FakeImpressProcess, _ words: String..., pairing: [String] = [],
                      file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, out: String, err: String) {
        try ControlpadProcess.run(["send", "127.0.0.1:\(fake.port)"] + words + pairing, environment: environment,
                                  file: file, line: line)
    }

    private let testPairing = ["--name", "controlpad-test", "--pin", "1234"]

    func testAPedalLoopOfTwentyNextsMovesTheShowExactlyTwentySlides() throws {
        // Each call stays until the previews Impress sends every new client are in (PreviewStream).
        let fake = try fake(slides: 30, trickleMs: 5)
        // The first call pairs with --name/--pin; the others find both remembered.
        var outputs: [String] = []
        for i in 0..<20 {
            let run = try send(fake, "next", pairing: i == 0 ? testPairing : [])
            XCTAssertEqual(run.status, 0, run.err)
            outputs.append(run.out.trimmingCharacters(in: .newlines))
        }
        XCTAssertEqual(outputs, (2...21).map { "slide \($0)/30" })
        // Presses that follow each other closely go as a go-to (NavigationPacer).
        XCTAssertEqual(fake.received("transition_next").count + fake.received("goto_slide").count, 20)
        let requests = fake.pairRequests
        XCTAssertEqual(requests.count, 1, "one link, kept for every call (KeptLink)")
        XCTAssertTrue(requests.allSatisfy { $0.name == "controlpad-test" && $0.pin == "1234" }, "\(requests)")
        // No call left before the fake had sent it the show's last notes
        // (LibreOffice hangs when a client does: PreviewStream).
        let log = fake.entries
        for conn in Set(log.compactMap { $0["event"] as? String == "accepted" ? $0["conn"] as? Int : nil }) {
            let mine = log.enumerated().filter { $0.element["conn"] as? Int == conn }
            let closed = mine.first { $0.element["event"] as? String == "closed" }?.offset
            let lastNotes = mine.last { $0.element["name"] as? String == "slide_notes" }?.offset
            XCTAssertNotNil(lastNotes, "connection \(conn) got the notes")
            XCTAssertLessThan(lastNotes ?? .max, closed ?? .max, "connection \(conn) closed only after the last notes")
        }
        // A fresh connection is told where the show is: 20 slides on, not 19 or 21.
        XCTAssertEqual(try send(fake, "start").out, "slide 21/30\n")
    }

    /// A pedal's or a Stream Deck's blank, resume and next, each from a
    /// process of its own, against a fake that crashes as LibreOffice 25.2
    /// does when clients come and go around a blank's end: one kept link
    /// carries them all, so nothing comes and goes and the show is where
    /// the last command put it. Then three presses at the same moment.
    func testBlankResumeNextFromSeparateProcessesShareOneLinkAndNeverCrashImpress() throws {
        let fake = try fake(slides: 40, trickleMs: 2, flags: ["--crashy"])
        var lines: [String] = []
        for round in 0..<5 {
            for words in [["blank"], ["resume"], ["next"]] {
                let run = try ControlpadProcess.run(["send", "127.0.0.1:\(fake.port)"] + words + (round == 0 ? testPairing : []),
                                                    environment: environment)
                XCTAssertEqual(run.status, 0, run.err)
                lines.append(run.out.trimmingCharacters(in: .newlines))
            }
        }
        XCTAssertEqual(lines.last, "slide 6/40")
        XCTAssertEqual(Array(lines.prefix(3)), ["slide 1/40 · blank", "slide 1/40", "slide 2/40"])
        let together = try ["blank", "next", "next"].map {
            try ControlpadProcess(["send", "127.0.0.1:\(fake.port)", $0], environment: environment)
        }
        for process in together { XCTAssertEqual(try process.wait(timeout: 30), 0) }
        try fake.waitForReceived("presentation_blank_screen")
        XCTAssertEqual(try send(fake, "start").out, "slide 8/40\n", "both nexts carried out, in one link")
        XCTAssertEqual(fake.pairRequests.count, 1, "one link for every call")
        XCTAssertFalse(fake.entries.contains { $0["event"] as? String == "crashed" }, "Impress's remote never crashed")
    }

    /// The kept link is visible and stoppable (issue 52, item 2): its
    /// command line names the show and no PIN; `controlpad links` lists it
    /// with its age; `--close` closes it, except one held until the show
    /// ends (a blank ended while it was open), which wants `--force`; and
    /// SIGTERM ends it.
    func testTheKeptLinkShowsNoPinAndLinksListsAndClosesIt() throws {
        let fake = try fake(slides: 5, trickleMs: 2, flags: ["--crashy"])
        XCTAssertEqual(try send(fake, "next", pairing: testPairing).out, "slide 2/5\n")
        let keeper = try ChildProcess.run(["pgrep", "-f", "keep-link 127.0.0.1:\(fake.port)"]).output
            .split(separator: "\n").compactMap { Int32($0) }
        XCTAssertEqual(keeper.count, 1)
        let pid = try XCTUnwrap(keeper.first)
        let commandLine = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
            .split(separator: "\0").dropFirst().joined(separator: " ")
        XCTAssertEqual(commandLine, "keep-link 127.0.0.1:\(fake.port)", "no PIN, no name, no JSON on the command line")
        let listed = try ControlpadProcess.run(["links"], environment: environment)
        XCTAssertEqual(listed.status, 0, listed.err)
        XCTAssertEqual(listed.out, "127.0.0.1:\(fake.port) (Impress) · kept link, pid \(pid) · 0 s · slide 2/5\n")
        let doctor = try ControlpadProcess.run(["doctor", "127.0.0.1:\(fake.port)", "--timeout", "1"], environment: environment)
        XCTAssertTrue(doctor.out.contains("ControlPad's link to 127.0.0.1:\(fake.port): kept link, pid \(pid)"), doctor.out)
        // A blank ended while it was open: it stays until the show ends.
        _ = try send(fake, "blank")
        _ = try send(fake, "resume")
        let refused = try ControlpadProcess.run(["links", "--close"], environment: environment)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.contains("stays until the show ends"), refused.err)
        XCTAssertTrue(try ControlpadProcess.run(["links"], environment: environment).out.contains("held until the show ends"))
        let forced = try ControlpadProcess.run(["links", "--close", "--force"], environment: environment)
        XCTAssertEqual(forced.out, "closed the link to 127.0.0.1:\(fake.port) (pid \(pid))\n", forced.err)
        _ = try fake.waitFor("the kept link closed") { $0.entries.contains { $0["event"] as? String == "closed" } ? true : nil }
        XCTAssertEqual(try ControlpadProcess.run(["links"], environment: environment).out, "no ControlPad links to shows\n")
        // SIGTERM ends a new one, held too, at once.
        fake.send("stop")
        fake.send("start")
        XCTAssertEqual(try send(fake, "blank").out, "slide 1/5 · blank\n")
        _ = try send(fake, "resume")
        let second = try ChildProcess.run(["pgrep", "-f", "keep-link 127.0.0.1:\(fake.port)"]).output
        _ = try ChildProcess.run(["kill", "-TERM"] + second.split(separator: "\n").map(String.init))
        _ = try fake.waitFor("the second kept link closed on SIGTERM") { fake in
            let events = fake.entries.map { ($0["event"] as? String ?? "", $0["conn"] as? Int ?? 0) }
            return events.filter { $0.0 == "accepted" }.count == events.filter { $0.0 == "closed" }.count ? true : nil
        }
    }

    /// `send uno:NAME` when no LibreOffice listens on the pipe says so at
    /// once, in the doctor's words, without starting the bridge and waiting
    /// for its timeout (issue 52, item 5).
    func testSendOverUNOWithNothingOnThePipeFailsAtOnceInTheDoctorsWords() throws {
        let pipe = "nosuch-\(UUID().uuidString.prefix(8))"
        let run = try ControlpadProcess.run(["send", "uno:\(pipe)", "next", "--timeout", "60"], environment: environment)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.err, "controlpad: cannot reach uno:\(pipe): no LibreOffice listens on the pipe \(pipe)\n")
    }

    func testEachCommandReachesImpressAndPrintsWhereTheShowIs() throws {
        let fake = try fake()
        XCTAssertEqual(try send(fake, "goto", "3", pairing: testPairing).out, "slide 3/5\n")
        XCTAssertEqual(fake.received("goto_slide").last, ["goto_slide", "2"], "1-based on the command line, 0-based on the wire")
        XCTAssertEqual(try send(fake, "previous").out, "slide 2/5\n")
        XCTAssertEqual(try send(fake, "last").out, "slide 5/5\n")
        XCTAssertEqual(try send(fake, "first").out, "slide 1/5\n")
        XCTAssertEqual(try send(fake, "blank").out, "slide 1/5 · blank\n")
        try fake.waitForReceived("presentation_blank_screen")
        XCTAssertEqual(try send(fake, "resume").out, "slide 1/5\n")
        try fake.waitForReceived("presentation_resume")
        XCTAssertEqual(try send(fake, "next", "--no-wait").out, "sent (the show was on slide 1/5)\n")
        try fake.waitForReceived("transition_next")
        XCTAssertEqual(try send(fake, "stop").out, "no show\n")
        XCTAssertEqual(try send(fake, "start").out, "slide 1/5\n")
        XCTAssertEqual(fake.received("presentation_start").count, 1)
    }

    func testFailuresAreOneLineWithExitOne() throws {
        let running = try fake()
        let far = try send(running, "goto", "9", pairing: testPairing)
        XCTAssertEqual(far.status, 1)
        XCTAssertEqual(far.err, "controlpad: slide 9 is out of range: the show on 127.0.0.1:\(running.port) has 5 slides\n")
        XCTAssertEqual(running.received("goto_slide").count, 0, "nothing sent")

        let idle = try fake(show: false)
        let noShow = try send(idle, "next", pairing: testPairing)
        XCTAssertEqual(noShow.status, 1)
        XCTAssertTrue(noShow.err.contains("no show is running") && noShow.err.contains("start"), noShow.err)

        let stranger = try fake(pairing: "validate")
        let unpaired = try send(stranger, "next")
        XCTAssertEqual(unpaired.status, 1)
        XCTAssertTrue(unpaired.err.contains("not paired with 127.0.0.1:\(stranger.port) yet: run `controlpad connect"), unpaired.err)

        let refusing = try fake(pairing: "refuse")
        let refused = try send(refusing, "next", pairing: testPairing)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.contains("refused the pairing request"), refused.err)

        let silent = try fake(pairing: "silent")
        let mute = try send(silent, "next", "--timeout", "1", pairing: testPairing)
        XCTAssertEqual(mute.status, 1)
        // Two clocks of the same length run here, send's --timeout and the
        // link's pairing timeout; whichever ends first says it in one line.
        XCTAssertTrue(mute.err.contains("no answer from 127.0.0.1:\(silent.port) within 1 s") || mute.err.contains(ImpressProblem.stuck.reason), mute.err)
        XCTAssertEqual(mute.err.split(separator: "\n").count, 1, mute.err)

        let closedPort = refusing.port
        refusing.stop()
        let nobody = try ControlpadProcess.run(["send", "127.0.0.1:\(closedPort)", "next"], environment: environment)
        XCTAssertEqual(nobody.status, 1)
        XCTAssertTrue(nobody.err.contains("connection refused"), nobody.err)

        for run in [far, noShow, unpaired, refused, mute, nobody] {
            XCTAssertEqual(run.err.filter { $0 == "\n" }.count, 1, "one line: \(run.err)")
            XCTAssertEqual(run.out, "")
        }
    }

    func testUsageErrorsExitTwoWithOneLine() throws {
        for args in [["send", "127.0.0.1", "nxt"], ["send", "127.0.0.1", "goto", "0"], ["send", "127.0.0.1", "goto", "x"],
                     ["send", "127.0.0.1:99999", "next"], ["send"], ["watch", "127.0.0.1", "--pin", "12ab"],
                     ["watch", "[::1"]] {
            let run = try ControlpadProcess.run(args, environment: environment)
            XCTAssertEqual(run.status, 2, "\(args): \(run.err)")
            XCTAssertEqual(run.err.filter { $0 == "\n" }.count, 1, "one line: \(run.err)")
            XCTAssertTrue(run.err.hasPrefix("controlpad: "), run.err)
            XCTAssertFalse(run.err.contains("Usage:") || run.err.contains("crashed"), run.err)
        }
        let unknown = try ControlpadProcess.run(["send", "127.0.0.1", "nxt"])
        XCTAssertTrue(unknown.err.contains("unknown command \"nxt\""), unknown.err)
    }

    func testWatchJSONFollowsTheTalk() throws {
        let fake = try fake(slides: 5)
        let watch = try ControlpadProcess(["watch", "127.0.0.1:\(fake.port)", "--json"] + testPairing, environment: environment)
        func events(_ lines: [String]) -> [[String: Any]] {
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        func has(_ event: String, _ extra: @escaping ([String: Any]) -> Bool = { _ in true }) -> ([String]) -> Bool {
            { events($0).contains { $0["event"] as? String == event && extra($0) } }
        }
        try watch.waitForOutput("show_started", has("show_started") { $0["slides"] as? Int == 5 && $0["position"] as? Int == 1 })
        try watch.waitForOutput("notes of slide 1", has("notes") { $0["position"] as? Int == 1 })

        // Someone else moves the show (the presenter's own remote)...
        fake.send("slide 2")
        try watch.waitForOutput("slide 3", has("slide") { $0["index"] as? Int == 2 && $0["position"] as? Int == 3 })
        try watch.waitForOutput("notes of slide 3", has("notes") {
            $0["position"] as? Int == 3 && ($0["text"] as? String ?? "").hasPrefix("Notes 3: R&D <beta> \"quoted\"\nsecond line")
        })
        // ...or a pedal does.
        XCTAssertEqual(try send(fake, "next").out, "slide 4/5\n")
        try watch.waitForOutput("slide 4", has("slide") { $0["position"] as? Int == 4 })
        fake.send("stop")
        try watch.waitForOutput("show_finished", has("show_finished"))
        fake.send("drop")
        try watch.waitForOutput("link_lost", has("link_lost") { ($0["reason"] as? String)?.isEmpty == false })
        try watch.waitForOutput("paired again", { events($0).filter { $0["event"] as? String == "paired" }.count == 2 })

        let all = events(watch.stdoutLines)
        XCTAssertEqual(all.count, watch.stdoutLines.count, "every line is one JSON object:\n\(watch.stdout)")
        XCTAssertTrue(all.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })
        // The events in order; a state line (schema 2) follows each change among them.
        XCTAssertEqual(Array(all.compactMap { $0["event"] as? String }.filter { $0 != "state" }.prefix(3)), ["connecting", "connected", "paired"])
        XCTAssertTrue(all.contains { $0["event"] as? String == "state" && $0["schema"] as? Int == 2 && $0["slide"] as? Int == 4
                          && $0["link"] as? String == "connected" }, "the state at slide 4:\n\(watch.stdout)")

        kill(watch.pid, SIGINT)
        XCTAssertEqual(try watch.wait(timeout: 10), 0, "Ctrl-C ends it cleanly")
        XCTAssertEqual(watch.stderr, "")
    }

    /// `send section …` on Impress goes through the kept link, by the
    /// agenda the sending `send` names (issue 41).
    func testSendSectionGoesByTheAgendaThroughTheKeptLink() throws {
        let fake = try fake(slides: 5)
        let agenda = stateHome.appendingPathComponent("agenda.toml")
        try "[[section]]\nname = \"Intro\"\nslide = 1\n\n[[section]]\nname = \"Demo time\"\nslide = 3\n"
            .write(to: agenda, atomically: true, encoding: .utf8)
        let run = try send(fake, "section", "next", pairing: testPairing + ["--agenda", agenda.path])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.out, "slide 3/5\n")
        let named = try send(fake, "section", "intro", pairing: ["--agenda", agenda.path])
        XCTAssertEqual(named.out, "slide 1/5\n", named.err)
        let unknown = try send(fake, "section", "lunch", pairing: ["--agenda", agenda.path])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.err.contains("no section \"lunch\": the sections are \"Intro\", \"Demo time\""), unknown.err)
    }

    func testWatchTextLinesAndAClosedStdoutEndsIt() throws {
        let fake = try fake(slides: 5)
        // `| head -n 4`: once head has gone, the next line written ends watch.
        let script = "\(TmuxSession.binary) watch 127.0.0.1:\(fake.port) --name controlpad-test --pin 1234 | head -n 4; "
            + "echo \"watch=${PIPESTATUS[0]}\""
        let shell = try ControlpadProcess(["-c", script], environment: environment, executable: "/bin/bash")
        let deadline = Date().addingTimeInterval(15)
        var slide = 0
        while shell.exitStatus == nil && Date() < deadline {
            slide = (slide + 1) % 5
            fake.send("slide \(slide)")  // a change to write about, until watch notices head is gone
            usleep(100_000)
        }
        XCTAssertEqual(try shell.wait(timeout: 5), 0)
        let lines = shell.stdoutLines
        XCTAssertEqual(lines.count, 5, shell.stdout)
        XCTAssertTrue(lines[0].hasSuffix(" connecting to 127.0.0.1:\(fake.port)"), lines[0])
        XCTAssertNotNil(lines[0].range(of: #"^\d\d:\d\d:\d\d "#, options: .regularExpression), lines[0])
        // Named with its version when the kept link `watch` follows had heard it before `watch` came in.
        XCTAssertNotNil(lines[2].range(of: #" paired with Impress( 7\.4\.7\.2)? · 127\.0\.0\.1$"#, options: .regularExpression), lines[2])
        XCTAssertEqual(lines.last, "watch=0", "a closed stdout ends watch cleanly")
        XCTAssertEqual(shell.stderr, "")
    }

    // MARK: against the real LibreOffice (scripts/real-peer-test.sh)

    func testRealImpressSendAndWatch() throws {
        guard ProcessInfo.processInfo.environment["CONTROLPAD_REAL_PEER"] == "1" else {
            throw XCTSkip("set CONTROLPAD_REAL_PEER=1 with peer.sh running (scripts/real-peer-test.sh)")
        }
        let host = "127.0.0.1"
        func send(_ words: String...) throws -> (status: Int32, out: String, err: String) {
            try ControlpadProcess.run(["send", host] + words + testPairing, environment: environment)
        }
        let watch = try ControlpadProcess(["watch", host, "--json"] + testPairing, environment: environment)
        defer {
            print("watch --json against the real Impress:\n" + watch.stdout)
            kill(watch.pid, SIGINT)
        }
        try watch.waitForOutput("paired with Impress", timeout: 20) { $0.contains { $0.contains("\"server\":\"Impress ") } }

        let started = try send("start")
        XCTAssertEqual(started.status, 0, started.err)
        if started.out != "slide 1/5\n" {
            XCTAssertEqual(try send("first").out, "slide 1/5\n", "a show left running elsewhere, back to 1")
        }
        // For its first seconds a show may ignore transition_next (docs/IMPRESS-REMOTE.md):
        // ask until a step is confirmed, putting the show back on 1 if one moved it late.
        var moved = false
        for _ in 0..<10 where !moved {
            let step = try send("next")
            moved = step.out == "slide 2/5\n"
            if !moved { _ = try send("first") }
        }
        XCTAssertTrue(moved, "LibreOffice never obeyed transition_next: restart the peer")
        // The pedal: each call a new process, a new connection, one step.
        for position in 3...5 {
            let step = try send("next")
            XCTAssertEqual(step.out, "slide \(position)/5\n", step.err)
        }
        XCTAssertEqual(try send("goto", "2").out, "slide 2/5\n")
        let far = try send("goto", "9")
        XCTAssertEqual(far.status, 1)
        XCTAssertTrue(far.err.contains("has 5 slides"), far.err)
        XCTAssertEqual(try send("blank").out, "slide 2/5 · blank\n")
        XCTAssertEqual(try send("resume").out, "slide 2/5\n")

        try watch.waitForOutput("every position seen", timeout: 15) { lines in
            let slides = lines.filter { $0.contains("\"event\":\"slide\"") }
            return (2...5).allSatisfy { p in slides.contains { $0.contains("\"position\":\(p),") } }
        }
        try watch.waitForOutput("notes of slide 2", timeout: 15) { lines in
            lines.contains { $0.contains("\"event\":\"notes\"") && $0.contains("\"position\":2,") }
        }
        XCTAssertEqual(try send("stop").out, "no show\n")
        try watch.waitForOutput("show_finished", timeout: 15) { $0.contains { $0.contains("\"event\":\"show_finished\"") } }
        kill(watch.pid, SIGINT)
        XCTAssertEqual(try watch.wait(timeout: 10), 0)
    }
}
