#define _GNU_SOURCE
#include "crash_guard.h"

#include <execinfo.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
static const char *const crash_names[] = {"SIGSEGV", "SIGBUS", "SIGILL", "SIGTRAP", "SIGABRT", "SIGFPE"};
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
// Where the report goes, fixed at arm time: nothing is looked up in a handler.
static char report_dir[PATH_MAX];
static char stderr_name[PATH_MAX];
static char executable[PATH_MAX];
// Where the Swift runtime keeps a fatal error's message ("Fatal error: Index
// out of range", from a failed check or fatalError()) before it traps; the
// runtime also prints it, but on the alternate screen, which the restore
// takes away. Weak: a runtime without it costs only the message.
extern _Atomic(const char *) *swift_getFatalErrorMessageBuffer(void) __attribute__((weak));
static _Atomic(const char *) *swift_message;
// The thread handling a crash (0: none yet) and its signal.
static int handler_thread;
static volatile sig_atomic_t crash_signal;

// ---- Text in fixed buffers: a handler must not allocate. ----

struct text {
    char bytes[2 * PATH_MAX];
    size_t length;
};

static void add(struct text *t, const char *s) {
    while (*s && t->length < sizeof t->bytes - 1) t->bytes[t->length++] = *s++;
    t->bytes[t->length] = 0;
}

static void add_number(struct text *t, uint64_t n, unsigned base) {
    char digits[24];
    int count = 0;
    do digits[count++] = "0123456789abcdef"[n % base]; while ((n /= base) != 0);
    char one[2] = {0, 0};
    while (count > 0) { one[0] = digits[--count]; add(t, one); }
}

static void put(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n <= 0) return;
        bytes += n;
        length -= (size_t)n;
    }
}

static void put_text(int fd, const struct text *t) { put(fd, t->bytes, t->length); }

static void fixed_digits(char *at, int64_t n, int width) {
    for (int i = width - 1; i >= 0; i--, n /= 10) at[i] = (char)('0' + n % 10);
}

void cp_crash_guard_utc_stamp(int64_t seconds, char out[17]) {
    // gmtime_r may take glibc's time-zone lock, so this is arithmetic:
    // days since 1970 to a Gregorian date (Howard Hinnant's days_from_civil, inverted).
    int64_t days = seconds / 86400, rest = seconds % 86400;
    if (rest < 0) { rest += 86400; days--; }
    days += 719468;  // from 0000-03-01, so a leap day ends its year
    int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    int64_t day_of_era = days - era * 146097;
    int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    int64_t month_from_march = (5 * day_of_year + 2) / 153;
    int64_t day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    int64_t month = month_from_march < 10 ? month_from_march + 3 : month_from_march - 9;
    int64_t year = year_of_era + era * 400 + (month <= 2);
    fixed_digits(out, year, 4);
    fixed_digits(out + 4, month, 2);
    fixed_digits(out + 6, day, 2);
    out[8] = 'T';
    fixed_digits(out + 9, rest / 3600, 2);
    fixed_digits(out + 11, rest / 60 % 60, 2);
    fixed_digits(out + 13, rest % 60, 2);
    out[15] = 'Z';
    out[16] = 0;
}

static int slot_of(int sig) {
    for (int i = 0; i < signal_count; i++)
        if (crash_signals[i] == sig) return i;
    return -1;
}

// ---- The handler's steps. ----

static void restore_terminal(void) {
    if (restored) return;
    restored = 1;
    put(tty, restore_bytes, restore_length);
    if (have_modes) tcsetattr(tty, TCSANOW, &saved_modes);
    // The pad's other threads run on until the process ends: they now draw
    // into /dev/null and wait on a pipe that never speaks, so nothing is
    // drawn over the crash line and nothing spins. Standard output and
    // error still reach the terminal.
    if (null_fd >= 0) dup2(null_fd, tty);
    if (silent_pipe[0] >= 0) dup2(silent_pipe[0], STDIN_FILENO);
}

