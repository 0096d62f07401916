import Pdfpc
import ImpressRemote
import XCTest
@testable import ControlPadUI
@testable import PadTerminal
@testable import SlideModel
import DemoSource

/// Every terminal size from 0×0 to 40×12, with real pictures and every
/// overlay open, draws a frame of exactly that size without a crash.
final class EverySizeTests: XCTestCase {
    private func states() throws -> [(String, PadState)] {
        let deck = try DemoDeck.builtIn()
        var base = samplePadState()
        for (i, slide) in deck.slides.prefix(12).enumerated() {
            _ = base.reduce(.source(.preview(index: i, slide.preview)), now: .zero)
        }
        func with(_ events: [PadEvent]) -> PadState {
            var state = base
            for event in events { _ = state.reduce(event, now: .milliseconds(1_000)) }
            return state
        }
        var noShow = PadState(animate: false)
        _ = noShow.reduce(.source(.link(.pairing(pin: "0417", place: ImpressSession.pinPlace))), now: .zero)
        return [
            ("show", base),
            ("list", with([.key(.tab)])),
            ("help", with([.key(.char("?"))])),
            ("go-to", with([.key(.char("1")), .key(.char("2"))])),
            ("quit?", with([.key(.char("q"))])),
            ("full screen", with([.key(.char("f"))])),
            ("no slides", with([.source(.showStarted(slideCount: 0, current: 0))])),
            ("pairing, no show", noShow),
            ("agenda, sections", with([.source(.sections(SourceSections(sections: [
                TalkSection(name: "Welcome to a long section name", firstSlide: 0, planned: .seconds(60)),
                TalkSection(name: "Two", firstSlide: 3)], slideTimings: Array(repeating: .seconds(5), count: 12)))),
                .key(.char("A"))])),
        ]
    }

    func testEverySizeFromOneByOneToFortyByTwelveDraws() throws {
        let pictures = PicturePipeline(depth: .palette256)
        let states = try states()
        var frames = 0
        for width in 0...40 {
            for height in 0...12 {
                // One view for every state at this size, as the pad's loop
                // keeps one (and its caches) from frame to frame: the help
                // is laid out once a size, not once a state (which was
                // nine-tenths of this test's time, all of it the same work).
                let view = PadView(clock: "14:05", pictures: pictures)
                for (name, start) in states {
                    var state = start
                    let grid = PadFrame(&state, view: view, size: TerminalSize(width: width, height: height), now: .milliseconds(2_000)).grid
                    XCTAssertEqual(grid.width, width, "\(name) \(width)×\(height)")
                    XCTAssertEqual(grid.height, height, "\(name) \(width)×\(height)")
                    XCTAssertEqual(grid.cells.count, width * height)
                    frames += 1
                }
            }
        }
        XCTAssertEqual(frames, 9 * 41 * 13)
    }
}
