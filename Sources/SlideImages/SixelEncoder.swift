/// Encodes pictures as sixel (DEC's bitmap graphics, shown by xterm
/// `-ti vt340`, foot, mlterm, WezTerm, Windows Terminal, iTerm2).
///
/// The picture is area-scaled to exactly the pixels it will cover, mapped to
/// the same palette the half-block pictures use (the xterm 256-colour cube
/// and greys, or the 16 ANSI colours when the terminal has fewer colour
/// registers), and only the registers a picture uses are defined. The bytes
/// are the whole DCS sequence, from `ESC P` to `ESC \`: nothing of the source
/// PNG passes through.
public enum SixelEncoder {
    /// A picture of `width × height` pixels, scaled from `image`.
    /// `registers` is how many colour registers the terminal has (256 for
    /// most; 16 for a VT340 as xterm emulates it by default).
    ///
    /// Enlarging (the usual case: a 320×240 preview in a pane of 800×450
    /// pixels) maps the preview's own pixels to the palette and repeats them,
    /// which is what area scaling does when enlarging, at a fifth of the cost;
    /// shrinking averages areas first.
    public static func encode(_ image: RGBAImage, width: Int, height: Int, registers: Int = 256) -> [UInt8] {
        guard width > 0, height > 0, image.width > 0, image.height > 0 else { return [] }
        let (indices, palette) = paletted(image, width: width, height: height, registers: registers)
        return encode(indices: indices, width: width, height: height, palette: palette)
    }

    /// The picture at `width × height` as palette indices, and the palette.
    public static func paletted(_ image: RGBAImage, width: Int, height: Int, registers: Int = 256) -> ([UInt8], [RGB]) {
        var mapper = PaletteMapper(small: registers < 256)
        if width >= image.width && height >= image.height {
            return (enlarged(mapped(image, &mapper), from: (image.width, image.height), to: (width, height)), mapper.palette)
        }
        return (AreaScaler.scale(image, toWidth: width, height: height).map { mapper.index(of: $0) }, mapper.palette)
    }

