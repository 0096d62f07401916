#ifndef CONTROLPAD_CRASH_GUARD_H
#define CONTROLPAD_CRASH_GUARD_H
// On a crash: restores the terminal, writes the crashed thread's backtrace to
// a crash file (or standard error), says so in one line on the terminal, and
// ends the process by the same signal at once (no key to press).
// A signal handler may only make async-signal-safe calls, so this is C:
// Swift code in a handler could allocate or take a lock.

#include <stdint.h>

/// Arms the guard for the terminal on `tty_fd` (the descriptor curses writes
/// to, a duplicate of standard output). Saves its modes now (call before
/// curses changes them) and keeps `restore` (bytes that leave the alternate
/// screen, show the cursor, reset colours and mouse reporting) to write on a
/// crash.
///
/// The backtrace goes to a new file `crash-<UTC time>-<pid>.txt` in
/// `report_dir` (an existing directory), or, when `report_dir` is NULL or the
/// file cannot be created, to standard error. `stderr_name` says where
/// standard error goes (a path, or NULL when it is the terminal), for the one
/// line on the terminal. Both strings are copied. Returns 0, or -1 with errno set.
int cp_crash_guard_arm(int tty_fd, const char *restore, const char *report_dir, const char *stderr_name);

/// Puts back the handlers that were there before `cp_crash_guard_arm`.
void cp_crash_guard_disarm(void);

/// `seconds` since 1970 as UTC in ISO 8601's basic format,
/// `20261123T140509Z` (16 characters and a NUL), as crash files are named.
void cp_crash_guard_utc_stamp(int64_t seconds, char out[17]);

/// Crashes on purpose, for the end-to-end test: 1 a bad pointer (SIGSEGV),
/// 2 a trap (what a failed Swift precondition is), 3 abort().
void cp_crash_guard_crash_for_test(int how);
#endif
