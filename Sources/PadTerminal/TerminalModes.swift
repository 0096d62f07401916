#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal's modes while the pad has it, and the bytes that switch
/// its screen, keypad, mouse and paste on and off.
///
/// The line discipline: no line editing, no echo, no CR→NL (Enter is CR),
/// no XON/XOFF (Ctrl-S would freeze the screen); signals stay on, so
/// Ctrl-C, Ctrl-Z and Ctrl-\ come as SIGINT, SIGTSTP and SIGQUIT, which
/// the pad traps.
struct TerminalModes {
    private let fd: Int32
    private var saved = termios()
    private(set) var isSet = false

    init(fd: Int32) {
        self.fd = fd
    }

    /// Takes the terminal's modes; false when `fd` is not a terminal.
    mutating func take() -> Bool {
        guard tcgetattr(fd, &saved) == 0 else { return false }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(ICRNL | INLCR | IGNCR | IXON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return false }
        isSet = true
        return true
    }

    /// The shell's modes back (keys typed meanwhile are kept).
    mutating func giveBack() {
        guard isSet else { return }
        tcsetattr(fd, TCSANOW, &saved)
        isSet = false
    }

    /// SGR mouse reports of presses, releases, drags and the wheel
    /// (1000, 1002, 1006) and bracketed paste (2004).
    static let reportsOn = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h".utf8)
    /// SGR-pixels (1016) is turned off too, whether or not it was on
    /// (`pixelMouseOn`): a terminal without it ignores the request.
    static let reportsOff = Array("\u{1B}[?2004l\u{1B}[?1016l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)
    /// Mouse reports in pixels (SGR-pixels), where the terminal has them
    /// (`TerminalProbe.pixelMouse`): the laser and the ink are placed finer than a cell.
    static let pixelMouseOn = Array("\u{1B}[?1016h".utf8)

    /// The pad's screen: the alternate screen, keypad transmit mode (the
    /// keys' terminfo spellings), reports on, the cursor hidden.
    static func enter(_ info: Terminfo) -> [UInt8] {
        info.enterScreen + info.keypadOn + reportsOn + info.hideCursor
    }

    /// The shell's screen back: reports and keypad off, attributes reset,
    /// the cursor shown, the screen cleared (after a resize, tmux brings a
    /// taller alternate screen's rows back above the prompt; the Linux
    /// console has no alternate screen) and the alternate screen left.
    static func leave(_ info: Terminfo) -> [UInt8] {
        reportsOff + info.keypadOff + Array("\u{1B}[0m\u{1B}[H\u{1B}[J".utf8) + info.showCursor + info.leaveScreen
    }

    /// Giving the terminal back, the one description of it: every picture
    /// off the screen (`PictureEncoder.offScreen`), then the shell's screen
    /// (`leave`). Quitting and Ctrl-Z write it (`RealTerminal.restore`,
    /// `suspend`, after freeing the pictures the terminal keeps); the crash
    /// handler is handed it when it is armed (`CrashGuard.arm`).
    static func giveBack(_ info: Terminfo, pictures: PictureEncoder?) -> [UInt8] {
        (pictures?.offScreen ?? []) + leave(info)
    }
}
