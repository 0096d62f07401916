import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SlideModel

/// The backend's input: keys, mouse and resizes as curses decodes them,
/// after the terminal's answers were taken out (`InputPump`).
extension CursesTerminal {
    /// Everything the terminal has for us now, without waiting.
    func readInputs(ready: Bool) -> [TerminalInput] {
        guard ready, let pump else { return cursesInputs() }
        return inputs(pump.pump(shortcuts: keySequences))
    }

    /// What the terminal sent (`bytes`, one read by the pad's event loop):
    /// one whole key past curses, else what curses makes of it.
    func readInputs(bytes: UnsafeRawBufferPointer) -> [TerminalInput] {
        guard let pump else { return cursesInputs() }
        return inputs(pump.take(bytes, shortcuts: keySequences))
    }

    private func inputs(_ pumped: InputPump.Pumped) -> [TerminalInput] {
        if let key = pumped.key, pumped.answers.isEmpty { return [.key(key)] }
        var out: [TerminalInput] = []
        for answer in pumped.answers {
            if let (content, message) = pictures?.take(answer) { out.append(.pictureRejected(content: content, message: message)) }
        }
        if let key = pumped.key { return out + [.key(key)] }
        return out + cursesInputs()
    }

    /// What curses has now, without waiting.
    private func cursesInputs() -> [TerminalInput] {
        var out: [TerminalInput] = []
        var ch: wint_t = 0
        while true {
            let result = wget_wch(cp_stdscr(), &ch)
            if result == ERR {
                pump?.cursesDrained()
                break
            }
            if result == KEY_CODE_YES {
                if let input = decodeKeyCode(Int32(ch)) { out.append(input) }
            } else if let key = Self.decodeCharacter(UInt32(ch)) {
                out.append(.key(key))
            }
        }
        return out
    }

    /// After SIGWINCH (the pad takes it, not curses): curses is told the
    /// terminal's new size; nil when it has not changed.
    func resized() -> TerminalInput? {
        var window = winsize()
        guard let output, ioctl(fileno(output), UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return nil }
        guard Int(window.ws_col) != size.width || Int(window.ws_row) != size.height else { return nil }
        resizeterm(Int32(window.ws_row), Int32(window.ws_col))
        previous = nil  // the next frame writes every cell
        return .resize(size)
    }

    static func decodeCharacter(_ code: UInt32) -> Key? {
        switch code {
        case 10, 13: return .enter
        case 9: return .tab
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(UnicodeScalar(code + 96)!))
        case 0..<32: return nil
        default: return UnicodeScalar(code).map { .char(Character($0)) }
        }
    }

    func decodeKeyCode(_ code: Int32) -> TerminalInput? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_BTAB: return .key(.backTab)
        case KEY_ENTER: return .key(.enter)
        case cp_key_resize:
            previous = nil  // curses cleared the screen: the next frame writes every cell
            return .resize(size)
        case cp_key_mouse: return readMouse()
        default:
            // F13 and up are F1–F12 with Shift, Ctrl, Alt (xterm-like terminfo): `Key.name`.
            for n in 1...Key.maxFunctionKey where code == cp_key_f(Int32(n)) { return .key(.function(n)) }
            return nil
        }
    }

    func readMouse() -> TerminalInput? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let kind: MouseEvent.Kind
        if event.bstate & cp_button4_pressed != 0 { kind = .wheelUp }
        else if event.bstate & cp_button5_pressed != 0 { kind = .wheelDown }
        else if event.bstate & cp_button1_pressed != 0 { kind = .press }
        else if event.bstate & cp_button1_released != 0 { kind = .release }
        else if event.bstate & cp_report_mouse_position != 0 { kind = .drag }
        else { return nil }
        return .mouse(MouseEvent(kind: kind, x: Int(event.x), y: Int(event.y)))
    }
}
