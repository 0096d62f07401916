import Foundation
import XCTest

/// `--pictures` from the command line, in tmux: none shows no picture at
/// all, a wrong value is one clear line.
final class PictureChoiceEndToEndTests: XCTestCase {
    func testPicturesNoneShowsThatAPreviewIsReadyInsteadOfAPicture() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --no-animation --seed 5 --latency 5-40 --drop 0 --pictures none",
                                  width: 120, height: 40)
        let screen = try pad.waitFor("the panes' placeholders") { $0.contains("preview ready") }
        // No picture in the panes (the big clock's block digits are not one).
        let panes = screen.split(separator: "\n").map { $0.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first ?? "" }
        XCTAssertFalse(panes.contains { $0.contains("▀") || $0.contains("▄") }, screen)
        try pad.quit()
    }

    func testAnUnknownChoiceIsOneClearLine() throws {
        let pad = try TmuxSession(command: "\(TmuxSession.binary) demo --pictures ascii 2>&1 | tail -n 3", width: 120, height: 20)
        let screen = try pad.waitFor("the usage error") { $0.contains("EXIT=") }
        XCTAssertTrue(screen.contains("--pictures"), screen)
        XCTAssertTrue(screen.contains("auto"), screen)
    }
}
