#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A system call that failed: which one, on what, and its errno.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    public var call: String
    public var errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// One small function per system call the pad makes itself, each retrying
/// on EINTR where that is the right thing and throwing a typed error.
public enum Syscalls {
    /// A pipe whose ends are non-blocking and closed on exec.
    public static func pipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw SystemCallError("pipe", errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }

    /// Opens `path`; `mode` applies when it is created.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) throws(SystemCallError) -> Int32 {
        let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
        guard fd >= 0 else { throw SystemCallError("open \(path)", errno: errno) }
        return fd
    }

    /// Writes every byte, however many calls it takes.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw SystemCallError("write", errno: n < 0 ? errno : EIO) }
            offset += n
        }
    }

    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemCallError) {
        let failure = bytes.withUnsafeBytes { raw -> SystemCallError? in
            do throws(SystemCallError) { try writeAll(fd, raw); return nil } catch { return error }
        }
        if let failure { throw failure }
    }

    /// Writes `text` to stderr, whole (what `FileHandle.standardError.write` did);
    /// a failed write is dropped: there is nowhere left to say it.
    public static func writeStandardError(_ text: String) {
        try? writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// Writes `text` to stdout, whole (unbuffered, as `FileHandle.standardOutput.write`).
    public static func writeStandardOutput(_ text: String) {
        try? writeAll(STDOUT_FILENO, Array(text.utf8))
    }

    /// Up to `limit` bytes from the start of the file at `path`; nil when it
    /// cannot be opened or read (a directory, no permission).
    public static func readPrefix(of path: String, limit: Int) -> [UInt8]? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = Glibc.close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, limit - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            count += n
        }
        return Array(bytes[..<count])
    }

    /// Closes a descriptor (for callers whose own `close` hides libc's).
    public static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Ends the process (for callers whose own `exit` hides libc's).
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// Reads and throws away whatever a non-blocking descriptor has now.
    public static func drain(_ fd: Int32) {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(fd, &sink, sink.count) > 0 {}
    }

    /// Waits until one of `fds` has input (or hung up) or `timeout`
    /// milliseconds pass; an interrupted wait counts as a timeout. Returns
    /// each descriptor's events.
    public static func poll(_ fds: [Int32], timeout: Int32) -> [Int16] {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        poll(&entries, timeout: timeout)
        return entries.map(\.revents)
    }

    /// `poll` for a loop that waits on the same descriptors again and
    /// again: each entry's `revents` says what happened (all 0 for a
    /// timeout or an interrupted wait), and nothing is allocated on the way
    /// back from the wait.
    public static func poll(_ entries: inout [pollfd], timeout: Int32) {
        if Glibc.poll(&entries, nfds_t(entries.count), timeout) < 0 {
            for i in entries.indices { entries[i].revents = 0 }
        }
    }

    public static func fchmod(_ fd: Int32, _ mode: mode_t) throws(SystemCallError) {
        guard Glibc.fchmod(fd, mode) == 0 else { throw SystemCallError("fchmod", errno: errno) }
    }

    public static func fsync(_ fd: Int32) throws(SystemCallError) {
        guard Glibc.fsync(fd) == 0 else { throw SystemCallError("fsync", errno: errno) }
    }
}
