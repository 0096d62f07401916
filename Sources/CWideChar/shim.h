#ifndef CONTROLPAD_CWIDECHAR_SHIM_H
#define CONTROLPAD_CWIDECHAR_SHIM_H
// libc's idea of display width, the one ncurses uses too. wcwidth is an
// X/Open function that Swift's Glibc module does not export.
#define _XOPEN_SOURCE 700
#include <wchar.h>
#include <locale.h>
#include <langinfo.h>

static inline int cw_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
#endif
