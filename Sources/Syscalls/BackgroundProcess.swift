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
        let (pid, status) = spawnInSession(executable, arguments: arguments, searchPath: false, defaultSignals: [SIGTERM]) { actions in
            posix_spawn_file_actions_adddup2(&actions, input, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        guard status == 0 else { throw SystemCallError("posix_spawn \(executable)", errno: status) }
        return pid
    }

    /// Spawns `executable` in a session of its own (POSIX_SPAWN_SETSID)
    /// with `defaultSignals` at their default action, its 0, 1 and 2 as
    /// `files` sets them, and no other descriptor of ours: every one is
    /// marked close-on-exec first (posix_spawn's closefrom is not exported
    /// to Swift). `searchPath`: find a bare name on PATH. Returns the pid
    /// and posix_spawn's status (0: started).
    private static func spawnInSession(_ executable: String, arguments: [String], searchPath: Bool, defaultSignals: [Int32],
                                       files: (inout posix_spawn_file_actions_t) -> Void) -> (pid: pid_t, status: Int32) {
        forEachOpenDescriptor { fd in
            if fd > 2 { _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC) }
            return false
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        files(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // POSIX_SPAWN_SETSID (glibc, not exported to Swift) | POSIX_SPAWN_SETSIGDEF.
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = searchPath ? posix_spawnp(&pid, executable, &actions, &attributes, argv, environ)
            : posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        return (pid, status)
    }

    /// The path of this process's own executable. One replaced on disk
    /// since it started (an upgrade, a rebuild during a talk) is still
    /// there as /proc/self/exe: a link handed to a background process must
    /// not be dropped because the file moved.
    public static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return access(path, X_OK) == 0 ? path : "/proc/self/exe"
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

extension Syscalls {
    /// A child started with pipes on its standard input and output.
    public struct PipedChild: Sendable {
        public var pid: pid_t
        /// Write here: the child's standard input.
        public var input: Int32
        /// Read here: the child's standard output.
        public var output: Int32
    }

    /// Starts `executable` in a session of its own (no terminal signal
    /// reaches it: Ctrl-Z on the pad does not stop it), with pipes on its
    /// standard input and output, standard error on /dev/null, and no other
    /// descriptor of ours. It sees the end of its input when we close ours
    /// or exit.
    public static func spawnWithPipes(_ executable: String, arguments: [String]) throws(SystemCallError) -> PipedChild {
        // Blocking pipes (the child's ends must block; ours are made
        // non-blocking by whoever reads them, NIO), closed on exec.
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard Glibc.pipe(&toChild) == 0 else { throw SystemCallError("pipe", errno: errno) }
        guard Glibc.pipe(&fromChild) == 0 else {
            let error = errno
            toChild.forEach { close($0) }
            throw SystemCallError("pipe", errno: error)
        }
        let (pid, status) = spawnInSession(executable, arguments: arguments, searchPath: true,
                                           defaultSignals: [SIGTERM, SIGPIPE, SIGINT]) { actions in
            posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
            posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw SystemCallError("posix_spawn \(executable)", errno: status)
        }
        return PipedChild(pid: pid, input: toChild[1], output: fromChild[0])
    }

    /// Ends a child: waits `grace` for it to leave by itself, then SIGTERM,
    /// SIGKILL after `patience`, and reaps it. Blocking.
    public static func end(_ pid: pid_t, grace: Duration = .zero, patience: Duration = .seconds(2)) {
        var status: Int32 = 0
        let clock = ContinuousClock()
        let leaves = clock.now + grace
        while waitpid(pid, &status, WNOHANG) == 0 {
            if clock.now >= leaves { break }
            usleep(10_000)
        }
        if waitpid(pid, &status, WNOHANG) != 0 { return }
        kill(pid, SIGTERM)
        let deadline = clock.now + patience
        while waitpid(pid, &status, WNOHANG) == 0 {
            if clock.now > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return
            }
            usleep(10_000)
        }
    }
}
