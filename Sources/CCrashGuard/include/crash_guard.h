#ifndef CONTROLPAD_CRASH_GUARD_H
#define CONTROLPAD_CRASH_GUARD_H
// Restores the terminal when the pad crashes, then lets the crash go on.
// A signal handler may only make async-signal-safe calls, so this is C:
// Swift code in a handler could allocate or take a lock.

/// Arms the guard for the terminal on `tty_fd` (the descriptor curses writes
/// to, a duplicate of standard output). Saves its modes now (call before
/// curses changes them) and keeps `restore` (bytes that leave the alternate
/// screen, show the cursor, reset colours and mouse reporting) to write on a
/// crash. Returns 0, or -1 with errno set.
int cp_crash_guard_arm(int tty_fd, const char *restore);

/// Puts back the handlers that were there before `cp_crash_guard_arm`.
void cp_crash_guard_disarm(void);

/// Crashes on purpose, for the end-to-end test: 1 a bad pointer (SIGSEGV),
/// 2 a trap (what a failed Swift precondition is), 3 abort().
void cp_crash_guard_crash_for_test(int how);
#endif
