import Foundation
import ImpressRemoteTransport
import SlideModel
import ImpressRemote
import PadTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Discovery against fake UDP responders on 127.0.0.1 (never multicast here).
final class ImpressDiscoveryTests: XCTestCase {
    /// Answers one LOREMOTE_SEARCH with `reply`, from 127.0.0.1:<port>.
    private final class Responder: @unchecked Sendable {
        let fd: Int32
        let port: Int
        let received = DispatchSemaphore(value: 0)

        init(reply: [UInt8]?) throws {
            let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            self.fd = fd
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard ok == 0 else { throw POSIXError(errno: errno) }
            var out = sockaddr_in()
            var len = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &out) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
            }
            port = Int(UInt16(bigEndian: out.sin_port))
            let received = received
            Thread {
                var buffer = [UInt8](repeating: 0, count: 2048)
                var from = sockaddr_storage()
                var fromLen = socklen_t(MemoryLayout<sockaddr_storage>.size)
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, 10_000) > 0 else { return }
                let n = withUnsafeMutablePointer(to: &from) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(fd, &buffer, buffer.count, 0, $0, &fromLen) }
                }
                guard n > 0, Array(buffer[0..<n]) == ImpressDiscoveryCodec.search else { return }
                received.signal()
                if let reply {
                    _ = withUnsafePointer(to: &from) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, reply, reply.count, 0, $0, fromLen) }
                    }
                }
            }.start()
        }

        deinit { close(fd) }
    }

    /// A search of hosts asked directly ends when they have all answered:
    /// the timeout is only a safety net, never a window the test relies on.
    private let safetyNet: Duration = .seconds(20)

    func testFindsAServerAskedDirectly() throws {
        let responder = try Responder(reply: Array("LOREMOTE_ADVERTISE\nbeamer-laptop\n\n".utf8))
        let began = ContinuousClock.now
        let result = try ImpressDiscovery.search(
            targets: [.init(host: "127.0.0.1", port: responder.port)], multicast: false, timeout: safetyNet
        ).wait()
        XCTAssertLessThan(ContinuousClock.now - began, safetyNet / 2, "the search ended with the answer, not the timeout")
        XCTAssertEqual(responder.received.wait(timeout: .now()), .success)
        XCTAssertEqual(result.servers, [DiscoveredServer(name: "beamer-laptop", address: "127.0.0.1")])
        XCTAssertEqual(result.notes, [])
    }

    /// An offline laptop has no route for the multicast: its send fails
    /// (here a send to port 0, refused by the kernel as an unroutable
    /// multicast is), and the host asked directly is still found.
    func testAMulticastThatCannotBeSentLeavesTheDirectSearch() throws {
        let responder = try Responder(reply: Array("LOREMOTE_ADVERTISE\nbeamer-laptop\n\n".utf8))
        let result = try ImpressDiscovery.search(
            targets: [.init(host: "127.0.0.1", port: responder.port)], multicast: true,
            multicastGroup: .init(host: "127.0.0.1", port: 0), timeout: .milliseconds(500)
        ).wait()
        XCTAssertEqual(responder.received.wait(timeout: .now()), .success)
        XCTAssertEqual(result.servers, [DiscoveredServer(name: "beamer-laptop", address: "127.0.0.1")])
        XCTAssertEqual(result.notes.count, 1, "\(result.notes)")
        XCTAssertTrue(result.notes.first?.hasPrefix("multicast 127.0.0.1: cannot send") ?? false, "\(result.notes)")
    }

    func testAWrongAnswerFindsNothing() throws {
        let wrong = try Responder(reply: Array("HELLO\n\n".utf8))
        let result = try ImpressDiscovery.search(
            targets: [.init(host: "127.0.0.1", port: wrong.port)], multicast: false, timeout: safetyNet
        ).wait()
        XCTAssertEqual(wrong.received.wait(timeout: .now()), .success)
        XCTAssertEqual(result.servers, [])
    }

    /// Silence can only be waited out: the search ends at its timeout, and
    /// whatever the timing, it finds nothing.
    func testSilenceFindsNothingAndEndsAtTheTimeout() throws {
        let silent = try Responder(reply: nil)
        let result = try ImpressDiscovery.search(
            targets: [.init(host: "127.0.0.1", port: silent.port)], multicast: false, timeout: .milliseconds(50)
        ).wait()
        XCTAssertEqual(result.servers, [])
        XCTAssertEqual(silent.received.wait(timeout: .now() + 10), .success, "the search was sent")
    }

    func testIPv6TargetIsANoteNotAFailure() throws {
        // (A literal: no name lookup, so nothing leaves this machine.)
        let responder = try Responder(reply: Array("LOREMOTE_ADVERTISE\nbox\n\n".utf8))
        let result = try ImpressDiscovery.search(
            targets: [.init(host: "::1", port: 1598), .init(host: "127.0.0.1", port: responder.port)],
            multicast: false, timeout: safetyNet
        ).wait()
        XCTAssertEqual(result.servers.map(\.name), ["box"])
        XCTAssertEqual(result.notes, ["::1: only IPv4 hosts can be searched"])
    }

    /// A send that fails says the system's words, its brackets balanced
    /// (NIO's own text was "sendmsg: …) (errno: 22)"), issue 52, item 20.
    func testAFailedSendIsSaidInPlainWords() throws {
        let result = try ImpressDiscovery.search(
            targets: [], multicast: true, multicastGroup: .init(host: "127.0.0.1", port: 0), timeout: .milliseconds(500)
        ).wait()
        let note = try XCTUnwrap(result.notes.first)
        XCTAssertTrue(note.hasPrefix("multicast 127.0.0.1: cannot send ("), note)
        XCTAssertFalse(note.contains("errno") || note.contains("IOError"), note)
        XCTAssertEqual(note.filter { $0 == "(" }.count, note.filter { $0 == ")" }.count, "balanced: \(note)")
    }

    /// `discover --host nosuch.invalid` printed `SocketAddressError.UnknownHost…`
    /// (issue 52, item 20). (`.invalid` never resolves, RFC 6761.)
    func testANameThatDoesNotResolveIsSaidInWords() throws {
        let result = try ImpressDiscovery.search(
            targets: [.init(host: "nosuch.invalid", port: 1598)], multicast: false, timeout: .milliseconds(500)
        ).wait()
        XCTAssertEqual(result.notes, ["nosuch.invalid: host not found: no computer has this name"])
    }
}
