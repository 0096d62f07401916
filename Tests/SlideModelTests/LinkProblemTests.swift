import ImpressRemote
import Pdfpc
import XCTest
@testable import SlideModel

/// Problems are typed: each source's catalogue converts to the generic
/// value and back by its code, never by its words (issue 31).
final class LinkProblemTests: XCTestCase {
    func testEachCatalogueRoundTripsByCodeAndKeepsItsWords() {
        for known in ImpressProblem.allCases {
            XCTAssertEqual(ImpressProblem(known.problem), known)
            XCTAssertEqual(known.problem.reason, known.reason)
            XCTAssertEqual(known.problem.fix, known.fix)
            XCTAssertNil(PdfpcProblem(known.problem), "\(known) is Impress's, not pdfpc's")
        }
        for known in PdfpcProblem.allCases {
            XCTAssertEqual(PdfpcProblem(known.problem), known)
            XCTAssertNil(ImpressProblem(known.problem))
        }
    }

    func testTheWordsAloneNeverMakeAProblem() {
        let sameWords = LinkProblem.unexplained(ImpressProblem.refused.reason, source: "impress")
        XCTAssertNil(ImpressProblem(sameWords), "not parsed back from text")
        XCTAssertNil(sameWords.fix)
    }

    func testAddingWordsKeepsTheProblem() {
        let waiting = ImpressProblem.reset.problem.adding("Impress is still sending 2 slides")
        XCTAssertEqual(ImpressProblem(waiting), .reset)
        XCTAssertEqual(waiting.reason, "connection reset; Impress is still sending 2 slides")
        XCTAssertEqual(waiting.fix, ImpressProblem.reset.fix)
    }

    func testPdfpcWaitsForThePresenterOnlyForAPasswordOrALock() {
        XCTAssertEqual(PdfpcProblem.allCases.filter(\.waitsForPresenter), [.wrongPassword, .locked])
    }
}

/// The state directory, one answer for every target (the pairings, the
/// layouts, the crash files).
final class StateDirectoryTests: XCTestCase {
    func testXDGStateHomeThenHomeThenNone() {
        XCTAssertEqual(StateDirectory.path(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/me"]), "/x/state/controlpad")
        XCTAssertEqual(StateDirectory.path(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/me"]),
                       "/home/me/.local/state/controlpad", "a relative XDG_STATE_HOME is ignored, as the spec says")
        XCTAssertEqual(StateDirectory.file("layouts.json", environment: ["HOME": "/home/me/"]),
                       "/home/me/.local/state/controlpad/layouts.json")
        XCTAssertNil(StateDirectory.path(environment: ["HOME": "nowhere"]))
        XCTAssertNil(StateDirectory.path(environment: [:]))
    }
}
