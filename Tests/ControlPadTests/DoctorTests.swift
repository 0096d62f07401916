import Foundation
import ImpressRemoteTransport
import SlideModel
import Pdfpc
import ImpressRemote
import XCTest

@testable import PdfpcTransport
@testable import ImpressRemoteTransport
@testable import SourceKit
@testable import ControlPadUI
@testable import PadConfig

/// `controlpad doctor`'s pure parts: reading the source's events
/// (`ImpressLinkReading`, on virtual time) and turning what was seen into
/// the checks and their words (`ImpressDoctorFindings`, `DoctorOutput`).
final class ImpressLinkReadingTests: XCTestCase {
    private let paired = SourceEvent.link(.connected(server: "Impress · 127.0.0.1"))
    private let version = SourceEvent.link(.connected(server: "Impress 25.2.3.2 · 127.0.0.1"))
    private let png = Preview(png: [0x89], aspect: nil)

    private func reading(_ events: [(Double, SourceEvent)], settleAt: Double? = nil) -> ImpressLinkReading {
        var reading = ImpressLinkReading()
        for (t, event) in events { reading.note(event, at: t) }
        if let settleAt { reading.settle(at: settleAt) }
        return reading
    }

    private func stream(slides: Int, from: Double = 0.1, notes: Bool = true) -> [(Double, SourceEvent)] {
        (0..<slides).flatMap { i -> [(Double, SourceEvent)] in
            let t = from + 0.05 * Double(i + 1)
            return [(t, .preview(index: i, png))] + (notes ? [(t, .notes(index: i, "n"))] : [])
        }
    }

    func testAShowEndsTheReadingOnlyWithTheLastSlidesNotes() {
        var r = reading([(0, .link(.connecting(to: "127.0.0.1:1599"))), (0.01, paired), (0.01, version),
                         (0.02, .showStarted(slideCount: 3, current: 1)), (0.02, .showTitle("deck.odp"))])
        XCTAssertNil(r.end)
        XCTAssertEqual(r.server, "Impress 25.2.3.2")
        for (t, e) in stream(slides: 3).dropLast() { r.note(e, at: t) }
        XCTAssertNil(r.end, "the last slide's notes are still to come")
        r.note(.notes(index: 2, "n"), at: 0.25)
        XCTAssertEqual(r.end, .complete)
        XCTAssertEqual(r.show, .running(slides: 3, current: 1))
        XCTAssertEqual(r.previews.count, 3)
        XCTAssertEqual(r.notes.count, 3)
        XCTAssertEqual(r.title, "deck.odp")
        XCTAssertEqual(r.streamSeconds ?? 0, 0.23, accuracy: 0.001)
    }

    func testALastSlideWithoutNotesEndsAShortPauseAfterItsPreview() {
        var r = reading([(0, paired), (0, .showStarted(slideCount: 2, current: 0))] + stream(slides: 2, notes: false))
        XCTAssertNil(r.end)
        let grace = PreviewStream.notesGrace.inSeconds
        XCTAssertEqual(r.wakeUp() ?? 0, 0.2 + grace, accuracy: 0.001)
        r.settle(at: 0.2 + grace - 0.05)
        XCTAssertNil(r.end)
        r.settle(at: 0.2 + grace)
        XCTAssertEqual(r.end, .complete)
    }

    func testAStreamThatStallsEndsAfterTheConnectionsQuietSpell() {
        var r = reading([(0, paired), (0, .showStarted(slideCount: 5, current: 0))] + stream(slides: 2))
        let last = r.lastTrafficAt ?? 0
        r.settle(at: last + 5)
        XCTAssertNil(r.end, "a heavy slide takes seconds to render: not silence")
        XCTAssertEqual(r.wakeUp() ?? 0, last + PreviewStream.quiet.inSeconds, accuracy: 0.001)
        r.settle(at: last + PreviewStream.quiet.inSeconds)
        XCTAssertEqual(r.end, .quiet)
    }

