import PadConfig
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import PadGrid
import SlideModel
import Syscalls

/// The one terminal backend: one reader, one writer. The pad's event loop
/// reads the terminal and hands each read to `readInputs`, where one
/// decoder (`InputDecoder`) makes keys, mouse, pastes and the terminal's
/// answers of it. Each frame is one buffer, written with one `write`: the
/// cells that changed (`CellEncoder`), then the picture placements (kitty,
/// sixel), then scaled text. Outside frames it writes only when it gives
/// the terminal back (`giveBack`, the one description of it): `restore`
/// and `suspend`, and the crash handler (`CrashGuard`) is handed the same
/// bytes; the start-up probe (`TerminalProbe`) writes before it exists.
/// ncurses is used for terminfo alone (`Terminfo`).
package final class RealTerminal: TerminalBackend {
    package struct StartError: Error, CustomStringConvertible {
        package var description: String
    }

    /// A terminal in memory, for tests and the benchmark: its size, and
    /// where its frames' bytes go. It is not sent the modes the pad's
    /// screen needs on the way in, but is given back as a real one is.
    package struct Headless {
        var size: TerminalSize
        var write: ([UInt8]) -> Void
        /// What the loop polls for keys (nothing comes on /dev/null).
        var input: Int32 = -1

        package init(size: TerminalSize, input: Int32 = -1, write: @escaping ([UInt8]) -> Void) {
            self.size = size
            self.write = write
            self.input = input
        }
    }

    let info: Terminfo
    /// What gives the terminal back, worked out once as it opens
    /// (`TerminalModes.giveBack`): quitting and Ctrl-Z write it, after
    /// freeing the pictures the terminal keeps, and the crash handler is
    /// handed it (a signal handler can work nothing out).
    let giveBack: [UInt8]
    /// The last frame written (nil: the next one writes every cell).
    var previous: CellGrid?
    var encoder: CellEncoder
    var decoder: InputDecoder
    /// Mouse reports are in pixels (SGR-pixels, mode 1016, turned on with the screen).
    package let pixelMouse: Bool
    /// Bytes that go out before the next frame's, in its one write: the
    /// modes the pad's screen needs, at start and after `fg`.
    var preamble: [UInt8]
    /// Where the hardware cursor was left showing (nil: hidden).
    var cursorShown: (x: Int, y: Int)?
    private var isOpen = true
    private var modes: TerminalModes?
    private let headless: Headless?
    /// The terminal written to: a duplicate of standard output, so a crash
    /// can cut the pad off its terminal while its report still reaches it.
    private let outputFD: Int32
    package let inputDescriptor: Int32
    package private(set) var size: TerminalSize
    /// Real pictures (kitty, sixel) written after the cells; nil for half-blocks.
    let pictures: PictureEncoder?
    /// The terminal draws scaled text (kitty's text sizing).
    let scalesText: Bool
    /// Inputs decoded from what was typed during the start-up probe.
    var early: [TerminalInput] = []
    package var colorCount: Int { encoder.colors?.colors ?? 0 }
    package var directColor: Bool { encoder.colors?.direct ?? false }

    /// Opens the controlling terminal (`stdin`/`stdout`, or /dev/tty when
    /// standard input is not one), or a headless one.
    /// `typed`: keys typed during the start-up probe, taken first.
    /// `truecolor`: the terminal said it takes 24-bit colours (`COLORTERM`),
    /// whatever its terminfo entry says.
    package init(useColor: Bool, terminalName: String? = nil, headless: Headless? = nil, pictures: PictureEncoder? = nil,
         typed: [TerminalInput] = [], textSizing: Bool = false, asciiOnly: Bool = false, truecolor: Bool = false,
         light: Bool = false,
         pixelMouse: Bool = false) throws {
        guard headless != nil || isatty(STDOUT_FILENO) != 0 else {
            throw StartError(description: "standard output is not a terminal; run controlpad in a terminal (tmux and SSH work)")
        }
        let (output, input) = try headless.map { (-1, $0.input) } ?? Self.openControllingTerminal()
        /// A start that fails closes what it opened.
        let giveUp = {
            guard headless == nil else { return }
            Syscalls.close(output)
            if input != STDIN_FILENO { Syscalls.close(input) }
        }
        do {
            info = try Self.terminfo(terminalName, fd: headless == nil ? output : STDOUT_FILENO)
        } catch {
            giveUp()
            throw error
        }
        self.headless = headless
        outputFD = output
        inputDescriptor = input
        self.pictures = pictures
        scalesText = textSizing
        let colors = useColor && info.colors >= 8 ? ColorMap(colors: info.colors, direct: info.directColor || truecolor) : nil
        encoder = CellEncoder(theme: colors.map { .standard(colors: $0.colors, light: light) } ?? .monochrome, colors: colors,
                              asciiOnly: asciiOnly, italic: info.italic, dim: info.dim)
        decoder = InputDecoder(keys: info.keys)
        decoder.mouseInPixels = pixelMouse
        self.pixelMouse = pixelMouse
        preamble = headless == nil ? TerminalModes.enter(info) + (pixelMouse ? TerminalModes.pixelMouseOn : []) : []
        giveBack = TerminalModes.giveBack(info, pictures: pictures)
        size = headless?.size ?? Self.windowSize(output) ?? TerminalSize(width: 80, height: 24)
        if headless == nil {
            CrashGuard.arm(terminal: output, giveBack: giveBack)
            var modes = TerminalModes(fd: input)
            guard modes.take() else {
                CrashGuard.disarm()
                giveUp()
                throw StartError(description: "the terminal refused raw mode (\(String(cString: strerror(errno)))); try another terminal")
            }
            self.modes = modes
        }
        early = typed
    }

    deinit { restore() }

    /// The terminal's terminfo entry, if the pad can draw with it (checked
    /// before the start-up probe too, so a bad TERM is said before anything is sent).
    package static func terminfo(_ name: String?, fd: Int32 = STDOUT_FILENO) throws -> Terminfo {
        let info: Terminfo
        do { info = try Terminfo.load(name, fd: fd) } catch { throw StartError(description: "\(error)") }
        guard info.addressesCursor else {
            let term = TerminalText.escaped(name ?? ProcessInfo.processInfo.environment["TERM"] ?? "")
            throw StartError(description: "the terminal \"\(term)\" cannot move the cursor, which the pad needs to draw its screen; set TERM to your terminal's (e.g. xterm-256color), or use controlpad send and watch, which need no screen")
        }
        return info
    }

    private static func openControllingTerminal() throws -> (output: Int32, input: Int32) {
        let out = dup(STDOUT_FILENO)
        guard out >= 0 else { throw StartError(description: "could not open the terminal: \(String(cString: strerror(errno)))") }
        _ = fcntl(out, F_SETFD, FD_CLOEXEC)
        if isatty(STDIN_FILENO) != 0 { return (out, STDIN_FILENO) }
        let tty = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else {
            Syscalls.close(out)
            throw StartError(description: "standard input is not a terminal and there is no /dev/tty to read keys from; run controlpad in a terminal")
        }
        return (out, tty)
    }

    static func windowSize(_ fd: Int32) -> TerminalSize? {
        var window = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return nil }
        return TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row))
    }

    /// Replaces the looks of some roles (from the config file). With colour
    /// off, only the attributes count.
    package func override(_ looks: [Role: RoleLook]) {
        for (role, look) in looks { encoder.theme.looks[role] = look }
        previous = nil
    }

    /// Bytes to the terminal in one write (a frame; restore and suspend outside frames).
    func emit(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let headless { headless.write(bytes) } else { try? Syscalls.writeAll(outputFD, bytes) }
    }

    /// BEL: the terminal rings or flashes as its user set it.
    package func bell() {
        guard isOpen else { return }
        emit([0x07])
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    package func restore() {
        guard isOpen else { return }
        isOpen = false
        emit((pictures?.freeAll() ?? []) + giveBack)
        modes?.giveBack()
        guard headless == nil else { return }
        CrashGuard.disarm()
        Syscalls.close(outputFD)
        if inputDescriptor != STDIN_FILENO { Syscalls.close(inputDescriptor) }
    }

    /// After SIGWINCH (and `fg`): the terminal's size, if it changed; the
    /// next frame writes every cell.
    package func resized() -> TerminalInput? {
        guard headless == nil, let now = Self.windowSize(outputFD), now != size else { return nil }
        size = now
        previous = nil
        return .resize(now)
    }

    /// Ctrl-Z (SIGTSTP, taken by the pad's signal trap): gives the terminal
    /// back to the shell, stops the process as Ctrl-Z's default action
    /// does, and on `fg` takes the terminal again; the next frame is
    /// written whole with the modes the screen needs. Keys typed meanwhile
    /// wait in the terminal for the loop's next read. Without job control
    /// (the pad leads its own session: run as a tmux command, `ssh host
    /// controlpad`) there is no shell to go back to: nothing happens.
    package func suspend() {
        guard isOpen, headless == nil, getpgrp() != getsid(0) else { return }
        emit((pictures?.freeAll() ?? []) + giveBack)
        modes?.giveBack()
        var trap = sigaction()
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigaction(SIGTSTP, &stop, &trap)
        kill(getpid(), SIGTSTP)
        // Here again after SIGCONT (or at once, with no job control).
        sigaction(SIGTSTP, &trap, nil)
        _ = modes?.take()
        preamble = TerminalModes.enter(info) + (pixelMouse ? TerminalModes.pixelMouseOn : [])
        cursorShown = nil
        previous = nil
        encoder.forget()
    }
}
