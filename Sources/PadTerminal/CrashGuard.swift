import CCrashGuard
import Dispatch
import FoundationEssentials
import SlideModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// On a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE; a failed
/// Swift check is one of these) the terminal is put back first; then the
/// crashed thread's backtrace goes to a crash file (or to standard error when
/// that is not the terminal), one line on the terminal says where, and the
/// process ends by the same signal at once. Swift's own backtracer is not
/// called: it would wait for a key. The handler itself is C (`CCrashGuard`):
/// only async-signal-safe calls are allowed there, so everything it needs
/// (paths, bytes) is worked out here, when it is armed.
package enum CrashGuard {
    /// Arms the guard for the terminal on `fd`; call before the pad changes
    /// its modes, so those saved are the shell's. `giveBack`: what gives the
    /// terminal back (`TerminalModes.giveBack`, what quitting writes too).
    /// Creates the state directory the crash file will go in.
    static func arm(terminal fd: Int32, giveBack: [UInt8]) {
        var place = reportPlace(standardError: standardError())
        if let directory = place.directory,
           (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])) == nil {
            place.directory = nil  // the report goes to standard error (the terminal) instead
        }
        _ = cp_crash_guard_arm(fd, handed(giveBack), place.directory, place.standardErrorName)
    }

    /// The bytes as the C handler keeps them: a C string, in a buffer of
    /// `maxBytes` (terminfo's strings hold no NUL).
    static func handed(_ giveBack: [UInt8]) -> [CChar] {
        giveBack.prefix(maxBytes).map { CChar(bitPattern: $0) } + [0]
    }

    /// What the C handler keeps of them (its buffer, less the NUL).
    static let maxBytes = 511

    static func disarm() { cp_crash_guard_disarm() }

    /// Where a crash's backtrace goes.
    struct ReportPlace: Equatable {
        /// The directory for `crash-<UTC time>-<pid>.txt`; nil: standard error.
        var directory: String?
        /// Standard error's name for the line on the terminal, when the
        /// report goes there and it is not the terminal.
        var standardErrorName: String?
    }

    /// What standard error is, as far as a crash report cares.
    enum StandardError: Equatable {
        /// The terminal, /dev/null or closed: no place for a report.
        case noPlace
        /// A file, pipe or socket, named for the one line on the terminal.
        case elsewhere(String)
    }

    /// Standard error when it is redirected somewhere a report can be read
    /// (`2>file`, `2>&1 | tee`); else the crash file in the state directory
    /// (`$XDG_STATE_HOME/controlpad`, by default `~/.local/state/controlpad`,
    /// where the pairings are kept too); else, with no state directory,
    /// standard error after all.
    static func reportPlace(standardError: StandardError,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> ReportPlace {
        if case .elsewhere(let name) = standardError { return ReportPlace(directory: nil, standardErrorName: name) }
        let directory = StateDirectory.path(environment: environment)
        return ReportPlace(directory: directory, standardErrorName: nil)
    }

    /// What this process's standard error is.
    static func standardError() -> StandardError {
        var info = stat()
        guard isatty(STDERR_FILENO) == 0, fstat(STDERR_FILENO, &info) == 0,
              info.st_mode & S_IFMT != S_IFCHR else { return .noPlace }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(STDERR_FILENO)", &buffer, buffer.count - 1)
        let target = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        if target.hasPrefix("/") { return .elsewhere(target) }
        return .elsewhere(info.st_mode & S_IFMT == S_IFIFO ? "standard error (a pipe)" : "standard error")
    }

    /// `CONTROLPAD_CRASH_FOR_TEST=segv|trap|abort|fatal` crashes the pad on a
    /// background thread half a second after it starts (a bad pointer, a
    /// trap, abort(), Swift's fatalError). Hidden (not in --help), but keep
    /// it: `TerminalRestoreEndToEndTests` crash the shipped binary with it, to
    /// check the terminal, the crash report and that the process ends at once.
    package static func crashIfAskedForTest(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let how = environment["CONTROLPAD_CRASH_FOR_TEST"] else { return }
        let code: Int32 = switch how { case "segv": 1; case "trap": 2; case "fatal": 0; default: 3 }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) {
            if code == 0 { fatalError("CONTROLPAD_CRASH_FOR_TEST=fatal") }
            cp_crash_guard_crash_for_test(code)
        }
    }
}
