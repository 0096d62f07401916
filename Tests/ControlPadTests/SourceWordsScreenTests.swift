@testable import ControlPadCLI
import Logging
import SourceKit
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// The pad names no source: a problem's reason and fix, and where to type
/// the PIN, are the source's own words, carried typed in `LinkState`; the
/// pad reads them, it never looks them up (issue 31).
final class SourceWordsScreenTests: XCTestCase {
    private func screen(_ state: inout PadState) -> String {
        renderPad(&state, width: 100, height: 30, now: .milliseconds(10_000)).text
            .replacingOccurrences(of: "│", with: " ")
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    func testAProblemOfASourceThePadHasNeverHeardOfShowsItsReasonAndFix() {
        var state = samplePadState()
        let problem = LinkProblem(source: "reveal", code: "tabClosed", reason: "the browser tab with the deck closed",
                                  fix: "Open the deck in the browser again; the pad reconnects by itself.")
        _ = state.reduce(.source(.link(.reconnecting(inSeconds: 3, problem: problem))), now: .milliseconds(2_000))
        var text = screen(&state)
        XCTAssertTrue(text.contains("The browser tab with the deck closed."), text)
        XCTAssertTrue(text.contains("Open the deck in the browser again"), "the fix travels with the problem: \(text)")
        _ = state.reduce(.source(.link(.failed(problem))), now: .milliseconds(3_000))
        text = screen(&state)
        XCTAssertTrue(text.contains("Open the deck in the browser again"), text)
        XCTAssertFalse(text.contains("Impress"), text)
    }

    func testAProblemWithoutAFixShowsOnlyItsReason() {
        var state = samplePadState()
        let problem = LinkProblem.unexplained("connection error: something odd", source: "reveal")
        _ = state.reduce(.source(.link(.reconnecting(inSeconds: 3, problem: problem))), now: .milliseconds(2_000))
        let text = screen(&state)
        XCTAssertTrue(text.contains("Connection error: something odd."), text)
    }

    func testThePinBannerSaysWhereInTheSourcesWords() {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.link(.pairing(pin: "0417", place: "Menu ▸ Remote in the browser"))), now: .zero)
        let text = screen(&state)
        XCTAssertTrue(text.contains("Type PIN 0417 into the presenting app:"), text)
        XCTAssertTrue(text.contains("Menu ▸ Remote in the browser"), text)
        XCTAssertFalse(text.contains("Impress"), text)
        XCTAssertEqual(state.reduce(.key(.char("n")), now: .milliseconds(10)), [])
        XCTAssertEqual(state.flash?.text, "not paired yet: type the PIN into the presenting app")
    }

    func testTheHelpListsWhatTheSourceCannotDoFromItsCapabilities() {
        let kind = ClickerKind()
        var bindings = KeyBindings.standard
        let notes = try? XCTUnwrap(SourceRegistry.helpNotes(kind, bindings: bindings))
        XCTAssertEqual(notes?.heading, "On Clicker")
        XCTAssertEqual(notes?.items.map(\.summary), ["no laser pointer: Clicker shows none from the pad",
                                                     "no ink: Clicker takes no strokes from the pad", "blank is a black slide"])
        XCTAssertEqual(notes?.items.first?.keys, "click")
        XCTAssertEqual(notes?.items.last?.keys, bindings.keys(for: .blank).map(\.symbol).joined(separator: " "))
        for key in bindings.keys(for: .blank) { bindings.bind(key, to: nil) }
        XCTAssertEqual(SourceRegistry.helpNotes(kind, bindings: bindings)?.items.map(\.summary),
                       ["no laser pointer: Clicker shows none from the pad", "no ink: Clicker takes no strokes from the pad"],
                       "a note about a key that is not bound is left out")
    }
}

/// A kind the pad has never heard of: no pointer, a show it starts and stops.
private struct ClickerKind: SourceKind {
    var id: String { "clicker" }
    var displayName: String { "Clicker" }
    var summary: String { "a test clicker" }
    var schemes: [String] { ["clicker://"] }
    var addressForm: String { "clicker://HOST" }
    var capabilities: SourceCapabilities { [.startStop, .blank] }
    var keyNotes: [SourceHelpNotes.Item] { [(.action(.blank), "blank is a black slide")] }
    func parse(_ address: String) throws(SourceKindError) -> String { address }
    func makeSource(address: String, settings: SourceSettings, use: SourceUse, logger: Logger?) throws -> any ConfirmingSource {
        throw SourceKindError("no source in this test")
    }
}
