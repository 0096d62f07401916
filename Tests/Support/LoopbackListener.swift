import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1 at a free port: where every fake server of
/// the tests and the benchmark starts. Accepted sockets have Nagle off, as
/// LibreOffice's do.
public final class LoopbackListener: @unchecked Sendable {
    public let port: Int
    private let descriptor: Int32

    /// - Parameter receiveBuffer: SO_RCVBUF for the sockets it accepts (a
    ///   small one makes "the peer would block" certain, not a matter of timing).
    public init(receiveBuffer: Int32? = nil, backlog: Int32 = 8) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(errno: errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound, listen(fd, backlog) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw POSIXError(errno: code)
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// The next connection (blocking); nil once the listener is closed.
    public func accept() -> Int32? {
        while true {
            let fd = Glibc.accept(descriptor, nil, nil)
            if fd >= 0 {
                var on: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                return fd
            }
            if errno != EINTR { return nil }
        }
    }

    /// Stops listening: a blocked `accept` returns nil.
    public func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }
}

extension POSIXError {
    public init(errno code: Int32) {
        self.init(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}
