#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Nearest terminal palette colours, by perceptual distance (CIE76: straight
/// distance in CIELAB, which tracks how different colours *look* far better
/// than distance in RGB).
public enum Palette {
    /// Channel levels of the xterm 6×6×6 colour cube (indices 16–231).
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The colours ANSI 0–15 are assumed to be when matching (xterm's
    /// defaults). Users theme these, which is why the 256-colour mapping
    /// never picks them; for 16- and 8-colour terminals there is no choice.
    public static let ansi: [RGB] = [
        RGB(r: 0, g: 0, b: 0), RGB(r: 205, g: 0, b: 0), RGB(r: 0, g: 205, b: 0), RGB(r: 205, g: 205, b: 0),
        RGB(r: 0, g: 0, b: 238), RGB(r: 205, g: 0, b: 205), RGB(r: 0, g: 205, b: 205), RGB(r: 229, g: 229, b: 229),
        RGB(r: 127, g: 127, b: 127), RGB(r: 255, g: 0, b: 0), RGB(r: 0, g: 255, b: 0), RGB(r: 255, g: 255, b: 0),
        RGB(r: 92, g: 92, b: 255), RGB(r: 255, g: 0, b: 255), RGB(r: 0, g: 255, b: 255), RGB(r: 255, g: 255, b: 255),
    ]

    /// The colour of xterm palette entry `index` (0–255).
    public static func xtermColor(_ index: Int) -> RGB {
        switch index {
        case ..<16: return ansi[max(0, index)]
        case 16..<232:
            let i = index - 16
            return RGB(r: cubeLevels[i / 36], g: cubeLevels[i / 6 % 6], b: cubeLevels[i % 6])
        default:
            let v = UInt8(8 + 10 * (min(index, 255) - 232))
            return RGB(r: v, g: v, b: v)
        }
    }

    /// Nearest entry of the fixed part of the xterm 256-colour palette:
    /// the colour cube (16–231) or the grey ramp (232–255), never 0–15.
    ///
    /// Candidates are the cube entries within one level beyond those
    /// bracketing each channel (at most 4×4×4) and the four ramp greys around
    /// the colour's luminance; the perceptually closest wins. The window has
    /// to be that wide because the cube's levels are uneven in Lab (a dark
    /// blue's nearest entry can lie two levels away in one channel). It finds
    /// the same entry as a search of all 240 for all but about 1 in 10 000
    /// colours, and then one less than 10 % further away, at a quarter of the
    /// cost.
    public static func xterm256Index(_ c: RGB) -> UInt8 {
        let lab = Lab(c)
        var best = 0, bestDistance = Float.infinity
        func consider(_ index: Int) {
            let d = lab.distanceSquared(to: lab256[index])
            if d < bestDistance { best = index; bestDistance = d }
        }
        let r = bracket(c.r), g = bracket(c.g), b = bracket(c.b)
        for ri in r { for gi in g { for bi in b { consider(16 + ri * 36 + gi * 6 + bi) } } }
        // The grey whose luminance matches the colour's.
        let grey = SRGB.encode(Double(lab.luminance)) * 255
        let k = Int(((grey - 8) / 10).rounded(.down))
        for step in max(0, k - 1)...min(23, max(0, k + 2)) { consider(232 + step) }
        return UInt8(best)
    }

    /// Nearest of the first `colors` ANSI colours (8 or 16).
    public static func ansiIndex(_ c: RGB, colors: Int) -> UInt8 {
        let lab = Lab(c)
        let n = min(max(colors, 1), 16)
        var best = 0, bestDistance = Float.infinity
        for i in 0..<n {
            let d = lab.distanceSquared(to: lab256[i])
            if d < bestDistance { best = i; bestDistance = d }
        }
        return UInt8(best)
    }

    /// Cube level indices around an 8-bit channel value: the one or two
    /// that bracket it, widened by one on each side.
    private static func bracket(_ v: UInt8) -> ClosedRange<Int> {
        var lo = 0
        while lo < 5 && cubeLevels[lo + 1] <= v { lo += 1 }
        let hi = cubeLevels[lo] == v ? lo : lo + 1
        return max(0, lo - 1)...min(5, hi + 1)
    }

    private static let lab256: [Lab] = (0..<256).map { Lab(xtermColor($0)) }
}

/// CIELAB (D65) coordinates, plus the relative luminance they came from.
struct Lab {
    var l: Float
    var a: Float
    var b: Float
    var luminance: Float

    init(_ c: RGB) {
        let r = SRGB.toLinear[Int(c.r)], g = SRGB.toLinear[Int(c.g)], bl = SRGB.toLinear[Int(c.b)]
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * bl
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883
        let fx = Lab.f(x), fy = Lab.f(y), fz = Lab.f(z)
        l = 116 * fy - 16
        a = 500 * (fx - fy)
        b = 200 * (fy - fz)
        luminance = y
    }

    /// Lightness L* on a 0…1 scale.
    var lightness: Float { max(0, min(1, l / 100)) }

    func distanceSquared(to o: Lab) -> Float {
        let dl = l - o.l, da = a - o.a, db = b - o.b
        return dl * dl + da * da + db * db
    }

    private static func f(_ t: Float) -> Float {
        t > 216.0 / 24389 ? cbrtf(t) : (24389.0 / 27 * t + 16) / 116
    }
}
