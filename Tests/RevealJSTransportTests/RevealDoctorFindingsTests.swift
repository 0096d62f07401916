import RevealJS
@testable import RevealJSTransport
import SlideModel
import SourceKit
import XCTest

/// `controlpad doctor reveal://…`: each fault a presenter meets is one ✘
/// line with its fix, at the step where it is decided.
final class RevealDoctorFindingsTests: XCTestCase {
    private let address = RevealAddress(host: "127.0.0.1", port: 9222)

    private func failed(_ findings: RevealDoctorFindings) -> [(String, String?)] {
        findings.checks.filter { $0.ok == false }.map { ($0.name.rawValue, $0.fix) }
    }

    func testNothingListensSaysHowToStartTheBrowserChrome136Included() {
        var findings = RevealDoctorFindings(address: address)
        findings.resolution = .literal
        findings.connection = .failed(.refused, address: "127.0.0.1", detail: "Connection refused")
        XCTAssertEqual(failed(findings).map(\.0), ["port"])
        XCTAssertTrue(failed(findings)[0].1!.contains("Chrome 136 and later ignore the port on the default profile"))
        XCTAssertTrue(failed(findings)[0].1!.contains("controlpad present deck.html"))
        XCTAssertFalse(findings.isReady)
    }

    func testAPortThatIsNotCDPAndAPageWithoutRevealAreTheirOwnLines() {
        var findings = RevealDoctorFindings(address: address)
        findings.resolution = .literal
        findings.connection = .open(address: "127.0.0.1")
        findings.note(.link(.reconnecting(inSeconds: 1, problem: RevealProblem.notCDP(address: "127.0.0.1:9222", detail: "HTTP 404").problem)))
        XCTAssertEqual(failed(findings).map(\.0), ["cdp"])

        var noReveal = RevealDoctorFindings(address: address)
        noReveal.resolution = .literal
        noReveal.connection = .open(address: "127.0.0.1")
        noReveal.note(.link(.reconnecting(inSeconds: 1, problem: RevealProblem.noReveal(title: "Inbox").problem)))
        XCTAssertEqual(failed(noReveal).map(\.0), ["reveal"], "the port is a browser's: only reveal.js is missing")

        var several = RevealDoctorFindings(address: address)
        several.resolution = .literal
        several.connection = .open(address: "127.0.0.1")
        several.note(.link(.failed(RevealProblem.severalPages(["Deck", "Mail"]).problem)))
        XCTAssertEqual(failed(several).map(\.1), [RevealProblem.severalPages([]).fix])
    }

    func testARemoteAddressIsRefusedFirstWithoutAllowRemote() {
        var findings = RevealDoctorFindings(address: RevealAddress(host: "192.0.2.7", port: 9222))
        findings.allowed = false
        XCTAssertEqual(failed(findings).map(\.0), ["address"])
        XCTAssertTrue(failed(findings)[0].1!.contains("--allow-remote"))
    }

    func testTheShowItsStepAndContentMakeItReady() {
        var findings = RevealDoctorFindings(address: address)
        findings.resolution = .literal
        findings.connection = .open(address: "127.0.0.1")
        for event: SourceEvent in [.link(.connected(server: "reveal.js 5.2.1 · Chrome/156 · 127.0.0.1:9222")),
                                   .showStarted(slideCount: 14, current: 4),
                                   .step(index: 4, SlideStep(shown: 0, count: 0, detail: "↓ 2/3")),
                                   .notes(index: 4, .html("<p>hi</p>")), .preview(index: 4, Preview(png: [1]))] {
            findings.note(event)
        }
        XCTAssertTrue(findings.isReady)
        XCTAssertTrue(findings.hasSeenEnough)
        XCTAssertEqual(findings.checks.first { $0.name == .show }?.detail, "slide 5 of 14 (↓ 2/3)")
    }
}
