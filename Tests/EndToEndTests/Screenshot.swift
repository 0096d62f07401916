import FakePeerSupport
import Foundation
import SlideImages

/// A window's screenshot (`xwd` format, ZPixmap, 24 or 32 bits a pixel),
/// with what the real-terminal tests ask of it: where a slide is (the
/// largest bright block in a region, every picture on the screen, the
/// pad's two panes), how closely it matches a preview, and a PNG of it for
/// the README.
struct Screenshot {
    let width: Int
    let height: Int
    /// R, G, B per pixel, row-major.
    let rgb: [UInt8]
    /// Each pixel's grey level, row-major (see `grey`): worked out once,
    /// with the colours, since finding the pictures reads it for every
    /// pixel, some twice. The tests run unoptimised: a screenshot is a
    /// million pixels, taken every tenth of a second while a test waits.
    private let greys: [Double]

    /// What `xwd` wrote into `path`, run as the shell command `command`
    /// (`xwd … > path`: a window, or a whole display, of an X server).
    static func xwd(_ command: String, into path: String) throws -> Screenshot {
        let shot = Process()
        shot.executableURL = URL(fileURLWithPath: "/bin/sh")
        shot.arguments = ["-c", command]
        try shot.run()
        shot.waitUntilExit()
        return try Screenshot(xwd: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    init(xwd: [UInt8]) throws {
        func u32(_ i: Int) -> Int { Int(xwd[i * 4]) << 24 | Int(xwd[i * 4 + 1]) << 16 | Int(xwd[i * 4 + 2]) << 8 | Int(xwd[i * 4 + 3]) }
        guard xwd.count >= 100 else { throw E2EError.make("not an xwd file") }
        let headerSize = u32(0), format = u32(2), w = u32(4), h = u32(5), byteOrder = u32(7)
        let bitsPerPixel = u32(11), bytesPerLine = u32(12), masks = (u32(14), u32(15), u32(16)), colors = u32(19)
        let start = headerSize + colors * 12
        guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24, w > 0, h > 0,
              xwd.count >= start + bytesPerLine * h else { throw E2EError.make("unexpected xwd layout") }
        func shift(_ mask: Int) -> Int { mask == 0 ? 0 : mask.trailingZeroBitCount }
        let shifts = (shift(masks.0), shift(masks.1), shift(masks.2))
        let step = bitsPerPixel / 8
        // Where each of a pixel's bytes goes in its value.
        let byteShifts = (0..<step).map { k in byteOrder == 0 ? 8 * k : 8 * (step - 1 - k) }
        // Xvfb's usual layout, read byte by byte: B, G, R, unused.
        let bgra = step == 4 && byteOrder == 0 && masks == (0xFF0000, 0xFF00, 0xFF)
        var out = [UInt8](repeating: 0, count: w * h * 3)
        var greys = [Double](repeating: 0, count: w * h)
        xwd.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { out in
                greys.withUnsafeMutableBufferPointer { greys in
                    byteShifts.withUnsafeBufferPointer { byteShifts in
                        var y = 0
                        while y < h {
                            var p = start + y * bytesPerLine, o = y * w, x = 0
                            while x < w {
                                let r: UInt8, g: UInt8, b: UInt8
                                if bgra {
                                    (r, g, b) = (source[p + 2], source[p + 1], source[p])
                                } else {
                                    var v = 0, k = 0
                                    while k < step { v |= Int(source[p + k]) << byteShifts[k]; k += 1 }
                                    r = UInt8((v & masks.0) >> shifts.0 & 0xFF)
                                    g = UInt8((v & masks.1) >> shifts.1 & 0xFF)
                                    b = UInt8((v & masks.2) >> shifts.2 & 0xFF)
                                }
                                out[o * 3] = r
                                out[o * 3 + 1] = g
                                out[o * 3 + 2] = b
                                greys[o] = 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b)
                                p += step
                                o += 1
                                x += 1
                            }
                            y += 1
                        }
                    }
                }
            }
        }
        width = w
        height = h
        rgb = out
        self.greys = greys
    }

