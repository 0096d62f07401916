import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Syscalls

/// Asks the terminal, before the first frame, what it can show: the kitty
/// graphics query (`a=q`), XTSMGRAPHICS (sixel colour registers), the cell
/// size in pixels (`CSI 16 t`), its name and version (XTVERSION, `CSI > 0 q`),
/// its background colour (OSC 11), kitty's text sizing (a space two cells
/// wide, OSC 66 `w=2`, then where the cursor is: column 3 where the
/// terminal has it, 2 where it ignored the sequence; the line is cleared
/// after, which also clears what a terminal that knows no OSC printed) and
/// Primary Device Attributes last. Every terminal answers DA1, and answers
/// come in order, so its answer ends the wait: a terminal still starting
/// (kitty with the pad as its command) is waited for, and one that answers
/// nothing costs at most `timeoutMs`. Keys typed meanwhile are kept in
/// `typed`, for the pad to take first.
package struct TerminalProbe {
    var kitty = false
    /// The terminal draws text at a size it is told (kitty 0.40+, OSC 66).
    var textSizing = false
    var sixel = false
    var answered = false
    var cellSize: (width: Int, height: Int)?
    var colorRegisters: Int?
    /// The largest sixel picture the terminal shows (xterm: 1000×1000 by default).
    var maxSixelSize: (width: Int, height: Int)?
    /// XTVERSION's answer: `XTerm(379)`, `kitty(0.26.5)`, `tmux 3.5a`.
    var version: String?
    /// OSC 11's answer: the background, 0–255 each.
    var background: (red: Int, green: Int, blue: Int)?
    /// How long the answers took, in milliseconds (DA1's arrival).
    var answeredAfterMs: Int?
    /// The terminal knows SGR-pixels mouse reports (mode 1016: kitty, foot, WezTerm, xterm).
    var pixelMouse = false
    /// Keys typed during the queries, for the pad to take first.
    var typed: [TerminalInput] = []

    static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    /// From the start of the line, so the column answered says it; the
    /// space it may draw is blank, and the line is cleared after.
    static let textSizingQuery = "\r\u{1B}]66;w=2; \u{1B}\\\u{1B}[6n\r\u{1B}[K"
    /// XTVERSION and OSC 11 (the background), answered by xterm, kitty,
    /// foot, WezTerm, iTerm2 and tmux itself.
    static let nameAndBackground = "\u{1B}[>0q\u{1B}]11;?\u{1B}\\"
    /// DECRQM for SGR-pixels mouse reports (answered `CSI ? 1016 ; Ps $ y`).
    static let pixelMouseQuery = "\u{1B}[?1016$p"
    static let queries = kittyQuery + "\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[16t" + nameAndBackground + pixelMouseQuery + textSizingQuery + "\u{1B}[c"
    /// Inside tmux, tmux answers itself: its name (XTVERSION), the
    /// background of the terminal outside (3.4 and later), and DA1 (4 when
    /// it was built with sixel); kitty's query would be answered by nobody.
    static let tmuxQueries = nameAndBackground + "\u{1B}[c"

    /// How long a terminal that answers nothing is waited for: 2 s, or
    /// `CONTROLPAD_PROBE_MS`. Every terminal answers DA1, and its answer
    /// ends the wait, so a terminal that answers costs no more than its
    /// answer takes: kitty started with the pad as its command answered
    /// after the 150 ms waited before, drawing in software on a busy
    /// machine later still, and was taken for a terminal without pictures.
    package static var timeoutMs: Int {
        guard let text = getenv("CONTROLPAD_PROBE_MS").map({ String(cString: $0) }), let ms = Int(text), ms > 0 else { return 2000 }
        return ms
    }

    /// Runs the queries on the terminal (`input` read in raw mode, restored
    /// after, without discarding what was typed).
    static func run(input: Int32, output: Int32, queries: String, timeoutMs: Int = 2000,
                    monotonic: () -> Int = { Int(DispatchTime.now().uptimeNanoseconds / 1_000_000) }) -> TerminalProbe {
        var probe = TerminalProbe()
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return probe }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &raw)
        defer { tcsetattr(input, TCSANOW, &saved) }
        guard (try? Syscalls.writeAll(output, Array(queries.utf8))) != nil else { return probe }
        var decoder = InputDecoder()
        let start = monotonic()
        let deadline = start + timeoutMs
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !probe.answered {
            let left = deadline - monotonic()
            guard left > 0, Syscalls.poll([input], timeout: Int32(left))[0] & Int16(POLLIN) != 0 else { break }
            let n = read(input, &buffer, buffer.count)
            guard n > 0 else { break }
            for item in decoder.feed(buffer[0..<n]) {
                switch item {
                case .input(let input): probe.typed.append(input)
                case .answer(let answer): probe.take(answer)
                }
            }
        }
        if probe.answered { probe.answeredAfterMs = monotonic() - start }
        return probe
    }

    mutating func take(_ answer: TerminalAnswer) {
        switch answer {
        case .kitty(let id, let message): if id == 31 && message == "OK" { kitty = true }
        case .deviceAttributes(let attributes):
            answered = true
            sixel = attributes.dropFirst().contains(4)
        case .cellSize(let width, let height): if width > 0 && height > 0 { cellSize = (width, height) }
        case .cursorPosition(_, let column): textSizing = column == 3
        case .graphics(1, 0, let values) where values.count == 1 && values[0] > 0: colorRegisters = values[0]
        case .graphics(2, 0, let values) where values.count == 2 && values.allSatisfy({ $0 > 0 }):
            maxSixelSize = (values[0], values[1])
        case .graphics: break
        case .version(let name): version = name
        case .background(let red, let green, let blue): background = (red, green, blue)
        case .modeReport(1016, let setting): pixelMouse = (1...3).contains(setting)
        case .modeReport: break
        }
    }
}

extension TerminalProbe {
    /// Runs the queries on the pad's own terminal: standard input, or
    /// /dev/tty when standard input is not one. Nothing when standard output
    /// is not a terminal (the pad will not start there anyway).
    package static func onTerminal(_ queries: String) -> TerminalProbe {
        guard isatty(STDOUT_FILENO) != 0 else { return TerminalProbe() }
        if isatty(STDIN_FILENO) != 0 { return run(input: STDIN_FILENO, output: STDOUT_FILENO, queries: queries, timeoutMs: timeoutMs) }
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { return TerminalProbe() }
        defer { close(tty) }
        return run(input: tty, output: STDOUT_FILENO, queries: queries, timeoutMs: timeoutMs)
    }
}