    func testASlowStreamIsReadToItsEndAndABigOneForThirtySeconds() {
        var slow = reading([(0, paired), (0, .showStarted(slideCount: 40, current: 0))])
        for i in 0..<40 {
            slow.note(.preview(index: i, png), at: 2 + 0.4 * Double(i))
            slow.note(.notes(index: i, "n"), at: 2 + 0.4 * Double(i))
        }
        XCTAssertEqual(slow.end, .complete, "40 slides at 400 ms: the old 4 s window cut it")
        var r = reading([(0, paired), (0, .showStarted(slideCount: 1000, current: 0))])
        var t = 0.0
        var i = 0
        while r.end == nil {
            t += 0.055
            r.note(.preview(index: i, png), at: t)
            i += 1
        }
        XCTAssertEqual(r.end, .window, "the rest is waited for in the background")
        XCTAssertEqual(t, 30, accuracy: 0.06)
    }

    func testARestartedShowStartsTheCountAgain() {
        var r = reading([(0, paired), (0, .showStarted(slideCount: 2, current: 0)), (0.05, .preview(index: 0, png))])
        r.note(.showStarted(slideCount: 2, current: 0), at: 0.06)
        XCTAssertTrue(r.previews.isEmpty)
        for (t, e) in stream(slides: 2, from: 0.06) { r.note(e, at: t) }
        XCTAssertEqual(r.end, .complete)
    }

    func testEndsBeforeAShow() {
        XCTAssertEqual(reading([(0, paired), (0, .showFinished)]).end, .noShow)
        let pin = reading([(0, .link(.pairing(pin: "1234", place: ImpressSession.pinPlace)))])
        XCTAssertEqual(pin.end, .waitingForPin)
        XCTAssertEqual(pin.answer, .waitingForPin)
        let lost = reading([(3, .link(.reconnecting(inSeconds: 1, problem: ImpressRemoteSource.noAnswerProblem)))])
        XCTAssertEqual(lost.end, .lost(ImpressRemoteSource.noAnswerProblem))
        XCTAssertEqual(lost.answer, .none)
        var silent = reading([])
        XCTAssertEqual(silent.wakeUp(), 8)
        silent.settle(at: 8)
        XCTAssertEqual(silent.end, .noAnswer)
        var mute = reading([(1, paired)])
        mute.settle(at: 3.9)
        XCTAssertNil(mute.end)
        mute.settle(at: 4)
        XCTAssertEqual(mute.end, .noShowState)
        var interrupted = reading([(0, paired), (0, .showStarted(slideCount: 3, current: 0))])
        interrupted.interrupt()
        XCTAssertEqual(interrupted.end, .interrupted)
        interrupted.note(.preview(index: 0, png), at: 0.1)
        XCTAssertTrue(interrupted.previews.isEmpty, "nothing is read after the end")
    }
}

final class ImpressDoctorFindingsTests: XCTestCase {
    private let server = ImpressServerAddress(host: "127.0.0.1")
    private let png = Preview(png: [0x89], aspect: nil)

    private func findings(_ events: [SourceEvent] = [], end: Double = 1) -> ImpressDoctorFindings {
        var f = ImpressDoctorFindings(server: server, clientName: "controlpad-test", pin: .given("1234"))
        f.resolution = .literal
        f.connection = .open(address: "127.0.0.1")
        var link = ImpressLinkReading()
        for (i, event) in events.enumerated() { link.note(event, at: Double(i) * 0.01) }
        link.settle(at: end)
        f.link = link
        f.multicast = ImpressDoctorFindings.Discovery(servers: [DiscoveredServer(name: "vm", address: "192.0.2.2")])
        f.direct = ImpressDoctorFindings.Discovery(servers: [DiscoveredServer(name: "vm", address: "127.0.0.1")])
        return f
    }

    private func check(_ f: ImpressDoctorFindings, _ name: DoctorCheck.Name) -> DoctorCheck {
        f.checks.first { $0.name == name }!
    }

    private var allGood: [SourceEvent] {
        [.link(.connected(server: "Impress 25.2.3.2 · 127.0.0.1")), .showStarted(slideCount: 2, current: 0),
         .showTitle("deck.odp"), .preview(index: 0, png), .notes(index: 0, "a"), .preview(index: 1, png), .notes(index: 1, "b")]
    }