    /// 0.299 R + 0.587 G + 0.114 B.
    func grey(_ x: Int, _ y: Int) -> Double { greys[y * width + x] }

    /// The slide's place inside `region` (fractions of the window): the
    /// longest run of mostly bright rows, then of mostly bright columns in
    /// them. Borders (one pixel) and text lines never make the longest run.
    func slide(inX x0: Double, _ x1: Double, y y0: Double, _ y1: Double) -> Rect? {
        slide(xs: Int(x0 * Double(width))..<Int(x1 * Double(width)), ys: Int(y0 * Double(height))..<Int(y1 * Double(height)))
    }

    typealias Rect = (x: Int, y: Int, width: Int, height: Int)

    /// The slide's place inside the pixels `xs` × `ys` (see above).
    func slide(xs: Range<Int>, ys: Range<Int>) -> Rect? {
        let xs = xs.clamped(to: 0..<width), ys = ys.clamped(to: 0..<height)
        func longestRun(_ range: Range<Int>, _ bright: (Int) -> Bool) -> Range<Int>? {
            var best: Range<Int>?, start: Int?
            for i in range.lowerBound...range.upperBound {
                if i < range.upperBound, bright(i) { start = start ?? i; continue }
                if let s = start, i - s > (best?.count ?? 0) { best = s..<i }
                start = nil
            }
            return best
        }
        guard let rows = longestRun(ys, { y in brightCount(xs, y: y) * 2 > xs.count / 3 }),
              let cols = longestRun(xs, { x in brightCount(x: x, rows) * 2 > rows.count }),
              rows.count > 20, cols.count > 20 else { return nil }
        return (cols.lowerBound, rows.lowerBound, cols.count, rows.count)
    }

    /// How many pixels of row `y` in `xs` are bright (grey over 200).
    private func brightCount(_ xs: Range<Int>, y: Int) -> Int {
        greys.withUnsafeBufferPointer { greys in
            var count = 0, i = y * width + xs.lowerBound
            let end = y * width + xs.upperBound
            while i < end { if greys[i] > 200 { count += 1 }; i += 1 }
            return count
        }
    }

    /// How many pixels of column `x` in `ys` are bright (grey over 200).
    private func brightCount(x: Int, _ ys: Range<Int>) -> Int {
        greys.withUnsafeBufferPointer { greys in
            var count = 0, i = ys.lowerBound * width + x
            let end = ys.upperBound * width + x
            while i < end { if greys[i] > 200 { count += 1 }; i += width }
            return count
        }
    }

