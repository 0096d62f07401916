import XCTest
import ControlPadScripting
import Syscalls
#if canImport(Glibc)
import Glibc
#endif

/// A link's socket and what goes with it, from one process to another over
/// a local socket (`LinkHandOver`, `DescriptorPassing`): the descriptor
/// arrives as a working one, the settings and state as sent; a refusal
/// arrives as its reason.
final class LinkHandOverMessageTests: XCTestCase {
    func testTheSocketAndItsStateArriveWhole() throws {
        let (mine, theirs) = try DescriptorPassing.socketPair()
        defer { close(mine); close(theirs) }
        // The "link": one end of another pair, whose far end we keep to talk through it.
        let (link, far) = try DescriptorPassing.socketPair()
        defer { close(far) }
        let state = Array("{\"stream\":1}\n".utf8) + [UInt8](repeating: 0x41, count: 200_000)
        let sent = LinkHandOver(kind: "impress", holdsUntilShowEnds: true, waitDescription: "held",
                                arguments: ["send", "127.0.0.1", "start", "--pin", "1234"], state: state, descriptor: link)
        let writer = Thread { XCTAssertTrue(sent.send(on: mine)) }
        writer.start()
        guard case .success(let got) = LinkHandOver.receive(from: theirs, timeoutMs: 5000) else { return XCTFail("nothing came") }
        close(link)
        XCTAssertEqual(got.kind, "impress")
        XCTAssertTrue(got.holdsUntilShowEnds)
        XCTAssertEqual(got.arguments, ["send", "127.0.0.1", "start", "--pin", "1234"])
        XCTAssertEqual(got.state, state)
        let descriptor = try XCTUnwrap(got.descriptor)
        defer { close(descriptor) }
        XCTAssertTrue(LocalSocket.writeLine(far, "hello"), "the link is still open after the sender closed its copy")
        XCTAssertEqual(LocalSocket.readLine(descriptor, timeoutMs: 2000), "hello")
    }

    func testARefusalArrivesAsItsReason() throws {
        let (mine, theirs) = try DescriptorPassing.socketPair()
        defer { close(mine); close(theirs) }
        LinkHandOver.refuse("a pad (pid 7) uses the link", on: mine)
        guard case .failure(let refusal) = LinkHandOver.receive(from: theirs, timeoutMs: 2000) else { return XCTFail() }
        XCTAssertEqual(refusal.reason, "a pad (pid 7) uses the link")
    }

    func testBytesThatAreNoHandOverAreNone() throws {
        let (mine, theirs) = try DescriptorPassing.socketPair()
        defer { close(theirs) }
        LocalSocket.writeLine(mine, "fail\tnot a send request")
        close(mine)
        guard case .failure = LinkHandOver.receive(from: theirs, timeoutMs: 2000) else { return XCTFail() }
    }
}
