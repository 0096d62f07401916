/// Resizes an RGBA image to any size by area averaging (a box filter with
/// fractional coverage): each output pixel is the exact area-weighted mean of
/// the source pixels it covers.
///
/// - Downscaling loses nothing outright: a one-pixel line still contributes
///   its share of light to the output pixel that covers it, instead of being
///   skipped as with nearest-neighbour sampling, and there is no aliasing.
/// - Upscaling repeats source pixels, blending only where an output pixel
///   straddles a boundary, so small pictures stay crisp.
/// - Averaging happens in **linear light** (sRGB decoded first, re-encoded
///   after), so a thin white line on black comes out as bright as it
///   physically should, and mixing red and green gives no muddy dark band.
/// - Alpha is premultiplied while averaging and the result composited over
///   `background`, so transparent pixels never bleed their hidden colour.
///
/// The work is separable: a horizontal pass per source row, then a vertical
/// pass per output row; cost is about (source pixels + output pixels) × 4.
public enum AreaScaler {
    public static func scale(_ image: RGBAImage, toWidth width: Int, height: Int, background: RGB = .black) -> [RGB] {
        guard width > 0, height > 0 else { return [] }
        guard image.width > 0, image.height > 0 else {
            return [RGB](repeating: background, count: width * height)
        }
        let xs = AxisWeights(source: image.width, destination: width)
        let ys = AxisWeights(source: image.height, destination: height)
        let lut = SRGB.toLinear
        let srcW = image.width

        // Horizontal pass: every source row → `width` premultiplied linear RGBA.
        var rows = [Float](repeating: 0, count: image.height * width * 4)
        image.pixels.withUnsafeBufferPointer { src in
            lut.withUnsafeBufferPointer { lin in
                rows.withUnsafeMutableBufferPointer { out in
                    for y in 0..<image.height {
                        let rowIn = y * srcW * 4
                        let rowOut = y * width * 4
                        for dx in 0..<width {
                            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                            let first = xs.first[dx]
                            let base = xs.offset[dx]
                            for k in 0..<xs.count[dx] {
                                let w = xs.weight[base + k]
                                let p = rowIn + (first + k) * 4
                                let wa = w * Float(src[p + 3]) * (1 / 255)
                                r += wa * lin[Int(src[p])]
                                g += wa * lin[Int(src[p + 1])]
                                b += wa * lin[Int(src[p + 2])]
                                a += wa
                            }
                            let o = rowOut + dx * 4
                            out[o] = r
                            out[o + 1] = g
                            out[o + 2] = b
                            out[o + 3] = a
                        }
                    }
                }
            }
        }

        // Vertical pass, then composite over the background and re-encode.
        let bgR = lut[Int(background.r)], bgG = lut[Int(background.g)], bgB = lut[Int(background.b)]
        var result = [RGB](repeating: background, count: width * height)
        var acc = [Float](repeating: 0, count: width * 4)
        rows.withUnsafeBufferPointer { mid in
            acc.withUnsafeMutableBufferPointer { acc in
                result.withUnsafeMutableBufferPointer { out in
                    for dy in 0..<height {
                        for i in 0..<acc.count { acc[i] = 0 }
                        let first = ys.first[dy]
                        let base = ys.offset[dy]
                        for k in 0..<ys.count[dy] {
                            let w = ys.weight[base + k]
                            let row = (first + k) * width * 4
                            for i in 0..<acc.count { acc[i] += w * mid[row + i] }
                        }
                        for dx in 0..<width {
                            let o = dx * 4
                            let uncovered = max(0, 1 - acc[o + 3])
                            out[dy * width + dx] = RGB(
                                r: SRGB.fromLinear(acc[o] + bgR * uncovered),
                                g: SRGB.fromLinear(acc[o + 1] + bgG * uncovered),
                                b: SRGB.fromLinear(acc[o + 2] + bgB * uncovered)
                            )
                        }
                    }
                }
            }
        }
        return result
    }
}

/// For one axis: which source pixels each destination pixel covers, and how
/// much of each (weights sum to 1).
///
/// Exact integer geometry: in units of 1/(source × destination), destination
/// pixel d spans [d·S, (d+1)·S) and source pixel s spans [s·D, (s+1)·D), so
/// overlaps are computed without rounding and no source pixel is ever missed.
struct AxisWeights {
    var first: [Int]
    var count: [Int]
    var offset: [Int]
    var weight: [Float]

    init(source s: Int, destination d: Int) {
        first = []; count = []; offset = []; weight = []
        first.reserveCapacity(d); count.reserveCapacity(d); offset.reserveCapacity(d)
        weight.reserveCapacity(s + 2 * d)
        for dst in 0..<d {
            let lo = dst * s, hi = (dst + 1) * s
            let s0 = lo / d, s1 = (hi - 1) / d
            first.append(s0)
            count.append(s1 - s0 + 1)
            offset.append(weight.count)
            for src in s0...s1 {
                let overlap = min((src + 1) * d, hi) - max(src * d, lo)
                weight.append(Float(overlap) / Float(s))
            }
        }
    }
}