    /// Every picture on the screen, wherever the terminal's cells put it,
    /// largest first: the bright blocks, each at least `minimum` pixels
    /// both ways. Found on a grid of 4×4-pixel blocks (a block is bright
    /// when most of its pixels are), so one-pixel frame lines and text on
    /// black never count and the dark text on a slide does not split it,
    /// then each block's edges to the pixel with `slide(xs:ys:)` in it.
    func pictures(minimum: Int = 24) -> [Rect] {
        let size = 4, columns = width / size, rows = height / size
        guard columns > 0, rows > 0 else { return [] }
        var bright = [Bool](repeating: false, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                var count = 0
                for y in row * size..<(row + 1) * size { count += brightCount(column * size..<(column + 1) * size, y: y) }
                bright[row * columns + column] = count * 2 > size * size
            }
        }
        // The connected bright blocks (4-neighbours), each as its bounding box.
        var seen = [Bool](repeating: false, count: bright.count)
        var found: [Rect] = []
        for start in bright.indices where bright[start] && !seen[start] {
            var stack = [start], box = (x0: columns, y0: rows, x1: -1, y1: -1)
            seen[start] = true
            while let i = stack.popLast() {
                let (column, row) = (i % columns, i / columns)
                box = (min(box.x0, column), min(box.y0, row), max(box.x1, column), max(box.y1, row))
                for (c, r) in [(column - 1, row), (column + 1, row), (column, row - 1), (column, row + 1)]
                where c >= 0 && c < columns && r >= 0 && r < rows && bright[r * columns + c] && !seen[r * columns + c] {
                    seen[r * columns + c] = true
                    stack.append(r * columns + c)
                }
            }
            guard (box.x1 - box.x0 + 1) * size >= minimum, (box.y1 - box.y0 + 1) * size >= minimum else { continue }
            // The block's edges are within a block of the picture's: to the pixel.
            if let rect = slide(xs: (box.x0 - 1) * size..<(box.x1 + 2) * size, ys: (box.y0 - 1) * size..<(box.y1 + 2) * size),
               rect.width >= minimum, rect.height >= minimum {
                found.append(rect)
            }
        }
        return found.sorted { $0.width * $0.height > $1.width * $1.height }
    }

    /// The pad's current and next panes' pictures, wherever the terminal's
    /// font and cell shape put them (the pad fits its panes to the cells, so
    /// no fixed fractions of the window hold for every font): the largest
    /// slide-shaped picture on the screen is the current slide, the largest
    /// one beside it, on its right, the next (nil when there is none).
    func panes() -> (current: Rect, next: Rect?)? {
        let slides = pictures().filter { (1.1...2.5).contains(Double($0.width) / Double($0.height)) }
        guard let current = slides.first else { return nil }
        let next = slides.first { $0.x >= current.x + current.width && $0.y < current.y + current.height }
        return (current, next)
    }

    /// How closely the screenshot's `rect` matches `png` scaled to it, in
    /// grey levels: the correlation (1 is the same picture) and the mean
    /// absolute error (0–255).
    func match(_ rect: Rect, png: [UInt8]) throws -> (correlation: Double, error: Double) {
        let decoded = try PNGDecoder.decode(png)
        let scaled = AreaScaler.scale(decoded.image, toWidth: rect.width, height: rect.height, background: .white)
        var a = [Double](repeating: 0, count: rect.width * rect.height), b = a
        greys.withUnsafeBufferPointer { greys in
            scaled.withUnsafeBufferPointer { scaled in
                a.withUnsafeMutableBufferPointer { a in
                    b.withUnsafeMutableBufferPointer { b in
                        var i = 0, y = 0
                        while y < rect.height {
                            var x = 0
                            while x < rect.width {
                                a[i] = greys[(rect.y + y) * width + rect.x + x]
                                let c = scaled[i]
                                b[i] = 0.299 * Double(c.r) + 0.587 * Double(c.g) + 0.114 * Double(c.b)
                                i += 1
                                x += 1
                            }
                            y += 1
                        }
                    }
                }
            }
        }
        let n = Double(a.count)
        let ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var cov = 0.0, va = 0.0, vb = 0.0, err = 0.0
        for i in a.indices {
            cov += (a[i] - ma) * (b[i] - mb)
            va += (a[i] - ma) * (a[i] - ma)
            vb += (b[i] - mb) * (b[i] - mb)
            err += abs(a[i] - b[i])
        }
        return (va > 0 && vb > 0 ? cov / (va * vb).squareRoot() : 0, err / n)
    }

    /// The screenshot, scaled to `targetWidth`, as PNG bytes (for docs/).
    func png(targetWidth: Int) throws -> [UInt8] {
        var rgba = [UInt8](); rgba.reserveCapacity(width * height * 4)
        for i in 0..<(width * height) { rgba += [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], 255] }
        let image = RGBAImage(width: width, height: height, pixels: rgba)
        let h = max(1, height * targetWidth / width)
        let scaled = AreaScaler.scale(image, toWidth: targetWidth, height: h)
        return try PNGEncoder.encode(RGBAImage(width: targetWidth, height: h, pixels: scaled.flatMap { [$0.r, $0.g, $0.b, 255] }))
    }
}
