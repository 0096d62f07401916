#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Unix-domain stream socket at a path, for one user's processes to talk
/// (`send` and the process that keeps a show's link, `KeptLink`). The
/// directory is made owner-only, the socket file is owner-only too, and a
/// line of text each way is all the talk there is.
public enum LocalSocket {
    /// Listens at `path`, replacing a socket file nobody listens on any
    /// more. Throws when another process listens there (`EADDRINUSE`).
    public static func listen(at path: String) throws(SystemCallError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError("socket", errno: errno) }
        if (try? connect(to: path)).map({ Glibc.close($0); return true }) == true {
            Glibc.close(fd)
            throw SystemCallError("listen at \(path)", errno: EADDRINUSE)
        }
        unlink(path)
        let old = umask(0o177)
        let bound = withAddress(path) { bind(fd, $0, $1) }
        umask(old)
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            let error = errno
            Glibc.close(fd)
            throw SystemCallError("bind \(path)", errno: error)
        }
        return fd
    }

    /// Connects to the socket at `path`.
    public static func connect(to path: String) throws(SystemCallError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError("socket", errno: errno) }
        guard withAddress(path, { Glibc.connect(fd, $0, $1) }) == 0 else {
            let error = errno
            Glibc.close(fd)
            throw SystemCallError("connect \(path)", errno: error)
        }
        return fd
    }

    /// One line from `fd` (without its newline), waiting at most
    /// `timeoutMs` in all; nil on a timeout, an error, or a line over `limit` bytes.
    public static func readLine(_ fd: Int32, timeoutMs: Int32, limit: Int = 4096) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count <= limit {
            guard Syscalls.poll([fd], timeout: timeoutMs)[0] != 0 else { return nil }
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    /// Writes `line` and a newline; false when the other side is gone.
    @discardableResult
    public static func writeLine(_ fd: Int32, _ line: String) -> Bool {
        (try? Syscalls.writeAll(fd, Array((line + "\n").utf8))) != nil
    }

    /// An owner-only directory for such sockets: `$XDG_RUNTIME_DIR/controlpad`,
    /// or `/tmp/controlpad-UID` without one; nil when it is not ours.
    public static func directory(environment: [String: String]) -> String? {
        var runtime = stat()
        let base = environment["XDG_RUNTIME_DIR"].flatMap {
            $0.hasPrefix("/") && stat($0, &runtime) == 0 && (runtime.st_mode & S_IFMT) == S_IFDIR ? $0 + "/controlpad" : nil
        } ?? "/tmp/controlpad-\(getuid())"
        mkdir(base, 0o700)
        var info = stat()
        guard lstat(base, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else { return nil }
        if info.st_mode & 0o077 != 0 { chmod(base, 0o700) }
        return base
    }

    private static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
