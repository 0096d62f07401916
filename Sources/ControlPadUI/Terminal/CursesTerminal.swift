import PadConfig
import CNcurses
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SlideImages
import SlideModel
import Syscalls

/// The one ncurses backend: sets the terminal up and restores it, writes the
/// cells that changed since the last frame, decodes keys, mouse and resizes.
/// Only this file and its input half (`CursesInput.swift`) import
/// CNcurses; only the loop's thread calls it.
final class CursesTerminal: TerminalBackend {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    private(set) var theme: Theme
    /// The last frame written (nil: the next one writes every cell).
    var previous: CellGrid?
    /// The colour pairs made so far (`CursesTerminal+Colors`).
    var pairs: [PairKey: Int32] = [:]
    private let colorsOn: Bool
    /// The terminfo entry takes 24-bit colour values (a `*-direct` entry).
    let directColor: Bool
    /// How many colours the terminfo entry has (0 when colour is off).
    let colorCount: Int
    private var isOpen = true
    private var screen: OpaquePointer?
    /// Files opened for the real terminal (closed on restore).
    private var ownedFiles: [UnsafeMutablePointer<FILE>] = []
    /// Where keys come from: the loop polls it.
    let inputDescriptor: Int32
    /// Real pictures (kitty, sixel) written after curses' cells; nil for half-blocks.
    let pictures: PictureWriter?
    /// Between the terminal and curses while `pictures` is on (answers out, keys on).
    private(set) var pump: InputPump?
    /// The keys the pump may hand over past curses.
    private(set) var keySequences = KeySequences([])
    private(set) var output: UnsafeMutablePointer<FILE>?
    /// Half-block picture cells are written by `HalfBlockWriter` rather than
    /// curses (256 colours or more), except in a full repaint.
    private let writesHalfBlocks: Bool
    /// The locale is not UTF-8: every cell is drawn in ASCII (`AsciiGlyphs`).
    let asciiOnly: Bool
    /// The terminal draws scaled text (kitty's text sizing): the grid's
    /// `scaledText` is written after curses' cells.
    private let scalesText: Bool

    struct PairKey: Hashable { var fg: Int32, bg: Int32 }

