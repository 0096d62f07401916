import Foundation
import NIOCore
import NIOPosix
import PadTestSupport
@testable import ImpressRemoteTransport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `WireWriter`: bytes go straight to the socket when nothing is queued,
/// through the channel when the socket would block or anything waits, and
/// always in the order given. A peer on a plain socket that reads only when
/// the test says so, and small socket buffers, make "would block" certain
/// rather than a matter of timing.
final class WireWriterTests: XCTestCase {
    private var group: MultiThreadedEventLoopGroup?
    private var channel: Channel?
    private var peer: Int32 = -1

    override func tearDown() {
        try? channel?.close().wait()
        if peer >= 0 { close(peer) }
        try? group?.syncShutdownGracefully()
        super.tearDown()
    }

    /// A NIO client connected to a plain socket (`peer`) that nobody reads
    /// yet; both sides' buffers a few kilobytes.
    private func connect() throws -> (WireWriter, Channel) {
        let listener = try LoopbackListener(receiveBuffer: 4096, backlog: 1)
        defer { listener.close() }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        let channel = try ClientBootstrap(group: group)
            .channelOption(.socketOption(.so_sndbuf), value: 4096)
            .connect(host: "127.0.0.1", port: listener.port).wait()
        self.channel = channel
        peer = listener.accept() ?? -1
        XCTAssertGreaterThanOrEqual(peer, 0)
        // A read that never hangs the test: 10 s at most.
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(peer, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let writer = WireWriter.forConnected(channel)
        XCTAssertTrue(writer.writesDirectly, "the writer found its own copy of the socket")
        return (writer, channel)
    }

    /// Reads exactly `count` bytes from the peer (or what came before a timeout).
    private func readFromPeer(_ count: Int) -> [UInt8] {
        var got: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while got.count < count {
            let n = read(peer, &buffer, min(buffer.count, count - got.count))
            guard n > 0 else { break }
            got += buffer[0..<n]
        }
        return got
    }

    /// `count` bytes that tell where in the stream they belong.
    private static func chunk(_ tag: UInt8, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) ^ tag }
    }

    func testBytesGoStraightToTheSocketWhileTheEventLoopIsBusy() throws {
        let (writer, channel) = try connect()
        // The loop is held: only a write that needs no hop can arrive.
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        channel.eventLoop.execute {
            held.signal()
            release.wait()
        }
        defer { release.signal() }
        XCTAssertEqual(held.wait(timeout: .now() + 10), .success)
        let bytes = Array("transition_next\n\n".utf8)
        XCTAssertEqual(writer.write(bytes), .written)
        XCTAssertEqual(readFromPeer(bytes.count), bytes)
    }

    func testWhenTheSocketWouldBlockTheRestGoesThroughTheChannelInOrder() throws {
        let (writer, channel) = try connect()
        var expected: [UInt8] = []
        var answers: [Locked<Bool?>] = []
        func write(_ bytes: [UInt8]) -> WireWriter.Outcome {
            expected += bytes
            let answer = Locked<Bool?>(nil)
            answers.append(answer)
            return writer.write(bytes) { ok in answer.withLock { $0 = ok } }
        }
        // Nobody reads: the socket's buffers fill, and the write that finds
        // them full leaves its rest for the channel.
        var tag: UInt8 = 0
        while write(Self.chunk(tag, 16384)) == .written {
            tag &+= 1
            guard tag < 200 else { return XCTFail("the socket never filled up") }
        }
        XCTAssertFalse(writer.writesDirectly)
        // Even once the socket has room again, what follows is queued
        // behind the rest, never sent straight to the socket ahead of it.
        var early: [UInt8] = []
        XCTAssertTrue(readUntilWritable(channel, into: &early), "the socket had room again")
        XCTAssertEqual(write(Array("goto_slide\n3\n\n".utf8)), .queued)
        try channel.eventLoop.submit { writer.drain() }.wait()
        readAndCheck(expected, writer: writer, channel: channel, answers: answers, early: early)
    }

    func testADirectWriteNeverOvertakesBytesInNIOsOutboundBuffer() throws {
        let (writer, channel) = try connect()
        var expected: [UInt8] = []
        // A megabyte cannot fit in the socket's few kilobytes: NIO keeps
        // most of it in its outbound buffer, waiting for the peer.
        let big = Self.chunk(1, 1 << 20)
        expected += big
        XCTAssertEqual(writer.write(big), .queued)
        try channel.eventLoop.submit { writer.drain() }.wait()
        XCTAssertGreaterThan(writer.inChannel, 0, "NIO holds bytes the socket has not taken")
        // The loop is held, so NIO cannot refill the socket; the peer reads
        // until the socket has room again. A write that looked only at the
        // socket would now go straight out, ahead of NIO's bytes.
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        channel.eventLoop.execute {
            held.signal()
            release.wait()
        }
        XCTAssertEqual(held.wait(timeout: .now() + 10), .success)
        var early: [UInt8] = []
        XCTAssertTrue(readUntilWritable(channel, into: &early), "the socket had room again")
        XCTAssertFalse(writer.writesDirectly)
        // From another thread than the loop, as a key press: queued.
        let press = Array("transition_next\n\n".utf8)
        expected += press
        let answer = Locked<Bool?>(nil)
        XCTAssertEqual(writer.write(press) { ok in answer.withLock { $0 = ok } }, .queued)
        release.signal()
        try channel.eventLoop.submit { writer.drain() }.wait()
        readAndCheck(expected, writer: writer, channel: channel, answers: [answer], early: early)
    }

    /// Reads what the peer has until the client's socket would take bytes
    /// again (10 s at most).
    private func readUntilWritable(_ channel: Channel, into got: inout [UInt8]) -> Bool {
        guard let local = channel.localAddress?.port, let remote = channel.remoteAddress?.port,
              let client = Self.descriptor(localPort: local, remotePort: remote) else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        for _ in 0..<100 {
            while true {
                let n = recv(peer, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard n > 0 else { break }
                got += buffer[0..<n]
            }
            var pfd = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
            if poll(&pfd, 1, 100) > 0 { return true }
        }
        return false
    }

    /// This process's descriptor of the TCP connection between these ports.
    private static func descriptor(localPort: Int, remotePort: Int) -> Int32? {
        func port(_ fd: Int32, peer: Bool) -> Int? {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let ok = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    (peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length)) == 0
                }
            }
            return ok && Int32(address.sin_family) == AF_INET ? Int(UInt16(bigEndian: address.sin_port)) : nil
        }
        return (0..<Int32(4096)).first { port($0, peer: false) == localPort && port($0, peer: true) == remotePort }
    }

    /// The peer reads everything: the same bytes in the same order; every
    /// queued write reported written; and the writer writes directly again.
    private func readAndCheck(_ expected: [UInt8], writer: WireWriter, channel: Channel, answers: [Locked<Bool?>],
                              early: [UInt8] = [], file: StaticString = #filePath, line: UInt = #line) {
        let got = early + readFromPeer(expected.count - early.count)
        XCTAssertEqual(got.count, expected.count, "bytes read", file: file, line: line)
        XCTAssertTrue(got == expected, "the bytes arrive in the order written", file: file, line: line)
        // The last write's promise is completed on the loop: a task after it sees it done.
        try? channel.eventLoop.submit {}.wait()
        XCTAssertEqual(writer.inChannel, 0, file: file, line: line)
        XCTAssertTrue(answers.allSatisfy { $0.current != false }, "no write failed", file: file, line: line)
        XCTAssertEqual(answers.last?.current, true, "the last queued write was reported written", file: file, line: line)
        XCTAssertTrue(writer.writesDirectly, file: file, line: line)
        XCTAssertEqual(writer.write(Array("ok\n\n".utf8)), .written, file: file, line: line)
    }

    func testAfterCloseEverythingGoesThroughTheChannel() throws {
        let (writer, channel) = try connect()
        writer.close()
        XCTAssertFalse(writer.writesDirectly)
        let bytes = Array("presentation_resume\n\n".utf8)
        let answer = Locked<Bool?>(nil)
        XCTAssertEqual(writer.write(bytes) { ok in answer.withLock { $0 = ok } }, .queued)
        try channel.eventLoop.submit { writer.drain() }.wait()
        XCTAssertEqual(readFromPeer(bytes.count), bytes)
        try? channel.eventLoop.submit {}.wait()
        XCTAssertEqual(answer.current, true)
    }
}