    func testAllGood() {
        let f = findings(allGood)
        XCTAssertTrue(f.isReady)
        XCTAssertEqual(f.checks.map(\.name), [.name, .port, .impress, .pairing, .show, .previews, .multicast, .direct],
                       "every Impress check, in order")
        XCTAssertEqual(f.checks.map(\.mark), Array(repeating: "✔", count: 8))
        XCTAssertEqual(check(f, .impress).detail, "Impress 25.2.3.2 answered the pair request")
        XCTAssertEqual(check(f, .pairing).detail, "paired as \"controlpad-test\" with --pin")
        XCTAssertEqual(check(f, .show).detail, "running: slide 1 of 2, \"deck.odp\"")
        XCTAssertEqual(check(f, .previews).detail, "2 of 2 previews and notes of 2 slides in 0.0 s")
        XCTAssertEqual(check(f, .multicast).detail, "answered by vm (192.0.2.2)")
        XCTAssertEqual(DoctorOutput.summary(f), "ControlPad can drive Impress on 127.0.0.1:1599: controlpad connect 127.0.0.1:1599")
    }

    func testRefusedNamesBothSettingsAndTheRestartAndSkipsTheRest() {
        var f = ImpressDoctorFindings(server: server, clientName: "x")
        f.resolution = .literal
        f.connection = .failed(.refused, address: "127.0.0.1", detail: "Connection refused")
        f.multicast = ImpressDoctorFindings.Discovery()
        f.direct = ImpressDoctorFindings.Discovery()
        XCTAssertFalse(f.isReady)
        let port = check(f, .port)
        XCTAssertEqual(port.ok, false)
        XCTAssertEqual(port.detail, "127.0.0.1: \(ImpressProblem.refused.reason) (Connection refused)")
        XCTAssertEqual(port.fix, ImpressProblem.refused.fix)
        for words in ["Enable remote control", "Enable insecure WiFi connections", "restart"] {
            XCTAssertTrue(port.fix!.contains(words), words)
        }
        XCTAssertEqual(f.checks.filter { $0.ok == nil }.map(\.name), [.impress, .pairing, .show, .previews])
        XCTAssertEqual(check(f, .impress).detail, "skipped: no connection")
        XCTAssertEqual(check(f, .direct).detail, "no answer from 127.0.0.1 on UDP 1598 in 2 s either")
        XCTAssertNil(check(f, .direct).fix, "the port's fix says it all")
        XCTAssertEqual(check(f, .multicast).ok, false)
        XCTAssertNil(check(f, .multicast).fix)
        XCTAssertEqual(DoctorOutput.summary(f), "ControlPad cannot drive Impress on 127.0.0.1:1599 yet: TCP port 1599 ✘")
    }

    func testARefusalOnAnotherPortWhereDiscoveryFindsImpressPointsAtThePort() {
        var f = ImpressDoctorFindings(server: ImpressServerAddress(host: "127.0.0.1", port: 1600), clientName: "x")
        f.resolution = .literal
        f.connection = .failed(.refused, address: "127.0.0.1", detail: "Connection refused")
        f.direct = ImpressDoctorFindings.Discovery(servers: [DiscoveredServer(name: "vm", address: "127.0.0.1")])
        XCTAssertTrue(check(f, .port).fix!.hasPrefix("Impress Remote listens on port 1599, not 1600. "))
        XCTAssertTrue(check(f, .direct).detail.hasSuffix("Impress runs there, so check the port: Impress Remote listens on TCP 1599"))
    }

    /// `doctor 127.0.0.1:1600` (a server that is not Impress's remote on
    /// 1599) reported the discovery answer of the Impress on 1599 as its
    /// own (issue 52, item 20).
    func testDiscoveryOnAnotherPortIsNotThisServers() {
        var f = findings(allGood)
        f.server = ImpressServerAddress(host: "127.0.0.1", port: 1600)
        XCTAssertEqual(check(f, .direct).ok, nil, check(f, .direct).detail)
        XCTAssertTrue(check(f, .direct).detail.hasPrefix("not this server's: 127.0.0.1 answered on UDP 1598 for the Impress Remote on TCP 1599 (vm (127.0.0.1))"),
                      check(f, .direct).detail)
        f.direct = ImpressDoctorFindings.Discovery()
        XCTAssertEqual(check(f, .direct).ok, nil)
        XCTAssertNil(check(f, .direct).fix, "no firewall to blame: discovery never finds port 1600")
    }

