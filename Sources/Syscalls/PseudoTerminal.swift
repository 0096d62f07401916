#if canImport(Glibc)
import Glibc
#endif

extension Syscalls {
    /// A new pseudo-terminal: its master side, open, and the path of its
    /// slave side (for the benchmarks and tests that drive a real binary or
    /// a terminal probe). Glibc's Swift module hides these functions (they
    /// need _XOPEN_SOURCE), so they are looked up once, here.
    public static func openPseudoTerminal() throws(SystemCallError) -> (master: Int32, slavePath: String) {
        typealias IntFn = @convention(c) (Int32) -> Int32
        typealias NameFn = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let libc = dlopen(nil, RTLD_NOW)
        guard let open = dlsym(libc, "posix_openpt"), let grant = dlsym(libc, "grantpt"),
              let unlock = dlsym(libc, "unlockpt"), let name = dlsym(libc, "ptsname") else {
            throw SystemCallError("posix_openpt", errno: ENOSYS)
        }
        let master = unsafeBitCast(open, to: IntFn.self)(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw SystemCallError("posix_openpt", errno: errno) }
        guard unsafeBitCast(grant, to: IntFn.self)(master) == 0, unsafeBitCast(unlock, to: IntFn.self)(master) == 0,
              let path = unsafeBitCast(name, to: NameFn.self)(master) else {
            let code = errno
            close(master)
            throw SystemCallError("grantpt", errno: code)
        }
        return (master, String(cString: path))
    }
}
