import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// A paste is text, never commands: it types into the search or the go-to
/// prompt, and a paste into the pad otherwise (the wrong window) moves
/// nothing, quits nothing.
final class PasteInProcessTests: XCTestCase {
    func testAPasteTypesIntoTheSearchAndTheGoToAndElsewhereDoesNothing() throws {
        let pad = try ScriptedPad(width: 120, height: 40)
        try pad.waitFor(text: "Current · 1/14")
        // Into the pad itself: "q" would ask to quit, "5" open the go-to, space move on.
        pad.paste("q 5 >\nnext line")
        XCTAssertTrue(pad.running)
        XCTAssertTrue(pad.state.overlays.isEmpty, "\(pad.state.overlays)")
        XCTAssertEqual(pad.state.current, 0, "the show did not move")

        // The go-to prompt takes the digits.
        pad.send("1")
        pad.paste("2")
        pad.send("Enter")
        try pad.waitFor(text: "Current · 12/14")

        // The list's search takes the text (its first line).
        pad.send("Tab", "/")
        pad.paste("Pairing\nignored")
        try pad.waitFor("the query typed") { _ in pad.state.search?.query == "Pairing" }
    }
}
