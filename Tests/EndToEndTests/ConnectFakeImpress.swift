import FakePeerSupport
import Foundation
import XCTest

/// An end-to-end test against fake Impresses: a temporary XDG_STATE_HOME
/// (the user's own pairing file is never touched), and every fake it
/// started stopped afterwards.
class FakeImpressTestCase: XCTestCase {
    private var home: IsolatedHome?
    var stateHome: URL! { home?.url }
    var fakes: [FakeImpressProcess] = []

    override func setUpWithError() throws {
        try TmuxSession.requireTools()
        home = try IsolatedHome(name: "cp-state-\(UUID().uuidString.prefix(8))")
    }

    override func tearDown() {
        fakes.forEach { $0.stop() }
        fakes = []
        home = nil
        super.tearDown()
    }
}
