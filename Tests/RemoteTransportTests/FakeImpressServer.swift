import Foundation
import SlideModel
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// A scripted Impress Remote server on 127.0.0.1 (a free port), on plain
/// blocking sockets: each accepted connection runs the next script on its own
/// thread. Scripts read what the client sends (with timeouts, never forever)
/// and write whatever bytes the test wants, garbage included.
final class FakeImpressServer: @unchecked Sendable {
    typealias Script = @Sendable (FakeConnection) throws -> Void

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var scripts: [Script]
    private var connections: [FakeConnection] = []
    private var failures: [String] = []
    private var closed = false
    private let acceptThreadDone = DispatchSemaphore(value: 0)

    /// Listens at once; connection N runs `scripts[N]` (extra ones are closed).
    init(scripts: [Script]) throws {
        self.scripts = scripts
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(errno: errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            let e = errno
            Glibc.close(fd)
            throw POSIXError(errno: e)
        }
        var out = sockaddr_in()
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &out) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: out.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var address: ImpressServerAddress { ImpressServerAddress(host: "127.0.0.1", port: port) }

    /// Connections accepted so far.
    var accepted: [FakeConnection] { lock.withLock { connections } }

    /// Problems a script hit (a failed expectation inside a server thread).
    var problems: [String] { lock.withLock { failures } }

    func stop() {
        let wasClosed = lock.withLock { () -> Bool in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        acceptThreadDone.wait()
        for c in accepted { c.close() }
    }

    deinit { stop() }

    private func acceptLoop() {
        defer { acceptThreadDone.signal() }
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            let script: Script? = lock.withLock {
                if closed { return nil }
                return scripts.isEmpty ? nil : scripts.removeFirst()
            }
            let connection = FakeConnection(fd: fd)
            lock.withLock { connections.append(connection) }
            guard let script else {
                connection.close()
                continue
            }
            let thread = Thread { [self] in
                do {
                    try script(connection)
                } catch {
                    lock.withLock { failures.append("\(error)") }
                }
            }
            thread.start()
        }
    }
}

struct ScriptFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// One accepted connection, seen from the server.
final class FakeConnection: @unchecked Sendable {
    /// One `read()` and when it returned.
    struct Read {
        var bytes: [UInt8]
        var at: UInt64  // arrival, CLOCK_REALTIME ns
    }

    /// A framed message and when its last byte was read.
    struct Message {
        var lines: [String]
        var at: UInt64  // arrival of its last byte, CLOCK_REALTIME ns
    }

    private let fd: Int32
    private let lock = NSLock()
    private var isClosed = false
    private var framer = ImpressFramer()
    private var queued: [Message] = []
    private(set) var reads: [Read] = []

    init(fd: Int32) {
        self.fd = fd
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        // The kernel stamps each segment as it arrives: timings that do not
        // depend on when this thread gets to run.
        setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// One recvmsg of at most `max` bytes, with the arrival time of the last
    /// segment read (CLOCK_REALTIME ns; now if the kernel gave none).
    private func receive(max: Int) -> (bytes: [UInt8], at: UInt64)? {
        var buffer = [UInt8](repeating: 0, count: max)
        var control = [UInt8](repeating: 0, count: 128)
        let (n, controlLength): (Int, Int) = buffer.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { ctl in
                var iov = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &iov) { iovPointer in
                    var msg = msghdr()
                    msg.msg_iov = iovPointer
                    msg.msg_iovlen = 1
                    msg.msg_control = ctl.baseAddress
                    msg.msg_controllen = ctl.count
                    let n = recvmsg(fd, &msg, 0)
                    return (n, Int(msg.msg_controllen))
                }
            }
        }
        guard n > 0 else { return nil }
        var at = Self.realtimeNow()
        let header = MemoryLayout<cmsghdr>.size  // CMSG_DATA follows the aligned header
        if controlLength >= header + MemoryLayout<timespec>.size {
            control.withUnsafeBytes { ctl in
                let cmsg = ctl.loadUnaligned(as: cmsghdr.self)
                if cmsg.cmsg_level == SOL_SOCKET && cmsg.cmsg_type == SO_TIMESTAMPNS {
                    let ts = ctl.loadUnaligned(fromByteOffset: header, as: timespec.self)
                    at = UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
                }
            }
        }
        return (Array(buffer[0..<n]), at)
    }

    /// The next message from the client, or throws after `timeout` seconds.
    /// `readSize` caps one read: set it to one message's length to stamp
    /// each message with its own arrival time.
    func readMessage(timeout: Double = 10, readSize: Int = 65536) throws -> Message {
        let deadline = Self.now() + UInt64(timeout * 1e9)
        while queued.isEmpty {
            let now = Self.now()
            guard now < deadline else { throw ScriptFailure("no message from the client in \(timeout) s") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&pfd, 1, Int32(min((deadline - now) / 1_000_000, 1000)))
            if r <= 0 { continue }
            guard let (bytes, at) = receive(max: readSize) else {
                throw ScriptFailure("the client closed the connection")
            }
            lock.withLock { reads.append(Read(bytes: bytes, at: at)) }
            for lines in try framer.feed(bytes) { queued.append(Message(lines: lines, at: at)) }
        }
        return queued.removeFirst()
    }

    /// Reads until the client closes; true if it did within `timeout`.
    func waitForClose(timeout: Double = 10) -> Bool {
        let deadline = Self.now() + UInt64(timeout * 1e9)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Self.now() < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 200) <= 0 { continue }
            if Glibc.read(fd, &buffer, buffer.count) <= 0 { return true }
        }
        return false
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// One message: lines, each LF-ended, plus the closing empty line.
    func send(message lines: String...) { send(lines.joined(separator: "\n") + "\n\n") }

    func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return }
                offset += n
            }
        }
    }

    func close() {
        let first = lock.withLock { () -> Bool in
            defer { isClosed = true }
            return !isClosed
        }
        if first {
            Glibc.shutdown(fd, Int32(SHUT_RDWR))
            Glibc.close(fd)
        }
    }

    static func realtimeNow() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}

extension POSIXError {
    init(errno code: Int32) {
        self.init(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}

/// Reads a real capture made from LibreOffice (SlideModelTests/Fixtures).
enum Capture {
    static func bytes(_ name: String, file: StaticString = #filePath) throws -> [UInt8] {
        let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SlideModelTests/Fixtures").appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }
}
