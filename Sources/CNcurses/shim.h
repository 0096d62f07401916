#ifndef CONTROLPAD_CNCURSES_SHIM_H
#define CONTROLPAD_CNCURSES_SHIM_H
// The only C surface for curses. Wide-character ncurses needs NCURSES_WIDECHAR
// before the header, or cchar_t and setcchar vanish. Macros and mutable
// globals that Swift cannot import are wrapped here as static inline.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline WINDOW *cp_stdscr(void) { return stdscr; }
static inline FILE *cp_stdout(void) { return stdout; }
static inline FILE *cp_stdin(void) { return stdin; }
static inline int cp_lines(void) { return LINES; }
static inline int cp_cols(void) { return COLS; }
static inline int cp_colors(void) { return COLORS; }
static inline int cp_color_pairs(void) { return COLOR_PAIRS; }

static const attr_t cp_a_normal = A_NORMAL;
static const attr_t cp_a_bold = A_BOLD;
static const attr_t cp_a_dim = A_DIM;
static const attr_t cp_a_reverse = A_REVERSE;
static const attr_t cp_a_underline = A_UNDERLINE;
#ifdef A_ITALIC
static const attr_t cp_a_italic = A_ITALIC;
#else
static const attr_t cp_a_italic = A_NORMAL;
#endif

static const int cp_key_resize = KEY_RESIZE;
static const int cp_key_mouse = KEY_MOUSE;
static inline int cp_key_f(int n) { return KEY_F(n); }

static const mmask_t cp_button1_pressed = BUTTON1_PRESSED;
static const mmask_t cp_button1_released = BUTTON1_RELEASED;
static const mmask_t cp_button1_clicked = BUTTON1_CLICKED;
static const mmask_t cp_button4_pressed = BUTTON4_PRESSED;
static const mmask_t cp_button5_pressed = BUTTON5_PRESSED;
static const mmask_t cp_report_mouse_position = REPORT_MOUSE_POSITION;

/// One cell with any colour pair (the &pair form reaches pairs above 32767).
static inline int cp_put_cell(int y, int x, const wchar_t *wch, attr_t attrs, int pair) {
    cchar_t cc;
    if (setcchar(&cc, wch, attrs, 0, &pair) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cc);
}

/// Records a cell in curses' image of the physical screen (curscr) without
/// writing it: for cells the pad writes itself, so curses' image stays true.
static inline int cp_put_shown_cell(int y, int x, const wchar_t *wch, attr_t attrs, int pair) {
    cchar_t cc;
    int cy = getcury(curscr), cx = getcurx(curscr);
    if (setcchar(&cc, wch, attrs, 0, &pair) != OK) return ERR;
    int result = mvwadd_wch(curscr, y, x, &cc);
    wmove(curscr, cy, cx);
    return result;
}

/// Whether the terminfo entry can take 24-bit colour values directly.
static inline int cp_has_direct_color(void) {
    return tigetflag("RGB") > 0 || COLORS >= 0x1000000;
}

/// Whether the terminfo entry can move the cursor anywhere (`cup`): without
/// it (TERM=dumb) nothing but a fragment of the screen can be drawn.
static inline int cp_can_address_cursor(void) {
    char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1 && tigetnum("lines") != 0;
}
#endif
