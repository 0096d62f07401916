/// Slides without any colour (NO_COLOR, `--color none`, a monochrome
/// terminal): each cell is a quadrant block (▘ ▝ ▖ ▗ ▌ ▐ ▀ ▄ ▚ ▞ ▙ ▛ ▜ ▟ █ or a
/// space) chosen from 2×2 pixels, the picture's lightness stretched over
/// its own range and dithered (ordered, 4×4 Bayer).
///
/// Shading each cell by its mean lightness drew a white slide as solid █
/// with a few ▓ where text was, and slides 1 and 2 looked the same: the text
/// of a slide is a small dip in a light picture. Stretched to the picture's
/// darkest and lightest and dithered at four pixels per cell, the text lines
/// show as dotted bands of their own length and place, titles stand out,
/// and slides tell apart.
public enum MonochromeRaster {
    /// The 16 quadrant glyphs by their bits: 1 top left, 2 top right,
    /// 4 bottom left, 8 bottom right.
    public static let glyphs: [Character] = [
        " ", "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
        "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}",
    ]

    /// 4×4 Bayer thresholds, 0…15.
    private static let bayer: [Float] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// `cols × rows` cells of the whole image (stretched to fill: fit it
    /// first). Ink is light when `lightOnDark` (light text on a dark
    /// terminal, the usual case): a white slide is mostly █, as it looks.
    public static func render(_ image: RGBAImage, cols: Int, rows: Int, lightOnDark: Bool = true) -> QuantizedPicture {
        guard cols > 0, rows > 0 else { return QuantizedPicture(depth: .monochrome, cols: 0, rows: 0, cells: []) }
        let width = cols * 2, height = rows * 2
        let pixels = AreaScaler.scale(image, toWidth: width, height: height, background: .black)
        var lightness = [Float](repeating: 0, count: pixels.count)
        var memo: [RGB: Float] = [:]
        for (i, p) in pixels.enumerated() {
            if let l = memo[p] { lightness[i] = l; continue }
            let l = Lab(p).lightness
            if memo.count < 4096 { memo[p] = l }
            lightness[i] = l
        }
        let (low, high) = range(lightness)
        let span = max(high - low, 0.0001)
        var cells = [QuantizedCell]()
        cells.reserveCapacity(cols * rows)
        for row in 0..<rows {
            for col in 0..<cols {
                var bits = 0
                for (bit, dx, dy) in [(1, 0, 0), (2, 1, 0), (4, 0, 1), (8, 1, 1)] {
                    let x = col * 2 + dx, y = row * 2 + dy
                    var v = min(1, max(0, (lightness[y * width + x] - low) / span))
                    if !lightOnDark { v = 1 - v }
                    if v * 16 > bayer[(y % 4) * 4 + x % 4] + 0.5 { bits |= bit }
                }
                cells.append(QuantizedCell(glyph: glyphs[bits], foreground: .default, background: .default))
            }
        }
        return QuantizedPicture(depth: .monochrome, cols: cols, rows: rows, cells: cells)
    }

    /// Pictures with fewer pixels than this are thumbnails (a list row, an overview cell).
    static let thumbnailPixels = 2400

    /// The picture's own dark and light ends (2nd and 98th percentile, so a
    /// speck does not set them); a flat picture keeps its one shade.
    static func range(_ lightness: [Float]) -> (low: Float, high: Float) {
        guard !lightness.isEmpty else { return (0, 1) }
        var histogram = [Int](repeating: 0, count: 101)
        for l in lightness { histogram[Int((min(1, max(0, l)) * 100).rounded())] += 1 }
        func percentile(_ p: Double) -> Float {
            let target = Int(Double(lightness.count - 1) * p)
            var seen = 0
            for (bin, count) in histogram.enumerated() {
                seen += count
                if seen > target { return Float(bin) / 100 }
            }
            return 1
        }
        let low = percentile(0.02), high = percentile(0.98)
        // Flat: as light as it is, on an absolute scale. A thumbnail's few
        // pixels average a slide's text into a small dip: stretched too
        // (else a white slide is a solid block in the list).
        let flat: Float = lightness.count < Self.thumbnailPixels ? 0.02 : 0.08
        guard high - low >= flat else { return (0, 1) }
        return (low, high)
    }
}
