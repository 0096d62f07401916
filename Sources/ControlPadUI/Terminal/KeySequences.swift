import CNcurses
import SlideModel

/// The keys a presenter presses most, by the bytes the terminal sends for
/// them: a printable ASCII character, and the arrows, PgUp, PgDn, Home and
/// End as the terminal's terminfo entry spells them (the strings curses
/// decodes them by). `InputPump` hands such a press straight to the loop:
/// curses, which reads its input a byte at a time and polls between bytes,
/// would give the same key some 15 µs later, on every press's way to the
/// wire. Anything else (other keys, the mouse, several keys in one read)
/// still goes through curses.
struct KeySequences {
    private let named: [(bytes: [UInt8], key: Key)]

    /// `named`: each key with its bytes. Bytes named twice name no key here
    /// (curses decides between them).
    init(_ named: [(bytes: [UInt8], key: Key)]) {
        let spellings = named.map(\.bytes)
        self.named = named.filter { entry in !entry.bytes.isEmpty && spellings.filter { $0 == entry.bytes }.count == 1 }
    }

    /// From the terminfo entry curses has open (after `newterm`).
    static func fromTerminfo() -> KeySequences {
        let capabilities: [(String, Key)] = [("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right),
                                             ("kpp", .pageUp), ("knp", .pageDown), ("khome", .home), ("kend", .end)]
        let spelled: [(bytes: [UInt8], key: Key)] = capabilities.compactMap { name, key in
            guard let string = tigetstr(name), Int(bitPattern: string) != -1 else { return nil }  // absent, or not a string
            return (Array(String(cString: string).utf8), key)
        }
        return KeySequences(spelled + spelled.compactMap(normalCursorMode))
    }

    /// An arrow's other spelling: terminfo names the keypad-transmit mode's
    /// `ESC O x`; out of that mode (from `endwin` until curses sends `smkx`
    /// again, around Ctrl-Z and `fg`) the terminal sends `ESC [ x`, which
    /// curses would read as Escape, `[` and a letter.
    private static func normalCursorMode(_ entry: (bytes: [UInt8], key: Key)) -> (bytes: [UInt8], key: Key)? {
        let arrows: [Key] = [.up, .down, .left, .right]
        guard arrows.contains(entry.key), entry.bytes.count == 3, entry.bytes[0] == 0x1B, entry.bytes[1] == UInt8(ascii: "O") else { return nil }
        return ([0x1B, UInt8(ascii: "["), entry.bytes[2]], entry.key)
    }

    /// The key `bytes` are, whole; nil when they are anything else.
    func key(_ bytes: some Collection<UInt8>) -> Key? {
        if bytes.count == 1, let byte = bytes.first, (0x20...0x7E).contains(byte) {
            return .char(Character(UnicodeScalar(byte)))
        }
        return named.first { $0.bytes.elementsEqual(bytes) }?.key
    }
}
