import Pdfpc
import ImpressRemote
@testable import ControlPadCLI
@testable import ControlPadScripting
@testable import ControlPadUI
@testable import PadConfig
import PadRuntime
import ImpressRemoteTransport
import Foundation
import SlideModel
import XCTest

/// `controlpad watch`: one line per change, repeats dropped, JSON that any
/// parser reads back.
final class WatchReportTests: XCTestCase {
    private func events(_ report: inout WatchReport, _ events: [SourceEvent]) -> [String] {
        events.flatMap { report.changes(for: $0) }.map(\.text)
    }

    func testAPairingAShowAndItsNotes() {
        var report = WatchReport()
        let lines = events(&report, [
            .link(.connecting(to: "127.0.0.1:1599")),
            .link(.connected(server: "Impress · 127.0.0.1")),
            .link(.connected(server: "Impress 7.4.7.2 · 127.0.0.1")),
            .showStarted(slideCount: 5, current: 0),
            .showTitle("deck.odp"),
            .preview(index: 0, Preview(png: [])),
            .notes(index: 1, "Second"),
            .notes(index: 0, "First line\nsecond line"),
            .slideChanged(index: 1),
            .slideChanged(index: 1),
            .notes(index: 1, "Second"),
            .showFinished,
        ])
        XCTAssertEqual(lines, [
            "connecting to 127.0.0.1:1599",
            "connected",
            "paired with Impress · 127.0.0.1",
            "server: Impress 7.4.7.2 · 127.0.0.1",
            "show started: 5 slides, on slide 1/5",
            "title: deck.odp",
            "notes 1/5: First line / second line",
            "slide 2/5",
            "notes 2/5: Second",
            "no show running",
        ])
    }

    func testResumeDuplicatesAndReconnectsPrintOnlyWhatChanged() {
        var report = WatchReport()
        _ = events(&report, [.link(.connected(server: "Impress · h")), .showStarted(slideCount: 5, current: 2)])
        // After a resume LibreOffice starts the show twice more, same place.
        XCTAssertEqual(events(&report, [.showStarted(slideCount: 5, current: 2), .showStarted(slideCount: 5, current: 2)]), [])
        // The link drops: reported once, not at every second of the countdown.
        XCTAssertEqual(events(&report, [
            .link(.reconnecting(inSeconds: 2, problem: ImpressProblem.unexplained("connection closed"))),
            .link(.reconnecting(inSeconds: 1, problem: ImpressProblem.unexplained("connection closed"))),
        ]), ["link lost (connection closed); reconnecting in 2 s"])
        // Attempts while it is down are no news, nor is the same reason again
        // (a bare "connecting to h:1599" came every second: issue 52, item 20);
        // a new reason is.
        XCTAssertEqual(events(&report, [
            .link(.connecting(to: "h:1599")),
            .link(.reconnecting(inSeconds: 1, problem: ImpressProblem.unexplained("connection closed"))),
            .link(.connecting(to: "h:1599")),
            .link(.reconnecting(inSeconds: 1, problem: ImpressProblem.refused.problem)),
            .link(.connecting(to: "h:1599")),
        ]), ["link still down (\(ImpressProblem.refused.reason)); reconnecting in 1 s"])
        // Back, and the show moved meanwhile: that is a slide change.
        XCTAssertEqual(events(&report, [
            .link(.connected(server: "Impress · h")),
            .showStarted(slideCount: 5, current: 3),
        ]), ["connected", "paired with Impress · h", "slide 4/5"])
        // Lost again: said again.
        XCTAssertEqual(events(&report, [.link(.reconnecting(inSeconds: 2, problem: ImpressProblem.refused.problem))]),
                       ["link lost (\(ImpressProblem.refused.reason)); reconnecting in 2 s"])
    }

