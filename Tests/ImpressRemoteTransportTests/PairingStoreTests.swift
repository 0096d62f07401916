import Foundation
import Logging
import ImpressRemoteTransport
import PadTestSupport
import XCTest

final class PairingStoreTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("controlpad-pairings-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    private var storeFile: URL { dir.appendingPathComponent("state/controlpad/pairings.json") }

    private func mode(_ path: String) -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { return -1 }
        return Int(st.st_mode & 0o777)
    }

    func testWritesMode0600InA0700Directory() throws {
        let store = PairingStore(fileURL: storeFile)
        try store.remember(server: "127.0.0.1:1599", clientName: "ControlPad on box", pin: "0042")
        XCTAssertEqual(mode(storeFile.path), 0o600)
        XCTAssertEqual(mode(storeFile.deletingLastPathComponent().path), 0o700)
        XCTAssertEqual(store.pin(forServer: "127.0.0.1:1599"), "0042")
        XCTAssertEqual(PairingStore(fileURL: storeFile).all, ["127.0.0.1:1599": Pairing(name: "ControlPad on box", pin: "0042")])
        // No temporary file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: storeFile.deletingLastPathComponent().path)
        XCTAssertEqual(names, ["pairings.json"])
    }

    func testKeepsOneEntryPerServer() throws {
        let store = PairingStore(fileURL: storeFile)
        try store.remember(server: "a:1599", clientName: "n", pin: "1")
        try store.remember(server: "b:1599", clientName: "n", pin: "2")
        try store.remember(server: "a:1599", clientName: "n", pin: "3")
        XCTAssertEqual(store.all, ["a:1599": Pairing(name: "n", pin: "3"), "b:1599": Pairing(name: "n", pin: "2")])
        XCTAssertEqual(mode(storeFile.path), 0o600)
    }

    func testModeHoldsWhateverTheUmask() throws {
        let old = umask(0)
        defer { umask(old) }
        try PairingStore(fileURL: storeFile).remember(server: "a:1", clientName: "n", pin: "1")
        XCTAssertEqual(mode(storeFile.path), 0o600)
    }

    func testCorruptFileIsLoggedAndTreatedAsEmpty() throws {
        try FileManager.default.createDirectory(at: storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: storeFile)
        let logs = LogCapture()
        let store = PairingStore(fileURL: storeFile, logger: logs.logger)
        XCTAssertNil(store.pin(forServer: "127.0.0.1:1599"))
        XCTAssertTrue(logs.contains("is corrupt", level: .error), "\(logs.lines)")
        // The next pairing replaces it.
        try store.remember(server: "127.0.0.1:1599", clientName: "n", pin: "5")
        XCTAssertEqual(store.pin(forServer: "127.0.0.1:1599"), "5")
    }

    func testMissingFileIsQuietlyEmpty() {
        let logs = LogCapture()
        XCTAssertEqual(PairingStore(fileURL: storeFile, logger: logs.logger).all, [:])
        XCTAssertEqual(logs.lines, [])
    }

    func testUnwritableDirectoryThrowsAClearError() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let blocker = dir.appendingPathComponent("state")
        try Data().write(to: blocker)  // a storeFile where a directory should be
        XCTAssertThrowsError(try PairingStore(fileURL: storeFile).remember(server: "a:1", clientName: "n", pin: "1")) { error in
            XCTAssertTrue("\(error)".contains("cannot create directory"), "\(error)")
        }
    }

    func testDefaultLocation() {
        XCTAssertEqual(PairingStore.defaultFileURL(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"])?.path,
                       "/x/state/controlpad/pairings.json")
        XCTAssertEqual(PairingStore.defaultFileURL(environment: ["HOME": "/home/u"])?.path,
                       "/home/u/.local/state/controlpad/pairings.json")
        // A relative XDG_STATE_HOME is invalid by the spec: ignored.
        XCTAssertEqual(PairingStore.defaultFileURL(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"])?.path,
                       "/home/u/.local/state/controlpad/pairings.json")
        XCTAssertNil(PairingStore.defaultFileURL(environment: [:]))
    }
}
