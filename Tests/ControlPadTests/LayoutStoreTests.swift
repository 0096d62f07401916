import Foundation
import XCTest
@testable import ControlPadUI
@testable import SlideModel

/// The layout kept per server: a layout that cannot be kept is said, not dropped silently.
final class LayoutStoreTests: XCTestCase {
    func testALayoutThatCannotBeKeptIsSaid() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-layouts-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept = LayoutStore(fileURL: directory.appendingPathComponent("layouts.json"))
        XCTAssertNil(kept.remember(.notesFirst, for: "demo://"))
        XCTAssertEqual(kept.layout(for: "demo://"), .notesFirst)
        // A file where its folder should be: nothing can be written there.
        let blocker = directory.appendingPathComponent("blocker")
        FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8))
        let stuck = LayoutStore(fileURL: blocker.appendingPathComponent("layouts.json"))
        let said = try XCTUnwrap(stuck.remember(.fullScreen, for: "demo://"))
        XCTAssertTrue(said.hasPrefix("the layout (full-screen) is not kept for next time: cannot write \(blocker.path)/layouts.json"), said)
    }

    /// A kept layout that beats the config's is said at start, not silently.
    func testAKeptLayoutThatBeatsTheConfigsIsSaid() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-layouts-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let layouts = LayoutStore(fileURL: directory.appendingPathComponent("layouts.json"))
        let config = directory.appendingPathComponent("config.toml")
        FileManager.default.createFile(atPath: config.path, contents: Data("layout = \"slides\"\n".utf8))
        var settings = PadSettings()
        settings.config = config.path
        let link = LinkState.connecting(to: "127.0.0.1:1599")
        let key = try XCTUnwrap(LayoutStore.key(for: link))
        XCTAssertNil(try PadStart(settings: settings, link: link, loaded: nil, layouts: layouts).state().notice, "nothing kept: nothing to say")
        layouts.remember(.notesFirst, for: key)
        let state = try PadStart(settings: settings, link: link, loaded: nil, layouts: layouts).state()
        XCTAssertEqual(state.layoutMode, .notesFirst)
        XCTAssertEqual(state.notice, "layout notes-first: as on this server last time (the config's slides applies where none is kept; L changes it)")
    }
}
