#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A descriptor and bytes about it, from one process to another over a
/// Unix-domain stream socket (SCM_RIGHTS): how a link to a show changes
/// hands without closing (`LinkHandOver`). The descriptor travels with the
/// message's first bytes, a header `CPFD` and the payload's length; the
/// payload follows as plain bytes. A message without a descriptor starts
/// `CPNO`.
public enum DescriptorPassing {
    static let withDescriptor = Array("CPFD".utf8)
    static let without = Array("CPNO".utf8)
    /// The longest payload read back (a transcript of 400 slides' previews is about 4 MB).
    public static let payloadLimit = 64 << 20

    /// Sends `descriptor` (when given; it stays open here) and `payload` on `socket`.
    public static func send(_ socket: Int32, descriptor: Int32?, payload: [UInt8]) -> Bool {
        var header = (descriptor == nil ? without : withDescriptor)
        var length = UInt64(payload.count).bigEndian
        withUnsafeBytes(of: &length) { header += $0 }
        var control = [UInt8](repeating: 0, count: descriptor == nil ? 0 : cmsgSpace())
        let sent: Int = header.withUnsafeMutableBytes { bytes in
            control.withUnsafeMutableBytes { raw in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                var message = msghdr()
                if let descriptor, let base = raw.baseAddress {
                    message.msg_control = base
                    message.msg_controllen = raw.count
                    let header = base.assumingMemoryBound(to: cmsghdr.self)
                    header.pointee.cmsg_level = SOL_SOCKET
                    header.pointee.cmsg_type = Int32(SCM_RIGHTS)
                    header.pointee.cmsg_len = cmsgLength()
                    (base + MemoryLayout<cmsghdr>.size).storeBytes(of: descriptor, as: Int32.self)
                }
                return withUnsafeMutablePointer(to: &vector) { pointer in
                    message.msg_iov = pointer
                    message.msg_iovlen = 1
                    return sendmsg(socket, &message, Int32(MSG_NOSIGNAL))
                }
            }
        }
        guard sent == header.count else { return false }
        return (try? Syscalls.writeAll(socket, payload)) != nil
    }

    /// A message sent by `send`: its descriptor (nil when none came; close
    /// it when done) and payload; nil on a timeout, an error, or bytes that
    /// are no such message.
    public static func receive(_ socket: Int32, timeoutMs: Int32) -> (descriptor: Int32?, payload: [UInt8])? {
        guard Syscalls.poll([socket], timeout: timeoutMs)[0] != 0 else { return nil }
        var header = [UInt8](repeating: 0, count: 12)
        var control = [UInt8](repeating: 0, count: cmsgSpace())
        var received: Int32?
        let n: Int = header.withUnsafeMutableBytes { bytes in
            control.withUnsafeMutableBytes { raw in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                var message = msghdr()
                message.msg_control = raw.baseAddress
                message.msg_controllen = raw.count
                return withUnsafeMutablePointer(to: &vector) { pointer in
                    message.msg_iov = pointer
                    message.msg_iovlen = 1
                    let n = recvmsg(socket, &message, Int32(MSG_WAITALL | MSG_CMSG_CLOEXEC))
                    if n > 0, message.msg_controllen >= cmsgLength() {
                        let header = raw.baseAddress!.assumingMemoryBound(to: cmsghdr.self)
                        if header.pointee.cmsg_level == SOL_SOCKET, header.pointee.cmsg_type == Int32(SCM_RIGHTS) {
                            received = (raw.baseAddress! + MemoryLayout<cmsghdr>.size).load(as: Int32.self)
                        }
                    }
                    return n
                }
            }
        }
        let magic = Array(header.prefix(4))
        guard n == 12, magic == withDescriptor || magic == without else {
            if let received { close(received) }
            return nil
        }
        let length = header[4...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard length <= UInt64(payloadLimit), let payload = readExactly(socket, Int(length), timeoutMs: timeoutMs) else {
            if let received { close(received) }
            return nil
        }
        return (received, payload)
    }

    private static func readExactly(_ fd: Int32, _ count: Int, timeoutMs: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            guard Syscalls.poll([fd], timeout: timeoutMs)[0] != 0 else { return nil }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }

    private static func cmsgLength() -> Int { MemoryLayout<cmsghdr>.size + MemoryLayout<Int32>.size }
    private static func cmsgSpace() -> Int {
        let align = MemoryLayout<Int>.size
        return MemoryLayout<cmsghdr>.size + (MemoryLayout<Int32>.size + align - 1) / align * align
    }

    /// A connected pair of Unix-domain stream sockets, closed on exec.
    public static func socketPair() throws(SystemCallError) -> (Int32, Int32) {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw SystemCallError("socketpair", errno: errno)
        }
        return (pair[0], pair[1])
    }
}