    /// The image's palette indices, composited over black.
    private static func mapped(_ image: RGBAImage, _ mapper: inout PaletteMapper) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<out.count {
                let a = UInt16(p[i * 4 + 3])
                func over(_ v: UInt8) -> UInt8 { a == 255 ? v : UInt8(UInt16(v) * a / 255) }
                out[i] = mapper.index(of: RGB(r: over(p[i * 4]), g: over(p[i * 4 + 1]), b: over(p[i * 4 + 2])))
            }
        }
        return out
    }

    /// Nearest-neighbour enlargement of an index map (rows repeat whole).
    private static func enlarged(_ src: [UInt8], from: (Int, Int), to: (Int, Int)) -> [UInt8] {
        let (sw, sh) = from, (w, h) = to
        let xs = (0..<w).map { min(sw - 1, ($0 * sw + sw / 2) / w) }
        var out = [UInt8](repeating: 0, count: w * h)
        out.withUnsafeMutableBufferPointer { o in
            src.withUnsafeBufferPointer { s in
                var lastRow = -1
                for y in 0..<h {
                    let sy = min(sh - 1, (y * sh + sh / 2) / h)
                    if sy == lastRow {
                        let base = o.baseAddress!
                        (base + y * w).update(from: base + (y - 1) * w, count: w)
                    } else {
                        for x in 0..<w { o[y * w + x] = s[sy * sw + xs[x]] }
                    }
                    lastRow = sy
                }
            }
        }
        return out
    }

    /// The DCS sequence for palette indices (row-major, `width × height`).
    public static func encode(indices: [UInt8], width: Int, height: Int, palette: [RGB]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height / 3)
        // P2 = 1: pixels not drawn keep what is behind them; raster attributes
        // give the size, so the terminal can clear exactly that area.
        out += Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        // The colours used get registers 0, 1, 2, … in palette order: every
        // register up to the highest is defined. tmux 3.4 and 3.5 keep a
        // picture and write it again to the terminal outside with every
        // register below the highest one used, an undefined one as
        // `#n;0;0;0;0` (colour space 0), and xterm drops a whole picture
        // that has one: the pane stayed empty.
        var used = [Bool](repeating: false, count: 256)
        for i in indices { used[Int(i)] = true }
        var register = [Int](repeating: 0, count: 256)
        var next = 0
        for (n, isUsed) in used.enumerated() where isUsed {
            let c = palette[n]
            register[n] = next
            out += Array("#\(next);2;\(percent(c.r));\(percent(c.g));\(percent(c.b))".utf8)
            next += 1
        }
        var bits = [UInt8](repeating: 0, count: 256 * width)
        indices.withUnsafeBufferPointer { px in
            bits.withUnsafeMutableBufferPointer { bits in
                appendBands(px, bits: bits, register: register, width: width, height: height, to: &out)
            }
        }
        out += [0x1B, 0x5C]
        return out
    }

    /// Every band of six rows: per colour, its pixels' bits, run-length coded.
    /// A function of its own, so its state lives in plain locals (a closure
    /// would box them, and check every access).
    private static func appendBands(_ px: UnsafeBufferPointer<UInt8>, bits: UnsafeMutableBufferPointer<UInt8>,
                                    register: [Int], width: Int, height: Int, to out: inout [UInt8]) {
        var minX = [Int](repeating: Int.max, count: 256)
        var maxX = [Int](repeating: -1, count: 256)
        var colours: [Int] = []
        colours.reserveCapacity(256)
        for top in stride(from: 0, to: height, by: 6) {
            colours.removeAll(keepingCapacity: true)
            for r in 0..<min(6, height - top) {
                let row = (top + r) * width
                let bit = UInt8(1) << r
                var x = 0
                while x < width {  // run by run: slides are flat areas
                    let c = Int(px[row + x])
                    var end = x + 1
                    while end < width, px[row + end] == px[row + x] { end += 1 }
                    if maxX[c] < 0 { colours.append(c) }
                    if x < minX[c] { minX[c] = x }
                    if end - 1 > maxX[c] { maxX[c] = end - 1 }
                    let base = c * width
                    for i in x..<end { bits[base + i] |= bit }
                    x = end
                }
            }
            for (k, c) in colours.enumerated() {
                if k > 0 { out.append(0x24) }  // $: back to the band's start
                out.append(0x23)  // #
                appendNumber(register[c], to: &out)
                if minX[c] > 0 { appendRun(0x3F, count: minX[c], to: &out) }
                let base = c * width
                var x = minX[c]
                while x <= maxX[c] {
                    let v = bits[base + x]
                    var run = 1
                    while x + run <= maxX[c], bits[base + x + run] == v { run += 1 }
                    appendRun(0x3F + v, count: run, to: &out)
                    x += run
                }
                for x in minX[c]...maxX[c] { bits[base + x] = 0 }
                minX[c] = .max
                maxX[c] = -1
            }
            out.append(0x2D)  // -: next band
        }
    }

    /// Decimal digits without a String: encoding appends tens of thousands.
    private static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        if n >= 10 { appendNumber(n / 10, to: &out) }
        out.append(0x30 + UInt8(n % 10))
    }

    private static func appendRun(_ byte: UInt8, count: Int, to out: inout [UInt8]) {
        if count > 3 {
            out.append(0x21)
            appendNumber(count, to: &out)
            out.append(byte)
        } else {
            for _ in 0..<count { out.append(byte) }
        }
    }

    private static func percent(_ v: UInt8) -> Int { (Int(v) * 100 + 127) / 255 }
}

/// Maps colours to palette entries, remembering each distinct colour's match
/// (slides repeat a few colours over thousands of pixels), in a
/// direct-mapped table: a hit costs no hashing.
private struct PaletteMapper {
    let small: Bool
    let palette: [RGB]
    private var keys = [UInt32](repeating: .max, count: 4096)
    private var values = [UInt8](repeating: 0, count: 4096)

    init(small: Bool) {
        self.small = small
        palette = small ? Palette.ansi : (0..<256).map { Palette.xtermColor($0) }
    }

    mutating func index(of c: RGB) -> UInt8 {
        let key = UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
        let slot = Int((key &* 0x9E37_79B1) >> 20)  // top 12 bits of a multiplicative hash
        if keys[slot] == key { return values[slot] }
        let i = small ? Palette.ansiIndex(c, colors: 16) : Palette.xterm256Index(c)
        keys[slot] = key
        values[slot] = i
        return i
    }
}
