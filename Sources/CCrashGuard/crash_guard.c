#define _GNU_SOURCE
#include "crash_guard.h"

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
enum { signal_count = sizeof crash_signals / sizeof crash_signals[0] };

static struct sigaction previous[signal_count];
static int armed;
static int tty = -1;
static int null_fd = -1;
static int silent_pipe[2] = {-1, -1};
static struct termios saved_modes;
static int have_modes;
static char restore_bytes[512];
static size_t restore_length;
static volatile sig_atomic_t restored;

static int slot_of(int sig) {
    for (int i = 0; i < signal_count; i++)
        if (crash_signals[i] == sig) return i;
    return -1;
}

static void restore_terminal(void) {
    if (restored) return;
    restored = 1;
    size_t done = 0;
    while (done < restore_length) {
        ssize_t n = write(tty, restore_bytes + done, restore_length - done);
        if (n <= 0) break;
        done += (size_t)n;
    }
    if (have_modes) tcsetattr(tty, TCSANOW, &saved_modes);
    // The pad's other threads may still draw or wait for keys: they now
    // draw into /dev/null and wait on a pipe that never speaks, so the crash
    // report stays readable, nothing spins, and Swift's backtracer, seeing
    // no terminal on stdin, does not wait for a key. Standard output and
    // error still reach the terminal.
    if (null_fd >= 0) dup2(null_fd, tty);
    if (silent_pipe[0] >= 0) dup2(silent_pipe[0], STDIN_FILENO);
}

static void on_crash(int sig, siginfo_t *info, void *context) {
    (void)context;
    restore_terminal();
    int slot = slot_of(sig);
    if (slot >= 0) sigaction(sig, &previous[slot], NULL);
    else signal(sig, SIG_DFL);
    // A fault (bad address, trap) happens again when the handler returns,
    // now into the previous handler (Swift's backtracer) or the default
    // action (a core dump). A signal that was sent (kill, abort) is sent again.
    if (info == NULL || info->si_code <= 0) {
        raise(sig);
        // Still here: the previous handler returned. End as the signal would.
        signal(sig, SIG_DFL);
        raise(sig);
    }
}

int cp_crash_guard_arm(int tty_fd, const char *restore) {
    tty = tty_fd;
    have_modes = tcgetattr(tty_fd, &saved_modes) == 0;
    restore_length = strlen(restore);
    if (restore_length >= sizeof restore_bytes) restore_length = sizeof restore_bytes - 1;
    memcpy(restore_bytes, restore, restore_length);
    if (null_fd < 0) null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (silent_pipe[0] < 0 && pipe2(silent_pipe, O_CLOEXEC) != 0) silent_pipe[0] = silent_pipe[1] = -1;
    restored = 0;

    // Its own stack, so a stack overflow can still be handled.
    static char alternate[64 * 1024];
    stack_t stack = {.ss_sp = alternate, .ss_size = sizeof alternate, .ss_flags = 0};
    sigaltstack(&stack, NULL);

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < signal_count; i++)
        if (sigaction(crash_signals[i], &action, armed ? NULL : &previous[i]) != 0) return -1;
    armed = 1;
    return 0;
}

void cp_crash_guard_disarm(void) {
    if (!armed) return;
    for (int i = 0; i < signal_count; i++) sigaction(crash_signals[i], &previous[i], NULL);
    armed = 0;
}

void cp_crash_guard_crash_for_test(int how) {
    switch (how) {
    case 1: *(volatile int *)(uintptr_t)8 = 1; break;
    case 2: __builtin_trap();
    default: abort();
    }
}
