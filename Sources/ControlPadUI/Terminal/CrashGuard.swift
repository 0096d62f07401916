import CCrashGuard
import Foundation

/// On a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE; a failed
/// Swift check is one of these) the terminal is put back first, then the
/// crash goes on, so Swift's backtrace and a core dump land on a sane
/// terminal. The handler itself is C (`CCrashGuard`): only async-signal-safe
/// calls are allowed there.
enum CrashGuard {
    /// Mouse reporting off, colours reset, cursor shown, alternate screen
    /// left: what `endwin` would undo, as bytes every xterm-like terminal,
    /// tmux, screen and the Linux console understand or ignore.
    static let restoreBytes = "\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Arms the guard for the terminal on `fd`; call before curses changes
    /// its modes, so those saved are the shell's.
    static func arm(terminal fd: Int32, pictures: Bool = false) {
        _ = cp_crash_guard_arm(fd, pictures ? restoreBytes + clearPictures : restoreBytes)
    }

    /// Deletes every kitty placement (sixel pixels go with the alternate screen).
    static let clearPictures = "\u{1B}_Ga=d,d=a,q=2\u{1B}\\"

    static func disarm() { cp_crash_guard_disarm() }

    /// `CONTROLPAD_CRASH_FOR_TEST=segv|trap|abort` crashes the pad on a
    /// background thread half a second after it starts, for the end-to-end
    /// test that the terminal survives a crash. Hidden: not in --help.
    static func crashIfAskedForTest(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let how = environment["CONTROLPAD_CRASH_FOR_TEST"] else { return }
        let code: Int32 = switch how { case "segv": 1; case "trap": 2; default: 3 }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { cp_crash_guard_crash_for_test(code) }
    }
}
