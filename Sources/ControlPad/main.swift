import ControlPadCLI
import Glibc

// A reader that went away (a closed pipe, a log FIFO) is an error to handle
// where it is written, never a reason to die with the terminal in curses mode.
signal(SIGPIPE, SIG_IGN)
ControlPadCommand.runEscapingMessages()
