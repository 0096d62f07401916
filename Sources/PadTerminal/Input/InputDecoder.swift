import SlideModel

/// The one decoder of the terminal's bytes: keys (terminfo's spellings
/// first, then the common xterm, VT220, Linux console and kitty ones), SGR
/// mouse reports, bracketed paste and the terminal's answers to the pad's
/// queries. Bytes come in reads of any size; a sequence a read cut in two
/// is held until the rest comes, so every split gives the same inputs. A
/// lone ESC is held too: it may be the start of a sequence. The loop calls
/// `flush` once `escapeDelay` has passed with nothing more, and the ESC is
/// the Escape key then (as curses' ESCDELAY).
package struct InputDecoder {
    /// What a read decodes to: inputs for the loop, answers for the probe
    /// and the picture encoders.
    package enum Item: Equatable {
        case input(TerminalInput)
        case answer(TerminalAnswer)
    }

    /// How long a lone ESC waits for the rest of a sequence.
    package static let escapeDelay: Duration = .milliseconds(25)
    /// A paste or an answer longer than this is cut (a runaway paste
    /// cannot grow the buffer without end).
    package static let maxHeld = 1 << 20

    private let keys: TerminfoKeys
    /// The start of a sequence (or of a UTF-8 character) waiting for its end.
    private var held: [UInt8] = []
    /// Inside a bracketed paste: what was pasted so far.
    private var paste: [UInt8]?

    package init(keys: TerminfoKeys = TerminfoKeys()) {
        self.keys = keys
    }

    /// Whether bytes are held for a sequence's end (the loop then calls
    /// `flush` after `escapeDelay`).
    /// Mouse reports come in pixels (the pad turned SGR-pixels, mode 1016,
    /// on): each `MouseEvent` is marked so, for `MouseEvent.inCells`.
    package var mouseInPixels = false

    package var isHolding: Bool { !held.isEmpty || paste != nil }

    /// How many bytes it keeps between reads (under `maxHeld` and a read's
    /// worth: the fuzzer checks it).
    package var heldBytes: Int { held.count + (paste?.count ?? 0) }

    /// Decodes what one read brought, with whatever was held before it.
    package mutating func feed(_ bytes: some Collection<UInt8>) -> [Item] {
        var input = held
        input.append(contentsOf: bytes)
        held = []
        var out: [Item] = []
        var i = 0
        while i < input.count {
            if paste != nil {
                i = takePaste(input, from: i, into: &out)
                continue
            }
            switch decode(input, at: i) {
            case .item(var item, let length):
                if mouseInPixels, case .input(.mouse(var mouse))? = item {
                    mouse.inPixels = true
                    item = .input(.mouse(mouse))
                }
                if let item { out.append(item) }
                i += length
            case .pasteStarts(let length):
                paste = []
                i += length
            case .incomplete:
                held = Array(input[i...])
                return out
            }
        }
        return out
    }

    /// Nothing more came: what is held is taken as it stands (a lone ESC is
    /// the Escape key; an unfinished sequence, Escape and its characters; an
    /// unfinished paste, what was pasted).
    package mutating func flush() -> [Item] {
        var out: [Item] = []
        // A loop, not a recursion: what the rest leaves held is taken the
        // same way, and held bytes of `ESC ]` after `ESC ]` would nest deep.
        while true {
            if let pasted = paste {
                paste = nil
                out.append(.input(.paste(String(decoding: pasted + held, as: UTF8.self))))
                held = []
                return out
            }
            let rest = held
            held = []
            guard let first = rest.first else { return out }
            guard first == 0x1B else {
                out.append(.input(.key(.char("\u{FFFD}"))))  // a UTF-8 character cut short
                return out
            }
            out.append(.input(.key(.escape)))
            out += feed(rest.dropFirst())
        }
    }

    private enum Step {
        case item(Item?, length: Int)
        case pasteStarts(length: Int)
        case incomplete
    }

    private func decode(_ b: [UInt8], at i: Int) -> Step {
        let byte = b[i]
        if byte == 0x1B { return escape(b, at: i) }
        if byte < 0x80 { return .item(Self.control(byte).map { .input(.key($0)) }, length: 1) }
        return utf8(b, at: i)
    }

    /// A byte below 0x80 that starts no sequence.
    static func control(_ byte: UInt8) -> Key? {
        switch byte {
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(UnicodeScalar(byte + 96)))
        case 0..<32: return nil
        default: return .char(Character(UnicodeScalar(byte)))
        }
    }

    private func utf8(_ b: [UInt8], at i: Int) -> Step {
        let byte = b[i]
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard length > 1 else { return .item(nil, length: 1) }  // a stray continuation byte
        guard i + length <= b.count else {
            return b[(i + 1)...].allSatisfy({ $0 & 0xC0 == 0x80 }) ? .incomplete : .item(nil, length: 1)
        }
        let text = String(decoding: b[i..<(i + length)], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first, scalar != "\u{FFFD}" else { return .item(nil, length: 1) }
        return .item(.input(.key(.char(Character(scalar)))), length: length)
    }

    private func escape(_ b: [UInt8], at i: Int) -> Step {
        switch keys.match(b, at: i) {
        case .key(let key, let length): return .item(.input(.key(key)), length: length)
        case .prefix: return .incomplete
        case .none: break
        }
        guard i + 1 < b.count else { return .incomplete }
        switch b[i + 1] {
        case UInt8(ascii: "["): return csi(b, at: i)
        case UInt8(ascii: "O"):
            guard i + 2 < b.count else { return .incomplete }
            return .item(Self.ss3(b[i + 2]).map { .input(.key($0)) }, length: 3)
        case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"):
            return stringSequence(b, at: i)
        case 0x1B:
            return .item(.input(.key(.escape)), length: 1)
        default:
            // ESC and a character: Alt and that key. Escape, then the key.
            return .item(.input(.key(.escape)), length: 1)
        }
    }

    /// `ESC O x`: the keypad-transmit mode's arrows, Home, End, F1–F4
    /// (CSI's finals without numbers) and the keypad's Enter.
    static func ss3(_ final: UInt8) -> Key? {
        final == UInt8(ascii: "M") ? .enter : CSIMeaning.key(CSIParameters([UInt8]()), final: final)
    }

    /// `ESC [ … final`: keys, the mouse, a paste's start, answers.
    private func csi(_ b: [UInt8], at i: Int) -> Step {
        var j = i + 2
        // The Linux console's F1–F5: ESC [ [ A … E.
        if j < b.count, b[j] == UInt8(ascii: "[") {
            guard j + 1 < b.count else { return .incomplete }
            let n = Int(b[j + 1]) - Int(UInt8(ascii: "A")) + 1
            return .item((1...5).contains(n) ? .input(.key(.function(n))) : nil, length: 4)
        }
        var marker: UInt8?
        if j < b.count, [UInt8(ascii: "?"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "=")].contains(b[j]) {
            marker = b[j]
            j += 1
        }
        while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }  // parameters and intermediates
        guard j < b.count else { return b.count - i > 64 ? .item(nil, length: b.count - i) : .incomplete }
        let final = b[j]
        let length = j + 1 - i
        guard (0x40...0x7E).contains(final) else { return .item(nil, length: length) }
        let parameters = CSIParameters(b[(i + 2 + (marker == nil ? 0 : 1))..<j])
        if marker == nil, final == UInt8(ascii: "~"), parameters.first == 200 { return .pasteStarts(length: length) }
        return .item(CSIMeaning.item(marker: marker, parameters: parameters, final: final), length: length)
    }

    /// APC, DCS, OSC: up to ST (`ESC \`) or BEL. kitty's graphics answers
    /// (`ESC _ G …`), the terminal's name (XTVERSION, `ESC P > | …`) and its
    /// background (`ESC ] 11 ; rgb:…`) mean something to the pad.
    private func stringSequence(_ b: [UInt8], at i: Int) -> Step {
        var j = i + 2
        while j < b.count {
            if b[j] == 0x07 { break }
            if b[j] == 0x1B {
                guard j + 1 < b.count else { return .incomplete }
                if b[j + 1] == 0x5C { break }
            }
            j += 1
        }
        guard j < b.count else { return b.count - i > Self.maxHeld ? .item(nil, length: b.count - i) : .incomplete }
        let end = b[j] == 0x07 ? j + 1 : j + 2
        let body = b[(i + 2)..<j]
        switch b[i + 1] {
        case UInt8(ascii: "_") where body.first == UInt8(ascii: "G"):
            return .item(.answer(Self.kitty(body.dropFirst())), length: end - i)
        case UInt8(ascii: "P") where body.starts(with: [UInt8(ascii: ">"), UInt8(ascii: "|")]):
            return .item(.answer(.version(Self.printable(body.dropFirst(2)))), length: end - i)
        case UInt8(ascii: "]") where body.starts(with: Array("11;".utf8)):
            return .item(Self.colour(body.dropFirst(3)).map { .answer(.background(red: $0.0, green: $0.1, blue: $0.2)) }, length: end - i)
        default:
            return .item(nil, length: end - i)
        }
    }

    /// A terminal's name as it gave it: printable ASCII, at most 80 characters.
    static func printable(_ body: ArraySlice<UInt8>) -> String {
        String(decoding: body.filter { (0x20..<0x7F).contains($0) }.prefix(80), as: UTF8.self)
    }

    /// An X colour as terminals answer OSC 10/11: `rgb:R/G/B` with 1 to 4
    /// hex digits each (xterm and kitty send 4, `rgb:ffff/ffff/ffff`), as 0–255.
    static func colour(_ body: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("rgb:") else { return nil }
        let parts = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var values: [Int] = []
        for part in parts {
            guard (1...4).contains(part.count), let v = Int(part, radix: 16) else { return nil }
            let max = (1 << (4 * part.count)) - 1
            values.append((v * 255 + max / 2) / max)
        }
        return (values[0], values[1], values[2])
    }

    static func kitty(_ body: ArraySlice<UInt8>) -> TerminalAnswer {
        let text = String(decoding: body, as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var id: UInt32 = 0
        for field in parts[0].split(separator: ",") where field.hasPrefix("i=") {
            id = UInt32(field.dropFirst(2)) ?? 0
        }
        return .kitty(id: id, message: parts.count > 1 ? String(parts[1].prefix(200)) : "")
    }

    /// Inside a paste: up to `ESC [ 201 ~`.
    private mutating func takePaste(_ b: [UInt8], from i: Int, into out: inout [Item]) -> Int {
        let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        var j = i
        while j < b.count {
            if b[j] == 0x1B {
                let tail = b[j..<min(b.count, j + end.count)]
                if tail.elementsEqual(end) {
                    out.append(.input(.paste(String(decoding: paste! + b[i..<j], as: UTF8.self))))
                    paste = nil
                    return j + end.count
                }
                if end.starts(with: tail) {  // the end, cut by the read
                    paste! += b[i..<j]
                    held = Array(b[j...])
                    return b.count
                }
            }
            j += 1
        }
        if paste!.count < Self.maxHeld { paste! += b[i..<min(b.count, i + Self.maxHeld - paste!.count)] }
        return b.count
    }
}