    /// A name that does not resolve is not suggested to `discover --host`
    /// (issue 52, item 20): the name's own fix comes first.
    func testANameThatDoesNotResolveIsNotSuggestedAgain() {
        var g = ImpressDoctorFindings(server: ImpressServerAddress(host: "nosuch.invalid"), clientName: "x")
        g.resolution = .failed("Name or service not known")
        g.multicast = ImpressDoctorFindings.Discovery()
        XCTAssertFalse(check(g, .multicast).fix?.contains("nosuch.invalid") ?? false, check(g, .multicast).fix ?? "")
        g.multicast = ImpressDoctorFindings.Discovery(notes: ["multicast 239.0.0.1: cannot send (Network is unreachable)"])
        XCTAssertFalse(check(g, .multicast).fix?.contains("nosuch.invalid") ?? false, check(g, .multicast).fix ?? "")
        XCTAssertEqual(check(findings(), .multicast).fix, nil)
    }

    func testTimedOutAndNotFound() {
        var f = ImpressDoctorFindings(server: server, clientName: "x")
        f.resolution = .literal
        f.connection = .failed(.timedOut, address: "127.0.0.1", detail: "no answer in 3 s")
        XCTAssertEqual(check(f, .port).fix, ImpressProblem.timedOut.fix)
        var g = ImpressDoctorFindings(server: ImpressServerAddress(host: "nowhere.invalid"), clientName: "x")
        g.resolution = .failed("Name or service not known")
        g.multicast = ImpressDoctorFindings.Discovery()
        XCTAssertEqual(check(g, .name).detail, "nowhere.invalid: host not found (Name or service not known)")
        XCTAssertEqual(check(g, .name).fix, ImpressProblem.hostNotFound.fix)
        XCTAssertEqual(check(g, .port).ok, nil)
        XCTAssertEqual(check(g, .direct).ok, nil)
        XCTAssertEqual(check(g, .multicast).ok, false, "multicast is still asked: it may find Impress by another name")
    }

    func testAServerThatAcceptsAndNeverAnswersIsStuckUnlessItGreets() {
        let noAnswer = SourceEvent.link(.reconnecting(inSeconds: 1, problem: ImpressRemoteSource.noAnswerProblem))
        var f = findings([noAnswer])
        XCTAssertEqual(check(f, .impress).detail, ImpressProblem.stuck.reason)
        XCTAssertEqual(check(f, .impress).fix, ImpressProblem.stuck.fix)
        XCTAssertEqual(check(f, .pairing).detail, "skipped: Impress did not answer")
        XCTAssertFalse(f.isReady)
        f.greeting = "SSH-2.0-OpenSSH_9.2p1"
        XCTAssertEqual(check(f, .impress).detail, "\(ImpressProblem.notImpress.reason): it greets with \"SSH-2.0-OpenSSH_9.2p1\"")
        XCTAssertEqual(check(f, .impress).fix, ImpressProblem.notImpress.fix)
    }

    func testWhatTheLinksReasonsMeanBeforeAnAnswer() {
        XCTAssertEqual(ImpressDoctorFindings.problem(forLostLink: ImpressRemoteSource.noAnswerProblem), .stuck)
        XCTAssertEqual(ImpressDoctorFindings.problem(forLostLink: ImpressConnection.notImpressProblem), .notImpress)
        XCTAssertEqual(ImpressDoctorFindings.problem(forLostLink: ImpressProblem.midMessage), .notImpress)
        XCTAssertEqual(ImpressDoctorFindings.problem(forLostLink: ImpressProblem.protocolError("protocol error: a message larger than 1048576 bytes")),
                       .notImpress)
        XCTAssertEqual(ImpressDoctorFindings.problem(forLostLink: ImpressProblem.unexplained("something new")), .closed)
        for problem in ImpressProblem.allCases {
            XCTAssertEqual(ImpressDoctorFindings.problem(forLostLink: problem.problem), problem, "the catalogue's own problems")
        }
        let http = findings([.link(.reconnecting(inSeconds: 1, problem: ImpressConnection.notImpressProblem))])
        XCTAssertEqual(check(http, .impress).detail, ImpressProblem.notImpress.reason)
    }

