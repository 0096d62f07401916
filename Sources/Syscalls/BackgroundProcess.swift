#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Syscalls {
    /// Starts `executable` in a session of its own (no controlling terminal,
    /// so no SIGHUP or terminal signal reaches it), with `input` as its
    /// standard input, /dev/null as its output, no other descriptor of
    /// ours, and SIGTERM at its default action. Its output and errors go to
    /// `output` (appended; /dev/null unless named). Nobody waits for it: the
    /// caller may exit at once.
    public static func spawnInBackground(_ executable: String, arguments: [String], input: Int32,
                                         output: String = "/dev/null") throws(SystemCallError) -> pid_t {
        // No descriptor of ours but `input` may live on in it (a terminal, a
        // log): every one is marked close-on-exec (posix_spawn's closefrom
        // is not exported to Swift). Only the ones below 3 are kept.
        forEachOpenDescriptor { fd in
            if fd > 2 { _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC) }
            return false
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // POSIX_SPAWN_SETSID (glibc, not exported to Swift) | POSIX_SPAWN_SETSIGDEF.
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw SystemCallError("posix_spawn \(executable)", errno: status) }
        return pid
    }

    /// The path of this process's own executable.
    public static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    /// Calls `body` with each descriptor open in this process until it returns true.
    private static func forEachOpenDescriptor(_ body: (Int32) -> Bool) {
        guard let directory = opendir("/proc/self/fd") else { return }
        let own = dirfd(directory)
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd != own, body(fd) { return }
        }
    }
}