    /// Opens curses on the controlling terminal (`stdin`/`stdout`), or on the
    /// given files for headless tests.
    /// `typed`: keys read during the start-up queries, for curses to read
    /// first. `pictures`: the writer for real pictures, if the terminal has
    /// them. `filterAnswers`: terminal answers may still arrive (a slow
    /// terminal answered the start-up queries late): keep them from curses.
    init(useColor: Bool, terminalName: String? = nil, output: UnsafeMutablePointer<FILE>? = nil,
         input: UnsafeMutablePointer<FILE>? = nil, pictures: PictureWriter? = nil, typed: [UInt8] = [],
         filterAnswers: Bool = false, textSizing: Bool = false, asciiOnly: Bool = false) throws {
        scalesText = textSizing
        self.asciiOnly = asciiOnly
        UTF8Locale.ensure()
        guard isatty(STDOUT_FILENO) != 0 || output != nil else {
            throw StartError(description: "standard output is not a terminal; run controlpad in a terminal (tmux and SSH work)")
        }
        let (outFile, inFile) = try output.map { ($0, input ?? cp_stdin()!) } ?? Self.openControllingTerminal()
        if output == nil { ownedFiles = inFile == cp_stdin() ? [outFile] : [outFile, inFile] }
        self.pictures = pictures
        self.output = outFile
        var cursesInput = inFile
        // On a real terminal the pump is always there: the pad's event loop
        // reads the terminal and hands the pump what came (one path, with
        // or without pictures); curses reads only the pump's pipe.
        if pictures != nil || filterAnswers || output == nil {
            let pump = try InputPump(terminal: fileno(inFile), typed: typed)
            self.pump = pump
            cursesInput = pump.cursesInput
        }
        inputDescriptor = fileno(inFile)
        if output == nil { CrashGuard.arm(terminal: fileno(outFile), pictures: pictures != nil) }
        screen = newterm(terminalName, outFile, cursesInput)
        guard screen != nil else {
            if output == nil { CrashGuard.disarm() }
            ownedFiles.forEach { fclose($0) }
            pump?.shutDown()
            throw StartError(description: "could not open the terminal \"\(ProcessInfo.processInfo.environment["TERM"] ?? "")\"; set TERM to one your system knows (e.g. xterm-256color)")
        }
        // A terminal that cannot move the cursor (TERM=dumb) would show a
        // fragment of the status line and nothing else: refused, like an unknown TERM.
        guard cp_can_address_cursor() != 0 else {
            endwin()
            delscreen(screen)
            screen = nil
            if output == nil { CrashGuard.disarm() }
            ownedFiles.forEach { fclose($0) }
            pump?.shutDown()
            let term = TerminalText.escaped(terminalName ?? ProcessInfo.processInfo.environment["TERM"] ?? "")
            throw StartError(description: "the terminal \"\(term)\" cannot move the cursor, which the pad needs to draw its screen; set TERM to your terminal's (e.g. xterm-256color), or use controlpad send and watch, which need no screen")
        }
        // The modes keys depend on are checked on a real terminal (a headless
        // one on /dev/null, for tests and the bench, has no modes); the rest
        // (cursor, mouse) are niceties a terminal may lack.
        let modes: [(String, Int32)] = [("cbreak", cbreak()), ("noecho", noecho()), ("nonl", nonl()),
                                        ("keypad", keypad(cp_stdscr(), true))]
        if output == nil, let failed = modes.first(where: { $0.1 == ERR }) {
            endwin()
            delscreen(screen)
            screen = nil
            if output == nil { CrashGuard.disarm() }
            ownedFiles.forEach { fclose($0) }
            throw StartError(description: "the terminal refused \(failed.0) mode; try another terminal or TERM")
        }
        wtimeout(cp_stdscr(), 0)
        keySequences = .fromTerminfo()
        set_escdelay(25)
        curs_set(0)
        leaveok(cp_stdscr(), true)
        mouseinterval(0)
        mousemask(cp_button1_pressed | cp_button1_released | cp_button4_pressed | cp_button5_pressed
                  | cp_report_mouse_position, nil)
        var colors = false
        if useColor, has_colors() {
            start_color()
            use_default_colors()
            colors = true
        }
        colorsOn = colors
        directColor = colors && cp_has_direct_color() != 0
        colorCount = colors ? Int(cp_colors()) : 0
        theme = colors ? .standard(colors: colorCount) : .monochrome
        writesHalfBlocks = colors && (directColor || colorCount >= 256) && !asciiOnly
        // The cells the pad writes itself must stay where they are: no
        // shifting a line with insert/delete character.
        idcok(cp_stdscr(), false)
        if pump == nil { for byte in typed.reversed() { ungetch(Int32(byte)) } }
    }

    deinit { restore() }

    /// Curses writes to its own duplicate of standard output, so a crash can
    /// cut the pad off its terminal while the crash report still reaches it.
    /// Keys come from standard input, or from /dev/tty when standard input
    /// is not a terminal (`controlpad < /dev/null` would otherwise read an
    /// endless end of file).
    private static func openControllingTerminal() throws -> (UnsafeMutablePointer<FILE>, UnsafeMutablePointer<FILE>) {
        guard let out = fdopen(dup(STDOUT_FILENO), "w") else {
            throw StartError(description: "could not open the terminal: \(String(cString: strerror(errno)))")
        }
        if isatty(STDIN_FILENO) != 0 { return (out, cp_stdin()!) }
        guard let tty = fopen("/dev/tty", "r") else {
            fclose(out)
            throw StartError(description: "standard input is not a terminal and there is no /dev/tty to read keys from; run controlpad in a terminal")
        }
        return (out, tty)
    }

