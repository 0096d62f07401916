import Foundation
import XCTest
import ArgumentParser
@testable import ControlPadCLI
@testable import ControlPadUI
@testable import PadTerminal
import PadConfig
@testable import SlideModel

/// `--pictures` from the command line, in-process (was
/// PictureChoiceEndToEndTests in tmux): none shows no picture at all, a
/// wrong value is said with every choice.
final class PictureChoiceInProcessTests: XCTestCase {
    func testPicturesNoneShowsThatAPreviewIsReadyInsteadOfAPicture() throws {
        let command = try XCTUnwrap(try ControlPadCommand.parseAsRoot(["demo", "--pictures", "none"]) as? LocalSourceCommand)
        let settings = command.pad.settings
        XCTAssertEqual(settings.pictures, PictureChoice.none)
        // As PadRunner decides it: no picture pipeline at all.
        var asked: [String] = []
        let setup = PictureSetup.decide(choice: settings.pictures!, colorOn: true, environment: [:], probe: {
            asked.append($0); return TerminalProbe()
        })
        XCTAssertEqual(setup.mode.kind, .none)
        XCTAssertEqual(asked, [TerminalProbe.nameAndBackground + "\u{1B}[c"], "--pictures none asks only the name and background (the theme)")
        let pad = try ScriptedPad(source: ScriptedPad.demo(seed: 5, latency: 5...40, drop: 0), width: 120, height: 40,
                                  settings: settings, config: nil, depth: nil)
        let screen = try pad.waitFor("the panes' placeholders") { $0.contains("preview ready") }
        // No picture in the panes (the big clock's block digits are not one).
        let panes = screen.split(separator: "\n").map { $0.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first ?? "" }
        XCTAssertFalse(panes.contains { $0.contains("▀") || $0.contains("▄") }, screen)
        pad.quit()
    }

    func testAnUnknownChoiceIsOneClearLine() throws {
        XCTAssertThrowsError(try ControlPadCommand.parseAsRoot(["demo", "--pictures", "ascii"])) { error in
            let message = ControlPadCommand.message(for: error)
            XCTAssertTrue(message.contains("--pictures"), message)
            XCTAssertTrue(message.contains("auto"), message)
            // Six choices since iterm: ArgumentParser lists them one a line (it joins five or fewer).
            XCTAssertEqual(message.split(separator: "\n").count, 1 + PictureChoice.allCases.count, "the error, then each choice: \(message)")
            for choice in PictureChoice.allCases { XCTAssertTrue(message.contains(choice.rawValue), message) }
            XCTAssertNotEqual(ControlPadCommand.exitCode(for: error), .success)
        }
    }
}
