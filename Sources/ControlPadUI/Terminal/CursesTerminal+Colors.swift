import CNcurses
import PadConfig
import SlideImages

/// A cell's colours as curses' colour pairs and as the SGR colours the
/// half-block writer sends: the terminal's palette, 256 colours, or direct colour.
extension CursesTerminal {
    func sgrColor(_ color: CellColor) -> SGRColor? {
        switch color {
        case .terminalDefault: return nil
        case .indexed(let n) where directColor && n >= 8:
            let rgb = Palette.xtermColor(n)
            return .rgb(rgb.r, rgb.g, rgb.b)
        case .indexed: return .palette(UInt8(clamping: Int(colorNumber(color))))
        case .rgb(let r, let g, let b):
            return directColor ? .rgb(r, g, b) : .palette(UInt8(clamping: Int(colorNumber(color))))
        }
    }

    func pairNumber(fg: CellColor, bg: CellColor) -> Int32 {
        let key = PairKey(fg: colorNumber(fg), bg: colorNumber(bg))
        if key.fg == -1 && key.bg == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        var pair = alloc_pair(key.fg, key.bg)
        if pair < 0 {  // out of pairs: start over, and repaint everything
            reset_color_pairs()
            pairs.removeAll()
            previous = nil
            pair = max(0, alloc_pair(key.fg, key.bg))
        }
        pairs[key] = pair
        return pair
    }

    func colorNumber(_ color: CellColor) -> Int32 {
        switch color {
        case .terminalDefault: return -1
        case .indexed(let n):
            // A direct-colour entry reads numbers as RGB past 7: send the
            // xterm colour's RGB, so greys stay grey.
            if directColor && n >= 8 { return Int32(Palette.xtermColor(n).directColorNumber) }
            return Int32(n) < cp_colors() ? Int32(n) : Int32(n % 8)
        case .rgb(let r, let g, let b):
            if directColor {
                // In direct-colour terminfo, values 0–7 mean the ANSI palette.
                return Int32(RGB(r: r, g: g, b: b).directColorNumber)
            }
            return Int32(Palette.xterm256Index(RGB(r: r, g: g, b: b)))
        }
    }
}
