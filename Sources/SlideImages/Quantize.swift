/// A colour as the terminal backend should set it.
public enum TerminalColor: Hashable, Sendable {
    /// 24-bit colour (truecolor terminals); see `RGB.directColorNumber`.
    case rgb(RGB)
    /// A palette index, 0–255.
    case indexed(UInt8)
    /// The terminal's own default foreground or background (monochrome).
    case `default`

    /// The closest colour a terminal of `depth` can show. Monochrome has no
    /// colour at all: `.default`, with the picture carried by glyphs.
    public static func nearest(_ c: RGB, depth: ColorDepth) -> TerminalColor {
        switch depth {
        case .truecolor: .rgb(c)
        case .palette256: .indexed(Palette.xterm256Index(c))
        case .palette16: .indexed(Palette.ansiIndex(c, colors: 16))
        case .palette8: .indexed(Palette.ansiIndex(c, colors: 8))
        case .monochrome: .default
        }
    }
}

/// One cell ready for the backend: draw `glyph` in `foreground` on `background`.
public struct QuantizedCell: Hashable, Sendable {
    public var glyph: Character
    public var foreground: TerminalColor
    public var background: TerminalColor

    public init(glyph: Character, foreground: TerminalColor, background: TerminalColor) {
        self.glyph = glyph
        self.foreground = foreground
        self.background = background
    }
}

/// A picture mapped to what one kind of terminal can show; this, not the
/// RGB picture, is what is worth caching per pane size and depth.
public struct QuantizedPicture: Sendable, Equatable {
    public let depth: ColorDepth
    public let cols: Int
    public let rows: Int
    public let cells: [QuantizedCell]

    public subscript(col: Int, row: Int) -> QuantizedCell {
        cells[row * cols + col]
    }
}

extension HalfBlockPicture {
    /// Maps every cell to `depth`. Colour depths draw "▀" with the top pixel
    /// as foreground and the bottom one as background; monochrome picks a
    /// glyph per cell with `monochromeGlyph`, in default colours.
    ///
    /// Slides are mostly flat areas, so each distinct colour is matched once.
    public func quantized(_ depth: ColorDepth, lightOnDark: Bool = true) -> QuantizedPicture {
        var out = [QuantizedCell]()
        out.reserveCapacity(cells.count)
        if depth == .monochrome {
            for cell in cells {
                out.append(QuantizedCell(
                    glyph: monochromeGlyph(top: cell.top, bottom: cell.bottom, lightOnDark: lightOnDark),
                    foreground: .default, background: .default))
            }
        } else {
            var memo = ColorMemo(depth: depth)
            for cell in cells {
                out.append(QuantizedCell(
                    glyph: HalfBlockCell.glyph, foreground: memo.map(cell.top), background: memo.map(cell.bottom)))
            }
        }
        return QuantizedPicture(depth: depth, cols: cols, rows: rows, cells: out)
    }
}

/// A glyph that shows a two-pixel cell without any colour, so pictures keep
/// their structure on a monochrome terminal (or with colour turned off).
///
/// Glyph "ink" stands for light when `lightOnDark` (light text on a dark
/// terminal, the usual case), for dark otherwise. When the two halves differ
/// strongly in lightness the cell becomes "▀" or "▄", keeping the vertical
/// detail half blocks give; otherwise their mean lightness picks one of
/// " ", "░", "▒", "▓", "█".
public func monochromeGlyph(top: RGB, bottom: RGB, lightOnDark: Bool = true) -> Character {
    var t = Lab(top).lightness, b = Lab(bottom).lightness
    if !lightOnDark { t = 1 - t; b = 1 - b }
    if abs(t - b) >= 0.5 { return t > b ? "\u{2580}" : "\u{2584}" }
    let shades: [Character] = [" ", "\u{2591}", "\u{2592}", "\u{2593}", "\u{2588}"]
    let level = Int(((t + b) / 2 * 4).rounded())
    return shades[min(4, max(0, level))]
}

/// A direct-mapped cache of colour matches for one picture: a few
/// nanoseconds per hit where a `Dictionary` costs tens (hashing), and
/// slides repeat the same few colours over thousands of cells.
private struct ColorMemo {
    let depth: ColorDepth
    private var keys = [UInt32](repeating: .max, count: 1024)
    private var values = [TerminalColor](repeating: .default, count: 1024)

    init(depth: ColorDepth) {
        self.depth = depth
    }

    mutating func map(_ c: RGB) -> TerminalColor {
        let key = UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
        let slot = Int((key &* 0x9E37_79B1) >> 22)  // top 10 bits of a multiplicative hash
        if keys[slot] == key { return values[slot] }
        let t = TerminalColor.nearest(c, depth: depth)
        keys[slot] = key
        values[slot] = t
        return t
    }
}
