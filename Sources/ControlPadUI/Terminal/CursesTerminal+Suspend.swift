import CNcurses
import Syscalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Ctrl-Z (SIGTSTP, taken by the pad's signal trap so that curses never
/// handles it behind the loop's back).
extension CursesTerminal {
    /// Gives the terminal back to the shell (pictures off, curses' modes
    /// undone), stops the process as Ctrl-Z's default action does, and on
    /// `fg` takes the terminal again: curses' modes and the keypad's (so
    /// → still arrives as one key), and the next frame written whole.
    /// Without job control (the pad run as a tmux command) the kernel drops
    /// the stop, and the pad carries on at once, whole.
    func suspend() {
        guard let output else { return }
        let bytes = pictures?.clearAll() ?? []
        if !bytes.isEmpty { fflush(output); try? Syscalls.writeAll(fileno(output), bytes) }
        endwin()
        fflush(output)
        var trap = sigaction()
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigaction(SIGTSTP, &stop, &trap)
        kill(getpid(), SIGTSTP)
        // Here again after SIGCONT (or at once, with no job control).
        sigaction(SIGTSTP, &trap, nil)
        reset_prog_mode()
        keypad(cp_stdscr(), true)
        previous = nil
        werase(cp_stdscr())
        clearok(cp_stdscr(), true)
    }
}
