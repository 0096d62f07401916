#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a TCP connection could not be made.
public enum ConnectError: Error, Equatable, CustomStringConvertible {
    /// The name did not resolve (getaddrinfo's message).
    case hostNotFound(String)
    /// No address answered in time.
    case timedOut
    /// The last address tried failed with this errno.
    case failed(errno: Int32)

    public var description: String {
        switch self {
        case .hostNotFound(let message): return "host not found: \(message)"
        case .timedOut: return "connection timed out"
        case .failed(let code): return String(cString: strerror(code))
        }
    }
}

extension Syscalls {
    /// A TCP connection to `host:port`, made with a blocking `connect` (run
    /// it off the event loop: on a thread pool) within `timeout` seconds in
    /// all: each address `host` resolves to is tried in turn. The
    /// descriptor, closed on exec, is the caller's (it hands it to NIO, and
    /// knows its number: a connection can be handed on to another process).
    public static func connectTCP(host: String, port: Int, timeout: Double) throws(ConnectError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .hostNotFound(String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        let deadline = monotonicSeconds() + timeout
        var lastError = ConnectError.timedOut
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next?.pointee {
            next = entry.ai_next
            let left = deadline - monotonicSeconds()
            guard left > 0 else { throw .timedOut }
            let fd = socket(entry.ai_family, entry.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), entry.ai_protocol)
            guard fd >= 0 else { lastError = .failed(errno: errno); continue }
            // A blocking connect gives up after SO_SNDTIMEO (EINPROGRESS).
            var limit = timeval(tv_sec: Int(left), tv_usec: Int((left - Double(Int(left))) * 1_000_000))
            _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            var result: Int32
            repeat { result = connect(fd, entry.ai_addr, entry.ai_addrlen) } while result != 0 && errno == EINTR
            if result == 0 {
                var none = timeval()
                _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
                return fd
            }
            let code = errno
            close(fd)
            lastError = (code == EINPROGRESS || code == EAGAIN || code == ETIMEDOUT) ? .timedOut : .failed(errno: code)
        }
        throw lastError
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A duplicate of `fd`, closed on exec, numbered 3 or above; nil if none.
    public static func duplicate(_ fd: Int32) -> Int32? {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        return copy >= 0 ? copy : nil
    }
}
