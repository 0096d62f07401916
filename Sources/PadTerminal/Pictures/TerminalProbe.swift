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
/// size in pixels (`CSI 16 t`), kitty's text sizing (a space two cells
/// wide, OSC 66 `w=2`, then where the cursor is: column 3 where the
/// terminal has it, 2 where it ignored the sequence) and Primary Device
/// Attributes last. Every
/// terminal answers DA1, and answers come in order, so its answer ends the
/// wait; a terminal that answers nothing costs at most `timeout`. Keys
/// typed meanwhile are kept in `typed`, for the pad to take first.
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
    /// The terminal knows SGR-pixels mouse reports (mode 1016: kitty, foot, WezTerm, xterm).
    var pixelMouse = false
    /// Keys typed during the queries, for the pad to take first.
    var typed: [TerminalInput] = []

    static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    /// From the start of the line, so the column answered says it; the
    /// space it may draw is blank, and the line is cleared after.
    static let textSizingQuery = "\r\u{1B}]66;w=2; \u{1B}\\\u{1B}[6n\r\u{1B}[K"
    /// DECRQM for SGR-pixels mouse reports (answered `CSI ? 1016 ; Ps $ y`).
    static let pixelMouseQuery = "\u{1B}[?1016$p"
    static let queries = kittyQuery + "\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[16t" + pixelMouseQuery + textSizingQuery + "\u{1B}[c"
    /// Inside tmux only DA1 is answered (by tmux itself: 4 when it was built
    /// with sixel); the other queries would be answered by nobody.
    static let tmuxQueries = "\u{1B}[c"

    /// How long a terminal that answers nothing is waited for: 150 ms, or
    /// `CONTROLPAD_PROBE_MS` (the real-terminal end-to-end tests: kitty
    /// drawing in software on a busy machine has answered later than 150 ms,
    /// and was taken for a terminal without pictures).
    package static var timeoutMs: Int {
        guard let text = getenv("CONTROLPAD_PROBE_MS").map({ String(cString: $0) }), let ms = Int(text), ms > 0 else { return 150 }
        return ms
    }

    /// Runs the queries on the terminal (`input` read in raw mode, restored
    /// after, without discarding what was typed).
    static func run(input: Int32, output: Int32, queries: String, timeoutMs: Int = 150,
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
        let deadline = monotonic() + timeoutMs
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