    func testWaitingForThePin() {
        var f = findings([.link(.pairing(pin: "1234", place: ImpressSession.pinPlace))])
        XCTAssertEqual(check(f, .impress).ok, true, "LO_SERVER_VALIDATING_PIN is Impress")
        XCTAssertEqual(check(f, .pairing).ok, false)
        XCTAssertEqual(check(f, .pairing).detail,
                       "\(ImpressProblem.waitingForPin.reason): it does not know \"controlpad-test\" with PIN 1234 (--pin)")
        XCTAssertEqual(check(f, .pairing).fix, ImpressProblem.waitingForPin.fix)
        XCTAssertEqual(check(f, .show).detail, "skipped: not paired")
        XCTAssertFalse(f.isReady)
        f.pin = .fresh
        XCTAssertTrue(check(f, .pairing).detail.hasSuffix("it does not know \"controlpad-test\" yet"))
    }

    func testNoShowIsSaidWithHowToStartOneAndTheRemoteIsStillReady() {
        let f = findings([.link(.connected(server: "Impress · 127.0.0.1")), .showFinished])
        XCTAssertTrue(f.isReady, "a show need not run yet: the pad starts it with F5")
        XCTAssertEqual(check(f, .show).ok, false)
        XCTAssertEqual(check(f, .show).detail, "no slide show is running")
        XCTAssertTrue(check(f, .show).fix!.contains("`controlpad send 127.0.0.1:1599 start`"))
        XCTAssertEqual(check(f, .previews).ok, nil)
        XCTAssertEqual(check(f, .previews).detail, "skipped: no show running")
    }

    func testPreviewsThatDoNotComeOrStop() {
        let started: [SourceEvent] = [.link(.connected(server: "Impress · 127.0.0.1")), .showStarted(slideCount: 3, current: 0)]
        let none = findings(started, end: 5)
        XCTAssertEqual(check(none, .previews).ok, false)
        XCTAssertTrue(check(none, .previews).detail.hasPrefix("no preview arrived"))
        XCTAssertTrue(none.isReady, "the pad drives a show without pictures")
        let stopped = findings(started + [.preview(index: 0, png)], end: 5)
        XCTAssertEqual(check(stopped, .previews).detail, "the previews stopped after 1 of 3 (no notes)")
        let lost = findings(started + [.preview(index: 0, png), .link(.reconnecting(inSeconds: 1, problem: ImpressProblem.reset.problem))])
        XCTAssertEqual(check(lost, .previews).detail, "the link closed after 1 of 3 previews: \(ImpressProblem.reset.reason)")
    }

    func testDiscoveryThatFindsNothing() {
        var f = findings(allGood)
        f.multicast = ImpressDoctorFindings.Discovery()
        f.direct = ImpressDoctorFindings.Discovery()
        XCTAssertTrue(f.isReady, "discovery is not needed to connect by address")
        XCTAssertEqual(check(f, .multicast).detail, "no answer from 239.0.0.1 UDP 1598 in 2 s")
        XCTAssertEqual(check(f, .direct).detail, "no answer from 127.0.0.1 on UDP 1598 in 2 s")
        XCTAssertTrue(check(f, .direct).fix!.contains("firewall"))
        f.multicast = ImpressDoctorFindings.Discovery(notes: ["multicast 239.0.0.1: cannot send (Network is unreachable)"])
        XCTAssertEqual(check(f, .multicast).detail, "no search sent: multicast 239.0.0.1: cannot send (Network is unreachable)")
    }

