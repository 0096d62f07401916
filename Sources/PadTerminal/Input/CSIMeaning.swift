import SlideModel

/// A control sequence's numbers: `1;5` in `ESC [ 1 ; 5 C`. Empty fields
/// are nil (the terminal's default); sub-parameters (`:`) are kept whole
/// in the first number.
struct CSIParameters: Equatable {
    var values: [Int?]

    init(_ bytes: some Collection<UInt8>) {
        values = []
        var current: Int?
        var any = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min(1_000_000, (current ?? 0) * 10 + Int(byte - 0x30))
                any = true
            case UInt8(ascii: ";"):
                values.append(current)
                current = nil
                any = true
            default: break  // ':' sub-parameters and intermediates
            }
        }
        if any { values.append(current) }
    }

    var first: Int? { values.first ?? nil }
    subscript(_ index: Int) -> Int? { index < values.count ? values[index] : nil }
    var count: Int { values.count }
}

/// What a complete `ESC [ …` means to the pad.
enum CSIMeaning {
    static func item(marker: UInt8?, parameters p: CSIParameters, final: UInt8) -> InputDecoder.Item? {
        switch (marker, final) {
        case (UInt8(ascii: "<"), UInt8(ascii: "M")), (UInt8(ascii: "<"), UInt8(ascii: "m")):
            return mouse(p, pressed: final == UInt8(ascii: "M")).map { .input(.mouse($0)) }
        case (UInt8(ascii: "?"), UInt8(ascii: "c")):
            return .answer(.deviceAttributes(p.values.compactMap { $0 }))
        case (UInt8(ascii: "?"), UInt8(ascii: "S")) where p.count >= 3:
            return .answer(.graphics(item: p[0] ?? 0, status: p[1] ?? 0, values: p.values.dropFirst(2).map { $0 ?? 0 }))
        case (UInt8(ascii: "?"), UInt8(ascii: "y")) where p.count == 2 && p[0] == 1016:  // the one mode the pad asks about
            return .answer(.modeReport(mode: p[0] ?? 0, setting: p[1] ?? 0))
        case (nil, UInt8(ascii: "t")) where p.count == 3 && p[0] == 6:
            return .answer(.cellSize(width: p[2] ?? 0, height: p[1] ?? 0))
        case (nil, UInt8(ascii: "R")) where p.count == 2:
            // A cursor position report (the text-sizing probe), at any row:
            // old xterms' Shift-F3 (`ESC [ 1 ; 2 R`) is read as one too.
            return .answer(.cursorPosition(row: p[0] ?? 1, column: p[1] ?? 1))
        case (nil, _):
            return key(p, final: final).map { .input(.key($0)) }
        default:
            return nil
        }
    }

    /// Keys: arrows, Home, End (`ESC [ 1 ; m x`), `ESC [ n ~` (VT220
    /// editing and function keys), `ESC [ Z` (Shift-Tab), kitty's
    /// `ESC [ code u`. A modifier turns F1–F12 into the blocks of twelve
    /// `Key.functionKeyName` reads (Shift-F5 is F17); arrows and the rest
    /// keep their meaning with any modifier.
    static func key(_ p: CSIParameters, final: UInt8) -> Key? {
        let block = modifierBlock(p[1])
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "P")...UInt8(ascii: "S"):
            return function(Int(final) - Int(UInt8(ascii: "P")) + 1, block: block)
        case UInt8(ascii: "u"): return p.first.flatMap { kittyKey($0, modifiers: p[1]) }
        case UInt8(ascii: "~"): return tilde(p.first ?? 0, block: block)
        default: return nil
        }
    }

    private static func tilde(_ n: Int, block: Int?) -> Key? {
        switch n {
        case 1, 7: return .home
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return function(n - 10, block: block)
        case 17...21: return function(n - 11, block: block)
        case 23, 24: return function(n - 12, block: block)
        default: return nil
        }
    }

    private static func function(_ n: Int, block: Int?) -> Key? {
        guard let block else { return nil }
        return .function(n + 12 * block)
    }

    /// xterm's modifier parameter (1 + Shift 1, Alt 2, Ctrl 4) as the block
    /// of twelve function keys it names: "", S-, C-, C-S-, M-, M-S-; nil
    /// for a set with no block (Ctrl-Alt).
    static func modifierBlock(_ parameter: Int?) -> Int? {
        switch (parameter ?? 1) - 1 {
        case 0: return 0
        case 1: return 1
        case 4: return 2
        case 5: return 3
        case 2: return 4
        case 3: return 5
        default: return nil
        }
    }

    /// kitty's `CSI code ; modifiers u`: a key by its Unicode code.
    private static func kittyKey(_ code: Int, modifiers: Int?) -> Key? {
        let ctrl = ((modifiers ?? 1) - 1) & 4 != 0
        switch code {
        case 13: return .enter
        case 9: return .tab
        case 27: return .escape
        case 127, 8: return .backspace
        case 97...122 where ctrl: return .control(Character(UnicodeScalar(UInt8(code))))
        default:
            guard code >= 32, let scalar = UnicodeScalar(code) else { return nil }
            return .char(Character(scalar))
        }
    }

    /// SGR mouse: `ESC [ < button ; x ; y M` (press, drag) or `m` (release), 1-based.
    static func mouse(_ p: CSIParameters, pressed: Bool) -> MouseEvent? {
        guard p.count == 3, let button = p[0], let x = p[1], let y = p[2], x >= 1, y >= 1 else { return nil }
        let kind: MouseEvent.Kind
        switch (button & ~(0b11100 | 32), button & 32 != 0) {  // without Shift, Alt, Ctrl; motion
        case (64, _): kind = .wheelUp
        case (65, _): kind = .wheelDown
        case (0, true): kind = .drag
        case (0, false): kind = pressed ? .press : .release
        default: return nil
        }
        return MouseEvent(kind: kind, x: x - 1, y: y - 1)
    }
}
