import Foundation
import Syscalls

/// A process on a fresh pseudo-terminal (160×50 through COLUMNS/LINES), for
/// the benchmarks that time the real binary: its output is read from, and
/// keys are written to, `master`. Stopped with SIGTERM.
final class PseudoTerminalProcess {
    let master: Int32
    let pid: pid_t
    /// A folder of the process's own, removed once it stopped.
    private var cleanup: String?

    init(binary: String, arguments: [String], environment extra: [String: String] = [:]) throws {
        let (master, slavePath): (Int32, String)
        do { (master, slavePath) = try Syscalls.openPseudoTerminal() } catch { throw BenchmarkError("no pseudo-terminal: \(error)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, slavePath, O_RDWR, 0) }
        posix_spawn_file_actions_addclose(&actions, master)
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        env["LANG"] = "C.UTF-8"
        env["COLUMNS"] = "160"
        env["LINES"] = "50"
        env["NO_COLOR"] = nil
        env.merge(extra) { _, new in new }
        let argv = [binary] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, &cArgs, &cEnv) == 0 else {
            close(master)
            throw BenchmarkError("cannot start \(binary)")
        }
        self.master = master
        self.pid = pid
    }

    /// Types `bytes` as the terminal would deliver them.
    func type(_ bytes: String) { _ = bytes.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) } }

    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(master)
        if let cleanup { try? FileManager.default.removeItem(atPath: cleanup) }
    }

    /// `controlpad connect` to LibreOffice on 127.0.0.1:`port` as `name`
    /// and `pin`, with a state folder of its own (removed by `stop`).
    static func pad(connectingTo port: Int, name: String, pin: String) throws -> PseudoTerminalProcess {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("cp-bench-pad-\(getpid())-\(UUID().uuidString.prefix(6))").path
        let pad = try PseudoTerminalProcess(
            binary: controlpad,
            arguments: ["connect", "127.0.0.1:\(port)", "--name", name, "--pin", pin, "--no-animation"],
            environment: ["XDG_STATE_HOME": state])
        pad.cleanup = state
        return pad
    }

    /// This benchmark's own binary (run again as the bare client).
    static var benchmark: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The `controlpad` built beside this benchmark (same build folder).
    static var controlpad: String {
        URL(fileURLWithPath: benchmark).deletingLastPathComponent().appendingPathComponent("controlpad").path
    }
}
