import PadConfig
import SlideImages

/// A colour as a terminal's SGR sequence takes it.
enum SGRColor: Equatable {
    /// One of the 256 xterm colours (0–15 by their short ANSI codes).
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// The parameters after CSI for this colour as foreground or background.
    func parameters(background: Bool) -> String {
        switch self {
        case .palette(let n) where n < 8: return "\((background ? 40 : 30) + Int(n))"
        case .palette(let n) where n < 16: return "\((background ? 100 : 90) + Int(n) - 8)"
        case .palette(let n): return "\(background ? 48 : 38);5;\(n)"
        case .rgb(let r, let g, let b): return "\(background ? 48 : 38);2;\(r);\(g);\(b)"
        }
    }

    /// Whether showing `other` in place of this colour is invisible: the
    /// same palette colour, or 24-bit colours at most `rgbTolerance` apart
    /// in each channel.
    func passes(for other: SGRColor?) -> Bool {
        switch (self, other) {
        case (.rgb(let r, let g, let b), .rgb(let r2, let g2, let b2)?):
            let t = SGRColor.rgbTolerance
            return abs(Int(r) - Int(r2)) <= t && abs(Int(g) - Int(g2)) <= t && abs(Int(b) - Int(b2)) <= t
        default: return self == other
        }
    }

    /// 4 of 255 per channel: on the edge of an anti-aliased slide's text no
    /// one tells these apart, and it takes a truecolor step from 0.35× to
    /// 0.3× of a full repaint (`scripts/bench.sh --only bytes`).
    static let rgbTolerance = 4
}

/// A cell's colours as this terminal can show them: its 8 or 16 colours,
/// 256, or 24-bit. A colour the terminal lacks becomes its nearest.
struct ColorMap: Equatable {
    /// How many colours the terminal has.
    var colors: Int
    /// It takes 24-bit colours.
    var direct: Bool

    func sgr(_ color: CellColor) -> SGRColor? {
        switch color {
        case .terminalDefault: return nil
        case .indexed(let n) where n < colors || direct: return .palette(UInt8(clamping: n))
        case .indexed(let n) where n < 16: return .palette(UInt8(n - 8))  // bright, on 8 colours
        case .indexed(let n): return nearest(Palette.xtermColor(n))
        case .rgb(let r, let g, let b): return direct ? .rgb(r, g, b) : nearest(RGB(r: r, g: g, b: b))
        }
    }

    private func nearest(_ rgb: RGB) -> SGRColor {
        colors >= 256 ? .palette(Palette.xterm256Index(rgb)) : .palette(Palette.ansiIndex(rgb, colors: min(16, colors)))
    }
}
