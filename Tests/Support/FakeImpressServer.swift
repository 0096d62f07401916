import Foundation
import SlideModel
import ImpressRemote

#if canImport(Glibc)
import Glibc
#endif

/// A scripted Impress Remote server on 127.0.0.1 (a free port), on plain
/// blocking sockets: each accepted connection runs the next script on its own
/// thread. Scripts read what the client sends (with timeouts, never forever)
/// and write whatever bytes the test wants, garbage included.
public final class FakeImpressServer: @unchecked Sendable {
    public typealias Script = @Sendable (FakeConnection) throws -> Void

    public var port: Int { listener.port }
    private let listener: LoopbackListener
    private let lock = NSLock()
    private var scripts: [Script]
    private var connections: [FakeConnection] = []
    private var failures: [String] = []
    private var closed = false
    private let acceptThreadDone = DispatchSemaphore(value: 0)

    /// Listens at once; connection N runs `scripts[N]` (extra ones are closed).
    public init(scripts: [Script]) throws {
        self.scripts = scripts
        listener = try LoopbackListener()
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    public var address: ImpressServerAddress { ImpressServerAddress(host: "127.0.0.1", port: port) }

    /// Connections accepted so far.
    public var accepted: [FakeConnection] { lock.withLock { connections } }

    /// Problems a script hit (a failed expectation inside a server thread).
    public var problems: [String] { lock.withLock { failures } }

    public func stop() {
        let wasClosed = lock.withLock { () -> Bool in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        listener.close()
        acceptThreadDone.wait()
        for c in accepted { c.close() }
    }

    deinit { stop() }

    private func acceptLoop() {
        defer { acceptThreadDone.signal() }
        while true {
            guard let fd = listener.accept() else { return }
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

public struct ScriptFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}

/// One accepted connection, seen from the server.
public final class FakeConnection: @unchecked Sendable {
    /// One `read()` and when it returned.
    public struct Read {
        public var bytes: [UInt8]
        public var at: UInt64  // arrival, CLOCK_REALTIME ns
    }

    /// A framed message and when its last byte was read.
    public struct Message {
        public var lines: [String]
        public var at: UInt64  // arrival of its last byte, CLOCK_REALTIME ns
    }

    private let fd: Int32
    private let lock = NSLock()
    private var isClosed = false
    private var framer = ImpressFramer()
    private var queued: [Message] = []
    public private(set) var reads: [Read] = []

    init(fd: Int32) {
        self.fd = fd
        var yes: Int32 = 1
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
    public func readMessage(timeout: Double = 10, readSize: Int = 65536) throws -> Message {
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
    public func waitForClose(timeout: Double = 10) -> Bool {
        let deadline = Self.now() + UInt64(timeout * 1e9)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Self.now() < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 200) <= 0 { continue }
            if Glibc.read(fd, &buffer, buffer.count) <= 0 { return true }
        }
        return false
    }

    public func send(_ text: String) { send(Array(text.utf8)) }

    /// One message: lines, each LF-ended, plus the closing empty line.
    public func send(message lines: String...) { send(lines.joined(separator: "\n") + "\n\n") }

    public func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return }
                offset += n
            }
        }
    }

    public func close() {
        let first = lock.withLock { () -> Bool in
            defer { isClosed = true }
            return !isClosed
        }
        if first {
            Glibc.shutdown(fd, Int32(SHUT_RDWR))
            Glibc.close(fd)
        }
    }

    public static func realtimeNow() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