    /// Replaces the looks of some roles (from the config file). With colour
    /// off, only the attributes count.
    func override(_ looks: [Role: RoleLook]) {
        for (role, look) in looks { theme.looks[role] = look }
        previous = nil
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    func restore() {
        guard isOpen else { return }
        isOpen = false
        if let pictures, let output {
            let bytes = pictures.clearAll()
            if !bytes.isEmpty { fflush(output); try? Syscalls.writeAll(fileno(output), bytes) }
        }
        if let screen {
            // Leave a blank alternate screen: after a resize, tmux brings the
            // rows of a taller alternate screen back above the shell's prompt
            // when leaving it (as vim and less, which clear it, never see).
            werase(cp_stdscr())
            clearok(cp_stdscr(), true)
            wrefresh(cp_stdscr())
            endwin()
            delscreen(screen)
        }
        screen = nil
        if !ownedFiles.isEmpty { CrashGuard.disarm() }
        ownedFiles.forEach { fclose($0) }
        ownedFiles = []
        pump?.shutDown()
        pump = nil
        output = nil
    }

    var size: TerminalSize { TerminalSize(width: Int(cp_cols()), height: Int(cp_lines())) }

    /// Writes the cells that differ from the last frame, then one refresh;
    /// then the real pictures, over blank cells curses has written.
    func draw(_ grid: CellGrid) {
        let full = grid.isFullRepaint(since: previous)
        if full { werase(cp_stdscr()) }
        let changes = grid.changes(since: previous)
        // Rows a picture left: curses must rewrite them whole.
        let gone = pictures?.prepare(grid.pictures, fullRepaint: full) ?? []
        for rect in gone { wredrawln(cp_stdscr(), Int32(rect.y), Int32(rect.height)) }
        var halfBlocks: [HalfBlockWriter.Cell] = []
        for change in changes {
            let shown = !full && writesHalfBlocks ? halfBlockCell(change) : nil
            write(change.cell, x: change.x, y: change.y, shown: shown != nil)
            if let shown { halfBlocks.append(shown) }
        }
        // Scaled text this frame no longer has goes before curses writes over it.
        let unscaled = scalesText ? ScaledTextWriter.erase(previous?.scaledText ?? [], keeping: grid.scaledText) : []
        previous = grid
        // The cursor rests on the selection, for a screen reader that
        // follows it (every raw write below puts it back where it was).
        leaveok(cp_stdscr(), grid.cursor == nil)
        if let cursor = grid.cursor { wmove(cp_stdscr(), Int32(cursor.y), Int32(cursor.x)) }
        wnoutrefresh(cp_stdscr())
        if !unscaled.isEmpty, let output {
            fflush(output)
            try? Syscalls.writeAll(fileno(output), unscaled)
        }
        doupdate()
        guard let output else { return }
        var bytes = halfBlocks.isEmpty ? [] : saveCursor + HalfBlockWriter.bytes(halfBlocks) + restoreCursor
        if let pictures {
            bytes += pictures.bytes(grid.pictures, screenHeight: grid.height) { rect in
                full || gone.contains { $0.y < rect.maxY && rect.y < $0.maxY }
                    || changes.contains { rect.contains(x: $0.x, y: $0.y) }
            }
        }
        if scalesText { bytes += ScaledTextWriter.bytes(grid.scaledText) }
        guard !bytes.isEmpty else { return }
        fflush(output)
        try? Syscalls.writeAll(fileno(output), bytes)
    }

    /// A picture cell for `HalfBlockWriter`, or nil when curses writes it.
    private func halfBlockCell(_ change: CellChange) -> HalfBlockWriter.Cell? {
        guard change.cell.isHalfBlockPicture, let fg = change.cell.style.foreground, let bg = change.cell.style.background,
              let top = sgrColor(fg), let bottom = sgrColor(bg) else { return nil }
        return HalfBlockWriter.Cell(x: change.x, y: change.y, top: top, bottom: bottom)
    }

    /// `shown`: the pad writes this cell itself; curses records it as on
    /// screen already, so it never sends it.
    private func write(_ cell: Cell, x: Int, y: Int, shown: Bool = false) {
        let look = theme.look(cell.style.role)
        var attrs = cp_a_normal
        if look.bold { attrs |= cp_a_bold }
        if look.dim { attrs |= cp_a_dim }
        if look.reverse { attrs |= cp_a_reverse }
        if look.underline { attrs |= cp_a_underline }
        let extra = cell.style.attributes
        if extra.contains(.bold) { attrs |= cp_a_bold }
        if extra.contains(.italic) { attrs |= cp_a_italic }
        if extra.contains(.underline) { attrs |= cp_a_underline }
        let pair = colorsOn ? pairNumber(fg: cell.style.foreground ?? look.foreground,
                                         bg: cell.style.background ?? look.background) : 0
        let text = asciiOnly ? AsciiGlyphs.fallback(cell.text, width: Int(cell.width), picture: cell.isHalfBlockPicture)
            : cell.text
        var scalars = text.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
        if scalars.isEmpty { scalars = [32] }
        scalars.append(0)
        _ = cp_put_cell(Int32(y), Int32(x), scalars, attrs, pair)
        if shown { _ = cp_put_shown_cell(Int32(y), Int32(x), scalars, attrs, pair) }
    }

}