    func testLinesAndJSON() {
        var f = ImpressDoctorFindings(server: server, clientName: "x")
        f.resolution = .literal
        f.connection = .failed(.refused, address: "127.0.0.1", detail: "Connection refused")
        f.multicast = ImpressDoctorFindings.Discovery()
        f.direct = ImpressDoctorFindings.Discovery()
        let port = DoctorOutput.lines(check(f, .port))
        XCTAssertEqual(port.count, 2)
        XCTAssertEqual(port[0], "✘ TCP port 1599        127.0.0.1: \(ImpressProblem.refused.reason) (Connection refused)")
        XCTAssertEqual(port[1], String(repeating: " ", count: 23) + "→ " + ImpressProblem.refused.fix)
        XCTAssertEqual(DoctorOutput.lines(check(f, .show)), ["· Show                 skipped: no connection"])

        let json = DoctorOutput.json(f)
        let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        XCTAssertEqual(document?["server"] as? String, "127.0.0.1:1599")
        XCTAssertEqual(document?["ready"] as? Bool, false)
        let checks = document?["checks"] as? [[String: Any]] ?? []
        XCTAssertEqual(checks.compactMap { $0["name"] as? String },
                       ["name", "port", "impress", "pairing", "show", "previews", "discovery_multicast", "discovery_direct"])
        XCTAssertEqual(checks[1]["ok"] as? Bool, false)
        XCTAssertEqual(checks[1]["fix"] as? String, ImpressProblem.refused.fix)
        XCTAssertTrue(checks[2]["ok"] is NSNull, "skipped: null")
        XCTAssertTrue(checks[0]["fix"] is NSNull)
        XCTAssertEqual(checks.compactMap { $0["needed"] as? Bool }, [true, true, true, true, false, false, false, false])
    }

    func testConnectErrorsAreTheCataloguesProblems() {
        XCTAssertEqual(DoctorProbes.problem(errno: ECONNREFUSED), .refused)
        XCTAssertEqual(DoctorProbes.problem(errno: ETIMEDOUT), .timedOut)
        XCTAssertEqual(DoctorProbes.problem(errno: EHOSTUNREACH), .unreachable)
        XCTAssertEqual(DoctorProbes.problem(errno: ENETUNREACH), .unreachable)
        XCTAssertEqual(DoctorProbes.problem(errno: ECONNRESET), .reset)
        XCTAssertEqual(DoctorProbes.resolve("127.0.0.1", port: 1599), .literal)
        XCTAssertEqual(DoctorProbes.resolve("::1", port: 1599), .literal)
        if case .failed = DoctorProbes.resolve("nowhere.invalid", port: 1599) {} else { XCTFail("resolved nowhere.invalid") }
    }
}

final class PdfpcDoctorFindingsTests: XCTestCase {
    private func port(_ problem: DoctorProbes.ConnectFailure) -> DoctorCheck {
        var f = PdfpcDoctorFindings(address: PdfpcAddress(host: "127.0.0.1"))
        f.resolution = .literal
        f.connection = .failed(problem, address: "127.0.0.1", detail: "errno")
        return f.checks.first { $0.name == .port }!
    }

    /// A port check on pdfpc never sends the presenter to Impress's settings.
    func testAPortThatFailsIsSaidInPdfpcsWords() {
        XCTAssertEqual(port(.refused).fix, PdfpcProblem.notListening.fix)
        XCTAssertTrue(port(.refused).fix!.contains("pdfpc -V"))
        XCTAssertEqual(port(.reset).detail, "127.0.0.1: \(PdfpcProblem.quit.reason) (errno)",
                       "a reset as the doctor knocks is pdfpc quitting")
        XCTAssertEqual(port(.reset).fix, PdfpcProblem.quit.fix)
        XCTAssertEqual(port(.timedOut).fix, "A firewall may be dropping the connection: allow TCP 8088 on the computer running pdfpc.")
        for problem in [DoctorProbes.ConnectFailure.refused, .reset, .timedOut, .unreachable] {
            XCTAssertFalse(port(problem).fix!.contains("Impress"), "\(problem): \(port(problem).fix!)")
        }
    }
}
