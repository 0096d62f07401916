#ifndef CONTROLPAD_CNCURSES_SHIM_H
#define CONTROLPAD_CNCURSES_SHIM_H
// The only C surface for ncurses, which the pad uses for terminfo alone:
// whether the terminal can move the cursor, its colours and the bytes its
// keys send. The pad reads and writes the terminal itself (`RealTerminal`).
#include <locale.h>
#include <langinfo.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/// Loads the terminfo entry `name` (NULL: $TERM) for `fd`; 0 on success,
/// else why not: -1 no such entry, -2 no terminfo database, 1 a hardcopy terminal.
static inline int cp_setupterm(const char *name, int fd) {
    int error = 0;
    if (setupterm((char *)name, fd, &error) == OK) return 0;
    return error == 0 ? -1 : (error == 1 ? 1 : (error == -1 ? -2 : -1));
}

/// A string capability of the loaded entry, or NULL when it has none.
static inline const char *cp_string(const char *name) {
    char *value = tigetstr((char *)name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

/// A numeric capability, or -1.
static inline int cp_number(const char *name) { return tigetnum((char *)name); }

/// A boolean capability (1 when the entry has it).
static inline int cp_flag(const char *name) { return tigetflag((char *)name) > 0; }

/// Frees the loaded entry.
static inline void cp_endterm(void) {
    if (cur_term != NULL) del_curterm(cur_term);
    cur_term = NULL;
}
#endif