/// Ends the process by `sig` itself (exit status "killed by `sig`", a core
/// dump where enabled), never through a previous handler: Swift's backtracer
/// would wait for a key.
static void end_by(int sig) {
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(sig, &fallback, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(128 + sig);  // not reached
}

/// The second line of defence: a report stuck (an unwinder waiting on a
/// loader lock, standard error a pipe nobody reads) still ends in a second.
static void on_watchdog(int sig) {
    (void)sig;
    end_by(crash_signal);
}

/// Header and backtrace of the crashed thread, to `fd`.
static void write_report(int fd, int sig, const siginfo_t *info, const struct timespec *now, const char *stamp) {
    static struct text header;
    header.length = 0;
    int slot = slot_of(sig);
    add(&header, "controlpad crashed: ");
    add(&header, slot >= 0 ? crash_names[slot] : "signal");
    add(&header, " (signal ");
    add_number(&header, (uint64_t)sig, 10);
    add(&header, ")");
    if (info != NULL && info->si_code <= 0) {
        add(&header, ", sent by pid ");  // kill, abort(), raise()
        add_number(&header, (uint64_t)info->si_pid, 10);
    } else if (info != NULL) {
        add(&header, ", code ");
        add_number(&header, (uint64_t)info->si_code, 10);
        add(&header, ", address 0x");
        add_number(&header, (uint64_t)(uintptr_t)info->si_addr, 16);
    }
    add(&header, "\n");
    const char *message = swift_message ? atomic_load(swift_message) : NULL;
    if (message != NULL) {
        add(&header, "Swift's message: ");
        add(&header, message);
        if (header.bytes[header.length - 1] != '\n') add(&header, "\n");
    }
    add(&header, "pid ");
    add_number(&header, (uint64_t)getpid(), 10);
    char when[21];  // the stamp with milliseconds: 20261123T140509.123Z
    memcpy(when, stamp, 15);
    when[15] = '.';
    fixed_digits(when + 16, now->tv_nsec / 1000000, 3);
    when[19] = 'Z';
    when[20] = 0;
    add(&header, ", time ");
    add(&header, when);
    add(&header, "\nexecutable ");
    add(&header, executable);
    add(&header, "\nFrames in the executable read controlpad(+0xOFFSET); to name them:\n"
                 "  addr2line -f -e ");
    add(&header, executable);
    add(&header, " OFFSET | swift demangle\n\nBacktrace of the crashed thread, innermost first:\n");
    put_text(fd, &header);
    void *frames[128];
    int count = backtrace(frames, 128);
    backtrace_symbols_fd(frames, count, fd);
}

/// The handler: terminal back, report written, one line, the end.
static void on_crash(int sig, siginfo_t *info, void *context) {
    (void)context;
    int me = gettid(), none = 0;
    if (!__atomic_compare_exchange_n(&handler_thread, &none, me, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        // A crash while one is handled: in the handler itself, end now; in
        // another thread, wait for the first to end the process.
        if (none == me) end_by(sig);
        for (;;) pause();
    }
    crash_signal = sig;
    // Whatever happens below, the process ends within a second.
    struct sigaction watchdog;
    memset(&watchdog, 0, sizeof watchdog);
    watchdog.sa_handler = on_watchdog;
    sigaction(SIGALRM, &watchdog, NULL);
    sigset_t alarm_set;
    sigemptyset(&alarm_set);
    sigaddset(&alarm_set, SIGALRM);
    sigprocmask(SIG_UNBLOCK, &alarm_set, NULL);
    alarm(1);

    restore_terminal();

    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    char stamp[17];
    cp_crash_guard_utc_stamp(now.tv_sec, stamp);
    static struct text path, line;
    int fd = -1;
    if (report_dir[0]) {
        add(&path, report_dir);
        add(&path, "/crash-");
        add(&path, stamp);
        add(&path, "-");
        add_number(&path, (uint64_t)getpid(), 10);
        add(&path, ".txt");
        fd = open(path.bytes, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    }
    const char *where = fd >= 0 ? path.bytes : stderr_name[0] ? stderr_name : NULL;
    if (fd < 0) fd = STDERR_FILENO;

    // One line on the terminal (standard output): after the report, so the
    // file it names is whole; first, to introduce it, when the report goes
    // to the terminal too.
    int slot = slot_of(sig);
    add(&line, "\rcontrolpad crashed (");
    add(&line, slot >= 0 ? crash_names[slot] : "a signal");
    if (where == NULL) {
        if (report_dir[0]) {
            add(&line, "); could not create ");
            add(&line, path.bytes);
            add(&line, ", so the backtrace follows:\r\n");
        } else {
            add(&line, "); the backtrace follows:\r\n");
        }
        put_text(STDOUT_FILENO, &line);
    }
    write_report(fd, sig, info, &now, stamp);
    if (where != NULL) {
        add(&line, "); the backtrace is in ");
        add(&line, where);
        add(&line, "\r\n");
        put_text(STDOUT_FILENO, &line);
    }
    end_by(sig);
}

// ---- Arming. ----

static void copy_string(char *to, size_t size, const char *from) {
    size_t length = from ? strlen(from) : 0;
    if (length >= size) length = size - 1;
    if (length) memcpy(to, from, length);
    to[length] = 0;
}

int cp_crash_guard_arm(int tty_fd, const char *restore, const char *directory, const char *stderr_path) {
    tty = tty_fd;
    have_modes = tcgetattr(tty_fd, &saved_modes) == 0;
    copy_string(restore_bytes, sizeof restore_bytes, restore);
    restore_length = strlen(restore_bytes);
    copy_string(report_dir, sizeof report_dir, directory);
    copy_string(stderr_name, sizeof stderr_name, stderr_path);
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length > 0) executable[length] = 0;
    else copy_string(executable, sizeof executable, "controlpad");
    if (null_fd < 0) null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (silent_pipe[0] < 0 && pipe2(silent_pipe, O_CLOEXEC) != 0) silent_pipe[0] = silent_pipe[1] = -1;
    restored = 0;
    swift_message = swift_getFatalErrorMessageBuffer ? swift_getFatalErrorMessageBuffer() : NULL;
    // The first backtrace() loads libgcc's unwinder (dlopen, malloc): not
    // something to do in a handler, so once here.
    void *frame[1];
    backtrace(frame, 1);

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
