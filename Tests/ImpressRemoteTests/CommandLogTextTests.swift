import XCTest
@testable import SlideModel
@testable import ImpressRemote

/// The connection's log lines name commands without reflection (it costs
/// tens of microseconds on a key's way to the wire), in the same words.
final class CommandLogTextTests: XCTestCase {
    func testLogTextIsWhatStringInterpolationPrints() {
        let commands: [SourceCommand] = [
            .next, .previous, .goto(index: 0), .goto(index: 41), .start, .stop, .blank, .resume,
            .pointerStarted(x: 0.25, y: 0.75), .pointerMoved(x: 1, y: 0.1234567), .pointerDismissed,
        ]
        for command in commands { XCTAssertEqual(command.logText, "\(command)") }
    }
}