    /// A pad that takes the link over says the show anew: its title taken
    /// back, then said again. `watch` printed the same title twice.
    func testATitleTakenBackAndSaidAgainIsPrintedOnce() {
        var report = WatchReport()
        let said = events(&report, [.link(.connected(server: "Impress · 127.0.0.1")), .showStarted(slideCount: 5, current: 0),
                                    .showTitle("deck.odp"), .showTitle(""), .showTitle("deck.odp"), .showTitle("other.odp")])
        XCTAssertEqual(said.filter { $0.hasPrefix("title") }, ["title: deck.odp", "title: other.odp"])
    }

    func testAPinToTypeIsShown() {
        var report = WatchReport(pinEntry: ImpressKind().pinEntry)
        XCTAssertEqual(events(&report, [.link(.connecting(to: "h:1599")), .link(.pairing(pin: "4821", place: ImpressSession.pinPlace))]), [
            "connecting to h:1599", "connected", "type PIN 4821 into Impress (Slide Show ▸ Impress Remote) to pair",
        ])
    }

    func testRichNotesAreReportedAsTheirTextWithoutMarkup() {
        var report = WatchReport()
        let lines = events(&report, [
            .showStarted(slideCount: 3, current: 0),
            .notes(index: 0, .markdown("Say *this*:\n- a **bold** point\n- `code`")),
            .slideChanged(index: 1),
            .notes(index: 1, .html("<p>R&amp;D <b>first</b></p><table><tr><th>a</th><th>b</th></tr></table>")),
        ])
        XCTAssertEqual(lines, [
            "show started: 3 slides, on slide 1/3",
            "notes 1/3: Say this: / • a bold point / • code",
            "slide 2/3",
            "notes 2/3: R&D first / a | b",
        ])
    }

    func testJSONLinesCarryStableFieldsAndParse() throws {
        var report = WatchReport()
        let changes = [SourceEvent.link(.connected(server: "Impress · h")), .showStarted(slideCount: 14, current: 2),
                       .notes(index: 2, "R&D <beta> \"quoted\"\nnext\u{1B}[31m"), .slideChanged(index: 3)]
            .flatMap { report.changes(for: $0) }
        let date = Date(timeIntervalSince1970: 1_795_000_000.25)
        let lines = changes.map { WatchLines.json($0, at: date) }
        XCTAssertEqual(lines[2], #"{"event":"show_started","time":"2026-11-18T11:06:40.250Z","index":2,"position":3,"slides":14}"#)
        let objects = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects.map { $0["event"] as? String }, ["connected", "paired", "show_started", "notes", "slide"])
        XCTAssertEqual(objects[3]["text"] as? String, "R&D <beta> \"quoted\"\nnext\u{1B}[31m")
        XCTAssertFalse(lines[3].contains("\u{1B}"), "no control character reaches the output raw")
        XCTAssertEqual(objects[4]["position"] as? Int, 4)
        XCTAssertEqual(objects[4]["index"] as? Int, 3)
        XCTAssertTrue(lines.allSatisfy { !$0.contains("\n") })
    }

    func testTextLinesStartWithTheTime() {
        let change = WatchReport.Change("slide", text: "slide 4/14")
        let date = Date(timeIntervalSince1970: 3600 * 8 + 62)
        XCTAssertEqual(WatchLines.text(change, at: date, timeZone: TimeZone(identifier: "UTC")!), "08:01:02 slide 4/14")
    }
}

/// `watch --json`'s state line says ink mode (schema 2), from what the source tells.
final class WatchInkStateTests: XCTestCase {
    func testTheStateLineSaysInkMode() {
        var pad = PadState(animate: false)
        _ = pad.reduce(.source(.showStarted(slideCount: 5, current: 0)), now: .zero)
        XCTAssertEqual(WatchState.fields(pad, now: .zero).first { $0.0 == "ink" }?.1, .bool(false))
        _ = pad.reduce(.source(.inkMode(true)), now: .zero)
        let fields = WatchState.fields(pad, now: .zero)
        XCTAssertEqual(fields.first { $0.0 == "schema" }?.1, .int(2))
        XCTAssertEqual(fields.last?.0, "ink", "a later schema adds fields at the end")
        XCTAssertEqual(fields.last?.1, .bool(true))
        XCTAssertTrue(WatchState.text(pad, now: .zero).contains("ink"))
    }
}
