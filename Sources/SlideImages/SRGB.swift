#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// sRGB ↔ linear-light conversion by table, so pixel loops do no `pow`.
enum SRGB {
    /// Linear value (0…1) of each 8-bit sRGB code.
    static let toLinear: [Float] = (0..<256).map { decode(Double($0) / 255) }

    /// Size of the linear → sRGB table. 16384 steps keep every 8-bit code a
    /// fixed point of the round trip, even in the steep part near black.
    static let encodeSteps = 16384

    /// 8-bit sRGB code for linear `i / (encodeSteps - 1)`.
    static let fromLinearTable: [UInt8] = (0..<encodeSteps).map { i in
        let v = encode(Double(i) / Double(encodeSteps - 1))
        return UInt8((v * 255).rounded())
    }

    /// 8-bit sRGB code for a linear value; clamps to 0…1.
    @inline(__always)
    static func fromLinear(_ v: Float) -> UInt8 {
        let scaled = v * Float(encodeSteps - 1) + 0.5
        let i = scaled <= 0 ? 0 : scaled >= Float(encodeSteps - 1) ? encodeSteps - 1 : Int(scaled)
        return fromLinearTable[i]
    }

    static func decode(_ c: Double) -> Float {
        Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    static func encode(_ l: Double) -> Double {
        l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    }
}
