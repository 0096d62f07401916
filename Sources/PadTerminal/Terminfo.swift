import CNcurses
import SlideModel

/// What the terminal's terminfo entry says, read once at start: the only
/// use the pad makes of ncurses (it reads and writes the terminal itself).
/// The only file that imports CNcurses.
package struct Terminfo {
    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// The entry can move the cursor anywhere (`cup`): without it
    /// (TERM=dumb) nothing but a fragment of the screen can be drawn.
    var addressesCursor: Bool
    /// How many colours (0: none).
    var colors: Int
    /// The entry takes 24-bit colours (`RGB`, or a `*-direct` entry's 16M colours).
    var directColor: Bool
    var italic: Bool
    var dim: Bool
    /// Enter and leave the alternate screen (`smcup`, `rmcup`); empty when
    /// the entry has none (the Linux console).
    var enterScreen: [UInt8]
    var leaveScreen: [UInt8]
    /// Keypad transmit mode on and off (`smkx`, `rmkx`): the keys' terminfo
    /// spellings are this mode's.
    var keypadOn: [UInt8]
    var keypadOff: [UInt8]
    var hideCursor: [UInt8]
    var showCursor: [UInt8]
    var keys: TerminfoKeys

    /// Reads the entry `name` (nil: $TERM) on `fd`.
    static func load(_ name: String?, fd: Int32) throws -> Terminfo {
        let status = name.map { cp_setupterm($0, fd) } ?? cp_setupterm(nil, fd)
        guard status == 0 else {
            let term = TerminalText.escaped(name ?? "")
            throw LoadError(description: status == -2
                ? "no terminfo database was found (install ncurses-base); TERM is \"\(term)\""
                : "could not open the terminal \"\(term)\"; set TERM to one your system knows (e.g. xterm-256color)")
        }
        defer { cp_endterm() }
        func string(_ capability: String) -> [UInt8] {
            cp_string(capability).map { Self.withoutPadding(Array(String(cString: $0).utf8)) } ?? []
        }
        let colors = max(0, Int(cp_number("colors")))
        let keys: [(bytes: [UInt8], key: Key)] = TerminfoKeys.capabilities.map { (string($0.0), $0.1) }
        return Terminfo(addressesCursor: cp_string("cup") != nil, colors: colors,
                        directColor: cp_flag("RGB") != 0 || colors >= 0x1000000,
                        italic: cp_string("sitm") != nil, dim: cp_string("dim") != nil,
                        enterScreen: string("smcup"), leaveScreen: string("rmcup"),
                        keypadOn: string("smkx"), keypadOff: string("rmkx"),
                        hideCursor: string("civis"), showCursor: string("cnorm"),
                        keys: TerminfoKeys(keys))
    }

    /// A capability without its delays (`$<5>`, for terminals of old that
    /// needed time): a terminal today needs none, and they are not bytes to send.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<"),
               let end = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                i = end + 1
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }
}
